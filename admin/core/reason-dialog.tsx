import { Field, Textarea } from '@chakra-ui/react';
import { useState } from 'react';
import { FormDialog } from '../../src/lib/form-dialog';

/**
 * Asks for the reason an action needs (closing an order, refunding, invalidating a ticket, revoking
 * a coupon); resolves through `onSubmit`, which says whether the action was done. Texts come from
 * the screen: `label` heads the field, `help` sits under it, `required` shows on an empty reason.
 */
export function ReasonDialog({
  title,
  label,
  help,
  required,
  max,
  submitLabel,
  destructive,
  onSubmit,
  onClose,
}: {
  title: string;
  label: string;
  help?: string;
  required: string;
  max: number;
  submitLabel: string;
  destructive?: boolean;
  onSubmit(reason: string): Promise<boolean>;
  onClose(): void;
}) {
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
          setError(required);
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
          {label}
          <Field.RequiredIndicator />
        </Field.Label>
        <Textarea
          autoFocus
          value={reason}
          maxLength={max}
          rows={3}
          onChange={(event) => {
            setReason(event.target.value);
            setError(undefined);
          }}
        />
        {error ? (
          <Field.ErrorText>{error}</Field.ErrorText>
        ) : (
          help && <Field.HelperText>{help}</Field.HelperText>
        )}
      </Field.Root>
    </FormDialog>
  );
}
