import { Button, CloseButton, Dialog, Field, Input, Portal } from '@chakra-ui/react';
import { type FormEvent, useState } from 'react';
import { useIntl } from 'react-intl';

/**
 * Asks for a name (a new template, page, poster, form, folder, or a rename) and refuses an empty one.
 * The caller closes it once `onSubmit` has saved; a failed save keeps it open, since the http layer
 * has already told the user why.
 */
export function NameDialog({
  title,
  label,
  initial,
  maxLength,
  submitLabel,
  onClose,
  onSubmit,
}: {
  title: string;
  label: string;
  initial: string;
  maxLength: number;
  /** The submit button's text; OK unless the screen says otherwise. */
  submitLabel?: string;
  onClose(): void;
  onSubmit(name: string): Promise<void> | void;
}) {
  const intl = useIntl();
  const [name, setName] = useState(initial.slice(0, maxLength));
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) {
      setError(intl.formatMessage({ id: 'app.nameRequired' }));
      return;
    }
    setBusy(true);
    try {
      await onSubmit(trimmed);
    } catch {
      // The http layer already told the user why.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog.Root open onOpenChange={(details) => !details.open && onClose()} placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content asChild data-testid="name-dialog">
            <form onSubmit={submit} noValidate>
              <Dialog.Header>
                <Dialog.Title>{title}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Field.Root invalid={Boolean(error)} required>
                  <Field.Label>{label}</Field.Label>
                  <Input
                    value={name}
                    maxLength={maxLength}
                    onChange={(event) => {
                      setName(event.target.value);
                      setError('');
                    }}
                  />
                  <Field.ErrorText>{error}</Field.ErrorText>
                </Field.Root>
              </Dialog.Body>
              <Dialog.Footer>
                <Button variant="outline" onClick={onClose}>
                  {intl.formatMessage({ id: 'app.cancel' })}
                </Button>
                <Button type="submit" colorPalette="brand" loading={busy}>
                  {submitLabel ?? intl.formatMessage({ id: 'app.ok' })}
                </Button>
              </Dialog.Footer>
              <Dialog.CloseTrigger asChild>
                <CloseButton size="sm" aria-label={intl.formatMessage({ id: 'app.close' })} />
              </Dialog.CloseTrigger>
            </form>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
