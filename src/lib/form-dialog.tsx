import { Button, CloseButton, Dialog, Portal } from '@chakra-ui/react';
import type { FormEvent, ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';

/**
 * A dialog holding a small form: its fields, cancel and a submit button. The form has
 * `noValidate`, so its fields show their own messages, never the browser's bubbles.
 */
export function FormDialog({
  title,
  children,
  submitLabel,
  onSubmit,
  onClose,
  busy,
  destructive,
  size = 'sm',
  submitDisabled,
}: {
  title: string;
  children: ReactNode;
  submitLabel: string;
  onSubmit(): void;
  onClose(): void;
  busy?: boolean;
  destructive?: boolean;
  size?: 'sm' | 'md' | 'lg' | 'xl';
  submitDisabled?: boolean;
}) {
  const intl = useIntl();
  return (
    <Dialog.Root open onOpenChange={(details) => !details.open && onClose()} placement="center" size={size}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content asChild>
            <form
              noValidate
              onSubmit={(event: FormEvent) => {
                event.preventDefault();
                onSubmit();
              }}
            >
              <Dialog.Header>
                <Dialog.Title>{title}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>{children}</Dialog.Body>
              <Dialog.Footer>
                <Button variant="outline" size="sm" onClick={onClose}>
                  <FormattedMessage id="app.cancel" />
                </Button>
                <Button
                  type="submit"
                  size="sm"
                  colorPalette={destructive ? 'red' : 'brand'}
                  loading={busy}
                  disabled={submitDisabled}
                >
                  {submitLabel}
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
