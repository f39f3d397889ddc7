import { Button, CloseButton, Dialog, Field, Input, Portal } from '@chakra-ui/react';
import { type FormEvent, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';

/** Asks for a name (a new template or page, or a rename); refuses an empty one. */
export function NameDialog({
  title,
  label,
  initial,
  maxLength,
  onClose,
  onSubmit,
}: {
  title: string;
  label: string;
  initial: string;
  maxLength: number;
  onClose: () => void;
  onSubmit: (name: string) => Promise<void> | void;
}) {
  const intl = useIntl();
  const [name, setName] = useState(initial);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) {
      setError(intl.formatMessage({ id: 'studio.nameRequired' }));
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
                  <FormattedMessage id="studio.cancel" />
                </Button>
                <Button type="submit" colorPalette="brand" loading={busy}>
                  <FormattedMessage id="studio.confirm" />
                </Button>
              </Dialog.Footer>
              <Dialog.CloseTrigger asChild>
                <CloseButton size="sm" aria-label={intl.formatMessage({ id: 'studio.close' })} />
              </Dialog.CloseTrigger>
            </form>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
