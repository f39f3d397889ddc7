import { type DefaultValues, type FieldValues, type Path, type Resolver, useForm } from 'react-hook-form';
import { useIntl } from 'react-intl';
import type { z } from 'zod';
import { confirmDialog } from '../../src/lib/notify';
import { useUnsavedGuard } from '../../src/lib/use-unsaved-guard';
import { draftResolver, formPath, type IssueLike, issueMessage, type MessageRef } from './form-binding';
import { isStaleVersion, serverFieldErrors } from './form-errors';

interface DraftFormOptions<Draft extends FieldValues> {
  defaultValues: DefaultValues<Draft>;
  /** The contract's input schema of the save call. */
  schema: z.ZodType;
  toInput: (draft: Draft) => unknown;
  /** Input field names shown under another name in the draft (see `formPath`). */
  renames?: Readonly<Record<string, string>>;
  /** A screen's own words for a broken rule (its catalogue's), instead of the engine's. */
  issueMessage?: (issue: IssueLike) => MessageRef;
  /** For a form whose checks go beyond the schema (cross-field rules that name form fields). */
  resolver?: Resolver<Draft>;
}

/**
 * react-hook-form bound to the engine: the contract's schema checks the draft, the unsaved-changes
 * guard follows the form's dirty state, and a refused save lands where the operator can act on it —
 * field errors on their fields, a stale version as a dialog offering to reload.
 */
export function useDraftForm<Draft extends FieldValues>(options: DraftFormOptions<Draft>) {
  const intl = useIntl();
  const renames = options.renames ?? {};
  const toMessage = options.issueMessage ?? issueMessage;
  const form = useForm<Draft>({
    defaultValues: options.defaultValues,
    resolver:
      options.resolver ??
      draftResolver(options.schema, options.toInput, {
        renames,
        message: (issue) => {
          const message = toMessage(issue);
          return intl.formatMessage({ id: message.id }, message.values);
        },
      }),
  });
  const { isDirty, isSubmitting } = form.formState;
  useUnsavedGuard(isDirty && !isSubmitting);

  /** The draft as saved: nothing unsaved any more. */
  const markSaved = () => form.reset(form.getValues());

  /** Shows why the save was refused; `reload` fetches the latest version when the operator agrees. */
  const saveFailed = async (failure: unknown, reload: () => Promise<unknown>) => {
    if (!isStaleVersion(failure)) {
      for (const [path, message] of Object.entries(serverFieldErrors(failure)))
        form.setError(formPath(path, renames) as Path<Draft>, { type: 'server', message });
      return;
    }
    const agreed = await confirmDialog({
      title: intl.formatMessage({ id: 'engine.staleTitle' }),
      message: intl.formatMessage({ id: 'engine.staleMessage' }),
      confirmText: intl.formatMessage({ id: 'engine.reload' }),
      cancelText: intl.formatMessage({ id: 'engine.cancel' }),
    });
    if (!agreed) return;
    markSaved();
    await reload();
  };

  return { form, markSaved, saveFailed };
}
