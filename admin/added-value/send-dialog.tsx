import { Alert, Box, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useWatch } from 'react-hook-form';
import { FormattedMessage, useIntl } from 'react-intl';
import {
  AUDIENCE_KINDS,
  getSmsAudiences,
  getSmsOverview,
  getSmsTemplates,
  SMS_VALUE_MAX,
  sendSms,
} from '../../contract/endpoints/sms';
import { renderTemplate, smsParts, smsText } from '../../contract/sms';
import { FormDialog } from '../../src/lib/form-dialog';
import { endpointQuery } from '../../src/lib/query-options';
import { type FieldSpec, FormFields } from '../core/form-field';
import { useResourceForm } from '../core/use-resource-form';

type AudienceKind = (typeof AUDIENCE_KINDS)[number];

interface SendDraft {
  TemplateId: string;
  AudienceKind: AudienceKind;
  Tag: string;
  GradeId: string;
  Values: string[];
}

/** Templates a manual send may use: approved, of the manual scene (the send form lists them all). */
const MANUAL_TEMPLATES = { state: 'approved', scene: 'manual', page: 1, pageSize: 100 } as const;

const chosen = (value: string) => (value === '' ? undefined : Number(value));

/**
 * Sends an approved manual template to the members of a tag or grade, previewing what each reads
 * and how much of the balance it takes before anything is queued.
 */
export function SendDialog({ onClose }: { onClose(): void }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const templates = useQuery(endpointQuery(getSmsTemplates, MANUAL_TEMPLATES));
  const audiences = useQuery(endpointQuery(getSmsAudiences, {}));
  const overview = useQuery(endpointQuery(getSmsOverview, {}));
  const list = templates.data?.Data ?? [];
  const variablesOf = (id: string) => list.find((item) => String(item.Id) === id)?.Variables ?? 0;
  const blank: SendDraft = { TemplateId: '', AudienceKind: 'tag', Tag: '', GradeId: '', Values: [] };
  const { form, submit } = useResourceForm({
    defaultValues: blank,
    save: sendSms,
    toInput: (draft: SendDraft) => ({
      TemplateId: chosen(draft.TemplateId),
      AudienceKind: draft.AudienceKind,
      Tag: draft.AudienceKind === 'tag' && draft.Tag !== '' ? draft.Tag : undefined,
      GradeId: draft.AudienceKind === 'grade' ? chosen(draft.GradeId) : undefined,
      Values: draft.Values.slice(0, variablesOf(draft.TemplateId)),
    }),
    savedMessage: 'sms.send.done',
    afterSave: () => {
      onClose();
      return undefined;
    },
  });
  const [templateId, kind, tag, gradeId, values] = useWatch({
    control: form.control,
    name: ['TemplateId', 'AudienceKind', 'Tag', 'GradeId', 'Values'],
  });
  const template = list.find((item) => String(item.Id) === templateId);
  const tags = audiences.data?.Tags ?? [];
  const grades = audiences.data?.Grades ?? [];
  const recipients =
    kind === 'tag'
      ? (tags.find((item) => item.Name === tag)?.Mobiles ?? 0)
      : (grades.find((item) => String(item.Id) === gradeId)?.Mobiles ?? 0);
  const option = (name: string, count: number) =>
    intl.formatMessage({ id: 'sms.send.option' }, { name, count });
  const choose = { value: '', label: t('sms.send.choose') };
  const fields: FieldSpec<SendDraft>[] = [
    {
      name: 'TemplateId',
      kind: 'select',
      label: t('sms.send.field.TemplateId'),
      required: true,
      options: [choose, ...list.map((item) => ({ value: String(item.Id), label: item.Name }))],
    },
    {
      name: 'AudienceKind',
      kind: 'select',
      label: t('sms.send.field.AudienceKind'),
      options: AUDIENCE_KINDS.map((value) => ({ value, label: t(`sms.send.audience.${value}`) })),
    },
    {
      name: 'Tag',
      kind: 'select',
      label: t('sms.send.field.Tag'),
      required: true,
      options: [
        choose,
        ...tags.map((item) => ({ value: item.Name, label: option(item.Name, item.Mobiles) })),
      ],
      visibleWhen: (draft) => draft.AudienceKind === 'tag',
    },
    {
      name: 'GradeId',
      kind: 'select',
      label: t('sms.send.field.GradeId'),
      required: true,
      options: [
        choose,
        ...grades.map((item) => ({ value: String(item.Id), label: option(item.Name, item.Mobiles) })),
      ],
      visibleWhen: (draft) => draft.AudienceKind === 'grade',
    },
    ...Array.from(
      { length: template?.Variables ?? 0 },
      (_, index): FieldSpec<SendDraft> => ({
        name: `Values.${index}`,
        kind: 'text',
        label: intl.formatMessage({ id: 'sms.send.field.value' }, { number: index + 1 }),
        required: true,
        maxLength: SMS_VALUE_MAX,
      }),
    ),
  ];
  const signature = overview.data?.Signature?.Name ?? '';
  const text = template ? smsText(signature, renderTemplate(template.Content, values ?? [])) : '';
  const parts = text ? smsParts(text) : 0;
  return (
    <FormDialog
      title={t('sms.send')}
      submitLabel={t('sms.send.submit')}
      onSubmit={() => void submit()}
      onClose={onClose}
      busy={form.formState.isSubmitting}
      size="md"
    >
      <Stack gap="4">
        {templates.data && list.length === 0 && (
          <Alert.Root status="warning">
            <Alert.Indicator />
            <Alert.Title>
              <FormattedMessage id="sms.send.noTemplate" />
            </Alert.Title>
          </Alert.Root>
        )}
        <FormFields form={form} fields={fields} />
        {template && (
          <Box as="section" aria-label={t('sms.send.preview')} bg="bg.muted" borderRadius="md" padding="3">
            <Text fontSize="sm" whiteSpace="pre-wrap">
              {text}
            </Text>
            <Text fontSize="sm" color="fg.muted" marginTop="2">
              <FormattedMessage
                id="sms.send.cost"
                values={{ parts, recipients, total: parts * recipients }}
              />
            </Text>
          </Box>
        )}
      </Stack>
    </FormDialog>
  );
}
