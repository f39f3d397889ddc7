import { Field, Input, NativeSelect } from '@chakra-ui/react';
import { FormattedMessage } from 'react-intl';
import { CARRIERS } from '../../contract/machines/order';
import { useEnumLabels } from '../../src/lib/enum-values';

/** Express carriers only: a parcel is never sent by the shop's own rider. */
export const PARCEL_CARRIERS = CARRIERS.filter((carrier) => carrier !== 'self');
export type ParcelCarrier = (typeof PARCEL_CARRIERS)[number];

/**
 * The carrier and tracking-number fields of every "ship a parcel" dialog. The fields' labels come
 * from the calling module's catalogue under `<messages>.carrier` and `<messages>.trackingNo`, the
 * carriers' names from GetEnumForType.
 */
export function ParcelFields({
  messages,
  carrier,
  onCarrier,
  trackingNo,
  onTrackingNo,
  error,
}: {
  messages: string;
  carrier: ParcelCarrier;
  onCarrier(carrier: ParcelCarrier): void;
  trackingNo: string;
  onTrackingNo(trackingNo: string): void;
  error: string | undefined;
}) {
  const carriers = useEnumLabels('carrier');
  return (
    <>
      <Field.Root required>
        <Field.Label>
          <FormattedMessage id={`${messages}.carrier`} />
          <Field.RequiredIndicator />
        </Field.Label>
        <NativeSelect.Root>
          <NativeSelect.Field
            value={carrier}
            onChange={(event) => onCarrier(event.target.value as ParcelCarrier)}
          >
            {PARCEL_CARRIERS.map((value) => (
              <option key={value} value={value}>
                {carriers.label(value)}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
      <Field.Root required invalid={Boolean(error)}>
        <Field.Label>
          <FormattedMessage id={`${messages}.trackingNo`} />
          <Field.RequiredIndicator />
        </Field.Label>
        <Input
          autoFocus
          autoComplete="off"
          value={trackingNo}
          maxLength={32}
          onChange={(event) => onTrackingNo(event.target.value)}
        />
        {error && <Field.ErrorText>{error}</Field.ErrorText>}
      </Field.Root>
    </>
  );
}
