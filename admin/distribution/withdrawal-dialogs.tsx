import { Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import {
  markWithdrawalFailed,
  markWithdrawalPaid,
  rejectWithdrawal,
  type WithdrawalRow,
} from '../../contract/endpoints/withdrawals';
import { withdrawalMachine } from '../../contract/machines/distribution';
import { REASON_MAX } from '../../contract/machines/order';
import { actionLabelKey } from '../../contract/state-machine';
import { FormDialog } from '../../src/lib/form-dialog';
import { fenToYuan } from '../../src/lib/format';
import { ImageField } from '../../src/lib/image-library/image-field';
import { ReasonDialog } from '../core/reason-dialog';
import { useResourceAction } from '../core/use-resource-list';

interface DialogProps {
  rows: WithdrawalRow[];
  onClose(): void;
}

/** A reason dialog for one withdrawal: rejecting it, or saying why the bank sent it back. */
function WithdrawalReasonDialog({
  rows,
  onClose,
  action,
}: DialogProps & { action: 'reject' | 'markFailed' }) {
  const intl = useIntl();
  const withdrawal = rows[0]!;
  const call = useResourceAction([], action === 'reject' ? rejectWithdrawal : markWithdrawalFailed);
  return (
    <ReasonDialog
      title={intl.formatMessage(
        { id: `withdrawals.${action}Title` },
        { number: withdrawal.WithdrawalNo, amount: fenToYuan(withdrawal.AmountFen) },
      )}
      label={intl.formatMessage({ id: 'withdrawals.reason' })}
      help={intl.formatMessage({ id: 'withdrawals.reasonHelp' })}
      required={intl.formatMessage({ id: 'withdrawals.reasonRequired' })}
      max={REASON_MAX}
      submitLabel={intl.formatMessage({ id: actionLabelKey(withdrawalMachine, action) })}
      destructive
      onClose={onClose}
      onSubmit={(Reason) => call.run({ input: { Id: withdrawal.Id, Reason } })}
    />
  );
}

export function RejectWithdrawalDialog(props: DialogProps) {
  return <WithdrawalReasonDialog {...props} action="reject" />;
}

export function MarkFailedDialog(props: DialogProps) {
  return <WithdrawalReasonDialog {...props} action="markFailed" />;
}

/** Marks a bank payout paid with the bank's voucher, an image of the shop's library. */
export function MarkPaidDialog({ rows, onClose }: DialogProps) {
  const intl = useIntl();
  const withdrawal = rows[0]!;
  const [voucher, setVoucher] = useState('');
  const [error, setError] = useState(false);
  const call = useResourceAction([], markWithdrawalPaid);
  return (
    <FormDialog
      title={intl.formatMessage({ id: 'withdrawals.markPaidTitle' }, { number: withdrawal.WithdrawalNo })}
      submitLabel={intl.formatMessage({ id: actionLabelKey(withdrawalMachine, 'markPaid') })}
      busy={call.pending}
      onClose={onClose}
      onSubmit={async () => {
        if (!voucher) {
          setError(true);
          return;
        }
        if (await call.run({ input: { Id: withdrawal.Id, Voucher: voucher } })) onClose();
      }}
    >
      <Stack gap="3">
        <Text>
          <FormattedMessage
            id="withdrawals.markPaidHelp"
            values={{ amount: fenToYuan(withdrawal.PayoutFen), account: withdrawal.Account }}
          />
        </Text>
        <ImageField
          label={intl.formatMessage({ id: 'withdrawals.voucher' })}
          value={voucher}
          onChange={(url) => {
            setVoucher(url);
            setError(false);
          }}
        />
        {error && (
          <Text color="fg.error" role="alert">
            <FormattedMessage id="withdrawals.voucherRequired" />
          </Text>
        )}
      </Stack>
    </FormDialog>
  );
}
