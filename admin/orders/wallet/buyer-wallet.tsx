import {
  Button,
  CloseButton,
  Dialog,
  HStack,
  Portal,
  Skeleton,
  Stack,
  Stat,
  Table,
  Text,
} from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { getBuyerWallet, type Wallet, type WalletLedgerRow } from '../../../contract/endpoints/wallet';
import { parseTime } from '../../../src/lib/format';
import { type ModuleCatalogues, ModuleMessages } from '../../../src/lib/i18n/module-messages';
import { endpointQuery } from '../../../src/lib/query-options';
import { QueryOutcome } from '../../../src/lib/query-outcome';
import { formatFen } from '../settings-and-offline/money';
import { en } from './i18n/en';
import { zh } from './i18n/zh';

const walletCatalogues: ModuleCatalogues = { en, zh };
const TIME = '{y}-{m}-{d} {h}:{i}';

function Amount({ row }: { row: Pick<WalletLedgerRow, 'Currency'> & { value: number; signed?: boolean } }) {
  if (row.Currency === 'balance') {
    const text = formatFen(row.value);
    return <>{row.signed && row.value > 0 ? `+${text}` : text}</>;
  }
  return (
    <FormattedMessage
      id="wallet.pointsAmount"
      values={{ points: row.signed && row.value > 0 ? `+${row.value}` : row.value }}
    />
  );
}

/**
 * The wallet is read in the order area, so every order or recharge write that may move money
 * refreshes it.
 */
function WalletBody({ buyerId }: { buyerId: string }) {
  const _intl = useIntl();
  const wallet = useQuery(endpointQuery(getBuyerWallet, { buyerId }));
  return (
    <QueryOutcome
      query={wallet}
      loading={<Skeleton height="24" />}
      errorText={<FormattedMessage id="wallet.loadFailed" />}
    >
      {(data) => <WalletFigures wallet={data.Data} />}
    </QueryOutcome>
  );
}

function WalletFigures({ wallet }: { wallet: Wallet }) {
  const intl = useIntl();
  const { BalanceFen, Points, Ledger } = wallet;
  return (
    <Stack gap="3">
      <HStack gap="8">
        <Stat.Root>
          <Stat.Label>
            <FormattedMessage id="wallet.balance" />
          </Stat.Label>
          <Stat.ValueText>{formatFen(BalanceFen)}</Stat.ValueText>
        </Stat.Root>
        <Stat.Root>
          <Stat.Label>
            <FormattedMessage id="wallet.points" />
          </Stat.Label>
          <Stat.ValueText>{Points}</Stat.ValueText>
        </Stat.Root>
      </HStack>
      {Ledger.length === 0 ? (
        <Text color="fg.muted">
          <FormattedMessage id="wallet.noLedger" />
        </Text>
      ) : (
        <Table.ScrollArea>
          <Table.Root size="sm" aria-label={intl.formatMessage({ id: 'wallet.ledger' })}>
            <Table.Header>
              <Table.Row bg="bg.muted">
                {['at', 'reason', 'change', 'after', 'orderNo'].map((column) => (
                  <Table.ColumnHeader
                    key={column}
                    textAlign={column === 'change' || column === 'after' ? 'end' : undefined}
                  >
                    <FormattedMessage id={`wallet.column.${column}`} />
                  </Table.ColumnHeader>
                ))}
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {Ledger.map((row) => (
                <Table.Row key={row.Id}>
                  <Table.Cell whiteSpace="nowrap">{parseTime(row.CreatedAt, TIME)}</Table.Cell>
                  <Table.Cell>
                    <FormattedMessage id={`wallet.reason.${row.Reason}`} />
                  </Table.Cell>
                  <Table.Cell textAlign="end" color={row.Delta < 0 ? 'fg.error' : 'fg.success'}>
                    <Amount row={{ Currency: row.Currency, value: row.Delta, signed: true }} />
                  </Table.Cell>
                  <Table.Cell textAlign="end">
                    <Amount row={{ Currency: row.Currency, value: row.After }} />
                  </Table.Cell>
                  <Table.Cell whiteSpace="nowrap">{row.OrderNo || '–'}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      )}
    </Stack>
  );
}

/** A buyer's stored value, points and latest ledger rows; walk-in customers have none. */
export function BuyerWallet({ buyerId }: { buyerId: string }) {
  return (
    <ModuleMessages catalogues={walletCatalogues}>
      {buyerId ? (
        <WalletBody buyerId={buyerId} />
      ) : (
        <Text color="fg.muted">
          <FormattedMessage id="wallet.noBuyer" />
        </Text>
      )}
    </ModuleMessages>
  );
}

function WalletDialog({ buyerId, buyer, onClose }: { buyerId: string; buyer: string; onClose(): void }) {
  const intl = useIntl();
  return (
    <Dialog.Root open onOpenChange={(details) => !details.open && onClose()} placement="center" size="lg">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>
                <FormattedMessage id="wallet.dialogTitle" values={{ buyer }} />
              </Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <WalletBody buyerId={buyerId} />
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" size="sm" onClick={onClose}>
                <FormattedMessage id="wallet.close" />
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={intl.formatMessage({ id: 'wallet.close' })} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

/** A row action opening the buyer's wallet in a dialog. */
export function BuyerWalletButton({ buyerId, buyer }: { buyerId: string; buyer: string }) {
  const [open, setOpen] = useState(false);
  return (
    <ModuleMessages catalogues={walletCatalogues}>
      <WalletButton buyer={buyer} onOpen={() => setOpen(true)} />
      {open && <WalletDialog buyerId={buyerId} buyer={buyer} onClose={() => setOpen(false)} />}
    </ModuleMessages>
  );
}

function WalletButton({ buyer, onOpen }: { buyer: string; onOpen(): void }) {
  const intl = useIntl();
  return (
    <Button
      size="xs"
      variant="ghost"
      colorPalette="brand"
      aria-label={intl.formatMessage({ id: 'wallet.openNamed' }, { buyer })}
      onClick={onOpen}
    >
      <FormattedMessage id="wallet.open" />
    </Button>
  );
}
