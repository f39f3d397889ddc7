import { Button, CloseButton, Dialog, Portal } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';

/**
 * Tells the operator something that needs reading before going on (a secret shown once, a
 * result), with one button to close it. The dialog keeps focus inside until it is closed.
 */
export function InformationDialog({
  title,
  children,
  onClose,
  closeLabel,
  size = 'md',
}: {
  title: ReactNode;
  children: ReactNode;
  onClose(): void;
  /** The button's text; OK unless the screen says otherwise. */
  closeLabel?: string;
  size?: 'sm' | 'md' | 'lg' | 'xl';
}) {
  const intl = useIntl();
  return (
    <Dialog.Root open onOpenChange={(details) => !details.open && onClose()} placement="center" size={size}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>{children}</Dialog.Body>
            <Dialog.Footer>
              <Button size="sm" colorPalette="brand" onClick={onClose}>
                {closeLabel ?? intl.formatMessage({ id: 'app.ok' })}
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={intl.formatMessage({ id: 'app.close' })} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
