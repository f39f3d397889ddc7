import { Button, Field, Input, Stack, Text } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate } from 'react-router-dom';
import { buildOfflineCodes, getCouponInfo, MAX_BATCH_CODES } from '../../../contract/endpoints/coupons';
import { CouponPermission } from '../../../contract/machines/coupon';
import { callEndpoint } from '../../../src/lib/http';
import { withModuleMessages } from '../../../src/lib/i18n/module-messages';
import { showToast } from '../../../src/lib/notify';
import { invalidateAreas } from '../../../src/lib/query-options';
import { serverFieldErrors } from '../../core/form-errors';
import { FormSection } from '../../core/form-field';
import { PageHeading, RecordView } from '../../core/record-view';
import { useRecord } from '../../core/use-record';
import { CouponValue } from './coupon-text';
import { couponCatalogues } from './messages';

/** /marketing/couponActivity/underLineBuild: a batch of codes for an offline coupon (`?id=`). */
function OfflineBuildPage() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const navigate = useNavigate();
  const client = useQueryClient();
  const record = useRecord(getCouponInfo);
  const [quantity, setQuantity] = useState('100');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<{ quantity?: string; note?: string }>({});
  const [busy, setBusy] = useState(false);
  const build = async (couponId: number) => {
    const count = Number(quantity);
    if (!Number.isInteger(count) || count < 1 || count > MAX_BATCH_CODES) {
      setErrors({ quantity: t('offlineCodes.build.quantityRange', { max: MAX_BATCH_CODES }) });
      return;
    }
    setBusy(true);
    try {
      const built = await callEndpoint(buildOfflineCodes, {
        CouponId: couponId,
        Quantity: count,
        Note: note,
      });
      showToast('success', t('offlineCodes.build.done', { count: built.Count }));
      await invalidateAreas(client, buildOfflineCodes);
      navigate(`${CouponPermission.codes}?couponId=${couponId}&batchId=${built.BatchId}`);
    } catch (failure) {
      const fields = serverFieldErrors(failure);
      setErrors({ quantity: fields.Quantity ?? fields.CouponId, note: fields.Note });
    } finally {
      setBusy(false);
    }
  };
  return (
    <RecordView record={record}>
      {({ Data: coupon }) => (
        <form
          aria-label={t('offlineCodes.build.title', { title: coupon.Title })}
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void build(coupon.Id);
          }}
        >
          <Stack gap="4" padding="5">
            <PageHeading>
              <Button variant="outline" onClick={() => navigate(CouponPermission.offline)}>
                <FormattedMessage id="offlineCodes.backToCoupons" />
              </Button>
              <Button type="submit" colorPalette="brand" loading={busy}>
                <FormattedMessage id="offlineCodes.build.submit" />
              </Button>
            </PageHeading>
            <FormSection title={t('offlineCodes.build.title', { title: coupon.Title })}>
              <Text>
                <CouponValue
                  kind={coupon.Kind}
                  value={coupon.Value}
                  capFen={coupon.CapFen}
                  thresholdFen={coupon.ThresholdFen}
                />
              </Text>
              <Text color="fg.muted" fontSize="sm">
                {coupon.TotalQuantity === null ? (
                  <FormattedMessage id="offlineCodes.build.unlimited" values={{ issued: coupon.Issued }} />
                ) : (
                  <FormattedMessage
                    id="offlineCodes.build.left"
                    values={{ issued: coupon.Issued, left: coupon.TotalQuantity - coupon.Issued }}
                  />
                )}
              </Text>
              <Field.Root required invalid={Boolean(errors.quantity)} maxWidth="xs">
                <Field.Label>
                  <FormattedMessage id="offlineCodes.build.quantity" />
                  <Field.RequiredIndicator />
                </Field.Label>
                <Input
                  type="number"
                  min={1}
                  max={MAX_BATCH_CODES}
                  value={quantity}
                  onChange={(event) => setQuantity(event.target.value)}
                />
                {errors.quantity ? (
                  <Field.ErrorText color="red.700">{errors.quantity}</Field.ErrorText>
                ) : (
                  <Field.HelperText>
                    <FormattedMessage
                      id="offlineCodes.build.quantityHelp"
                      values={{ max: MAX_BATCH_CODES }}
                    />
                  </Field.HelperText>
                )}
              </Field.Root>
              <Field.Root invalid={Boolean(errors.note)} maxWidth="md">
                <Field.Label>
                  <FormattedMessage id="offlineCodes.build.note" />
                </Field.Label>
                <Input maxLength={50} value={note} onChange={(event) => setNote(event.target.value)} />
                <Field.ErrorText color="red.700">{errors.note}</Field.ErrorText>
              </Field.Root>
            </FormSection>
          </Stack>
        </form>
      )}
    </RecordView>
  );
}

export default withModuleMessages(OfflineBuildPage, couponCatalogues);
