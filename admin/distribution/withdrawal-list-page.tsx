import { FormattedMessage } from 'react-intl';
import {
  approveWithdrawals,
  payWithdrawals,
  retryWithdrawal,
  type WithdrawalRow,
  withdrawalListResource,
} from '../../contract/endpoints/withdrawals';
import {
  DistributionPermission,
  MANUAL_PAYOUT_CHANNELS,
  withdrawalMachine,
} from '../../contract/machines/distribution';
import { withModuleMessages } from '../../src/lib/i18n/module-messages';
import { columnKinds, machineBadge } from '../core/column-kinds';
import type { ResourceDefinition } from '../core/resource-definition';
import { ResourceScreen } from '../core/resource-screen';
import { distributionCatalogues } from './messages';
import { MarkFailedDialog, MarkPaidDialog, RejectWithdrawalDialog } from './withdrawal-dialogs';

const column = columnKinds<WithdrawalRow>('withdrawals.column');
const BULK_ACTIONS: readonly string[] = ['approve', 'pay'];

export const WITHDRAWAL_PALETTE = {
  applied: 'orange',
  approved: 'blue',
  paying: 'brand',
  paid: 'green',
  failed: 'red',
  rejected: 'gray',
} as const;

/** /distribution/withdrawList: promoters' withdrawals by state; approve, pay, finish bank payouts, reject. */
const withdrawalDefinition: ResourceDefinition<WithdrawalRow> = {
  list: withdrawalListResource,
  path: DistributionPermission.withdrawals,
  rowKey: (row) => row.Id,
  rowName: (row) => row.WithdrawalNo,
  columns: [
    column.twoLines(
      'number',
      (row) => row.WithdrawalNo,
      (row) => row.PayoutNo,
    ),
    column.twoLines(
      'promoter',
      (row) => row.Nickname || row.MemberNo,
      (row) => row.Mobile || row.MemberNo,
    ),
    column.money('amount', (row) => row.AmountFen),
    column.money('fee', (row) => row.FeeFen),
    column.money('payout', (row) => row.PayoutFen),
    column.twoLines(
      'channel',
      (row) => <FormattedMessage id={`withdrawals.filter.channel.${row.Channel}`} />,
      (row) => row.Account,
    ),
    column.state('state', [machineBadge(withdrawalMachine, (row) => row.State, WITHDRAWAL_PALETTE)]),
    column.text('reason', (row) => row.Reason),
    column.time('appliedAt', (row) => row.AppliedAt, { sort: 'appliedAt' }),
    column.time('paidAt', (row) => row.PaidAt),
  ],
  actions: [
    // Approving and paying go by the selection too; the rest ask about one withdrawal.
    {
      kind: 'machine',
      machine: withdrawalMachine,
      state: (row) => row.State,
      call: (action, ids) => ({
        endpoint: action.name === 'approve' ? approveWithdrawals : payWithdrawals,
        input: { Ids: ids },
      }),
      offer: (action) => BULK_ACTIONS.includes(action.name),
    },
    {
      kind: 'machine',
      machine: withdrawalMachine,
      state: (row) => row.State,
      call: (action, ids) =>
        action.name === 'retry' ? { endpoint: retryWithdrawal, input: { Id: ids[0] } } : null,
      // Only a bank payout waits for the operator; the system answers the others.
      offer: (action, row) =>
        !BULK_ACTIONS.includes(action.name) &&
        ((action.name !== 'markPaid' && action.name !== 'markFailed') ||
          MANUAL_PAYOUT_CHANNELS.includes(row.Channel)),
      dialogs: {
        rejectWithdrawalForm: RejectWithdrawalDialog,
        markPaidForm: MarkPaidDialog,
        markFailedForm: MarkFailedDialog,
      },
      bulk: false,
    },
  ],
};

function WithdrawalListPage() {
  return <ResourceScreen definition={withdrawalDefinition} />;
}

export default withModuleMessages(WithdrawalListPage, distributionCatalogues);
