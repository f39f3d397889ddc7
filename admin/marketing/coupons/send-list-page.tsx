import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import {
  type CouponSendRow,
  couponSendListResource,
  getCouponSendFailures,
} from '../../../contract/endpoints/coupons';
import { CouponPermission } from '../../../contract/machines/coupon';
import { withModuleMessages } from '../../../src/lib/i18n/module-messages';
import { InformationDialog } from '../../../src/lib/information-dialog';
import { endpointQuery } from '../../../src/lib/query-options';
import { columnKinds } from '../../core/column-kinds';
import type { ResourceDefinition } from '../../core/resource-definition';
import { ResourceScreen } from '../../core/resource-screen';
import { couponCatalogues } from './messages';
import { PagedTable } from './paged-table';

const PAGE_SIZE = 10;
const column = columnKinds<CouponSendRow>('couponSends.column');

/** Why the items of a send failed, member by member (or row by row of the uploaded file). */
function FailuresDialog({ rows, onClose }: { rows: CouponSendRow[]; onClose(): void }) {
  const intl = useIntl();
  const send = rows[0]!;
  const [page, setPage] = useState(1);
  const failures = useQuery(
    endpointQuery(getCouponSendFailures, { sendId: send.Id, page, pageSize: PAGE_SIZE }),
  );
  const title = intl.formatMessage({ id: 'couponSends.failuresTitle' }, { title: send.CouponTitle });
  return (
    <InformationDialog
      title={title}
      onClose={onClose}
      size="lg"
      closeLabel={intl.formatMessage({ id: 'app.close' })}
    >
      <PagedTable
        label={title}
        rows={failures.data?.Data ?? []}
        total={failures.data?.Total ?? 0}
        page={page}
        pageSize={PAGE_SIZE}
        onPage={setPage}
        rowKey={(row) => row.Id}
        empty="couponSends.noFailures"
        columns={[
          { header: 'couponSends.failure.row', cell: (row) => row.Row ?? '' },
          { header: 'couponSends.failure.member', cell: (row) => row.MemberName || row.Mobile },
          { header: 'couponSends.failure.reason', cell: (row) => row.Reason },
        ]}
      />
    </InformationDialog>
  );
}

/** /marketing/couponActivity/sendCouponList: every manual send, its progress, and why items failed. */
const sendDefinition: ResourceDefinition<CouponSendRow> = {
  list: couponSendListResource,
  path: CouponPermission.sends,
  rowKey: (row) => row.Id,
  rowName: (row) => row.CouponTitle,
  columns: [
    column.twoLines(
      'coupon',
      (row) => row.CouponTitle,
      (row) => <FormattedMessage id="couponSends.copiesEach" values={{ copies: row.Copies }} />,
    ),
    column.twoLines(
      'target',
      (row) => <FormattedMessage id={`couponSends.filter.target.${row.Target}`} />,
      (row) => row.TargetLabel,
    ),
    column.twoLines(
      'progress',
      (row) => (
        <FormattedMessage
          id="couponSends.progress"
          values={{ sent: row.Sent, failed: row.Failed, total: row.Total }}
        />
      ),
      (row) => <FormattedMessage id="couponSends.failedCount" values={{ failed: row.Failed }} />,
    ),
    column.state('state', [
      {
        state: (row) => row.State,
        label: (state) => `couponSends.state.${state}`,
        palette: { queued: 'gray', running: 'blue', done: 'green' },
      },
    ]),
    column.time('createdAt', (row) => row.CreatedAt, { sort: 'createdAt' }),
    column.text('createdBy', (row) => row.CreatedBy),
  ],
  actions: [
    {
      kind: 'command',
      id: 'failures',
      label: 'couponSends.failures',
      permission: CouponPermission.sends,
      offer: (row) => row.Failed > 0,
      dialog: FailuresDialog,
    },
  ],
  toolbar: [
    { label: 'couponSends.new', to: CouponPermission.send, permission: CouponPermission.send, primary: true },
  ],
};

function SendListPage() {
  return <ResourceScreen definition={sendDefinition} />;
}

export default withModuleMessages(SendListPage, couponCatalogues);
