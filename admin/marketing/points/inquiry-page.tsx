import { HStack, Stack, Stat } from '@chakra-ui/react';
import { useIntl } from 'react-intl';
import { useSearchParams } from 'react-router-dom';
import { type PointsMemberRow, pointsMemberListResource } from '../../../contract/endpoints/points';
import { PointsPermission } from '../../../contract/machines/points-exchange';
import { parseTime, thousands } from '../../../src/lib/format';
import { withModuleMessages } from '../../../src/lib/i18n/module-messages';
import { columnKinds } from '../../core/column-kinds';
import type { ResourceDefinition } from '../../core/resource-definition';
import { ResourceScreen } from '../../core/resource-screen';
import { useResourceList } from '../../core/use-resource-list';
import { ledgerDefinition } from './ledger-definition';
import { pointsCatalogues } from './messages';
import { MonthlyTotals } from './monthly-totals';

/**
 * /marketing/integralExchange/integralInquiry: members' points with what they earned, used and
 * lost, the totals per month, and (`view=ledger`) every points change across members on the same
 * route, since the menu has no route of its own for it.
 */
const LEDGER_VIEW = { view: 'ledger' } as const;
const column = columnKinds<PointsMemberRow>('pointsMembers.column');

const memberDefinition: ResourceDefinition<PointsMemberRow> = {
  list: pointsMemberListResource,
  path: PointsPermission.inquiry,
  rowKey: (row) => row.Id,
  rowName: (row) => row.Nickname || row.MemberNo,
  columns: [
    column.link(
      'member',
      (row) => row.Nickname || row.MemberNo,
      (row) => `${PointsPermission.details}?id=${row.Id}`,
    ),
    column.text('memberNo', (row) => row.MemberNo),
    column.text('mobile', (row) => row.Mobile),
    column.number('points', (row) => row.Points, { sort: 'points' }),
    column.number('issued', (row) => row.Issued, { sort: 'issued' }),
    column.number('used', (row) => row.Used, { sort: 'used' }),
    column.number('expired', (row) => row.Expired),
    column.number('expiring', (row) => row.Expiring),
    column.text('lastChangeAt', (row) => parseTime(row.LastChangeAt, '{y}-{m}-{d} {h}:{i}'), {
      sort: 'lastChangeAt',
    }),
  ],
  actions: [
    {
      kind: 'link',
      id: 'details',
      label: 'pointsMembers.details',
      permission: PointsPermission.details,
      to: (row) => `${PointsPermission.details}?id=${row.Id}`,
    },
  ],
  toolbar: [
    {
      label: 'pointsInquiry.toLedger',
      to: `${PointsPermission.inquiry}?view=ledger`,
      permission: PointsPermission.inquiry,
    },
  ],
};

const ledger = {
  ...ledgerDefinition(PointsPermission.inquiry, true),
  toolbar: [
    { label: 'pointsInquiry.toMembers', to: PointsPermission.inquiry, permission: PointsPermission.inquiry },
  ],
};

/** What the members the filters match hold, and what of it goes at the next expiry. */
function Totals() {
  const intl = useIntl();
  const list = useResourceList<PointsMemberRow>(pointsMemberListResource);
  const data = list.result.data as
    | { Totals?: { Points: number; Expiring: number }; ExpiringAt?: string | null }
    | undefined;
  if (!data?.Totals) return null;
  const figure = (label: string, value: string) => (
    <Stat.Root borderWidth="1px" borderRadius="md" padding="3" bg="bg" maxWidth="64">
      <Stat.Label>{label}</Stat.Label>
      <Stat.ValueText>{value}</Stat.ValueText>
    </Stat.Root>
  );
  return (
    <HStack gap="3" wrap="wrap" role="group" aria-label={intl.formatMessage({ id: 'pointsInquiry.totals' })}>
      {figure(intl.formatMessage({ id: 'pointsInquiry.totalPoints' }), thousands(data.Totals.Points))}
      {data.ExpiringAt &&
        figure(
          intl.formatMessage(
            { id: 'pointsInquiry.totalExpiring' },
            { date: parseTime(new Date(Date.parse(data.ExpiringAt) - 1), '{y}-{m}-{d}') },
          ),
          thousands(data.Totals.Expiring),
        )}
    </HStack>
  );
}

function PointsInquiryPage() {
  const [search] = useSearchParams();
  if (search.get('view') === 'ledger') return <ResourceScreen definition={ledger} keep={LEDGER_VIEW} />;
  return (
    <ResourceScreen
      definition={memberDefinition}
      header={
        <Stack gap="3">
          <Totals />
          <MonthlyTotals />
        </Stack>
      }
    />
  );
}

export default withModuleMessages(PointsInquiryPage, pointsCatalogues);
