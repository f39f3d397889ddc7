import { Button } from '@chakra-ui/react';
import { FormattedMessage } from 'react-intl';
import { settleDueCommission } from '../../contract/endpoints/commissions';
import { DistributionPermission } from '../../contract/machines/distribution';
import { permitted } from '../../contract/state-machine';
import { useGrantedPaths, useResourceAction } from '../core/use-resource-list';

/** Settles every due commission row now, as the nightly sweep would; promoters' balances follow. */
export function SettleNowButton() {
  const granted = useGrantedPaths();
  const settle = useResourceAction([], settleDueCommission);
  if (!permitted(DistributionPermission.report, granted)) return null;
  return (
    <Button
      size="sm"
      variant="outline"
      colorPalette="brand"
      loading={settle.pending}
      onClick={() => void settle.run({ input: {}, confirmKey: 'settlementReport.confirmSettle' })}
    >
      <FormattedMessage id="settlementReport.settleNow" />
    </Button>
  );
}
