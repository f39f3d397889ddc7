import { getCounterSkus, getDeliverySetting, type PickupPoint } from '../../contract/endpoints/orders';
import { createOrder } from '../../contract/endpoints/storefront';
import { expect, test } from './fixtures';
import { envelope, openStorefrontOrders, type StorefrontOrders } from './storefront-orders';

/**
 * The demo store account works for the flagship store: its order list holds that store's orders
 * only. The test places two pickup orders for a buyer only it uses, one at each store's pickup
 * point, and reads the list filtered by that buyer; it changes no row other specs use.
 */

let api: StorefrontOrders;

const ADDRESS = {
  Name: '门店测试',
  Phone: '13900000002',
  Province: '上海市',
  City: '上海市',
  District: '徐汇区',
  Detail: '漕溪北路 88 号',
};

const FIRST_SCREEN = { timeout: 45_000 };

test.beforeAll(async ({ baseURL }) => {
  api = await openStorefrontOrders({
    baseURL,
    keyName: 'e2e store scope',
    address: ADDRESS,
    start: 'middle',
  });
});

test.afterAll(async () => {
  await api?.close();
});

/** A pickup order for `buyer` at the given pickup point, on any SKU that takes it. */
async function pickupOrder(buyer: string, point: number): Promise<string> {
  const skus = await envelope(
    await api.operatorCall(getCounterSkus.path, 'GET', { page: '1', pageSize: '50' }),
  );
  for (const sku of skus.Data as { SkuId: number; Stock: number; PriceFen: number }[]) {
    if (sku.Stock < 20 || sku.PriceFen <= 0) continue;
    const response = await api.storefrontCall(createOrder.path, {
      Buyer: { Id: buyer, Name: buyer, Phone: ADDRESS.Phone },
      DeliveryType: 'pickup',
      PickupPoint: point,
      Lines: [{ SkuId: sku.SkuId, Quantity: 1 }],
    });
    const body = (await response.json()) as { Errcode: number; Order: { OrderNo: string } };
    if (body.Errcode === 0) return body.Order.OrderNo;
  }
  throw new Error('no on-shelf SKU accepted a pickup order');
}

test('a store account’s order list shows its own store’s orders only', async ({
  page,
  signInByApi,
  expectNoSeriousA11yViolations,
}) => {
  test.setTimeout(120_000);
  const setting = await envelope(await api.operatorCall(getDeliverySetting.path, 'GET', {}));
  const points = (setting.Data as { Pickup: { Points: PickupPoint[] } }).Pickup.Points;
  const ownPoint = points.findIndex((point) => point.Name === '旗舰店（徐汇店）');
  const otherPoint = points.findIndex((point, index) => index !== ownPoint && point.StoreId !== undefined);
  expect(ownPoint).toBeGreaterThanOrEqual(0);
  expect(otherPoint).toBeGreaterThanOrEqual(0);

  const buyer = `e2e-store-${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const own = await pickupOrder(buyer, ownPoint);
  const other = await pickupOrder(buyer, otherPoint);

  await signInByApi(page, 'store');
  await page.goto(`/order/orderSupervise?buyer=${buyer}`);
  const rows = page.getByRole('row').filter({ hasText: buyer });
  await expect(rows.filter({ hasText: own })).toBeVisible(FIRST_SCREEN);
  await expect(page.getByText('Orders of 旗舰店（徐汇店）')).toBeVisible();
  await expect(page.getByRole('tab', { name: /^All/ })).toContainText('1');
  await expect(rows).toHaveCount(1);
  await expect(page.getByText(other)).toHaveCount(0);
  // The store account has no store to choose.
  await expect(page.getByRole('combobox', { name: 'Store' })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  // The main account sees both stores' orders, and has the store filter.
  await signInByApi(page, 'admin');
  await page.goto(`/order/orderSupervise?buyer=${buyer}`);
  await expect(rows).toHaveCount(2, FIRST_SCREEN);
  await expect(page.getByRole('combobox', { name: 'Store' })).toBeVisible();
});
