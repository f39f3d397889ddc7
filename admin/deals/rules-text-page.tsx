import { Button, Field, Stack } from '@chakra-ui/react';
import { Controller } from 'react-hook-form';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate } from 'react-router-dom';
import type { z } from 'zod';
import type { EndpointDefinition } from '../../contract/endpoint';
import { LazyRichTextEditor } from '../../src/lib/lazy-rich-text-editor';
import { errorAt } from '../core/form-field';
import { PageHeading, RecordView } from '../core/record-view';
import { useRecord } from '../core/use-record';
import { useResourceForm } from '../core/use-resource-form';

interface RulesRecord {
  Id: number;
  Title: string;
  Version: number;
  Rules: string;
}

type RulesSave = EndpointDefinition<
  z.ZodType<{ Id: number; Version: number; Rules: string }>,
  z.ZodType<{ Version: number }>
>;

function RulesEditor({ detail, save, backTo }: { detail: RulesRecord; save: RulesSave; backTo: string }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const { form, submit } = useResourceForm({
    defaultValues: { Rules: detail.Rules },
    save,
    toInput: (draft: { Rules: string }) => ({ Id: detail.Id, Version: detail.Version, Rules: draft.Rules }),
    savedMessage: 'deals.rules.saved',
    afterSave: () => ({ to: backTo }),
  });
  const title = intl.formatMessage({ id: 'deals.rules.title' }, { name: detail.Title });
  const error = errorAt(form.formState.errors, 'Rules');
  return (
    <form aria-label={title} onSubmit={submit} noValidate>
      <Stack gap="4" padding="5">
        <PageHeading title={title}>
          <Button variant="outline" onClick={() => navigate(backTo)}>
            <FormattedMessage id="deals.backToList" />
          </Button>
          <Button
            type="submit"
            colorPalette="brand"
            loading={form.formState.isSubmitting}
            loadingText={intl.formatMessage({ id: 'engine.saving' })}
          >
            <FormattedMessage id="engine.save" />
          </Button>
        </PageHeading>
        <Controller
          control={form.control}
          name="Rules"
          render={({ field }) => (
            <Field.Root invalid={Boolean(error)}>
              <LazyRichTextEditor
                label={intl.formatMessage({ id: 'deals.rules.body' })}
                value={field.value}
                onChange={field.onChange}
                invalid={Boolean(error)}
              />
              <Field.ErrorText color="red.700">{error}</Field.ErrorText>
            </Field.Root>
          )}
        />
      </Stack>
    </form>
  );
}

/**
 * The rules text buyers read on an activity's page (secKillGoodsText, bargainText), opened from the
 * activity list with ?id=: read with `info`, saved alone with `save` and the version it was read at.
 */
export function RulesTextPage<E extends EndpointDefinition>({
  info,
  save,
  backTo,
}: {
  info: E;
  save: RulesSave;
  backTo: string;
}) {
  const record = useRecord(info);
  return (
    <RecordView record={record}>
      {(detail) => {
        const rules = detail as unknown as RulesRecord;
        return (
          <RulesEditor key={`${rules.Id}-${rules.Version}`} detail={rules} save={save} backTo={backTo} />
        );
      }}
    </RecordView>
  );
}
