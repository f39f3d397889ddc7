import { Field, Input, Text } from '@chakra-ui/react';
import { createContext, useContext, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import {
  type buyDataStock,
  type DataPackageRow,
  MAX_DATA_STOCK_PURCHASE,
} from '../../contract/endpoints/data-recharge';
import { FormDialog } from '../../src/lib/form-dialog';
import { fenToYuan } from '../../src/lib/format';
import type { usePurchase } from './use-purchase';

/**
 * The screen's purchase of stock: it outlives this dialog, which closes before the purchase
 * dialog opens, so the two never hold focus at once.
 */
export const StockPurchaseContext = createContext<ReturnType<typeof usePurchase<typeof buyDataStock>> | null>(
  null,
);

/** Buys units of a package's stock from the platform at its cost; the screen then follows the payment. */
export function BuyStockDialog({ rows, onClose }: { rows: DataPackageRow[]; onClose(): void }) {
  const intl = useIntl();
  const row = rows[0]!;
  const purchase = useContext(StockPurchaseContext)!;
  const [quantity, setQuantity] = useState('100');
  const units = Number(quantity);
  const valid = Number.isInteger(units) && units >= 1 && units <= MAX_DATA_STOCK_PURCHASE;
  return (
    <FormDialog
      title={intl.formatMessage({ id: 'dataPackages.buyTitle' }, { name: row.Code })}
      submitLabel={intl.formatMessage({ id: 'dataPackages.buy' })}
      onSubmit={() => {
        onClose();
        void purchase.buy({ PackageId: row.Id, Quantity: units });
      }}
      onClose={onClose}
      submitDisabled={!valid}
    >
      <Field.Root required invalid={!valid}>
        <Field.Label>
          <FormattedMessage id="dataPackages.field.Quantity" />
          <Field.RequiredIndicator />
        </Field.Label>
        <Input
          type="number"
          min={1}
          max={MAX_DATA_STOCK_PURCHASE}
          value={quantity}
          onChange={(event) => setQuantity(event.target.value)}
        />
        <Field.ErrorText color="red.700">
          <FormattedMessage id="dataPackages.rule.quantity" values={{ max: MAX_DATA_STOCK_PURCHASE }} />
        </Field.ErrorText>
      </Field.Root>
      {valid && (
        <Text fontSize="sm" marginTop="3">
          <FormattedMessage
            id="dataPackages.buyTotal"
            values={{ total: fenToYuan(row.CostFen * units), cost: fenToYuan(row.CostFen) }}
          />
        </Text>
      )}
    </FormDialog>
  );
}
