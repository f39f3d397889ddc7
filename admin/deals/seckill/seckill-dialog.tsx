import { Button, Field, HStack, IconButton, Input, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useFieldArray } from 'react-hook-form';
import { FormattedMessage, useIntl } from 'react-intl';
import { bindSeckillInfo, getSeckillInfo, type SeckillRow } from '../../../contract/endpoints/seckill';
import { DealPermission } from '../../../contract/machines/deals';
import { MAX_SESSIONS, type SeckillSession } from '../../../contract/seckill-sessions';
import { FormDialog } from '../../../src/lib/form-dialog';
import { endpointQuery } from '../../../src/lib/query-options';
import { errorAt } from '../../core/form-field';
import { useResourceForm } from '../../core/use-resource-form';
import { ActivityFields } from '../activity-fields';
import { type ActivityDraft, activityDraft, activityInput } from '../deal-form';
import { RecordMissing } from '../record-missing';

type SeckillDraft = ActivityDraft & { Sessions: SeckillSession[] };

function SeckillForm({ row, onClose }: { row: SeckillRow | null; onClose(): void }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const { form, submit } = useResourceForm({
    defaultValues: { ...activityDraft(row), Sessions: row?.Sessions ?? [] },
    save: bindSeckillInfo,
    toInput: (draft: SeckillDraft) => ({
      ...activityInput(draft),
      Sessions: draft.Sessions,
      ...(row ? { Id: row.Id, Version: row.Version } : {}),
    }),
    renames: { Status: 'SwitchedOn' },
    savedMessage: row ? 'deals.saved' : 'deals.added',
    afterSave: () => ({ to: DealPermission.seckill, replace: true }),
  });
  const sessions = useFieldArray({ control: form.control, name: 'Sessions' });
  return (
    <FormDialog
      title={t(row ? 'seckill.edit' : 'seckill.add')}
      submitLabel={t('engine.save')}
      onSubmit={() => void submit()}
      onClose={onClose}
      busy={form.formState.isSubmitting}
      size="lg"
    >
      <Stack gap="4">
        <ActivityFields form={form} />
        <Stack gap="2" as="fieldset">
          <Text as="legend" fontWeight="medium">
            <FormattedMessage id="seckill.sessions" />
          </Text>
          <Text fontSize="sm" color="fg.muted">
            <FormattedMessage id="seckill.sessionsHelp" />
          </Text>
          {sessions.fields.map((session, index) => {
            const startError = errorAt(form.formState.errors, `Sessions.${index}.Start`);
            const endError = errorAt(form.formState.errors, `Sessions.${index}.End`);
            return (
              <HStack key={session.id} align="start" gap="3">
                <Field.Root invalid={Boolean(startError)} width="40">
                  <Field.Label>{t('seckill.sessionStart', { number: index + 1 })}</Field.Label>
                  <Input type="time" {...form.register(`Sessions.${index}.Start`)} />
                  <Field.ErrorText color="red.700">{startError}</Field.ErrorText>
                </Field.Root>
                <Field.Root invalid={Boolean(endError)} width="40">
                  <Field.Label>{t('seckill.sessionEnd', { number: index + 1 })}</Field.Label>
                  <Input type="time" {...form.register(`Sessions.${index}.End`)} />
                  <Field.ErrorText color="red.700">{endError}</Field.ErrorText>
                </Field.Root>
                <IconButton
                  marginTop="7"
                  size="sm"
                  variant="ghost"
                  colorPalette="red"
                  aria-label={t('seckill.removeSession', { number: index + 1 })}
                  onClick={() => sessions.remove(index)}
                >
                  ×
                </IconButton>
              </HStack>
            );
          })}
          <Button
            size="sm"
            variant="outline"
            alignSelf="start"
            disabled={sessions.fields.length >= MAX_SESSIONS}
            onClick={() => sessions.append({ Start: '10:00', End: '12:00' })}
          >
            <FormattedMessage id="seckill.addSession" />
          </Button>
        </Stack>
      </Stack>
    </FormDialog>
  );
}

/** Adds a seckill activity (`edit` is `new`) or edits the one `edit` names, in a dialog over the list. */
export function SeckillDialog({ edit, onClose }: { edit: string; onClose(): void }) {
  const id = edit === 'new' ? null : Number(edit);
  const valid = id === null || (Number.isInteger(id) && id > 0);
  const record = useQuery({
    ...endpointQuery(getSeckillInfo, { id: id ?? 0 }),
    enabled: valid && id !== null,
  });
  if (id === null) return <SeckillForm row={null} onClose={onClose} />;
  if (!valid || record.isError) return <RecordMissing titleKey="seckill.edit" onClose={onClose} />;
  if (!record.data) return null;
  return <SeckillForm key={record.data.Version} row={record.data} onClose={onClose} />;
}
