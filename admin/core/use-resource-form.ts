import { useQueryClient } from '@tanstack/react-query';
import type { DefaultValues, FieldValues, Resolver } from 'react-hook-form';
import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router-dom';
import type { EndpointDefinition, EndpointInput } from '../../contract/endpoint';
import { callEndpoint, type EndpointResponse } from '../../src/lib/http';
import { showToast } from '../../src/lib/notify';
import { invalidateAreas } from '../../src/lib/query-options';
import type { IssueLike, MessageRef } from './form-binding';
import { useDraftForm } from './use-draft-form';

/** Where to go once saved, and whether the saved page replaces the form in the history. */
export interface AfterSave {
  to: string;
  replace?: boolean;
}

export interface ResourceFormOptions<Draft extends FieldValues, E extends EndpointDefinition> {
  defaultValues: DefaultValues<Draft>;
  /** The save call: its input schema checks the draft. */
  save: E;
  /** The save call's input made from the draft; the resolver has checked it before it is sent. */
  toInput(draft: Draft): unknown;
  renames?: Readonly<Record<string, string>>;
  issueMessage?(issue: IssueLike): MessageRef;
  resolver?: Resolver<Draft>;
  /** Catalogue key of the toast once saved. */
  savedMessage?: string;
  /** Areas (names or endpoints) whose reads are stale after a save, besides the save's own. */
  invalidates?: ReadonlyArray<string | Pick<EndpointDefinition, 'path'>>;
  /** Where to go once saved; the page stays when this gives nothing. */
  afterSave?(saved: EndpointResponse<E>, draft: Draft): AfterSave | undefined;
}

/**
 * An edit or create form (ra-core's useEditController): the draft checked by the save call's
 * schema, then save, notify, refetch the areas it touched and go where `afterSave` says. A refused
 * save puts the server's field errors on their fields, or offers to reload a stale record.
 */
export function useResourceForm<Draft extends FieldValues, E extends EndpointDefinition>(
  options: ResourceFormOptions<Draft, E>,
) {
  const intl = useIntl();
  const client = useQueryClient();
  const navigate = useNavigate();
  const draft = useDraftForm<Draft>({
    defaultValues: options.defaultValues,
    schema: options.save.input,
    toInput: options.toInput,
    renames: options.renames,
    issueMessage: options.issueMessage,
    resolver: options.resolver,
  });
  const refresh = () => invalidateAreas(client, options.save, ...(options.invalidates ?? []));

  const submit = draft.form.handleSubmit(async (values) => {
    let saved: EndpointResponse<E>;
    try {
      saved = await callEndpoint(options.save, options.toInput(values) as EndpointInput<E>);
    } catch (failure) {
      await draft.saveFailed(failure, refresh);
      return;
    }
    draft.markSaved();
    showToast('success', intl.formatMessage({ id: options.savedMessage ?? 'engine.saved' }));
    await refresh();
    const next = options.afterSave?.(saved, values);
    // The guard still sees the form as dirty until the reset above has rendered.
    if (next) window.setTimeout(() => navigate(next.to, { replace: next.replace }));
  });

  return { ...draft, submit };
}
