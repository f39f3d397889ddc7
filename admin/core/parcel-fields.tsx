import { Field, Input, NativeSelect, Stack } from '@chakra-ui/react';
import { type ReactNode, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { z } from 'zod';
import { CARRIERS, TRACKING_NO_PATTERN } from '../../contract/machines/order';
import { useEnumLabels } from '../../src/lib/enum-values';
import { FormDialog } from '../../src/lib/form-dialog';

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

export interface Parcel {
  Carrier: ParcelCarrier;
  TrackingNo: string;
}

/**
 * Ships one parcel: carrier and tracking number, checked as the server checks them (`schema`, the
 * machine's form) before `onSubmit` sends them; a refused number says `<messages>.trackingNoInvalid`.
 * `children` come above the fields (where the parcel goes). Closes once `onSubmit` succeeds.
 */
export function ParcelDialog({
  title,
  submitLabel,
  messages,
  schema,
  busy,
  onSubmit,
  onClose,
  children,
}: {
  title: string;
  submitLabel: string;
  messages: string;
  schema: z.ZodType;
  busy: boolean;
  onSubmit(parcel: Parcel): Promise<boolean>;
  onClose(): void;
  children?: ReactNode;
}) {
  const intl = useIntl();
  const [carrier, setCarrier] = useState<ParcelCarrier>('SF');
  const [trackingNo, setTrackingNo] = useState('');
  const [error, setError] = useState<string>();
  return (
    <FormDialog
      title={title}
      submitLabel={submitLabel}
      busy={busy}
      onClose={onClose}
      onSubmit={async () => {
        const parcel = { Carrier: carrier, TrackingNo: trackingNo.trim() };
        if (!schema.safeParse(parcel).success || !TRACKING_NO_PATTERN.test(parcel.TrackingNo)) {
          setError(intl.formatMessage({ id: `${messages}.trackingNoInvalid` }));
          return;
        }
        if (await onSubmit(parcel)) onClose();
      }}
    >
      <Stack gap="4">
        {children}
        <ParcelFields
          messages={messages}
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
