import { Field, Textarea } from '@chakra-ui/react';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { REASON_MAX } from '../../../contract/machines/order';
import { FormDialog } from '../../../src/lib/form-dialog';

/** Asks for the reason an action needs (closing, refunding); resolves through `onSubmit`. */
export function ReasonDialog({
  title,
  message,
  submitLabel,
  destructive,
  onSubmit,
  onClose,
}: {
  title: string;
  message: string;
  submitLabel: string;
  destructive?: boolean;
  onSubmit(reason: string): Promise<boolean>;
  onClose(): void;
}) {
  const intl = useIntl();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  return (
    <FormDialog
      title={title}
      submitLabel={submitLabel}
      destructive={destructive}
      busy={busy}
      onClose={onClose}
      onSubmit={async () => {
        if (!reason.trim()) {
          setError(intl.formatMessage({ id: 'orders.form.required' }));
          return;
        }
        setBusy(true);
        const done = await onSubmit(reason.trim());
        setBusy(false);
        if (done) onClose();
      }}
    >
      <Field.Root invalid={Boolean(error)} required>
        <Field.Label>
          {message}
          <Field.RequiredIndicator />
        </Field.Label>
        <Textarea
          value={reason}
          maxLength={REASON_MAX}
          rows={3}
          onChange={(event) => {
            setReason(event.target.value);
            setError(undefined);
          }}
        />
        <Field.ErrorText>{error}</Field.ErrorText>
      </Field.Root>
    </FormDialog>
  );
}
