import { getSelectProducts } from '../../contract/endpoints/goods';
import { adjustMember, getMemberList, signIn } from '../../contract/endpoints/members';
import { getCounterSkus } from '../../contract/endpoints/orders';
import { exchangePoints } from '../../contract/endpoints/points-exchange';
import { getPointsGoodsList } from '../../contract/endpoints/points-goods';
import { createOrder } from '../../contract/endpoints/storefront';
import { expect, test } from './fixtures';
import { envelope, openStorefrontOrders, type StorefrontOrders } from './storefront-orders';

/**
 * The points journeys: the operator sets the points rules, a buyer pays part of an order with
 * points through the storefront and the operator finds it in the points inquiry; the operator
 * publishes a points good, a buyer exchanges it, and the operator ships the exchange order. The
 * buyers are this spec's own.
 */

let api: StorefrontOrders;

const FIRST_SCREEN = { timeout: 45_000 };
const ADDRESS = {
  Name: '积分会员',
  Phone: '13900000017',
  Province: '浙江省',
  City: '杭州市',
  District: '西湖区',
  Detail: '文三路 90 号',
};

test.beforeAll(async ({ baseURL }) => {
  api = await openStorefrontOrders({ baseURL, keyName: 'e2e points', address: ADDRESS, start: 'middle' });
});

test.afterAll(async () => {
  await api?.close();
});

/** A member of this spec, signed in through the storefront and given points by the operator. */
async function memberWithPoints(openId: string, mobile: string, points: number): Promise<void> {
  await envelope(await api.storefrontCall(signIn.path, { OpenId: openId, Mobile: mobile, Nickname: openId }));
  const found = await envelope(await api.operatorCall(getMemberList.path, 'GET', { keyword: mobile }));
  const member = (found.Data as { Id: number }[])[0]!;
  await envelope(
    await api.operatorCall(adjustMember.path, 'POST', {
      Id: member.Id,
      Kind: 'points',
      Delta: points,
      Reason: '测试积分',
    }),
  );
}

test('set the points rules, pay an order with points and find it in the points inquiry', async ({
  page,
  signInByApi,
  expectNoSeriousA11yViolations,
  saveScreenshot,
}) => {
  await signInByApi(page, 'admin');
  await page.goto('/marketing/integralExchange/integralSetting');
  const enabled = page.getByRole('checkbox', { name: 'Buyers may pay part of an order with points' });
  await expect(enabled).toBeVisible(FIRST_SCREEN);
  if (!(await enabled.isChecked())) await enabled.check({ force: true });
  await page.getByRole('spinbutton', { name: 'Points worth ¥1' }).fill('100');
  await page.getByRole('spinbutton', { name: 'At most this percent of an order' }).fill('101');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(/100|percent/).first()).toBeVisible();
  await expect(page.getByRole('spinbutton', { name: 'At most this percent of an order' })).toHaveAttribute(
    'aria-invalid',
    'true',
  );
  await page.getByRole('spinbutton', { name: 'At most this percent of an order' }).fill('40');
  await page.getByRole('textbox', { name: 'Minimum order (yuan)' }).fill('0');
  await expect(
    page.getByText('On an order of ¥100.00, a buyer may pay up to 4,000 points for ¥40.00 off.'),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Points settings saved')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await saveScreenshot(page, 'points-setting', { fullPage: true });

  // A buyer pays part of an order with 300 points through the storefront.
  await memberWithPoints('e2e-points-buyer', '13900000017', 1_000);
  const skus = await envelope(
    await api.operatorCall(getCounterSkus.path, 'GET', { page: '1', pageSize: '100' }),
  );
  const sku = (skus.Data as { SkuId: number; Stock: number; PriceFen: number }[]).find(
    (candidate) => candidate.Stock >= 5 && candidate.PriceFen >= 1_000,
  )!;
  const placed = await envelope(
    await api.storefrontCall(createOrder.path, {
      Buyer: { Id: 'e2e-points-buyer', Name: 'e2e-points-buyer', Phone: '13900000017' },
      DeliveryType: 'express',
      Address: ADDRESS,
      Lines: [{ SkuId: sku.SkuId, Quantity: 1 }],
      Points: 300,
    }),
  );
  const order = placed.Order as { OrderNo: string; PointsUsed: number };
  expect(order.PointsUsed).toBe(300);

  // The operator finds the member by mobile, opens the points details and sees the order there.
  await page.goto('/marketing/integralExchange/integralInquiry');
  await page.getByRole('textbox', { name: 'Nickname, mobile or member no.' }).fill('13900000017');
  const row = page.getByRole('row').filter({ hasText: '13900000017' });
  await expect(row).toContainText('700', FIRST_SCREEN);
  await expect(page.getByRole('region', { name: 'Points per month' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await saveScreenshot(page, 'points-inquiry', { fullPage: true });
  await row.getByRole('link', { name: 'e2e-points-buyer' }).click();
  await expect(page).toHaveURL(/integralDetails\?id=\d+/);
  const change = page.getByRole('row').filter({ hasText: order.OrderNo });
  await expect(change).toContainText('-300');
  await expect(change).toContainText('Points paid for an order');
  await expectNoSeriousA11yViolations(page);
  await saveScreenshot(page, 'points-details', { fullPage: true });

  // Across members, the ledger finds the same change by the order number.
  await page.goto('/marketing/integralExchange/integralInquiry?view=ledger');
  await page.getByRole('textbox', { name: 'Member or order no.' }).fill(order.OrderNo);
  await expect(page.getByRole('row').filter({ hasText: order.OrderNo })).toContainText('e2e-points-buyer');
});

test('publish a points good, and ship the exchange a buyer made', async ({
  page,
  signInByApi,
  expectNoSeriousA11yViolations,
  saveScreenshot,
}) => {
  await signInByApi(page, 'admin');
  await page.goto('/marketing/integralExchange/issueIntegral');
  await expect(page.getByRole('heading', { name: 'New points goods' })).toBeVisible(FIRST_SCREEN);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('alert').filter({ hasText: /./ }).first()).toBeVisible();
  const search = page.getByRole('textbox', { name: 'Search the catalogue by name' });
  const goods = await envelope(
    await api.operatorCall(getSelectProducts.path, 'GET', {
      kind: 'physical',
      onShelfOnly: 'true',
      pageSize: '1',
    }),
  );
  const goodsName = (goods.Data as { Name: string }[])[0]!.Name;
  await search.fill(goodsName.slice(0, 4));
  await page
    .getByRole('button', { name: new RegExp(`^Choose ${goodsName.slice(0, 4)}`) })
    .first()
    .click();
  await page.getByRole('textbox', { name: 'Title' }).fill('端到端积分好礼');
  await page.getByRole('spinbutton', { name: 'Points for one' }).fill('150');
  await page.getByRole('spinbutton', { name: 'Stock' }).fill('5');
  await page.getByRole('checkbox', { name: 'No end' }).check({ force: true });
  await expectNoSeriousA11yViolations(page);
  await saveScreenshot(page, 'points-goods-form', { fullPage: true });
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Points goods saved')).toBeVisible();
  await expect(page).toHaveURL(/integralList/);
  const goodsRow = page.getByRole('row').filter({ hasText: '端到端积分好礼' });
  await expect(goodsRow).toContainText('Running');
  await expect(goodsRow).toContainText('150 points');
  await expectNoSeriousA11yViolations(page);
  await saveScreenshot(page, 'points-goods-list');

  // A buyer exchanges it through the storefront.
  await memberWithPoints('e2e-points-exchanger', '13900000018', 500);
  const listed = await envelope(
    await api.operatorCall(getPointsGoodsList.path, 'GET', { keyword: '端到端积分好礼' }),
  );
  const goodsId = (listed.Data as { Id: number }[])[0]!.Id;
  const made = await envelope(
    await api.storefrontCall(exchangePoints.path, {
      Buyer: { Id: 'e2e-points-exchanger', Name: '兑换测试', Phone: '13900000018' },
      GoodsId: goodsId,
      Quantity: 2,
      Address: { ...ADDRESS, Phone: '13900000018' },
    }),
  );
  const exchangeNo = (made.Exchange as { ExchangeNo: string }).ExchangeNo;

  // The operator ships it from the list, then reads the tracking number on its details.
  await page.goto('/marketing/integralExchange/exchangeOrderList?state=toShip');
  const exchangeRow = page.getByRole('row').filter({ hasText: exchangeNo });
  await expect(exchangeRow).toContainText('300 points', FIRST_SCREEN);
  await expectNoSeriousA11yViolations(page);
  await saveScreenshot(page, 'points-exchange-list');
  await exchangeRow.getByRole('button', { name: /^Ship/ }).click();
  const dialog = page.getByRole('dialog', { name: `Ship exchange order ${exchangeNo}` });
  await expect(dialog).toHaveAttribute('data-state', 'open');
  await dialog.getByRole('combobox', { name: 'Carrier' }).selectOption('ZTO');
  await dialog.getByRole('textbox', { name: 'Tracking number' }).fill('75312345678901');
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole('button', { name: 'Ship' }).click();
  await expect(dialog).toBeHidden();
  await page.goto('/marketing/integralExchange/exchangeOrderList?state=shipped');
  await page.getByRole('link', { name: exchangeNo }).click();
  await expect(page.getByRole('heading', { name: `Exchange order ${exchangeNo}` })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Delivery' })).toContainText('75312345678901');
  await expect(page.getByRole('region', { name: 'Steps' })).toContainText('Shipped');
  await expectNoSeriousA11yViolations(page);
  await saveScreenshot(page, 'points-exchange-details', { fullPage: true });
});
