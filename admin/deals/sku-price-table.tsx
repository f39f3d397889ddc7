import { Button, Field, HStack, Input, Stack, Table, Text } from '@chakra-ui/react';
import { type Control, type UseFormReturn, useFieldArray } from 'react-hook-form';
import { FormattedMessage, useIntl } from 'react-intl';
import { fenToYuan } from '../../src/lib/format';
import { errorAt } from '../core/form-field';
import { yuanText } from './deal-form';

/** A SKU taking part in an activity, as the form edits it (its activity price typed in yuan). */
export interface SkuDraft {
  SkuId: number;
  SpecText: string;
  /** The SKU's own price now, in fen. */
  PriceFen: number;
  /** The activity price, typed in yuan. */
  Price: string;
  /** Seckill stock (seckill only), and what it was when the form was read. */
  Stock: number;
  StockWas: number;
  /** The goods' own stock of the SKU now. */
  GoodsStock: number;
  /** Saved with the activity already: it stays (a seckill SKU sold out is set to 0 stock instead). */
  Saved: boolean;
}

export interface GoodsSku {
  SkuId: number;
  SpecText: string;
  PriceFen: number;
  Stock: number;
}

/** A SKU as it joins the table: at its own price less a tenth, with no seckill stock yet. */
export function newSkuDraft(sku: GoodsSku): SkuDraft {
  return {
    SkuId: sku.SkuId,
    SpecText: sku.SpecText,
    PriceFen: sku.PriceFen,
    Price: yuanText(Math.max(1, Math.floor((sku.PriceFen * 9) / 10))),
    Stock: 0,
    StockWas: 0,
    GoodsStock: sku.Stock,
    Saved: false,
  };
}

/**
 * The SKUs of a good that take part in an activity, each with its activity price (and seckill
 * stock), and buttons adding the good's other SKUs. Field errors of the save call land on their
 * cells (`Skus.<n>.Price`, `Skus.<n>.Stock`).
 */
export function SkuPriceTable({
  form,
  skus,
  withStock,
  priceLabel,
}: {
  form: UseFormReturn<{ Skus: SkuDraft[] }>;
  /** Every SKU of the good now. */
  skus: readonly GoodsSku[];
  withStock: boolean;
  priceLabel: string;
}) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const rows = useFieldArray({ control: form.control as Control<{ Skus: SkuDraft[] }>, name: 'Skus' });
  const taken = new Set(rows.fields.map((row) => row.SkuId));
  const spec = (text: string) => text || t('deals.sku.single');
  const listError = errorAt(form.formState.errors, 'Skus');
  return (
    <Stack gap="2">
      <Table.Root size="sm" aria-label={t('deals.sku.table')}>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{t('deals.sku.spec')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t('deals.sku.listPrice')}</Table.ColumnHeader>
            <Table.ColumnHeader>{priceLabel}</Table.ColumnHeader>
            {withStock && <Table.ColumnHeader>{t('deals.sku.stock')}</Table.ColumnHeader>}
            <Table.ColumnHeader textAlign="end">{t('deals.sku.goodsStock')}</Table.ColumnHeader>
            <Table.ColumnHeader>
              <Text srOnly>{t('engine.actions')}</Text>
            </Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.fields.map((row, index) => {
            const priceError = errorAt(form.formState.errors, `Skus.${index}.Price`);
            const stockError = errorAt(form.formState.errors, `Skus.${index}.Stock`);
            const name = spec(row.SpecText);
            return (
              <Table.Row key={row.id}>
                <Table.Cell>{name}</Table.Cell>
                <Table.Cell textAlign="end">¥{fenToYuan(row.PriceFen)}</Table.Cell>
                <Table.Cell>
                  <Field.Root invalid={Boolean(priceError)}>
                    <Input
                      size="sm"
                      width="28"
                      inputMode="decimal"
                      aria-label={t('deals.sku.priceOf', { spec: name, label: priceLabel })}
                      {...form.register(`Skus.${index}.Price`)}
                    />
                    <Field.ErrorText color="red.700">{priceError}</Field.ErrorText>
                  </Field.Root>
                </Table.Cell>
                {withStock && (
                  <Table.Cell>
                    <Field.Root invalid={Boolean(stockError)}>
                      <Input
                        size="sm"
                        width="24"
                        type="number"
                        aria-label={t('deals.sku.stockOf', { spec: name })}
                        {...form.register(`Skus.${index}.Stock`, { valueAsNumber: true })}
                      />
                      <Field.ErrorText color="red.700">{stockError}</Field.ErrorText>
                    </Field.Root>
                  </Table.Cell>
                )}
                <Table.Cell textAlign="end">{row.GoodsStock}</Table.Cell>
                <Table.Cell>
                  {!row.Saved && (
                    <Button
                      size="xs"
                      variant="ghost"
                      colorPalette="red"
                      aria-label={t('deals.sku.remove', { spec: name })}
                      onClick={() => rows.remove(index)}
                    >
                      <FormattedMessage id="deals.sku.removeShort" />
                    </Button>
                  )}
                </Table.Cell>
              </Table.Row>
            );
          })}
        </Table.Body>
      </Table.Root>
      {listError && (
        <Text color="red.700" fontSize="sm">
          {listError}
        </Text>
      )}
      <HStack gap="2" wrap="wrap">
        {skus
          .filter((sku) => !taken.has(sku.SkuId))
          .map((sku) => (
            <Button key={sku.SkuId} size="xs" variant="outline" onClick={() => rows.append(newSkuDraft(sku))}>
              <FormattedMessage id="deals.sku.add" values={{ spec: spec(sku.SpecText) }} />
            </Button>
          ))}
      </HStack>
    </Stack>
  );
}
