import { FormattedMessage } from 'react-intl';
import { type PointsLedgerRow, pointsLedgerResource } from '../../../contract/endpoints/points';
import { PointsPermission } from '../../../contract/machines/points-exchange';
import { columnKinds } from '../../core/column-kinds';
import type { ResourceDefinition } from '../../core/resource-definition';

const entry = columnKinds<PointsLedgerRow>('pointsLedger.column');

/** Points ledger rows, across members (the inquiry) or of one (the details, `path` its route). */
export function ledgerDefinition(path: string, withMember: boolean): ResourceDefinition<PointsLedgerRow> {
  return {
    list: pointsLedgerResource,
    path,
    rowKey: (row) => row.Id,
    rowName: (row) => `${row.MemberNo} ${row.CreatedAt}`,
    columns: [
      entry.time('createdAt', (row) => row.CreatedAt, { sort: 'createdAt' }),
      ...(withMember
        ? [
            entry.link(
              'member',
              (row) => `${row.Nickname || row.MemberNo} (${row.MemberNo})`,
              (row) => `${PointsPermission.details}?id=${row.MemberId}`,
            ),
          ]
        : []),
      entry.text('delta', (row) => (row.Delta > 0 ? `+${row.Delta}` : String(row.Delta))),
      entry.number('after', (row) => row.After),
      entry.state('flow', [
        {
          state: (row) => row.Flow,
          label: (flow) => `pointsLedger.tab.${flow}`,
          palette: { issued: 'green', used: 'blue', returned: 'brand', expired: 'gray' },
        },
      ]),
      entry.text('reason', (row) => <FormattedMessage id={`pointsLedger.filter.reason.${row.Reason}`} />),
      entry.twoLines(
        'reference',
        (row) => row.OrderNo || row.Note,
        (row) => (row.OrderNo ? row.Note : ''),
      ),
      entry.text('actor', (row) => row.ActorName),
    ],
  };
}
