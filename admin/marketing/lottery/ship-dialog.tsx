import { Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { type RecordRow, shipLotteryPrize } from '../../../contract/endpoints/lotteries';
import { lotteryRecordMachine, shipPrizeForm } from '../../../contract/machines/lottery';
import { TRACKING_NO_PATTERN } from '../../../contract/machines/order';
import { actionLabelKey } from '../../../contract/state-machine';
import { FormDialog } from '../../../src/lib/form-dialog';
import { type ParcelCarrier, ParcelFields } from '../../core/parcel-fields';
import { useResourceAction } from '../../core/use-resource-list';

/** Ships a goods prize to the address the winner gave: carrier and tracking number, checked as the server checks them. */
export function ShipPrizeDialog({ rows, onClose }: { rows: RecordRow[]; onClose(): void }) {
  const intl = useIntl();
  const record = rows[0]!;
  const [carrier, setCarrier] = useState<ParcelCarrier>('SF');
  const [trackingNo, setTrackingNo] = useState('');
  const [error, setError] = useState<string>();
  const action = useResourceAction([], shipLotteryPrize);
  return (
    <FormDialog
      title={intl.formatMessage({ id: 'lotteryRecords.shipTitle' }, { prize: record.PrizeName })}
      submitLabel={intl.formatMessage({ id: actionLabelKey(lotteryRecordMachine, 'ship') })}
      busy={action.pending}
      onClose={onClose}
      onSubmit={async () => {
        const input = { Carrier: carrier, TrackingNo: trackingNo.trim() };
        if (!shipPrizeForm.safeParse(input).success || !TRACKING_NO_PATTERN.test(input.TrackingNo)) {
          setError(intl.formatMessage({ id: 'lotteryRecords.trackingNoInvalid' }));
          return;
        }
        if (await action.run({ input: { Id: record.Id, ...input } })) onClose();
      }}
    >
      <Stack gap="4">
        <Text color="fg.muted" fontSize="sm">
          <FormattedMessage
            id="lotteryRecords.shipTo"
            values={{ name: record.ReceiverName, phone: record.ReceiverPhone, address: record.AddressText }}
          />
        </Text>
        <ParcelFields
          messages="lotteryRecords"
          carrier={carrier}
          onCarrier={setCarrier}
          trackingNo={trackingNo}
          onTrackingNo={(value) => {
            setTrackingNo(value);
            setError(undefined);
          }}
          error={error}
        />
      </Stack>
    </FormDialog>
  );
}
