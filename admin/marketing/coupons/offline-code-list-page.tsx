import { Button, HStack } from '@chakra-ui/react';
import { FormattedMessage } from 'react-intl';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { groupCouponCode } from '../../../contract/coupon-code';
import {
  getOfflineBatches,
  type OfflineCodeRow,
  offlineCodeListResource,
  voidOfflineCodes,
} from '../../../contract/endpoints/coupons';
import { CouponPermission, offlineCodeMachine } from '../../../contract/machines/coupon';
import { withModuleMessages } from '../../../src/lib/i18n/module-messages';
import { columnKinds, enumBadge } from '../../core/column-kinds';
import { optionsFrom, type ResourceDefinition } from '../../core/resource-definition';
import { ResourceScreen } from '../../core/resource-screen';
import { recordId } from '../../core/use-record';
import { couponCatalogues } from './messages';

const column = columnKinds<OfflineCodeRow>('offlineCodes.column');

function codeDefinition(couponId: number): ResourceDefinition<OfflineCodeRow> {
  return {
    list: offlineCodeListResource,
    path: CouponPermission.codes,
    rowKey: (row) => row.Id,
    rowName: (row) => groupCouponCode(row.Code),
    actionNamed: 'offlineCodes.actionNamed',
    options: {
      batch: optionsFrom(getOfflineBatches, { couponId }, (data) =>
        data.Data.map((batch) => ({
          value: String(batch.Id),
          label: batch.Note ? `#${batch.Id} ${batch.Note}` : `#${batch.Id}`,
        })),
      ),
    },
    columns: [
      column.twoLines(
        'code',
        (row) => groupCouponCode(row.Code),
        (row) => row.QrPayload,
      ),
      column.text('batch', (row) => `#${row.BatchId}`),
      column.state('state', [
        enumBadge(offlineCodeMachine, (row) => row.State, {
          unused: 'blue',
          used: 'green',
          expired: 'gray',
          voided: 'orange',
        }),
      ]),
      column.twoLines(
        'validity',
        (row) => row.ValidUntil.slice(0, 10),
        (row) =>
          row.UsedAt ? (
            <FormattedMessage id="offlineCodes.usedAt" values={{ store: row.UsedStoreTitle }} />
          ) : null,
      ),
      column.time('createdAt', (row) => row.CreatedAt, { sort: 'createdAt' }),
    ],
    actions: [
      {
        kind: 'machine',
        machine: offlineCodeMachine,
        state: (row) => row.State,
        // Writing off needs the store and the card at the counter: the write-off screen does it.
        offer: (action) => action.name === 'void',
        call: (_, Ids) => ({ endpoint: voidOfflineCodes, input: { Ids } }),
      },
    ],
  };
}

/** /marketing/couponActivity/underLineCouponList: the codes of an offline coupon (`?couponId=`), by state and batch. */
function OfflineCodeListPage() {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const couponId = recordId(search, 'couponId');
  if (couponId === null)
    return (
      <HStack padding="5" role="alert">
        <FormattedMessage id="engine.record.missingId" />
      </HStack>
    );
  return (
    <ResourceScreen definition={codeDefinition(couponId)} scope={{ couponId: String(couponId) }}>
      <HStack>
        <Button size="sm" variant="outline" onClick={() => navigate(CouponPermission.offline)}>
          <FormattedMessage id="offlineCodes.backToCoupons" />
        </Button>
        <Button
          size="sm"
          variant="outline"
          onClick={() => navigate(`${CouponPermission.build}?id=${couponId}`)}
        >
          <FormattedMessage id="offlineCoupons.build" />
        </Button>
      </HStack>
    </ResourceScreen>
  );
}

export default withModuleMessages(OfflineCodeListPage, couponCatalogues);
