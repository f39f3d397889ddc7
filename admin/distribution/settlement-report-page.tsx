import { Text } from '@chakra-ui/react';
import { FormattedMessage } from 'react-intl';
import { Link, useSearchParams } from 'react-router-dom';
import {
  type CommissionOrderRow,
  commissionOrderResource,
  type PeriodReportRow,
  type PromoterReportRow,
  periodReportResource,
  promoterReportResource,
} from '../../contract/endpoints/commissions';
import { DistributionPermission } from '../../contract/machines/distribution';
import { withModuleMessages } from '../../src/lib/i18n/module-messages';
import { columnKinds } from '../core/column-kinds';
import type { ResourceDefinition } from '../core/resource-definition';
import { ResourceScreen } from '../core/resource-screen';
import { distributionCatalogues } from './messages';
import { SettleNowButton } from './settle-now-button';
import { ViewSwitch } from './view-switch';

const REPORT = DistributionPermission.report;
const ORDER_DETAILS = DistributionPermission.orderDetails;

/** The totals every view shows: orders, then commission pending, settled and void. */
function totalColumns<
  Row extends { Orders?: number; PendingFen: number; SettledFen: number; VoidFen: number },
>(prefix: string, sortable: boolean) {
  const column = columnKinds<Row>(prefix);
  const sort = (field: string) => (sortable ? { sort: field } : {});
  return [
    column.number('orders', (row) => row.Orders ?? 0, sort('orders')),
    column.money('pending', (row) => row.PendingFen, sort('pending')),
    column.money('settled', (row) => row.SettledFen, sort('settled')),
    column.money('void', (row) => row.VoidFen, sort('void')),
  ];
}

const promoterColumn = columnKinds<PromoterReportRow>('promoterReport.column');

/** By promoter: what each earned in the period; opens their orders. */
const promoterReport: ResourceDefinition<PromoterReportRow> = {
  list: promoterReportResource,
  path: REPORT,
  rowKey: (row) => row.PromoterId,
  rowName: (row) => row.Nickname || row.MemberNo,
  columns: [
    promoterColumn.twoLines(
      'promoter',
      (row) => row.Nickname || row.MemberNo,
      (row) => row.Mobile || row.MemberNo,
    ),
    ...totalColumns<PromoterReportRow>('promoterReport.column', true),
  ],
  actions: [
    {
      kind: 'link',
      id: 'orders',
      label: 'promoterReport.orders',
      permission: REPORT,
      to: (row) => `${REPORT}?view=orders&promoterId=${row.PromoterId}`,
    },
  ],
};

const periodColumn = columnKinds<PeriodReportRow>('periodReport.column');

/** By day or month of payment. */
const periodReport: ResourceDefinition<PeriodReportRow> = {
  list: periodReportResource,
  path: REPORT,
  rowKey: (row) => Number(row.Period.replaceAll('-', '')),
  rowName: (row) => row.Period,
  columns: [
    periodColumn.text('period', (row) => row.Period, { sort: 'period' }),
    ...totalColumns<PeriodReportRow>('periodReport.column', false),
  ],
};

const orderColumn = columnKinds<CommissionOrderRow>('commissionOrders.column');

/** Orders that earned commission, each level's earner, opening the order's breakdown. */
const orderReport: ResourceDefinition<CommissionOrderRow> = {
  list: commissionOrderResource,
  path: REPORT,
  rowKey: (row) => row.OrderId,
  rowName: (row) => row.OrderNo,
  columns: [
    orderColumn.link(
      'order',
      (row) => row.OrderNo,
      (row) => `${ORDER_DETAILS}?id=${row.OrderId}`,
    ),
    orderColumn.twoLines(
      'buyer',
      (row) => row.BuyerName,
      (row) => row.BuyerMemberNo,
    ),
    orderColumn.money('paid', (row) => row.PaidFen),
    orderColumn.money('refunded', (row) => row.RefundedFen),
    orderColumn.twoLines(
      'level1',
      (row) => row.Level1Name || '—',
      (row) => (row.Level1Name ? `¥${(row.Level1Fen / 100).toFixed(2)}` : ''),
    ),
    orderColumn.twoLines(
      'level2',
      (row) => row.Level2Name || '—',
      (row) => (row.Level2Name ? `¥${(row.Level2Fen / 100).toFixed(2)}` : ''),
    ),
    orderColumn.money('pending', (row) => row.PendingFen),
    orderColumn.money('settled', (row) => row.SettledFen),
    orderColumn.money('void', (row) => row.VoidFen),
    orderColumn.time('paidAt', (row) => row.PaidAt, { sort: 'paidAt' }),
  ],
  actions: [
    {
      kind: 'link',
      id: 'details',
      label: 'commissionOrders.details',
      permission: ORDER_DETAILS,
      to: (row) => `${ORDER_DETAILS}?id=${row.OrderId}`,
    },
  ],
};

const VIEWS = ['promoters', 'periods', 'orders'] as const;

/** /distribution/settlementReport: commission by promoter, by period and by order; settle what is due. */
function SettlementReportPage() {
  const [params] = useSearchParams();
  const view = VIEWS.find((name) => name === params.get('view')) ?? 'promoters';
  const header = (
    <>
      <ViewSwitch path={REPORT} views={VIEWS} current={view} prefix="settlementReport.view" />
      <SettleNowButton />
    </>
  );
  if (view === 'periods')
    return <ResourceScreen key={view} definition={periodReport} keep={{ view }} header={header} />;
  if (view === 'orders') {
    const promoterId = params.get('promoterId');
    return (
      <ResourceScreen
        key={view}
        definition={orderReport}
        keep={{ view }}
        scope={promoterId ? { promoterId } : undefined}
        header={
          <>
            {header}
            {promoterId && (
              <Text>
                <FormattedMessage
                  id="commissionOrders.ofPromoter"
                  values={{ link: (text) => <Link to={`${REPORT}?view=orders`}>{text}</Link> }}
                />
              </Text>
            )}
          </>
        }
      />
    );
  }
  return <ResourceScreen key={view} definition={promoterReport} header={header} />;
}

export default withModuleMessages(SettlementReportPage, distributionCatalogues);
