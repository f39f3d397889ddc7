import { Field, Stack } from '@chakra-ui/react';
import { Controller } from 'react-hook-form';
import { useIntl } from 'react-intl';
import type { z } from 'zod';
import { getColumnInfo, saveColumnText } from '../../../contract/endpoints/news';
import { NewsPermission } from '../../../contract/machines/news';
import { withModuleMessages } from '../../../src/lib/i18n/module-messages';
import { LazyRichTextEditor } from '../../../src/lib/lazy-rich-text-editor';
import { errorAt } from '../../core/form-field';
import { FormHeading, RecordView } from '../../core/record-view';
import { useRecord } from '../../core/use-record';
import { useResourceForm } from '../../core/use-resource-form';
import { newsCatalogues } from './messages';

type ColumnDetail = z.infer<typeof getColumnInfo.output>;

function ColumnTextEditor({ detail }: { detail: ColumnDetail }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const { form, submit } = useResourceForm({
    defaultValues: { Body: detail.Body },
    save: saveColumnText,
    toInput: (draft: { Body: string }) => ({ Id: detail.Id, Version: detail.Version, Body: draft.Body }),
    savedMessage: 'newsColumnText.saved',
    afterSave: () => ({ to: NewsPermission.columns }),
  });
  const title = t('newsColumnText.title', { name: detail.Title });
  const error = errorAt(form.formState.errors, 'Body');
  return (
    <form aria-label={title} onSubmit={submit} noValidate>
      <Stack gap="4" padding="5">
        <FormHeading
          title={title}
          backTo={NewsPermission.columns}
          backLabel={t('newsColumnForm.backToList')}
          saving={form.formState.isSubmitting}
        />
        <Controller
          control={form.control}
          name="Body"
          render={({ field }) => (
            <Field.Root invalid={Boolean(error)}>
              <LazyRichTextEditor
                label={t('newsColumnText.body')}
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

/** /shop/columnText: a column's own page text, opened from the column list with ?id=. */
function ColumnTextPage() {
  const record = useRecord(getColumnInfo);
  return (
    <RecordView record={record}>
      {(detail) => <ColumnTextEditor key={`${detail.Id}-${detail.Version}`} detail={detail} />}
    </RecordView>
  );
}

export default withModuleMessages(ColumnTextPage, newsCatalogues);
