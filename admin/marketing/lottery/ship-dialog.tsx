import { Field, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { type RecordRow, shipLotteryPrize } from '../../../contract/endpoints/lotteries';
import { lotteryRecordMachine, shipPrizeForm } from '../../../contract/machines/lottery';
import { CARRIERS, TRACKING_NO_PATTERN } from '../../../contract/machines/order';
import { actionLabelKey } from '../../../contract/state-machine';
import { FormDialog } from '../../../src/lib/form-dialog';
import { useResourceAction } from '../../core/use-resource-list';

/** Express carriers only: a prize is sent as a parcel, never by the shop's rider. */
const PARCEL_CARRIERS = CARRIERS.filter((carrier) => carrier !== 'self');

/** Ships a goods prize to the address the winner gave: carrier and tracking number, checked as the server checks them. */
export function ShipPrizeDialog({ rows, onClose }: { rows: RecordRow[]; onClose(): void }) {
  const intl = useIntl();
  const record = rows[0]!;
  const [carrier, setCarrier] = useState<(typeof PARCEL_CARRIERS)[number]>('SF');
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
        <Field.Root required>
          <Field.Label>
            <FormattedMessage id="lotteryRecords.carrier" />
            <Field.RequiredIndicator />
          </Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field
              value={carrier}
              onChange={(event) => setCarrier(event.target.value as typeof carrier)}
            >
              {PARCEL_CARRIERS.map((value) => (
                <option key={value} value={value}>
                  {intl.formatMessage({ id: `lotteryRecords.carrier.${value}` })}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        <Field.Root required invalid={Boolean(error)}>
          <Field.Label>
            <FormattedMessage id="lotteryRecords.trackingNo" />
            <Field.RequiredIndicator />
          </Field.Label>
          <Input
            autoFocus
            autoComplete="off"
            value={trackingNo}
            maxLength={32}
            onChange={(event) => {
              setTrackingNo(event.target.value);
              setError(undefined);
            }}
          />
          {error && <Field.ErrorText>{error}</Field.ErrorText>}
        </Field.Root>
      </Stack>
    </FormDialog>
  );
}
