import { Box, Button, CloseButton, Dialog, Portal, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { getReceiptPrintData } from '../../../contract/endpoints/orders';
import { ModuleMessages } from '../../../src/lib/i18n/module-messages';
import { endpointQuery } from '../../../src/lib/query-options';
import { QueryOutcome } from '../../../src/lib/query-outcome';
import { orderCounterCatalogues } from '../settings-and-offline/messages';
import { ReceiptPaper, ReceiptPrintSheet } from './receipt-paper';

function ReceiptDialog({ id, onClose }: { id: number; onClose(): void }) {
  const intl = useIntl();
  const printed = useRef(false);
  const data = useQuery({
    ...endpointQuery(getReceiptPrintData, { id }),
    // Settings and payment may have changed since the last print.
    staleTime: 0,
  });
  const ready = data.data !== undefined;
  // The receipt is printed as soon as it is on the page; the dialog offers printing it again.
  useEffect(() => {
    if (!ready || printed.current) return;
    printed.current = true;
    const frame = window.requestAnimationFrame(() => window.print());
    return () => window.cancelAnimationFrame(frame);
  }, [ready]);

  return (
    <Dialog.Root open onOpenChange={(details) => !details.open && onClose()} placement="center" size="sm">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>
                <FormattedMessage id="orders.receipt.dialogTitle" />
              </Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <QueryOutcome query={data} errorText={<FormattedMessage id="orders.receipt.loadFailed" />}>
                {(printout) => (
                  <>
                    <Text fontSize="sm" color="fg.muted" marginBottom="3">
                      <FormattedMessage
                        id="orders.receipt.paperInfo"
                        values={{ paper: printout.Setting.Paper, copies: printout.Setting.Copies }}
                      />
                    </Text>
                    <Box
                      borderWidth="1px"
                      padding="3"
                      bg="white"
                      width="fit-content"
                      marginX="auto"
                      role="document"
                      aria-label={intl.formatMessage({ id: 'orders.receipt.preview' })}
                    >
                      <ReceiptPaper setting={printout.Setting} receipt={printout.Receipt} />
                    </Box>
                    <ReceiptPrintSheet setting={printout.Setting} receipt={printout.Receipt} />
                  </>
                )}
              </QueryOutcome>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" size="sm" onClick={onClose}>
                <FormattedMessage id="orders.receipt.close" />
              </Button>
              <Button size="sm" colorPalette="brand" disabled={!ready} onClick={() => window.print()}>
                <FormattedMessage id="orders.receipt.print" />
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={intl.formatMessage({ id: 'orders.receipt.close' })} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

function PrintReceipt({ id, orderNo, size }: PrintReceiptButtonProps) {
  const intl = useIntl();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        size={size ?? 'sm'}
        variant={size === 'xs' ? 'ghost' : 'outline'}
        colorPalette="brand"
        aria-label={
          orderNo ? intl.formatMessage({ id: 'orders.receipt.printNamed' }, { orderNo }) : undefined
        }
        onClick={() => setOpen(true)}
      >
        <FormattedMessage id="orders.receipt.printButton" />
      </Button>
      {open && <ReceiptDialog id={id} onClose={() => setOpen(false)} />}
    </>
  );
}

export interface PrintReceiptButtonProps {
  /** The order's `Id` (GetReceiptPrintData's `id`). */
  id: number;
  /** Names the button after the order where several are on screen (list rows). */
  orderNo?: string;
  size?: 'xs' | 'sm' | 'md';
}

/**
 * Prints an order's receipt as the receipt settings say (paper, copies, parts): opens a preview,
 * prints it at once with window.print() and offers printing again. Carries its own text, so any
 * order screen can use it.
 */
export function PrintReceiptButton(props: PrintReceiptButtonProps) {
  return (
    <ModuleMessages catalogues={orderCounterCatalogues}>
      <PrintReceipt {...props} />
    </ModuleMessages>
  );
}
