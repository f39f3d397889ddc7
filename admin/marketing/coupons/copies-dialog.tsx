import { Button, Field, NativeSelect, Stack } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import {
  COPY_TABS,
  type CouponRow,
  getCouponCopies,
  type MemberCouponRow,
  revokeMemberCoupon,
} from '../../../contract/endpoints/coupons';
import { memberCouponMachine, REVOKE_REASON_MAX } from '../../../contract/machines/coupon';
import { actionLabelKey, legalActions } from '../../../contract/state-machine';
import { useEnumLabels } from '../../../src/lib/enum-values';
import { InformationDialog } from '../../../src/lib/information-dialog';
import { endpointQuery } from '../../../src/lib/query-options';
import { ReasonDialog } from '../../core/reason-dialog';
import { useGrantedPaths, useResourceAction } from '../../core/use-resource-list';
import { PagedTable } from './paged-table';

const PAGE_SIZE = 10;

/** The revoke action's form: the reason the member reads. */
function RevokeDialog({ copy, onClose }: { copy: MemberCouponRow; onClose(): void }) {
  const intl = useIntl();
  const action = useResourceAction([], revokeMemberCoupon);
  return (
    <ReasonDialog
      title={intl.formatMessage({ id: 'coupons.copies.revokeTitle' }, { member: copy.MemberName })}
      label={intl.formatMessage({ id: 'coupons.copies.reason' })}
      required={intl.formatMessage({ id: 'coupons.copies.reasonRequired' })}
      max={REVOKE_REASON_MAX}
      submitLabel={intl.formatMessage({ id: actionLabelKey(memberCouponMachine, 'revoke') })}
      destructive
      onClose={onClose}
      onSubmit={(Reason) => action.run({ input: { Id: copy.Id, Reason, Version: copy.Version } })}
    />
  );
}

/** Who holds copies of a coupon and in what state; an unused copy no order holds can be revoked. */
export function CopiesDialog({ rows, onClose }: { rows: CouponRow[]; onClose(): void }) {
  const intl = useIntl();
  const coupon = rows[0]!;
  const granted = useGrantedPaths();
  const [state, setState] = useState<(typeof COPY_TABS)[number]>('all');
  const [page, setPage] = useState(1);
  const [revoking, setRevoking] = useState<MemberCouponRow | null>(null);
  const states = useEnumLabels(memberCouponMachine.id);
  const copies = useQuery(
    endpointQuery(getCouponCopies, { couponId: coupon.Id, state, page, pageSize: PAGE_SIZE }),
  );
  if (revoking) return <RevokeDialog copy={revoking} onClose={() => setRevoking(null)} />;
  const title = intl.formatMessage({ id: 'coupons.copies.title' }, { title: coupon.Title });
  return (
    <InformationDialog
      title={title}
      onClose={onClose}
      size="xl"
      closeLabel={intl.formatMessage({ id: 'app.close' })}
    >
      <Stack gap="3">
        <Field.Root maxWidth="xs">
          <Field.Label>
            <FormattedMessage id="coupons.copies.state" />
          </Field.Label>
          <NativeSelect.Root size="sm">
            <NativeSelect.Field
              value={state}
              onChange={(event) => {
                setState(event.target.value as (typeof COPY_TABS)[number]);
                setPage(1);
              }}
            >
              {COPY_TABS.map((tab) => (
                <option key={tab} value={tab}>
                  {intl.formatMessage(
                    { id: 'coupons.copies.tab' },
                    {
                      name: tab === 'all' ? intl.formatMessage({ id: 'coupons.tab.all' }) : states.label(tab),
                      count: copies.data?.Counts[tab] ?? 0,
                    },
                  )}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        <PagedTable<MemberCouponRow>
          label={title}
          rows={copies.data?.Data ?? []}
          total={copies.data?.Total ?? 0}
          page={page}
          pageSize={PAGE_SIZE}
          onPage={setPage}
          rowKey={(row) => row.Id}
          empty="coupons.copies.none"
          columns={[
            { header: 'coupons.copies.member', cell: (row) => `${row.MemberName} ${row.Mobile}` },
            {
              header: 'coupons.copies.source',
              cell: (row) => <FormattedMessage id={`coupons.source.${row.Source}`} />,
            },
            {
              header: 'coupons.copies.stateColumn',
              cell: (row) => states.label(row.State),
            },
            { header: 'coupons.copies.validUntil', cell: (row) => row.ValidUntil.slice(0, 10) },
            { header: 'coupons.copies.order', cell: (row) => row.OrderNo || row.EndReason },
            {
              header: 'coupons.copies.actions',
              cell: (row) =>
                legalActions(memberCouponMachine, row.State, granted).some(
                  (action) => action.name === 'revoke',
                ) && !row.OrderNo ? (
                  <Button
                    size="xs"
                    variant="ghost"
                    colorPalette="red"
                    aria-label={intl.formatMessage(
                      { id: 'coupons.copies.revokeNamed' },
                      { member: row.MemberName },
                    )}
                    onClick={() => setRevoking(row)}
                  >
                    <FormattedMessage id={actionLabelKey(memberCouponMachine, 'revoke')} />
                  </Button>
                ) : null,
            },
          ]}
        />
      </Stack>
    </InformationDialog>
  );
}
