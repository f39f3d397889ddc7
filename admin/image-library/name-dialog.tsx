import { Button, CloseButton, Dialog, Field, Input, Portal } from '@chakra-ui/react';
import { type FormEvent, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';

/** Asks for a folder or image name; refuses an empty one. */
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
  onClose(): void;
  onSubmit(name: string): Promise<boolean>;
}) {
  const intl = useIntl();
  const [name, setName] = useState(initial);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) {
      setError(intl.formatMessage({ id: 'images.nameRequired' }));
      return;
    }
    setBusy(true);
    const saved = await onSubmit(trimmed);
    setBusy(false);
    if (saved) onClose();
  };
  return (
    <Dialog.Root open onOpenChange={(details) => !details.open && onClose()} placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content asChild>
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
                  <FormattedMessage id="images.cancel" />
                </Button>
                <Button type="submit" colorPalette="brand" loading={busy}>
                  <FormattedMessage id="images.save" />
                </Button>
              </Dialog.Footer>
              <Dialog.CloseTrigger asChild>
                <CloseButton size="sm" aria-label={intl.formatMessage({ id: 'images.close' })} />
              </Dialog.CloseTrigger>
            </form>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
