import {
  Alert,
  Box,
  Button,
  Field,
  Flex,
  HStack,
  IconButton,
  Input,
  NativeSelect,
  Stack,
  Table,
  Text,
} from '@chakra-ui/react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { changeStock } from '../../../contract/endpoints/goods';
import { addOfflineOrder, getCounterSkus } from '../../../contract/endpoints/orders';
import type { OfflinePaymentMethod } from '../../../contract/endpoints/payment';
import { REMARK_MAX } from '../../../contract/machines/order';
import { EnumLabel } from '../../../src/lib/enum-values';
import { FormDialog } from '../../../src/lib/form-dialog';
import { callEndpoint } from '../../../src/lib/http';
import { endpointQuery, invalidateAreas } from '../../../src/lib/query-options';
import { serverFieldErrors } from '../../core/form-errors';
import { yuanToFen } from '../../core/list-state';
import { PrintReceiptButton } from '../receipts/print-receipt-button';
import { formatFen } from '../settings-and-offline/money';
import { StoreOptions } from '../settings-and-offline/store-options';
import { useOfflineMethods } from '../settings-and-offline/use-offline-methods';
import { useOrderStores } from '../settings-and-offline/use-order-stores';
import {
  addToCart,
  type CartLine,
  maxQuantity,
  removeFromCart,
  setQuantity,
  walkInTotals,
} from './walk-in-cart';

interface Placed {
  Id: number;
  OrderNo: string;
  TotalFen: number;
  paid: boolean;
  /** What the counter had worked out before sending. */
  expectedFen: number;
}

function SkuPicker({ cart, onAdd }: { cart: CartLine[]; onAdd(line: Omit<CartLine, 'Quantity'>): void }) {
  const intl = useIntl();
  const [draft, setDraft] = useState('');
  const [keyword, setKeyword] = useState('');
  const skus = useQuery({
    ...endpointQuery(getCounterSkus, { page: 1, pageSize: 8, ...(keyword ? { keyword } : {}) }),
    placeholderData: keepPreviousData,
  });
  const search = () => setKeyword(draft.trim());
  return (
    <Stack gap="2">
      <HStack align="end">
        <Field.Root flex="1">
          <Field.Label>
            <FormattedMessage id="orders.walkIn.searchGoods" />
          </Field.Label>
          <Input
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            onKeyDown={(event) => {
              // Enter searches instead of submitting the order.
              if (event.key === 'Enter') {
                event.preventDefault();
                search();
              }
            }}
          />
        </Field.Root>
        <Button variant="outline" onClick={search}>
          <FormattedMessage id="engine.search" />
        </Button>
      </HStack>
      <Box maxHeight="56" overflowY="auto" borderWidth="1px" borderRadius="md">
        <Table.Root size="sm" aria-label={intl.formatMessage({ id: 'orders.walkIn.skuResults' })}>
          <Table.Body>
            {(skus.data?.Data ?? []).map((sku) => {
              const inCart = cart.find((line) => line.SkuId === sku.SkuId)?.Quantity ?? 0;
              const label = sku.SpecText ? `${sku.Name} ${sku.SpecText}` : sku.Name;
              return (
                <Table.Row key={sku.SkuId}>
                  <Table.Cell>
                    <Text fontWeight="medium">{sku.Name}</Text>
                    <Text fontSize="xs" color="fg.muted">
                      {[sku.SpecText, sku.Code].filter(Boolean).join(' · ')}
                    </Text>
                  </Table.Cell>
                  <Table.Cell textAlign="end">{formatFen(sku.PriceFen)}</Table.Cell>
                  <Table.Cell textAlign="end" whiteSpace="nowrap">
                    <FormattedMessage id="orders.walkIn.stock" values={{ stock: sku.Stock }} />
                  </Table.Cell>
                  <Table.Cell textAlign="end">
                    <Button
                      size="xs"
                      variant="outline"
                      colorPalette="brand"
                      disabled={inCart >= maxQuantity(sku)}
                      aria-label={intl.formatMessage({ id: 'orders.walkIn.addNamed' }, { name: label })}
                      onClick={() => onAdd(sku)}
                    >
                      <FormattedMessage id="orders.walkIn.add" />
                    </Button>
                  </Table.Cell>
                </Table.Row>
              );
            })}
          </Table.Body>
        </Table.Root>
        {skus.isSuccess && skus.data.Data.length === 0 && (
          <Text padding="3" color="fg.muted" fontSize="sm">
            <FormattedMessage id="orders.walkIn.noSkus" />
          </Text>
        )}
      </Box>
    </Stack>
  );
}

/** Takes a walk-in order at the counter: goods, quantities, discount, payment; then its receipt. */
export function CreateWalkInDialog({ onClose }: { onClose(): void }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const client = useQueryClient();
  const [cart, setCart] = useState<CartLine[]>([]);
  const [discount, setDiscount] = useState('');
  const [buyerName, setBuyerName] = useState('');
  const [buyerPhone, setBuyerPhone] = useState('');
  const methods = useOfflineMethods();
  const [chosenPayment, setPayment] = useState<'' | OfflinePaymentMethod | null>(null);
  // Until the operator picks, the first method the shop takes (or "not paid yet" when it takes none).
  const payment = chosenPayment ?? methods?.[0] ?? '';
  const [remark, setRemark] = useState('');
  const stores = useOrderStores();
  const [storeId, setStoreId] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [placed, setPlaced] = useState<Placed | null>(null);
  const discountFen = discount.trim() === '' ? 0 : yuanToFen(discount);
  const totals = walkInTotals(cart, discountFen);

  const submit = async () => {
    if (totals.problem) return;
    setBusy(true);
    setErrors({});
    try {
      const response = await callEndpoint(addOfflineOrder, {
        Buyer: { Name: buyerName.trim(), Phone: buyerPhone.trim() },
        Lines: cart.map((line) => ({ SkuId: line.SkuId, Quantity: line.Quantity })),
        DiscountFen: totals.discountFen,
        ...(payment ? { PaymentMethod: payment } : {}),
        Remark: remark.trim(),
        ...(storeId ? { StoreId: Number(storeId) } : {}),
      });
      setPlaced({
        Id: response.Id,
        OrderNo: response.OrderNo,
        TotalFen: response.TotalFen,
        paid: response.State === 'completed',
        expectedFen: totals.totalFen,
      });
      // Every order list and report, and the stock the order took, which goods screens show.
      await invalidateAreas(client, addOfflineOrder, changeStock);
    } catch (failure) {
      setErrors(serverFieldErrors(failure));
    } finally {
      setBusy(false);
    }
  };

  if (placed)
    return (
      <FormDialog
        title={t('orders.walkIn.createdTitle')}
        submitLabel={t('orders.walkIn.done')}
        onSubmit={onClose}
        onClose={onClose}
      >
        <Stack gap="3">
          <Text>
            <FormattedMessage
              id={placed.paid ? 'orders.walkIn.createdPaid' : 'orders.walkIn.createdUnpaid'}
              values={{ orderNo: placed.OrderNo, total: formatFen(placed.TotalFen) }}
            />
          </Text>
          {placed.TotalFen !== placed.expectedFen && (
            <Alert.Root status="warning">
              <Alert.Indicator />
              <Alert.Title>
                <FormattedMessage
                  id="orders.walkIn.totalChanged"
                  values={{ expected: formatFen(placed.expectedFen), total: formatFen(placed.TotalFen) }}
                />
              </Alert.Title>
            </Alert.Root>
          )}
          <Box>
            <PrintReceiptButton id={placed.Id} orderNo={placed.OrderNo} />
          </Box>
        </Stack>
      </FormDialog>
    );

  return (
    <FormDialog
      title={t('orders.walkIn.createTitle')}
      submitLabel={t(payment ? 'orders.walkIn.createPaid' : 'orders.walkIn.create')}
      size="xl"
      busy={busy}
      submitDisabled={totals.problem !== null}
      onSubmit={() => void submit()}
      onClose={onClose}
    >
      <Stack gap="4">
        <SkuPicker cart={cart} onAdd={(sku) => setCart(addToCart(cart, sku))} />
        <Box overflowX="auto">
          <Table.Root size="sm" aria-label={t('orders.walkIn.cart')}>
            <Table.Header>
              <Table.Row>
                {['goods', 'unitPrice', 'quantity', 'amount'].map((column) => (
                  <Table.ColumnHeader key={column} textAlign={column === 'goods' ? undefined : 'end'}>
                    <FormattedMessage id={`orders.walkIn.column.${column}`} />
                  </Table.ColumnHeader>
                ))}
                <Table.ColumnHeader />
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {cart.map((line) => {
                const name = line.SpecText ? `${line.Name} ${line.SpecText}` : line.Name;
                return (
                  <Table.Row key={line.SkuId}>
                    <Table.Cell>{name}</Table.Cell>
                    <Table.Cell textAlign="end">{formatFen(line.PriceFen)}</Table.Cell>
                    <Table.Cell textAlign="end">
                      <Input
                        size="sm"
                        width="20"
                        type="number"
                        min={1}
                        max={maxQuantity(line)}
                        aria-label={t('orders.walkIn.quantityOf', { name })}
                        value={line.Quantity}
                        onChange={(event) =>
                          setCart(setQuantity(cart, line.SkuId, Number(event.target.value)))
                        }
                      />
                    </Table.Cell>
                    <Table.Cell textAlign="end">{formatFen(line.PriceFen * line.Quantity)}</Table.Cell>
                    <Table.Cell textAlign="end">
                      <IconButton
                        size="xs"
                        variant="ghost"
                        colorPalette="red"
                        aria-label={t('orders.walkIn.removeNamed', { name })}
                        onClick={() => setCart(removeFromCart(cart, line.SkuId))}
                      >
                        <span aria-hidden="true">×</span>
                      </IconButton>
                    </Table.Cell>
                  </Table.Row>
                );
              })}
            </Table.Body>
          </Table.Root>
          {cart.length === 0 && (
            <Text padding="3" color="fg.muted" fontSize="sm">
              <FormattedMessage id="orders.walkIn.cartEmpty" />
            </Text>
          )}
        </Box>
        <HStack gap="4" wrap="wrap" align="start">
          <Field.Root
            width="40"
            invalid={
              Boolean(errors.DiscountFen) ||
              totals.problem === 'badDiscount' ||
              totals.problem === 'discountTooHigh'
            }
          >
            <Field.Label>
              <FormattedMessage id="orders.walkIn.discount" />
            </Field.Label>
            <Input
              inputMode="decimal"
              value={discount}
              onChange={(event) => setDiscount(event.target.value)}
            />
            <Field.ErrorText>
              {errors.DiscountFen ??
                (totals.problem === 'badDiscount' || totals.problem === 'discountTooHigh'
                  ? t(`orders.walkIn.problem.${totals.problem}`)
                  : undefined)}
            </Field.ErrorText>
          </Field.Root>
          <Field.Root width="44">
            <Field.Label>
              <FormattedMessage id="orders.walkIn.payment" />
            </Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field
                value={payment}
                onChange={(event) => setPayment(event.target.value as typeof payment)}
              >
                {(methods ?? []).map((method) => (
                  <option key={method} value={method}>
                    <EnumLabel type="paymentMethod" value={method} />
                  </option>
                ))}
                <option value="">{t('orders.walkIn.payLater')}</option>
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
          {stores.length > 0 && (
            <Field.Root width="44" invalid={Boolean(errors.StoreId)}>
              <Field.Label>
                <FormattedMessage id="orders.walkIn.store" />
              </Field.Label>
              <NativeSelect.Root>
                <NativeSelect.Field value={storeId} onChange={(event) => setStoreId(event.target.value)}>
                  <StoreOptions stores={stores} noneLabel={t('orders.walkIn.noStore')} />
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
              <Field.ErrorText>{errors.StoreId}</Field.ErrorText>
            </Field.Root>
          )}
          {/* A store account has no store to pick; the server says when none is linked. */}
          {stores.length === 0 && errors.StoreId && (
            <Text color="fg.error" role="alert">
              {errors.StoreId}
            </Text>
          )}
          <Field.Root width="44" invalid={Boolean(errors['Buyer.Name'])}>
            <Field.Label>
              <FormattedMessage id="orders.walkIn.buyerName" />
            </Field.Label>
            <Input value={buyerName} maxLength={30} onChange={(event) => setBuyerName(event.target.value)} />
            <Field.ErrorText>{errors['Buyer.Name']}</Field.ErrorText>
          </Field.Root>
          <Field.Root width="44" invalid={Boolean(errors['Buyer.Phone'])}>
            <Field.Label>
              <FormattedMessage id="orders.walkIn.buyerPhone" />
            </Field.Label>
            <Input
              inputMode="tel"
              value={buyerPhone}
              onChange={(event) => setBuyerPhone(event.target.value)}
            />
            <Field.ErrorText>{errors['Buyer.Phone']}</Field.ErrorText>
          </Field.Root>
        </HStack>
        <Field.Root invalid={Boolean(errors.Remark)}>
          <Field.Label>
            <FormattedMessage id="orders.walkIn.remark" />
          </Field.Label>
          <Input value={remark} maxLength={REMARK_MAX} onChange={(event) => setRemark(event.target.value)} />
          <Field.ErrorText>{errors.Remark}</Field.ErrorText>
        </Field.Root>
        <Flex justify="flex-end" gap="6" wrap="wrap" aria-live="polite" data-testid="walk-in-totals">
          <Text>
            <FormattedMessage
              id="orders.walkIn.goodsTotal"
              values={{ amount: formatFen(totals.goodsFen), count: totals.itemCount }}
            />
          </Text>
          <Text>
            <FormattedMessage
              id="orders.walkIn.discountTotal"
              values={{ amount: formatFen(totals.discountFen) }}
            />
          </Text>
          <Text fontWeight="bold">
            <FormattedMessage id="orders.walkIn.total" values={{ amount: formatFen(totals.totalFen) }} />
          </Text>
        </Flex>
      </Stack>
    </FormDialog>
  );
}
