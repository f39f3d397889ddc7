import { Alert, HStack, Spinner, Stack } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { FormattedMessage, useIntl } from 'react-intl';
import {
  bindNoticeInfo,
  getNoticeInfo,
  NOTICE_CONTENT_MAX,
  NOTICE_MODES,
  NOTICE_PERMISSION,
  NOTICE_TITLE_MAX,
  type NoticeRow,
} from '../../../contract/endpoints/shop-notices';
import { FormDialog } from '../../../src/lib/form-dialog';
import { endpointQuery } from '../../../src/lib/query-options';
import { type FieldSpec, FormFields } from '../../core/form-field';
import { useResourceForm } from '../../core/use-resource-form';
import { type NoticeDraft, noticeDraft, noticeInput } from './notice-form';

function NoticeForm({ row, onClose }: { row: NoticeRow | null; onClose(): void }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const { form, submit } = useResourceForm({
    defaultValues: noticeDraft(row),
    save: bindNoticeInfo,
    toInput: (draft: NoticeDraft) => noticeInput(draft, row),
    savedMessage: row ? 'notices.saved' : 'notices.added',
    afterSave: () => ({ to: NOTICE_PERMISSION, replace: true }),
  });
  const fields: FieldSpec<NoticeDraft>[] = [
    {
      name: 'Title',
      kind: 'text',
      label: t('notices.field.Title'),
      required: true,
      maxLength: NOTICE_TITLE_MAX,
    },
    {
      name: 'Content',
      kind: 'textarea',
      label: t('notices.field.Content'),
      required: true,
      maxLength: NOTICE_CONTENT_MAX,
    },
    {
      name: 'Mode',
      kind: 'select',
      label: t('notices.field.Mode'),
      options: NOTICE_MODES.map((mode) => ({ value: mode, label: t(`notices.mode.${mode}`) })),
    },
  ];
  const window: FieldSpec<NoticeDraft>[] = [
    { name: 'StartsAt', kind: 'datetime-local', label: t('notices.field.StartsAt'), required: true },
    { name: 'EndsAt', kind: 'datetime-local', label: t('notices.field.EndsAt'), required: true },
  ];
  return (
    <FormDialog
      title={t(row ? 'notices.edit' : 'notices.add')}
      submitLabel={t('engine.save')}
      onSubmit={() => void submit()}
      onClose={onClose}
      busy={form.formState.isSubmitting}
      size="md"
    >
      <Stack gap="4">
        <FormFields form={form} fields={fields} />
        <HStack gap="4" align="start">
          <FormFields form={form} fields={window} />
        </HStack>
        <FormFields
          form={form}
          fields={[
            {
              name: 'Sort',
              kind: 'number',
              label: t('notices.field.Sort'),
              help: t('notices.field.SortHelp'),
            },
            { name: 'SwitchedOn', kind: 'checkbox', label: t('notices.field.SwitchedOn') },
          ]}
        />
      </Stack>
    </FormDialog>
  );
}

/** Adds a notice (`edit` is `new`) or edits the one whose id `edit` names, in a dialog over the list. */
export function NoticeDialog({ edit, onClose }: { edit: string; onClose(): void }) {
  const intl = useIntl();
  const id = edit === 'new' ? null : Number(edit);
  const valid = id === null || (Number.isInteger(id) && id > 0);
  const record = useQuery({
    ...endpointQuery(getNoticeInfo, { Id: id ?? 0 }),
    enabled: valid && id !== null,
  });
  if (id === null) return <NoticeForm row={null} onClose={onClose} />;
  if (!valid || record.isError)
    return (
      <FormDialog
        title={intl.formatMessage({ id: 'notices.edit' })}
        submitLabel={intl.formatMessage({ id: 'app.close' })}
        onSubmit={onClose}
        onClose={onClose}
      >
        <Alert.Root status="warning">
          <Alert.Indicator />
          <Alert.Title>
            <FormattedMessage id="notices.notFound" />
          </Alert.Title>
        </Alert.Root>
      </FormDialog>
    );
  if (!record.data) return <Spinner aria-label={intl.formatMessage({ id: 'notices.loading' })} />;
  return <NoticeForm key={record.data.Version} row={record.data} onClose={onClose} />;
}
