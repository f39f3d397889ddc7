import { Button, CloseButton, Dialog, Portal, Text } from '@chakra-ui/react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useDialogStore } from '../stores/dialog-store';

/** Shows the queued prompts one at a time (the modal 提示 of SPEC §8 and every confirmation). */
export default function DialogHost() {
  const request = useDialogStore((state) => state.queue[0]);
  const settle = useDialogStore((state) => state.settle);
  const intl = useIntl();
  if (!request) return null;
  return (
    <Dialog.Root
      key={request.id}
      open
      role="alertdialog"
      placement="center"
      size="sm"
      closeOnInteractOutside={false}
      onOpenChange={(details) => {
        if (!details.open) settle(request.id, false);
      }}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="prompt-dialog">
            <Dialog.Header>
              <Dialog.Title>{request.title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text whiteSpace="pre-wrap">{request.message}</Text>
            </Dialog.Body>
            <Dialog.Footer>
              {request.kind === 'confirm' ? (
                <>
                  <Button variant="outline" size="sm" onClick={() => settle(request.id, false)}>
                    {request.cancelText ?? <FormattedMessage id="app.cancel" />}
                  </Button>
                  <Button size="sm" onClick={() => settle(request.id, true)}>
                    {request.confirmText ?? <FormattedMessage id="app.confirm" />}
                  </Button>
                </>
              ) : (
                <Button size="sm" onClick={() => settle(request.id, true)}>
                  {request.confirmText ?? <FormattedMessage id="app.close" />}
                </Button>
              )}
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton
                size="sm"
                position="absolute"
                top="2"
                insetEnd="2"
                aria-label={intl.formatMessage({ id: 'app.close' })}
              />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
