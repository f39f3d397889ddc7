import { getBargainEventAndProductList, getBargainEventList } from '../../contract/endpoints/bargain';
import { helpBargain, launchBargain } from '../../contract/endpoints/deal-storefront';
import { fenToYuan } from '../../src/lib/format';
import { ADDRESS, fillActivity, goodsWithSkus, journeyBuyer } from './deal-journeys';
import { expect, test } from './fixtures';
import { envelope, openStorefrontOrders, type StorefrontOrders } from './storefront-orders';

/**
 * A bargain end to end: an operator sets up an event and a good on the edit page; a buyer launches
 * a bargain through the storefront and three friends help it to the floor; the launches list and
 * the launch's page show every help and the floor reached.
 */

let api: StorefrontOrders;
const FIRST_SCREEN = { timeout: 45_000 };

test.beforeAll(async ({ baseURL }) => {
  api = await openStorefrontOrders({ baseURL, keyName: 'e2e bargain', address: ADDRESS, start: 'middle' });
});
test.afterAll(async () => {
  await api?.close();
});

test('a bargain set up on its pages is helped to the floor', async ({
  page,
  signInByApi,
  expectNoSeriousA11yViolations,
  saveScreenshot,
}) => {
  test.setTimeout(180_000);
  const [goods] = await goodsWithSkus(api, 1, 8);
  const sku = goods!.Skus[0]!;
  const floorFen = Math.floor(sku.PriceFen / 2);
  const title = `端到端砍价 ${Date.now().toString(36)}`;
  await signInByApi(page, 'admin');
  await page.goto('/marketing/bargainActivity');
  await expect(page.getByRole('heading', { name: 'Bargains' })).toBeVisible(FIRST_SCREEN);
  await expectNoSeriousA11yViolations(page);
  await saveScreenshot(page, 'bargain-list');

  await page.getByRole('button', { name: 'Add event' }).click();
  const form = page.getByRole('form', { name: 'New bargain event' });
  await fillActivity(form, title);
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('heading', { name: 'Edit bargain event' })).toBeVisible();
  await expect(page).toHaveURL(/editBargain\?id=\d+/);

  await page.getByRole('button', { name: 'Add goods' }).click();
  const chooser = page.getByRole('dialog', { name: 'Add goods' });
  await chooser.getByLabel('Find goods by name').fill(goods!.Name);
  await chooser.getByRole('button', { name: `Choose ${goods!.Name}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Add goods' });
  await dialog.getByLabel('SKU').selectOption(String(sku.SkuId));
  await dialog.getByLabel(/^Floor price/).fill((floorFen / 100).toFixed(2));
  await dialog.getByLabel(/^Helps to reach the floor/).fill('3');
  await expectNoSeriousA11yViolations(page);
  await saveScreenshot(page, 'bargain-goods-dialog');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  const goodsRow = page
    .getByRole('region', { name: 'Goods of the event' })
    .getByRole('row')
    .filter({ hasText: goods!.Name });
  await expect(goodsRow).toContainText(`¥${fenToYuan(floorFen)}`);
  await expect(goodsRow).toContainText('3 helps within 24 h');
  await expectNoSeriousA11yViolations(page);
  await saveScreenshot(page, 'bargain-edit');

  const events = await envelope(await api.operatorCall(getBargainEventList.path, 'GET', { keyword: title }));
  const eventId = (events.Data as { Id: number }[])[0]!.Id;
  const listed = await envelope(
    await api.operatorCall(getBargainEventAndProductList.path, 'GET', { EventId: String(eventId) }),
  );
  const goodsId = (listed.Data as { Id: number }[])[0]!.Id;
  const owner = journeyBuyer('砍价人', 1);
  const launched = await envelope(
    await api.storefrontCall(launchBargain.path, { Buyer: owner, BargainGoodsId: goodsId }),
  );
  const launchId = (launched.Launch as { Id: number }).Id;
  let done: Record<string, unknown> = {};
  for (const index of [2, 3, 4])
    done = await envelope(
      await api.storefrontCall(helpBargain.path, { Helper: journeyBuyer('好友', index), LaunchId: launchId }),
    );
  expect(done.Launch).toMatchObject({ State: 'success', CurrentFen: floorFen, Helps: 3 });

  await page.goto(`/marketing/bargainDetails?EventId=${eventId}`);
  await expect(page.getByRole('heading', { name: 'Bargain details' })).toBeVisible();
  const launchRow = page.getByRole('row').filter({ hasText: owner.Name });
  await expect(launchRow).toContainText('At the floor');
  await expect(launchRow).toContainText('3 of 3');
  await expectNoSeriousA11yViolations(page);
  await saveScreenshot(page, 'bargain-launches');

  await launchRow.getByRole('button', { name: new RegExp(`^Helps: ${owner.Name}`) }).click();
  await expect(
    page.getByRole('heading', { name: `${owner.Name}’s bargain on ${goods!.Name}` }),
  ).toBeVisible();
  const helps = page.getByRole('table', { name: 'Helps' });
  await expect(helps.getByRole('row')).toHaveCount(4);
  await expect(helps.getByRole('row').last()).toContainText(`¥${fenToYuan(floorFen)}`);
  await expectNoSeriousA11yViolations(page);
  await saveScreenshot(page, 'bargain-helps');
});
