import {
  Button,
  CloseButton,
  Dialog,
  Field,
  Portal,
  Skeleton,
  Stack,
  Switch,
  Text,
  Textarea,
} from '@chakra-ui/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import {
  type FormNotice,
  getFormInfo,
  MAX_NOTICE_RECIPIENTS,
  setFormNotice,
} from '../../contract/endpoints/smart-form';
import { EMAIL_PATTERN, PHONE_PATTERN } from '../../contract/smart-form';
import { callEndpoint } from '../../src/lib/http';
import { showToast } from '../../src/lib/notify';
import { endpointQuery, invalidateAreas } from '../../src/lib/query-options';

const lines = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

/** The first problem of a recipient list, as a catalogue key and values, or null. */
export function recipientProblem(
  entries: readonly string[],
  pattern: RegExp,
  badKey: string,
): { key: string; values: Record<string, string | number> } | null {
  if (entries.length > MAX_NOTICE_RECIPIENTS)
    return { key: 'smartForm.noticeTooMany', values: { max: MAX_NOTICE_RECIPIENTS } };
  const bad = entries.find((entry) => !pattern.test(entry));
  return bad === undefined ? null : { key: badKey, values: { value: bad } };
}

function NoticeForm({ formId, notice, onClose }: { formId: number; notice: FormNotice; onClose(): void }) {
  const intl = useIntl();
  const client = useQueryClient();
  const [enabled, setEnabled] = useState(notice.Enabled);
  const [emails, setEmails] = useState(notice.Emails.join('\n'));
  const [phones, setPhones] = useState(notice.Phones.join('\n'));
  const [busy, setBusy] = useState(false);
  const emailProblem = recipientProblem(lines(emails), EMAIL_PATTERN, 'smartForm.noticeBadEmail');
  const phoneProblem = recipientProblem(lines(phones), PHONE_PATTERN, 'smartForm.noticeBadPhone');
  const [touched, setTouched] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (emailProblem || phoneProblem) return;
    setBusy(true);
    try {
      await callEndpoint(setFormNotice, {
        FormId: formId,
        Enabled: enabled,
        Emails: lines(emails),
        Phones: lines(phones),
      });
      showToast('success', intl.formatMessage({ id: 'smartForm.actionDone' }));
      await invalidateAreas(client, getFormInfo);
      onClose();
    } catch {
      // The HTTP layer already showed the server's message.
    } finally {
      setBusy(false);
    }
  };
  const problemText = (problem: typeof emailProblem) =>
    problem ? intl.formatMessage({ id: problem.key }, problem.values) : '';
  return (
    <form onSubmit={submit} noValidate>
      <Dialog.Body>
        <Stack gap="3">
          <Switch.Root checked={enabled} onCheckedChange={(details) => setEnabled(details.checked)}>
            <Switch.HiddenInput />
            <Switch.Control />
            <Switch.Label>
              <FormattedMessage id="smartForm.noticeEnabled" />
            </Switch.Label>
          </Switch.Root>
          <Field.Root invalid={touched && Boolean(emailProblem)}>
            <Field.Label>
              <FormattedMessage id="smartForm.noticeEmails" />
            </Field.Label>
            <Textarea rows={3} value={emails} onChange={(event) => setEmails(event.target.value)} />
            <Field.ErrorText>{problemText(emailProblem)}</Field.ErrorText>
          </Field.Root>
          <Field.Root invalid={touched && Boolean(phoneProblem)}>
            <Field.Label>
              <FormattedMessage id="smartForm.noticePhones" />
            </Field.Label>
            <Textarea rows={3} value={phones} onChange={(event) => setPhones(event.target.value)} />
            <Field.ErrorText>{problemText(phoneProblem)}</Field.ErrorText>
          </Field.Root>
          <Text fontSize="xs" color="fg.muted">
            <FormattedMessage id="smartForm.noticeHint" values={{ max: MAX_NOTICE_RECIPIENTS }} />
          </Text>
        </Stack>
      </Dialog.Body>
      <Dialog.Footer>
        <Button variant="outline" onClick={onClose}>
          <FormattedMessage id="smartForm.cancel" />
        </Button>
        <Button type="submit" colorPalette="brand" loading={busy}>
          <FormattedMessage id="smartForm.save" />
        </Button>
      </Dialog.Footer>
    </form>
  );
}

/** Who hears of a form's new submissions (SetFormNotice). */
export function NoticeDialog({ formId, name, onClose }: { formId: number; name: string; onClose(): void }) {
  const intl = useIntl();
  const info = useQuery(endpointQuery(getFormInfo, { Id: formId }));
  return (
    <Dialog.Root open onOpenChange={(details) => !details.open && onClose()} placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>
                <FormattedMessage id="smartForm.noticeTitle" values={{ name }} />
              </Dialog.Title>
            </Dialog.Header>
            {info.data ? (
              <NoticeForm formId={formId} notice={info.data.Notice} onClose={onClose} />
            ) : (
              <Dialog.Body>
                <Skeleton height="40" />
              </Dialog.Body>
            )}
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={intl.formatMessage({ id: 'smartForm.close' })} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
