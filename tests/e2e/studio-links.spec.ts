import type { Page } from '@playwright/test';
import { expect, signInByApi, test } from './fixtures';

/**
 * The link picker lists live rows of entities beyond goods: a designer links a title's "more" to a
 * coupon found by search in the shop's coupons, saves, reloads and finds the link kept.
 */

const EDIT_TEMPLATE = '/shop/decorateShop/editTemplate';

function property(page: Page, path: string) {
  return page.getByTestId('property-panel').getByTestId(`field-${path}`);
}

test.describe.configure({ timeout: 150_000 });

test('a coupon link is picked from the live coupon list and saved', async ({
  page,
  expectNoSeriousA11yViolations,
}) => {
  const token = await signInByApi(page, 'admin');
  // A template of its own, so other specs' edits of the seeded one cannot get in the way.
  const added = await page.request.post('/api/ModuleLibrary/AddMyTemplate', {
    headers: { Authorization: `Bearer ${token}` },
    data: { Name: `链接${Date.now() % 100_000_000}` },
  });
  const { Id, Errcode } = (await added.json()) as { Id: number; Errcode: number };
  expect(Errcode).toBe(0);

  await page.goto(`${EDIT_TEMPLATE}?id=${Id}`);
  await expect(page.getByTestId('studio')).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Add Title' }).click();
  await property(page, 'text').locator('input').fill('Coupon centre');
  await property(page, 'showMore').locator('[data-part="control"]').click();

  const link = property(page, 'moreLink');
  await link.getByLabel('Link to').selectOption({ label: 'Coupon' });
  await link.getByRole('button', { name: 'Choose a coupon' }).click();
  const picker = page.getByTestId('coupon-picker');
  await expect(picker).toBeVisible();
  await expect(picker.getByText(/Page 1 of \d+, \d+ in all/)).toBeVisible();

  const search = picker.getByRole('searchbox', { name: 'Search by name' });
  await search.fill('没有这样的券');
  await expect(picker.getByTestId('picker-empty')).toHaveText('Nothing matches “没有这样的券”');
  await search.fill('满199');
  await expect(picker.getByText('¥30.00 off orders over ¥199.00')).toBeVisible();
  await expectNoSeriousA11yViolations(page, { exclude: ['[data-testid="phone-canvas"]'] });
  await picker.getByRole('button', { name: 'Choose 满199减30' }).click();
  await expect(picker).toBeHidden();
  await expect(link.getByTestId('link-summary')).toHaveText('满199减30');

  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByTestId('saved-mark')).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('studio')).toBeVisible({ timeout: 30_000 });
  await page
    .locator('[data-testid^="canvas-block-"][data-block-type="title"]')
    .filter({ hasText: 'Coupon centre' })
    .click();
  await expect(property(page, 'moreLink').getByTestId('link-summary')).toHaveText('满199减30');
});
