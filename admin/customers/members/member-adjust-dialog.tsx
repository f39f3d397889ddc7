import {
  Button,
  CloseButton,
  Dialog,
  Field,
  Input,
  NativeSelect,
  Portal,
  Stack,
  Textarea,
} from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import {
  ADJUST_REASON_MAX,
  adjustMember,
  MEMBER_ADJUST_KINDS,
  type MemberAdjustKind,
} from '../../../contract/endpoints/members';
import { callEndpoint } from '../../../src/lib/http';
import { showToast } from '../../../src/lib/notify';
import { invalidateAreas } from '../../../src/lib/query-options';
import { serverFieldErrors } from '../../core/form-errors';
import { adjustmentInput } from './member-adjustment';

type Problems = Partial<Record<'Delta' | 'Reason', string>>;

/** An operator's change of a member's balance, points or growth, with the required reason. */
export function MemberAdjustDialog({
  memberId,
  kind: initialKind,
  onClose,
}: {
  memberId: number;
  kind: MemberAdjustKind;
  onClose(): void;
}) {
  const intl = useIntl();
  const client = useQueryClient();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const [kind, setKind] = useState(initialKind);
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [problems, setProblems] = useState<Problems>({});
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const built = adjustmentInput(memberId, kind, amount, reason);
    if (!built.ok) {
      setProblems(Object.fromEntries(built.problems.map((problem) => [problem.field, t(problem.key)])));
      return;
    }
    setProblems({});
    setBusy(true);
    try {
      const result = await callEndpoint(adjustMember, built.input);
      showToast('success', t(`members.adjust.done.${kind}`, { after: result.After }));
      onClose();
      void invalidateAreas(client, adjustMember);
    } catch (failure) {
      const fields = serverFieldErrors(failure);
      setProblems({ Delta: fields.Delta, Reason: fields.Reason });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog.Root open placement="center" onOpenChange={(details) => !details.open && onClose()}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <form noValidate onSubmit={(event) => void submit(event)}>
              <Dialog.Header>
                <Dialog.Title>
                  <FormattedMessage id="members.adjust.title" />
                </Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="4">
                  <Field.Root required>
                    <Field.Label>
                      <FormattedMessage id="members.adjust.kind" />
                    </Field.Label>
                    <NativeSelect.Root>
                      <NativeSelect.Field
                        value={kind}
                        onChange={(event) => setKind(event.target.value as MemberAdjustKind)}
                      >
                        {MEMBER_ADJUST_KINDS.map((option) => (
                          <option key={option} value={option}>
                            {t(`members.adjust.kind.${option}`)}
                          </option>
                        ))}
                      </NativeSelect.Field>
                      <NativeSelect.Indicator />
                    </NativeSelect.Root>
                  </Field.Root>
                  <Field.Root required invalid={Boolean(problems.Delta)}>
                    <Field.Label>
                      <FormattedMessage id={`members.adjust.amount.${kind}`} />
                      <Field.RequiredIndicator />
                    </Field.Label>
                    <Input
                      autoFocus
                      inputMode="decimal"
                      value={amount}
                      onChange={(event) => setAmount(event.target.value)}
                    />
                    <Field.HelperText>
                      <FormattedMessage id="members.adjust.amountHelp" />
                    </Field.HelperText>
                    <Field.ErrorText>{problems.Delta}</Field.ErrorText>
                  </Field.Root>
                  <Field.Root required invalid={Boolean(problems.Reason)}>
                    <Field.Label>
                      <FormattedMessage id="members.adjust.reason" />
                      <Field.RequiredIndicator />
                    </Field.Label>
                    <Textarea
                      rows={2}
                      maxLength={ADJUST_REASON_MAX}
                      value={reason}
                      onChange={(event) => setReason(event.target.value)}
                    />
                    <Field.ErrorText>{problems.Reason}</Field.ErrorText>
                  </Field.Root>
                </Stack>
              </Dialog.Body>
              <Dialog.Footer>
                <Button size="sm" variant="outline" onClick={onClose}>
                  <FormattedMessage id="engine.cancel" />
                </Button>
                <Button size="sm" type="submit" colorPalette="brand" loading={busy}>
                  <FormattedMessage id="members.adjust.save" />
                </Button>
              </Dialog.Footer>
            </form>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t('members.close')} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
