import { Text } from '@chakra-ui/react';
import { FormattedMessage, useIntl } from 'react-intl';
import { type RecordRow, shipLotteryPrize } from '../../../contract/endpoints/lotteries';
import { lotteryRecordMachine, shipPrizeForm } from '../../../contract/machines/lottery';
import { actionLabelKey } from '../../../contract/state-machine';
import { ParcelDialog } from '../../core/parcel-fields';
import { useResourceAction } from '../../core/use-resource-list';

/** Ships a goods prize to the address the winner gave. */
export function ShipPrizeDialog({ rows, onClose }: { rows: RecordRow[]; onClose(): void }) {
  const intl = useIntl();
  const record = rows[0]!;
  const action = useResourceAction([], shipLotteryPrize);
  return (
    <ParcelDialog
      title={intl.formatMessage({ id: 'lotteryRecords.shipTitle' }, { prize: record.PrizeName })}
      submitLabel={intl.formatMessage({ id: actionLabelKey(lotteryRecordMachine, 'ship') })}
      messages="lotteryRecords"
      schema={shipPrizeForm}
      busy={action.pending}
      onSubmit={(parcel) => action.run({ input: { Id: record.Id, ...parcel } })}
      onClose={onClose}
    >
      <Text color="fg.muted" fontSize="sm">
        <FormattedMessage
          id="lotteryRecords.shipTo"
          values={{ name: record.ReceiverName, phone: record.ReceiverPhone, address: record.AddressText }}
        />
      </Text>
    </ParcelDialog>
  );
}
