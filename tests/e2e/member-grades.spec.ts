import type { Page } from '@playwright/test';
import { postProductComment } from '../../contract/endpoints/buyer-comments';
import {
  getMemberGradeList,
  getPreferentialSetting,
  setPreferentialSetting,
} from '../../contract/endpoints/member-grades';
import { signIn } from '../../contract/endpoints/members';
import { bindOrderState, getOrderInfo, getOrderList } from '../../contract/endpoints/orders';
import { confirmReceipt, createRechargeOrder, payRechargeOrder } from '../../contract/endpoints/storefront';
import { getBuyerWallet } from '../../contract/endpoints/wallet';
import { expect, expectNoSeriousA11yViolations, test } from './fixtures';
import { envelope, openStorefrontOrders, type StorefrontOrders } from './storefront-orders';

/**
 * Grades, stored value and the system log: a grade made on its screen takes a member after an
 * order, a buyer's storefront review earns growth, a recharge rule set on its screen gives its
 * bonus to a storefront recharge, and the system log narrows to one operator. Buyers and names are
 * the spec's own; the one shared setting it changes (growth per yuan) is put back.
 */

const ADDRESS = {
  Name: '等级测试',
  Phone: '13800000077',
  Province: '广东省',
  City: '深圳市',
  District: '南山区',
  Detail: '科技园路 7 号',
};

async function settled(page: Page) {
  await page.mouse.move(1, 1);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await page.waitForTimeout(300);
  await expectNoSeriousA11yViolations(page);
}

let shop: StorefrontOrders;

test.beforeAll(async ({ baseURL }) => {
  shop = await openStorefrontOrders({ baseURL, keyName: 'e2e grades', address: ADDRESS, start: 'middle' });
});
test.afterAll(async () => shop.close());

test('a grade created on its screen takes a member whose paid order crosses its threshold', async ({
  page,
  signInByApi,
}) => {
  test.setTimeout(150_000);
  await signInByApi(page, 'admin');
  const name = `E2E 星耀 ${Date.now() % 100_000}`;
  await page.goto('/marketing/memberSupervise/memberGrade');
  await expect(page.getByRole('heading', { name: 'Member grades' })).toBeVisible();
  await settled(page);
  await page.getByRole('button', { name: 'New grade' }).click();
  const form = page.getByRole('form', { name: 'New grade' });
  await form.getByLabel('Name').fill(name);
  await form.getByLabel('Level (1 is the lowest)').fill('7');
  await form.getByLabel('Growth needed to reach it').fill('30000');
  await form.getByLabel(/Members pay this percent/).fill('88');
  await form.getByLabel('Free shipping on every order').check({ force: true });
  await settled(page);
  await form.getByRole('button', { name: 'Save' }).click();
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toBeVisible();
  await expect(row).toContainText('88 % of the price');

  // The buyer signs in, then pays an order worth more than the threshold at 1,000 growth a yuan.
  const buyer = `e2e-grade-${Date.now()}`;
  await envelope(await shop.storefrontCall(signIn.path, { OpenId: buyer, Nickname: '星耀买家' }));
  const setting = await envelope(await shop.operatorCall(getPreferentialSetting.path, 'GET', {}));
  const { Errcode: _c, Errmsg: _m, ErrShowType: _s, ExcludedGoods: _g, Version, ...values } = setting;
  await envelope(
    await shop.operatorCall(setPreferentialSetting.path, 'POST', { ...values, GrowthPerYuan: 1000, Version }),
  );
  try {
    await shop.placeOrder(buyer, { quantity: 1 });
  } finally {
    const now = await envelope(await shop.operatorCall(getPreferentialSetting.path, 'GET', {}));
    await envelope(
      await shop.operatorCall(setPreferentialSetting.path, 'POST', { ...values, Version: now.Version }),
    );
  }
  const grades = await envelope(await shop.operatorCall(getMemberGradeList.path, 'GET', { pageSize: '100' }));
  const created = (grades.Data as { Name: string; MemberCount: number }[]).find(
    (grade) => grade.Name === name,
  );
  expect(created?.MemberCount).toBe(1);
  await page.reload();
  await expect(
    page
      .getByRole('row', { name: new RegExp(name) })
      .getByRole('cell')
      .last(),
  ).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(`${name}.*\\b1\\b`) })).toBeVisible();

  // Cleaning up: a held grade cannot be deleted, and the refusal says how many hold it.
  await page
    .getByRole('row', { name: new RegExp(name) })
    .getByRole('button', { name: `Delete: ${name}` })
    .click();
  await page
    .getByRole('alertdialog')
    .getByRole('button', { name: /Yes, do it|Confirm/ })
    .click();
  await expect(page.getByText(`Grade ${name} cannot be deleted: members holding it: 1`)).toBeVisible();
});

test('a storefront review shows on the goods reviews screen with its order and in the member’s growth ledger', async ({
  page,
  signInByApi,
}) => {
  test.setTimeout(150_000);
  // The buyer receives an order, then reviews its goods as the mini-program would.
  const stamp = Date.now() % 100_000;
  const buyer = `e2e-review-${Date.now()}`;
  await envelope(await shop.storefrontCall(signIn.path, { OpenId: buyer, Nickname: `评价达人${stamp}` }));
  const placed = await shop.placeOrder(buyer);
  const listed = await envelope(
    await shop.operatorCall(getOrderList.path, 'GET', { orderNo: placed.OrderNo }),
  );
  const id = (listed.Data as { Id: number }[])[0]!.Id;
  const order = await envelope(await shop.operatorCall(getOrderInfo.path, 'GET', { id: String(id) }));
  await envelope(
    await shop.operatorCall(bindOrderState.path, 'POST', {
      Action: 'ship',
      Id: id,
      Version: order.Version,
      Carrier: 'ZTO',
      TrackingNo: `E2E${id}`,
    }),
  );
  await envelope(await shop.storefrontCall(confirmReceipt.path, { OrderNo: placed.OrderNo, BuyerId: buyer }));
  const content = `E2E 评价 ${stamp}：质量很好`;
  const posted = await envelope(
    await shop.storefrontCall(postProductComment.path, {
      BuyerId: buyer,
      OrderNo: placed.OrderNo,
      ProductId: (order.Lines as { ProductId: number }[])[0]!.ProductId,
      Score: 5,
      Content: content,
    }),
  );

  await signInByApi(page, 'admin');
  await page.goto('/goods/goodsComment');
  const search = page.getByRole('search');
  await search.getByLabel('Buyer, content or goods').fill(content);
  await search.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByRole('row').filter({ hasText: content })).toContainText(`Order ${placed.OrderNo}`);
  await settled(page);

  await page.goto('/customer/allCustomer');
  await page.getByRole('search').getByLabel('Name, mobile or member no.').fill(`评价达人${stamp}`);
  await page.getByRole('search').getByRole('button', { name: 'Search' }).click();
  // The header and the one member found: the search has answered before the list is left.
  const rows = page.getByRole('table').getByRole('row');
  await expect(rows).toHaveCount(2);
  await rows
    .nth(1)
    .getByRole('button', { name: /^Details/ })
    .click();
  const ledger = page.getByRole('table', { name: 'Growth ledger' });
  await expect(ledger.getByRole('row').nth(1)).toContainText('Review');
  await expect(ledger.getByRole('row').nth(1)).toContainText(`+${posted.Growth}`);
  await settled(page);
});

test('a recharge rule set on its screen gives its bonus to a storefront recharge', async ({
  page,
  signInByApi,
}) => {
  test.setTimeout(150_000);
  await signInByApi(page, 'admin');
  await page.goto('/marketing/memberSupervise/memberStoredValue');
  await expect(page.getByRole('heading', { name: 'Stored value' })).toBeVisible();
  await settled(page);
  await page.getByRole('button', { name: 'New rule' }).click();
  const dialog = page.getByRole('dialog', { name: 'New recharge rule' });
  await dialog.getByLabel('Recharge at least (yuan)').fill('777');
  await dialog.getByLabel('Bonus stored value (yuan)').fill('77.70');
  await dialog.getByLabel('Bonus points').fill('7');
  await settled(page);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  const row = page.getByRole('row', { name: /¥777\.00/ });
  await expect(row).toContainText('¥77.70');

  const buyer = { Id: `e2e-recharge-${Date.now()}`, Name: '储值买家', Phone: '13800000078' };
  const created = await envelope(
    await shop.storefrontCall(createRechargeOrder.path, {
      Kind: 'storedValue',
      Buyer: buyer,
      AmountFen: 77_700,
    }),
  );
  const order = created.Order as { OrderNo: string };
  await envelope(
    await shop.storefrontCall(payRechargeOrder.path, {
      OrderNo: order.OrderNo,
      BuyerId: buyer.Id,
      PaymentMethod: 'wechat',
      AmountFen: 77_700,
    }),
  );
  const wallet = await envelope(await shop.operatorCall(getBuyerWallet.path, 'GET', { buyerId: buyer.Id }));
  expect(wallet.Data).toMatchObject({ BalanceFen: 77_700 + 7_770, Points: 7 });

  await row.getByRole('button', { name: /^Delete: ¥777\.00$/ }).click();
  await page
    .getByRole('alertdialog')
    .getByRole('button', { name: /Yes, do it|Confirm/ })
    .click();
  await expect(page.getByRole('row', { name: /¥777\.00/ })).toHaveCount(0);
});

test('the system log narrows to one operator', async ({ page, signInByApi, browser }) => {
  test.setTimeout(120_000);
  // The sub-account's own login is an entry of its own.
  const other = await browser.newPage();
  await signInByApi(other, 'sub');
  await other.close();
  await signInByApi(page, 'admin');
  await page.goto('/customer/systemLog');
  await expect(page.getByRole('heading', { name: 'System log' })).toBeVisible();
  await settled(page);
  const search = page.getByRole('search');
  await search.getByLabel('Operator').selectOption({ label: 'sub' });
  await search.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/operatorId=\d+/);
  // Rows of the list (the hidden calendar has rows of its own, but no cells in the accessibility tree).
  const rows = page.getByRole('row').filter({ has: page.getByRole('cell') });
  // Polls until the filtered page has replaced the unfiltered one: no row of another operator stays.
  await expect(rows.filter({ hasNot: page.getByRole('cell', { name: 'sub', exact: true }) })).toHaveCount(0);
  expect(await rows.count()).toBeGreaterThan(0);
  await expect(rows.first()).toContainText('account.login');
  await settled(page);
});

test('the preferential settings excluded goods list takes goods found by name', async ({
  page,
  signInByApi,
}) => {
  test.setTimeout(120_000);
  await signInByApi(page, 'admin');
  await page.goto('/marketing/memberSupervise/preferentialSetting');
  const form = page.getByRole('form', { name: 'Member discounts' });
  await expect(form.getByLabel('Growth per yuan paid')).toBeVisible();
  await expect(form).toContainText('Every goods has member prices.');
  await settled(page);
  await form.getByLabel('Find goods to exclude').fill('T恤');
  const add = form.getByRole('button', { name: /^Exclude / }).first();
  const label = (await add.textContent())!.replace(/^Exclude /, '');
  await add.click();
  await expect(form.getByRole('list', { name: 'Goods without member prices' })).toContainText(label);
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Preferential settings saved')).toBeVisible();
  const setting = await envelope(await shop.operatorCall(getPreferentialSetting.path, 'GET', {}));
  expect((setting.ExcludedGoods as { Name: string }[]).map((goods) => goods.Name)).toEqual([label]);

  // Put the shared setting back, through the screen.
  await page.reload();
  await form.getByRole('button', { name: `Remove ${label}` }).click();
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Preferential settings saved')).toBeVisible();
  const back = await envelope(await shop.operatorCall(getPreferentialSetting.path, 'GET', {}));
  expect(back.ExcludedProductIds).toEqual([]);
});
