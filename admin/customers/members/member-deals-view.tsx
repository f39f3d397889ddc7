import { Button, HStack, Stat, Text } from '@chakra-ui/react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate } from 'react-router-dom';
import {
  MEMBER_DEAL_KINDS,
  type MemberDeal,
  memberDealResource,
} from '../../../contract/endpoints/member-deals';
import { getMemberInfo, MemberPermission } from '../../../contract/endpoints/members';
import { EnumLabel } from '../../../src/lib/enum-values';
import { fenToYuan } from '../../../src/lib/format';
import { columnKinds } from '../../core/column-kinds';
import type { ResourceDefinition } from '../../core/resource-definition';
import { ResourceScreen } from '../../core/resource-screen';
import { useRecord } from '../../core/use-record';
import { useResourceList } from '../../core/use-resource-list';
import { dealSourceLink } from './member-deal-links';

/**
 * /customer/memberDetails?id=…&view=deals: every money movement of the member, on the details' own
 * route since the menu has no route for it.
 */

const column = columnKinds<MemberDeal>('memberDeals.column');
const KIND_SPAN = 2 ** 42;

/** An order's detail is its payment method, named by GetEnumForType; the other kinds' codes by the catalogue. */
function Detail({ row }: { row: MemberDeal }) {
  if (!row.Detail) return null;
  if (row.Kind === 'order') return <EnumLabel type="paymentMethod" value={row.Detail} />;
  return (
    <FormattedMessage
      id={row.Kind === 'balance' ? `members.reason.${row.Detail}` : `memberDeals.detail.${row.Detail}`}
    />
  );
}

const signed = (fen: number) => (fen > 0 ? `+${fenToYuan(fen)}` : fenToYuan(fen));

const dealDefinition: ResourceDefinition<MemberDeal> = {
  list: memberDealResource,
  path: MemberPermission.details,
  // Kinds number their rows apart (recharge refunds on the negative side): a range of ids per kind.
  rowKey: (row) => MEMBER_DEAL_KINDS.indexOf(row.Kind) * KIND_SPAN + row.Id,
  rowName: (row) => `${row.Reference || row.Kind} ${row.At}`,
  columns: [
    column.time('at', (row) => row.At, { sort: 'at' }),
    column.text('kind', (row) => <FormattedMessage id={`memberDeals.filter.kind.${row.Kind}`} />),
    column.text('detail', (row) => <Detail row={row} />),
    column.text('amount', (row) => (
      <Text as="span" color={row.AmountFen < 0 ? 'red.fg' : 'green.fg'} whiteSpace="nowrap">
        {signed(row.AmountFen)}
      </Text>
    )),
    column.text('balanceAfter', (row) => {
      if (row.BalanceAfterFen === null) return '—';
      // Commission rows follow the withdrawable commission, not the stored value.
      if (row.Kind === 'commission' || row.Kind === 'withdrawal')
        return (
          <FormattedMessage
            id="memberDeals.commissionBalance"
            values={{ amount: fenToYuan(row.BalanceAfterFen) }}
          />
        );
      return fenToYuan(row.BalanceAfterFen);
    }),
    column.link('reference', (row) => row.Reference || '—', dealSourceLink),
  ],
};

function Totals({ scope }: { scope: Readonly<Record<string, string>> }) {
  const intl = useIntl();
  const list = useResourceList<MemberDeal>(memberDealResource, undefined, scope);
  const totals = (list.result.data as { Totals?: { InFen: number; OutFen: number } } | undefined)?.Totals;
  if (!totals) return null;
  const figure = (label: string, value: string) => (
    <Stat.Root borderWidth="1px" borderRadius="md" padding="3" bg="bg" maxWidth="56">
      <Stat.Label>{intl.formatMessage({ id: label })}</Stat.Label>
      <Stat.ValueText>{value}</Stat.ValueText>
    </Stat.Root>
  );
  return (
    <HStack gap="3" wrap="wrap" role="group" aria-label={intl.formatMessage({ id: 'members.deals.totals' })}>
      {figure('members.deals.totalIn', fenToYuan(totals.InFen))}
      {figure('members.deals.totalOut', fenToYuan(totals.OutFen))}
    </HStack>
  );
}

function Heading({ id }: { id: number }) {
  const navigate = useNavigate();
  const member = useRecord(getMemberInfo);
  const name = member.record ? member.record.Nickname || member.record.MemberNo : '';
  return (
    <HStack gap="3" wrap="wrap">
      <Button size="sm" variant="outline" onClick={() => navigate(`${MemberPermission.details}?id=${id}`)}>
        <FormattedMessage id="members.deals.back" />
      </Button>
      {name && (
        <Text fontWeight="medium">
          <FormattedMessage id="members.deals.title" values={{ name }} />
        </Text>
      )}
    </HStack>
  );
}

export function MemberDealsView({ id }: { id: number }) {
  const scope = { id: String(id) };
  return (
    <ResourceScreen
      definition={dealDefinition}
      keep={{ view: 'deals' }}
      scope={scope}
      header={
        <>
          <Heading id={id} />
          <Totals scope={scope} />
        </>
      }
    />
  );
}
