import { Stack } from '@chakra-ui/react';
import { useWatch } from 'react-hook-form';
import { useIntl } from 'react-intl';
import {
  type SmsTemplateRow,
  saveSmsTemplate,
  TEMPLATE_CONTENT_MAX,
  TEMPLATE_NAME_MAX,
} from '../../contract/endpoints/sms';
import { SCENE_VARIABLES, SMS_SCENES, type SmsScene } from '../../contract/sms';
import { FormDialog } from '../../src/lib/form-dialog';
import { type FieldSpec, FormFields } from '../core/form-field';
import { useResourceForm } from '../core/use-resource-form';

interface TemplateDraft {
  Name: string;
  Scene: SmsScene;
  Content: string;
}

/**
 * Applies for a template (`row` null) or changes an approved or rejected one; either way the
 * provider reviews it before it sends.
 */
export function TemplateDialog({ row, onClose }: { row: SmsTemplateRow | null; onClose(): void }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const { form, submit } = useResourceForm({
    defaultValues: { Name: row?.Name ?? '', Scene: row?.Scene ?? 'manual', Content: row?.Content ?? '' },
    save: saveSmsTemplate,
    toInput: (draft: TemplateDraft) => (row ? { Id: row.Id, Version: row.Version, ...draft } : draft),
    savedMessage: 'smsTemplates.saved',
    afterSave: () => {
      onClose();
      return undefined;
    },
  });
  const scene = useWatch({ control: form.control, name: 'Scene' });
  const variables = SCENE_VARIABLES[scene].map((name, index) => `{${index + 1}} ${name}`).join(', ');
  const fields: FieldSpec<TemplateDraft>[] = [
    {
      name: 'Name',
      kind: 'text',
      label: t('smsTemplates.field.Name'),
      required: true,
      maxLength: TEMPLATE_NAME_MAX,
    },
    {
      name: 'Scene',
      kind: 'select',
      label: t('smsTemplates.field.Scene'),
      options: SMS_SCENES.map((value) => ({ value, label: t(`sms.scene.${value}`) })),
    },
    {
      name: 'Content',
      kind: 'textarea',
      label: t('smsTemplates.field.Content'),
      help: intl.formatMessage({ id: 'smsTemplates.field.ContentHelp' }, { variables }),
      required: true,
      maxLength: TEMPLATE_CONTENT_MAX,
    },
  ];
  return (
    <FormDialog
      title={t(row ? 'smsTemplates.edit' : 'smsTemplates.add')}
      submitLabel={t('engine.save')}
      onSubmit={() => void submit()}
      onClose={onClose}
      busy={form.formState.isSubmitting}
      size="md"
    >
      <Stack gap="4">
        <FormFields form={form} fields={fields} />
      </Stack>
    </FormDialog>
  );
}

/** The machine's edit action opens the dialog on its row. */
export function EditTemplateDialog({ rows, onClose }: { rows: SmsTemplateRow[]; onClose(): void }) {
  return <TemplateDialog row={rows[0]!} onClose={onClose} />;
}
