import { HStack, Stat } from '@chakra-ui/react';
import { useIntl } from 'react-intl';
import { useSearchParams } from 'react-router-dom';
import {
  ACCOUNT_PERMISSION,
  type AccountRow,
  accountListResource,
  type LedgerEntry,
  ledgerResource,
  MemberPermission,
} from '../../../contract/endpoints/members';
import { fenToYuan } from '../../../src/lib/format';
import { withModuleMessages } from '../../../src/lib/i18n/module-messages';
import { columnKinds } from '../../core/column-kinds';
import type { ResourceDefinition } from '../../core/resource-definition';
import { ResourceScreen } from '../../core/resource-screen';
import { useResourceList } from '../../core/use-resource-list';
import { accountCatalogues } from './messages';

/**
 * /customer/accountList: members' accounts with totals, and (with `view=ledger`) the ledger of all
 * three accounts on the same route, since the menu has no route of its own for it.
 */
const LEDGER_VIEW = { view: 'ledger' } as const;

const account = columnKinds<AccountRow>('accounts.column');
const ledgerLink = (memberNo?: string) =>
  `${ACCOUNT_PERMISSION}?view=ledger${memberNo ? `&memberNo=${encodeURIComponent(memberNo)}` : ''}`;

const accountDefinition: ResourceDefinition<AccountRow> = {
  list: accountListResource,
  path: ACCOUNT_PERMISSION,
  rowKey: (row) => row.Id,
  rowName: (row) => row.Nickname || row.MemberNo,
  columns: [
    account.link(
      'member',
      (row) => row.Nickname || row.MemberNo,
      (row) => `${MemberPermission.details}?id=${row.Id}`,
    ),
    account.text('memberNo', (row) => row.MemberNo),
    account.text('mobile', (row) => row.Mobile),
    account.money('balance', (row) => row.BalanceFen, { sort: 'balance' }),
    account.number('points', (row) => row.Points, { sort: 'points' }),
    account.number('growth', (row) => row.Growth, { sort: 'growth' }),
  ],
  actions: [
    {
      kind: 'link',
      id: 'ledger',
      label: 'accounts.openLedger',
      permission: ACCOUNT_PERMISSION,
      to: (row) => ledgerLink(row.MemberNo),
    },
  ],
  toolbar: [{ label: 'accounts.allLedger', to: ledgerLink(), permission: ACCOUNT_PERMISSION }],
};

const entry = columnKinds<LedgerEntry>('ledger.column');
const amount = (row: LedgerEntry, value: number) =>
  row.Kind === 'balance' ? fenToYuan(value) : String(value);

const ledgerDefinition: ResourceDefinition<LedgerEntry> = {
  list: ledgerResource,
  path: ACCOUNT_PERMISSION,
  // Wallet and growth rows are numbered apart; growth rows take the negative side.
  rowKey: (row) => (row.Kind === 'growth' ? -row.Id : row.Id),
  rowName: (row) => `${row.MemberNo} ${row.CreatedAt}`,
  columns: [
    entry.time('createdAt', (row) => row.CreatedAt, { sort: 'createdAt' }),
    entry.link(
      'member',
      (row) => `${row.Nickname || row.MemberNo} (${row.MemberNo})`,
      (row) => `${MemberPermission.details}?id=${row.MemberId}`,
    ),
    entry.text('kind', (row) => <LedgerLabel id={`ledger.tab.${row.Kind}`} />),
    entry.text('delta', (row) => (row.Delta > 0 ? `+${amount(row, row.Delta)}` : amount(row, row.Delta))),
    entry.text('after', (row) => amount(row, row.After)),
    entry.text('reason', (row) => <LedgerLabel id={`ledger.filter.reason.${row.Reason}`} />),
    entry.text('note', (row) => row.Note || row.OrderNo),
    entry.text('actor', (row) => row.ActorName),
  ],
  toolbar: [{ label: 'accounts.backToAccounts', to: ACCOUNT_PERMISSION, permission: ACCOUNT_PERMISSION }],
};

function LedgerLabel({ id }: { id: string }) {
  return useIntl().formatMessage({ id });
}

/** The sums over every member the filters match. */
function Totals() {
  const intl = useIntl();
  const list = useResourceList<AccountRow>(accountListResource);
  const totals = (
    list.result.data as { Totals?: { BalanceFen: number; Points: number; Growth: number } } | undefined
  )?.Totals;
  if (!totals) return null;
  const figure = (label: string, value: string) => (
    <Stat.Root borderWidth="1px" borderRadius="md" padding="3" bg="bg" maxWidth="56">
      <Stat.Label>{intl.formatMessage({ id: label })}</Stat.Label>
      <Stat.ValueText>{value}</Stat.ValueText>
    </Stat.Root>
  );
  return (
    <HStack gap="3" wrap="wrap" role="group" aria-label={intl.formatMessage({ id: 'accounts.totals' })}>
      {figure('accounts.total.balance', fenToYuan(totals.BalanceFen))}
      {figure('accounts.total.points', String(totals.Points))}
      {figure('accounts.total.growth', String(totals.Growth))}
    </HStack>
  );
}

function AccountListPage() {
  const [search] = useSearchParams();
  if (search.get('view') === 'ledger')
    return <ResourceScreen definition={ledgerDefinition} keep={LEDGER_VIEW} />;
  return (
    <ResourceScreen definition={accountDefinition}>
      <Totals />
    </ResourceScreen>
  );
}

export default withModuleMessages(AccountListPage, accountCatalogues);
