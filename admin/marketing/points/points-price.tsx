import { FormattedMessage } from 'react-intl';
import { fenToYuan } from '../../../src/lib/format';

/** Points and the cash part of one unit, as the buyer reads the price. */
export function PointsPrice({ points, priceFen }: { points: number; priceFen: number }) {
  return priceFen > 0 ? (
    <FormattedMessage id="points.pricePlusCash" values={{ points, cash: fenToYuan(priceFen) }} />
  ) : (
    <FormattedMessage id="points.priceOnly" values={{ points }} />
  );
}
