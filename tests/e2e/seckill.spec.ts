import { createSeckillOrder } from '../../contract/endpoints/deal-storefront';
import { getSeckillActivityList, getSeckillAndProductList } from '../../contract/endpoints/seckill';
import { ADDRESS, fillActivity, goodsWithSkus, journeyBuyer, payByStorefront } from './deal-journeys';
import { expect, test } from './fixtures';
import { envelope, openStorefrontOrders, type StorefrontOrders } from './storefront-orders';

/**
 * A seckill set up on its screens and bought through the storefront: an activity with two goods,
 * each SKU at its seckill price and stock; a buyer orders one; the goods list shows what was sold.
 */

let api: StorefrontOrders;
const FIRST_SCREEN = { timeout: 45_000 };

test.beforeAll(async ({ baseURL }) => {
  api = await openStorefrontOrders({ baseURL, keyName: 'e2e seckill', address: ADDRESS, start: 'middle' });
});
test.afterAll(async () => {
  await api?.close();
});

test('an operator creates a seckill with two goods and a buyer buys one at the seckill price', async ({
  page,
  signInByApi,
  expectNoSeriousA11yViolations,
  saveScreenshot,
}) => {
  test.setTimeout(180_000);
  const goods = await goodsWithSkus(api, 2, 0);
  const title = `端到端秒杀 ${Date.now().toString(36)}`;
  await signInByApi(page, 'admin');
  await page.goto('/marketing/secKillActivity');
  await expect(page.getByRole('heading', { name: 'Flash sales' })).toBeVisible(FIRST_SCREEN);
  await expect(page.getByRole('tab', { name: /Running/ })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await saveScreenshot(page, 'seckill-list');

  await page.getByRole('button', { name: 'Add activity' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add activity' });
  await expect(dialog).toHaveAttribute('data-state', 'open');
  await fillActivity(dialog, title);
  await dialog.getByRole('button', { name: 'Add a session' }).click();
  await dialog.getByLabel('Session 1 starts').fill('00:00');
  await dialog.getByLabel('Session 1 ends').fill('23:59');
  await expectNoSeriousA11yViolations(page);
  await saveScreenshot(page, 'seckill-dialog');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  const row = page.getByRole('row').filter({ hasText: title });
  await expect(row).toContainText('Running');
  await expect(row).toContainText('00:00–23:59');

  await row.getByRole('button', { name: `Goods: ${title}` }).click();
  await expect(page.getByRole('heading', { name: 'Flash sale goods list' })).toBeVisible();
  for (const [index, item] of goods.entries()) {
    await page.getByRole('button', { name: 'Add goods' }).click();
    const chooser = page.getByRole('dialog', { name: 'Add goods' });
    await chooser.getByLabel('Find goods by name').fill(item.Name);
    await chooser.getByRole('button', { name: `Choose ${item.Name}` }).click();
    const form = page.getByRole('dialog', { name: 'Add goods' });
    await expect(form.getByText(item.Name)).toBeVisible();
    for (const sku of item.Skus.slice(0, 2)) {
      const spec = sku.SpecText || 'Single SKU';
      await form.getByRole('button', { name: `Add ${spec}` }).click();
      await form.getByLabel(`Seckill price of ${spec} (yuan)`).fill(((sku.PriceFen - 100) / 100).toFixed(2));
      await form.getByLabel(`Seckill stock of ${spec}`).fill(String(5 + index));
    }
    await form.getByLabel('Limit per member').fill('2');
    if (index === 0) {
      await expectNoSeriousA11yViolations(page);
      await saveScreenshot(page, 'seckill-goods-dialog');
    }
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form).toBeHidden();
    await expect(page.getByRole('row').filter({ hasText: item.Name })).toBeVisible();
  }

  const activities = await envelope(
    await api.operatorCall(getSeckillActivityList.path, 'GET', { keyword: title }),
  );
  const activityId = (activities.Data as { Id: number }[])[0]!.Id;
  const listed = await envelope(
    await api.operatorCall(getSeckillAndProductList.path, 'GET', { ActivityId: String(activityId) }),
  );
  const seckillGoods = (listed.Data as { Id: number; ProductId: number }[]).find(
    (entry) => entry.ProductId === goods[0]!.ProductId,
  )!;
  const sku = goods[0]!.Skus[0]!;
  const buyer = journeyBuyer('秒杀买家', 1);
  const placed = await envelope(
    await api.storefrontCall(createSeckillOrder.path, {
      Buyer: buyer,
      DeliveryType: 'express',
      Address: ADDRESS,
      SeckillGoodsId: seckillGoods.Id,
      SkuId: sku.SkuId,
      Quantity: 1,
    }),
  );
  const order = placed.Order as { OrderNo: string; TotalFen: number; FreightFen: number };
  // The goods' freight template still charges its freight on top of the seckill price.
  expect(order.TotalFen - order.FreightFen).toBe(sku.PriceFen - 100);
  await payByStorefront(api, order, buyer.Id);

  await page.reload();
  const bought = page.getByRole('row').filter({ hasText: goods[0]!.Name });
  await expect(bought.getByRole('cell').nth(5)).toHaveText('1');
  await expectNoSeriousA11yViolations(page);
  await saveScreenshot(page, 'seckill-goods');

  await page.goto('/marketing/secKillActivity');
  await page
    .getByRole('row')
    .filter({ hasText: title })
    .getByRole('button', { name: `More actions: ${title}` })
    .click();
  await page.getByRole('menuitem', { name: `Rules: ${title}` }).click();
  await expect(page.getByRole('heading', { name: `Rules of ${title}` })).toBeVisible();
  await expectNoSeriousA11yViolations(page, { exclude: ['.ProseMirror'] });
});
