import type { Page } from '@playwright/test';
import { expect, signInByApi, test } from './fixtures';

/**
 * Blocks filled by hand: a designer picks goods for a product list and a coupon for a coupon block
 * in their pickers and publishes. Goods the shop switched off are marked in the picker and in the
 * chosen list, and publishing warns about them before going ahead.
 */

const EDIT_TEMPLATE = '/shop/decorateShop/editTemplate';

interface LookupRow {
  Id: number;
  Title: string;
  Status: 'on' | 'off';
}

function property(page: Page, path: string) {
  return page.getByTestId('property-panel').getByTestId(`field-${path}`);
}

/** Goods whose name no other goods share, so a search by name finds exactly them. */
async function distinctGoods(page: Page, token: string): Promise<{ on: LookupRow[]; off: LookupRow }> {
  const response = await page.request.get('/api/ModuleLibrary/GetProductList?page=1&pageSize=100', {
    headers: { Authorization: `Bearer ${token}` },
  });
  const { Data } = (await response.json()) as { Data: LookupRow[] };
  const unique = Data.filter(
    (row) =>
      Data.filter((other) => other.Title.includes(row.Title) || row.Title.includes(other.Title)).length === 1,
  );
  const on = unique.filter((row) => row.Status === 'on').slice(0, 2);
  const off = unique.find((row) => row.Status === 'off');
  expect(on, 'two distinct goods on the shelf').toHaveLength(2);
  expect(off, 'distinct goods off the shelf').toBeDefined();
  return { on, off: off! };
}

async function pick(page: Page, testId: string, title: string) {
  const picker = page.getByTestId(testId);
  await picker.getByRole('searchbox', { name: 'Search by name' }).fill(title);
  await picker.getByRole('button', { name: `Choose ${title}` }).click();
  await expect(picker.getByRole('row').filter({ hasText: title }).getByText('Chosen')).toBeVisible();
}

test.describe.configure({ timeout: 180_000 });

test('goods and coupons are picked by hand and published; switched-off goods are marked and warned about', async ({
  page,
  expectNoSeriousA11yViolations,
}) => {
  const token = await signInByApi(page, 'admin');
  const added = await page.request.post('/api/ModuleLibrary/AddMyTemplate', {
    headers: { Authorization: `Bearer ${token}` },
    data: { Name: `实体${Date.now() % 100_000_000}` },
  });
  const { Id, Errcode } = (await added.json()) as { Id: number; Errcode: number };
  expect(Errcode).toBe(0);
  const goods = await distinctGoods(page, token);

  await page.goto(`${EDIT_TEMPLATE}?id=${Id}`);
  await expect(page.getByTestId('studio')).toBeVisible({ timeout: 30_000 });

  await page.getByRole('button', { name: 'Add Product list' }).click();
  await property(page, 'source').locator('select').selectOption({ label: 'Pick by hand' });
  await property(page, 'products').getByRole('button', { name: 'Choose a product' }).click();
  for (const row of goods.on) await pick(page, 'product-picker', row.Title);
  await expectNoSeriousA11yViolations(page, { exclude: ['[data-testid="phone-canvas"]'] });
  await page.getByTestId('product-picker').getByRole('button', { name: 'Done' }).click();
  const chosenGoods = property(page, 'products').getByRole('list', { name: 'Products' });
  await expect(chosenGoods.getByRole('listitem')).toContainText(goods.on.map((row) => row.Title));

  await page.getByRole('button', { name: 'Add Coupons' }).click();
  await property(page, 'coupons').getByRole('button', { name: 'Choose a coupon' }).click();
  await pick(page, 'coupon-picker', '满199减30');
  await page.getByTestId('coupon-picker').getByRole('button', { name: 'Done' }).click();
  await expect(property(page, 'coupons').getByText('满199减30')).toBeVisible();

  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(page.getByText('Published', { exact: true })).toBeVisible();
  await expect(page.getByTestId('publish-problems')).toBeHidden();

  // Switched-off goods: marked where they are chosen, and a warning, not a refusal, on publishing.
  await page
    .locator('[data-testid^="canvas-block-"][data-block-type="productList"]')
    .click({ position: { x: 20, y: 20 } });
  await property(page, 'products').getByRole('button', { name: 'Choose a product' }).click();
  const picker = page.getByTestId('product-picker');
  await picker.getByRole('searchbox', { name: 'Search by name' }).fill(goods.off.Title);
  await expect(picker.getByRole('row').filter({ hasText: goods.off.Title }).getByText('Off')).toBeVisible();
  await pick(page, 'product-picker', goods.off.Title);
  await picker.getByRole('button', { name: 'Done' }).click();
  await expect(
    chosenGoods.getByRole('listitem').filter({ hasText: goods.off.Title }).getByText('Off'),
  ).toBeVisible();

  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  const warnings = page.getByTestId('publish-problems');
  await expect(warnings.getByRole('heading')).toHaveText('1 warning before publishing');
  await expect(warnings).toContainText(`“${goods.off.Title}” is switched off`);
  await warnings.getByRole('button', { name: 'Publish anyway' }).click();
  await expect(warnings).toBeHidden();
  await expect(page.getByText('Published', { exact: true }).last()).toBeVisible();
});
