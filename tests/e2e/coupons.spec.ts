import type { Locator, Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { groupCouponCode } from '../../contract/coupon-code';
import { getCouponList, getOfflineCodeList, getOfflineCouponList } from '../../contract/endpoints/coupons';
import { signIn } from '../../contract/endpoints/members';
import { bindOrderState, getCounterSkus, getOrderInfo, getOrderList } from '../../contract/endpoints/orders';
import { applyRefund, createOrder, payOrder } from '../../contract/endpoints/storefront';
import { claimCoupon } from '../../contract/endpoints/storefront-coupons';
import { expect, saveScreenshot, test } from './fixtures';
import { envelope, openStorefrontOrders, type StorefrontOrders } from './storefront-orders';

/**
 * Coupons end to end: an operator makes a coupon and puts it on offer, a buyer claims it through the
 * storefront and uses it in an order, a refund gives it back; a send to a tag runs in the background;
 * a batch of 100 offline codes is built and exported. Buyers and coupons are this spec's own.
 */

let api: StorefrontOrders;
const FIRST_SCREEN = { timeout: 45_000 };

test.beforeAll(async ({ baseURL }) => {
  api = await openStorefrontOrders({
    baseURL,
    keyName: 'e2e coupons',
    address: {
      Name: '领券人',
      Phone: '13900000005',
      Province: '上海市',
      City: '上海市',
      District: '静安区',
      Detail: '南京西路 1 号',
    },
    start: 'middle',
  });
});

test.afterAll(async () => {
  await api?.close();
});

/** Clicks a row's action, shown on the row or under its "More" menu. */
async function rowAction(page: Page, row: Locator, action: string, name: string): Promise<void> {
  const button = row.getByRole('button', { name: `${action}: ${name}` });
  if (await button.isVisible()) return button.click();
  await row.getByRole('button', { name: `More actions: ${name}` }).click();
  await page.getByRole('menuitem', { name: action }).click();
}

test('a coupon made on the screen is claimed, used in an order and given back by a refund', async ({
  page,
  signInByApi,
  expectNoSeriousA11yViolations,
}) => {
  test.setTimeout(180_000);
  const title = `E2E满1减1 ${Date.now().toString(36)}`;
  await signInByApi(page, 'admin');
  await page.goto('/marketing/couponActivity/onlineCoupon');
  await expect(page.getByRole('heading', { name: 'Online coupons' })).toBeVisible(FIRST_SCREEN);
  await expect(page.getByRole('row').filter({ hasText: '满199减30' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await saveScreenshot(page, 'coupon-list');

  await page.getByRole('button', { name: 'New coupon' }).click();
  const form = page.getByRole('form', { name: 'New coupon' });
  await expect(form).toBeVisible();
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByText('Required').first()).toBeVisible();
  await form.getByLabel('Title').fill(title);
  await form.getByLabel('Amount off (yuan)').fill('1');
  await form.getByLabel('Minimum spend (yuan)').fill('2');
  await form.getByLabel('Total quantity').fill('50');
  await expectNoSeriousA11yViolations(page);
  await saveScreenshot(page, 'coupon-form');
  await form.getByRole('button', { name: 'Save' }).click();

  await expect(page).toHaveURL(/\/marketing\/couponActivity\/onlineCoupon/);
  const row = page.getByRole('row').filter({ hasText: title });
  await expect(row).toContainText('Draft');
  await rowAction(page, row, 'Put on offer', title);
  await page.getByRole('alertdialog').getByRole('button', { name: 'Confirm' }).click();
  await expect(row).toContainText('On offer');

  // The buyer signs in, claims it and orders with it through the storefront.
  const buyer = `e2e-coupon-${Date.now().toString(36)}`;
  await envelope(await api.storefrontCall(signIn.path, { OpenId: buyer, Nickname: '领券买家' }));
  const listed = await envelope(await api.operatorCall(getCouponList.path, 'GET', { keyword: title }));
  const couponId = (listed.Data as { Id: number }[])[0]!.Id;
  const claimed = await envelope(
    await api.storefrontCall(claimCoupon.path, { BuyerId: buyer, CouponId: couponId }),
  );
  const copyId = (claimed.Coupon as { Id: number }).Id;
  const placed = await envelope(
    await api.storefrontCall(createOrder.path, {
      Buyer: { Id: buyer, Name: '领券买家', Phone: '13900000005' },
      DeliveryType: 'express',
      Address: {
        Name: '领券人',
        Phone: '13900000005',
        Province: '上海市',
        City: '上海市',
        District: '静安区',
        Detail: '南京西路 1 号',
      },
      Lines: [{ SkuId: await firstSku(), Quantity: 2 }],
      MemberCouponId: copyId,
    }),
  );
  const order = placed.Order as { OrderNo: string; TotalFen: number; CouponFen: number };
  expect(order.CouponFen).toBe(100);
  await envelope(
    await api.storefrontCall(payOrder.path, {
      OrderNo: order.OrderNo,
      BuyerId: buyer,
      PaymentMethod: 'wechat',
      AmountFen: order.TotalFen,
    }),
  );

  const orders = await envelope(await api.operatorCall(getOrderList.path, 'GET', { orderNo: order.OrderNo }));
  const orderRow = (orders.Data as { Id: number }[])[0]!;
  await page.goto(`/order/orderDetails?id=${orderRow.Id}`);
  await expect(page.getByText(`${title} (¥-1.00)`)).toBeVisible(FIRST_SCREEN);

  await page.goto('/marketing/couponActivity/onlineCoupon');
  const again = page.getByRole('row').filter({ hasText: title });
  await expect(again).toContainText('1 used');
  await rowAction(page, again, 'Copies', title);
  const copies = page.getByRole('dialog', { name: `Copies of “${title}”` });
  await expect(copies.getByRole('row').filter({ hasText: '领券买家' })).toContainText('Used');
  await expectNoSeriousA11yViolations(page);
  await copies.getByRole('button', { name: 'Close' }).first().click();

  // A full refund before completion gives the coupon back.
  await envelope(
    await api.storefrontCall(applyRefund.path, {
      OrderNo: order.OrderNo,
      BuyerId: buyer,
      AmountFen: order.TotalFen,
      Reason: '不想要了',
    }),
  );
  const current = await envelope(await api.operatorCall(getOrderInfo.path, 'GET', { id: orderRow.Id }));
  const approve = await envelope(
    await api.operatorCall(bindOrderState.path, 'POST', {
      Id: orderRow.Id,
      Version: Number(current.Version),
      Action: 'approveRefund',
      AmountFen: order.TotalFen,
    }),
  );
  await envelope(
    await api.operatorCall(bindOrderState.path, 'POST', {
      Id: orderRow.Id,
      Version: Number(approve.Version),
      Action: 'markRefunded',
    }),
  );
  await page.goto(`/order/orderDetails?id=${orderRow.Id}`);
  await expect(page.getByText(`${title} (¥-1.00), given back to the buyer`)).toBeVisible(FIRST_SCREEN);
  await page.goto('/marketing/couponActivity/onlineCoupon');
  await expect(page.getByRole('row').filter({ hasText: title })).toContainText('0 used');
});

/** The SKU the spec's orders use (the storefront helper's first that takes an order). */
async function firstSku(): Promise<number> {
  const skus = await envelope(
    await api.operatorCall(getCounterSkus.path, 'GET', { page: '1', pageSize: '100' }),
  );
  const usable = (skus.Data as { SkuId: number; Stock: number; PriceFen: number }[]).filter(
    (sku) => sku.Stock >= 20 && sku.PriceFen > 0,
  );
  return usable[Math.floor(usable.length / 2)]!.SkuId;
}

test('a coupon sent to a tag runs in the background and lands in the send records', async ({
  page,
  signInByApi,
  expectNoSeriousA11yViolations,
}) => {
  test.setTimeout(120_000);
  await signInByApi(page, 'admin');
  await page.goto('/marketing/couponActivity/couponSend');
  const form = page.getByRole('form', { name: 'Send coupons' });
  await expect(form).toBeVisible(FIRST_SCREEN);
  await form.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(form.getByText('Choose the coupon')).toBeVisible();
  await form.getByRole('combobox', { name: 'Coupon' }).selectOption({ label: '满59包邮券' });
  await form.getByText('A tag', { exact: true }).click();
  await form.getByRole('combobox', { name: 'Tag' }).selectOption({ label: 'VIP (2 members)' });
  await expectNoSeriousA11yViolations(page);
  await form.getByRole('button', { name: 'Send', exact: true }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Send' }).click();

  await expect(page).toHaveURL(/\/marketing\/couponActivity\/sendCouponList/);
  const row = page.getByRole('row').filter({ hasText: '满59包邮券' }).filter({ hasText: 'VIP' }).first();
  await expect(row).toContainText('2 of 2 sent', { timeout: 30_000 });
  await expect(row).toContainText('Done');
  await expectNoSeriousA11yViolations(page);
  await saveScreenshot(page, 'coupon-sends');

  await page.goto('/marketing/couponActivity/sendSetting');
  await expect(page.getByRole('row').filter({ hasText: 'New member' }).first()).toBeVisible(FIRST_SCREEN);
  await expectNoSeriousA11yViolations(page);
  await saveScreenshot(page, 'coupon-rules');
  await page.getByRole('button', { name: 'New rule' }).click();
  const rule = page.getByRole('dialog', { name: 'New issuing rule' });
  await rule.getByRole('combobox', { name: 'Event' }).selectOption({ label: 'Recharge' });
  await rule.getByRole('button', { name: 'Save' }).click();
  await expect(rule.getByRole('combobox', { name: 'Coupon sent' })).toHaveAttribute('aria-invalid', 'true');
  await expectNoSeriousA11yViolations(page);
  await rule.getByRole('button', { name: 'Cancel' }).click();
});

test('100 offline codes are built for a store coupon and exported with their QR content', async ({
  page,
  signInByApi,
  expectNoSeriousA11yViolations,
}) => {
  test.setTimeout(120_000);
  await signInByApi(page, 'admin');
  await page.goto('/marketing/couponActivity/underlineCoupon');
  const row = page.getByRole('row').filter({ hasText: '门店体验10元券' });
  await expect(row).toBeVisible(FIRST_SCREEN);
  await expectNoSeriousA11yViolations(page);
  await rowAction(page, row, 'Build codes', '门店体验10元券');

  const form = page.getByRole('form', { name: 'Build codes of “门店体验10元券”' });
  await expect(form).toBeVisible(FIRST_SCREEN);
  await form.getByLabel('Codes to build').fill('100');
  await form.getByLabel('Note (e.g. what they are printed for)').fill('E2E 印制');
  await expectNoSeriousA11yViolations(page);
  await form.getByRole('button', { name: 'Build' }).click();

  await expect(page).toHaveURL(/underLineCouponList\?couponId=\d+&batchId=\d+/);
  await expect(page.getByRole('tab', { name: /Unused/ })).toContainText('100');
  await expectNoSeriousA11yViolations(page);
  await saveScreenshot(page, 'offline-codes');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export' }).click();
  await page.getByRole('menuitem', { name: 'Excel (.xlsx)' }).click();
  const file = await download;
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(await file.path());
  const sheet = book.worksheets[0]!;
  expect(sheet.rowCount).toBe(101);
  const code = String(sheet.getRow(2).getCell(1).value);
  expect(code).toMatch(/^[2-9A-HJ-NP-Z]{4}(-[2-9A-HJ-NP-Z]{4}){3}$/);
  expect(sheet.getRow(2).getCell(2).value).toBe(`coupon:${code.replaceAll('-', '')}`);
});

test('the member list sends a coupon to the chosen members, as a sub-account may', async ({
  page,
  signInByApi,
  expectNoSeriousA11yViolations,
}) => {
  test.setTimeout(120_000);
  await signInByApi(page, 'sub');
  await page.goto('/customer/allCustomer');
  const table = page.getByRole('table');
  const search = page.getByRole('search');
  await search.getByLabel('Name, mobile or member no.').fill('13800000003');
  await search.getByRole('button', { name: 'Search' }).click();
  await expect(table.getByRole('row')).toHaveCount(2, FIRST_SCREEN);
  const box = table
    .getByRole('row')
    .nth(1)
    .getByRole('checkbox', { name: /^Select row/ });
  await box.focus();
  await page.keyboard.press('Space');
  await expect(box).toBeChecked();
  await page
    .getByRole('toolbar', { name: 'Actions on the selected rows' })
    .getByRole('button', { name: 'Send coupon' })
    .click();

  await expect(page).toHaveURL(/\/customer\/sendCoupon\?ids=\d+/);
  const form = page.getByRole('form', { name: 'Send coupons' });
  await expect(form.getByRole('list', { name: 'Chosen members' })).toContainText('王芳', FIRST_SCREEN);
  await expect(form.getByRole('radiogroup')).toHaveCount(0);
  await form.getByRole('combobox', { name: 'Coupon' }).selectOption({ label: '全场8.5折券' });
  await expectNoSeriousA11yViolations(page);
  await form.getByRole('button', { name: 'Send', exact: true }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Send' }).click();
  await expect(page).toHaveURL(/\/customer\/allCustomer/);
});

test('an offline coupon code is written off at a store on the write-off screen and logged', async ({
  page,
  signInByApi,
}) => {
  test.setTimeout(120_000);
  const codes = await envelope(
    await api.operatorCall(getOfflineCouponList.path, 'GET', { keyword: '门店体验10元券' }),
  );
  const couponId = (codes.Data as { Id: number }[])[0]!.Id;
  const unused = await envelope(
    await api.operatorCall(getOfflineCodeList.path, 'GET', { couponId, state: 'unused', sort: 'createdAt' }),
  );
  const code = (unused.Data as { Code: string }[])[0]!.Code;
  await signInByApi(page, 'admin');
  await page.goto('/customer/writeoffSupervise');
  const panel = page.getByRole('region', { name: 'Write off a ticket or coupon' });
  await expect(panel).toBeVisible(FIRST_SCREEN);
  await panel.getByLabel('Ticket or coupon code').fill(groupCouponCode(code).toLowerCase());
  await panel.getByLabel('Write off at').selectOption({ index: 1 });
  await panel.getByRole('button', { name: 'Write off' }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText(groupCouponCode(code));
  await confirm.getByRole('button', { name: 'Write off' }).click();
  await expect(
    page.getByText(`Coupon code ${groupCouponCode(code)} written off: 门店体验10元券`),
  ).toBeVisible();

  await page.goto('/customer/writeoffLog');
  await expect(page.getByRole('row').filter({ hasText: groupCouponCode(code) })).toContainText(
    'Coupon',
    FIRST_SCREEN,
  );
});
