import type { Locator, Page } from '@playwright/test';
import { getCounterSkus } from '../../contract/endpoints/orders';
import { expect, saveScreenshot, test } from './fixtures';
import { envelope, openStorefrontOrders, type StorefrontOrders } from './storefront-orders';

/**
 * Free shipping end to end: an operator sets up an activity for 天津 in the dialog, a second one
 * over the same region is refused on its regions, a storefront order to 天津 has its freight waived
 * naming the activity, and once the activity is switched off the next order pays freight again.
 * No demo activity covers 天津, so the orders here answer to this spec's activity alone.
 */

let api: StorefrontOrders;
const FIRST_SCREEN = { timeout: 45_000 };
const TIANJIN = {
  Name: '包邮人',
  Phone: '13900000027',
  Province: '天津市',
  City: '天津市',
  District: '和平区',
  Detail: '南京路 1 号',
};

test.beforeAll(async ({ baseURL }) => {
  api = await openStorefrontOrders({ baseURL, keyName: 'e2e free shipping', address: TIANJIN, start: 'end' });
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

/** A SKU whose goods pay freight to 天津 (many demo goods ship free), found by pricing unpaid orders. */
async function freightPayingSku(): Promise<number> {
  const skus = await envelope(
    await api.operatorCall(getCounterSkus.path, 'GET', { page: '1', pageSize: '100' }),
  );
  const candidates = (skus.Data as { SkuId: number; Stock: number; PriceFen: number }[]).filter(
    (sku) => sku.Stock >= 20 && sku.PriceFen > 0,
  );
  for (const sku of candidates.slice(0, 20)) {
    const probe = await api.placeOrder('e2e-free-shipping-probe', { skuId: sku.SkuId, pay: false });
    if (probe.FreightFen > 0) return sku.SkuId;
  }
  throw new Error('no demo SKU pays freight to 天津');
}

async function fillActivity(page: Page, name: string) {
  await page.getByRole('button', { name: 'New free-shipping activity' }).click();
  const dialog = page.getByRole('dialog', { name: 'New free-shipping activity' });
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('From this amount (yuan)').fill('0.01');
  await dialog.getByLabel('Regions', { exact: true }).selectOption('chosen');
  await dialog.getByText('天津市', { exact: true }).click();
  await expect(dialog.getByRole('checkbox', { name: '天津市' })).toBeChecked();
  return dialog;
}

test('an activity made in the dialog waives the freight of orders to its region until switched off', async ({
  page,
  signInByApi,
  expectNoSeriousA11yViolations,
}) => {
  test.setTimeout(180_000);
  const name = `E2E天津包邮 ${Date.now().toString(36)}`;
  const skuId = await freightPayingSku();
  await signInByApi(page, 'admin');
  await page.goto('/marketing/deliveryActivities');
  await expect(page.getByRole('heading', { name: 'Free shipping' })).toBeVisible(FIRST_SCREEN);
  await expect(page.getByRole('row').filter({ hasText: '国庆全国包邮' })).toContainText('Ended');
  await expectNoSeriousA11yViolations(page);
  await saveScreenshot(page, 'free-shipping-list');

  const dialog = await fillActivity(page, name);
  await expectNoSeriousA11yViolations(page);
  await saveScreenshot(page, 'free-shipping-dialog');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('Running');
  await expect(row).toContainText('From ¥0.01');
  await expect(row).toContainText('天津市');

  // The exclusion rule: the same region at the same time is refused on the regions, naming the first.
  const second = await fillActivity(page, `${name} 2`);
  await second.getByRole('button', { name: 'Save' }).click();
  await expect(second.getByText(`“${name}” already gives free shipping`)).toBeVisible();
  await second.getByRole('button', { name: 'Cancel' }).click();
  await expect(second).toBeHidden();

  const waived = await api.placeOrder('e2e-free-shipping-1', { skuId, pay: false });
  expect(waived).toMatchObject({ FreightFen: 0, FreightWaivedBy: 'freeShippingActivity' });

  await rowAction(page, row, 'Switch off', name);
  await page.getByRole('alertdialog').getByRole('button', { name: 'Confirm' }).click();
  await expect(row).toContainText('Switched off');
  await expectNoSeriousA11yViolations(page);
  const charged = await api.placeOrder('e2e-free-shipping-2', { skuId, pay: false });
  expect(charged.FreightFen).toBeGreaterThan(0);
});
