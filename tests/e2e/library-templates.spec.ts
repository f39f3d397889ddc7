import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

/**
 * The template library: a public template previewed, used and edited in the studio; the user
 * center's menu edited with undo and redo, saved and reloaded. Works in the official-site demo shop
 * (site2) on a template it creates itself and on the user center, which no other spec edits.
 */

test.describe.configure({ timeout: 240_000 });

function canvasBlocks(page: Page, type: string) {
  return page.locator(`[data-testid^="canvas-block-"][data-block-type="${type}"]`);
}

test('use a public template and edit it in the studio', async ({
  page,
  signInByApi,
  expectNoSeriousA11yViolations,
}) => {
  await signInByApi(page, 'site2');
  await page.goto('/shop/decorateShop/publicTemplate');
  await expect(page.getByRole('heading', { name: 'Public templates', level: 1 })).toBeVisible({
    timeout: 30_000,
  });
  const industries = page.getByRole('navigation', { name: 'Industries' });
  await expect(industries.getByRole('button', { name: /Official site/ })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  const card = page.getByRole('article', { name: '企业官网' });
  await expect(card).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // Another industry lists its own template, which this shop type cannot use.
  await industries.getByRole('button', { name: /Hotel/ }).click();
  await expect(page.getByRole('article', { name: '湖畔酒店' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Use "湖畔酒店"' })).toBeDisabled();
  await industries.getByRole('button', { name: /Official site/ }).click();

  await card.getByRole('button', { name: 'Preview "企业官网"' }).click();
  const preview = page.getByTestId('public-preview');
  await expect(preview.getByTestId('preview-phone')).toBeVisible();
  await preview.getByRole('button', { name: '关于我们', exact: true }).click();
  await expect(preview.getByTestId('preview-phone')).toContainText('企业文化');
  // The phone shows the template's own design (its colours are the designer's), as the studio's canvas.
  await expectNoSeriousA11yViolations(page, { exclude: ['[data-testid="preview-phone"]'] });
  await preview.getByRole('button', { name: 'Close' }).first().click();
  await expect(preview).toBeHidden();

  const name = `官网 ${Date.now() % 100_000}`;
  await card.getByRole('button', { name: 'Use "企业官网"' }).click();
  const naming = page.getByRole('dialog', { name: 'Use "企业官网"' });
  await naming.getByRole('textbox').fill(name);
  await naming.getByRole('button', { name: 'OK' }).click();
  const offer = page.getByRole('alertdialog', { name: 'Template added' });
  await expect(offer).toContainText(name);
  await offer.getByRole('button', { name: 'Open in the studio' }).click();
  await expect(page).toHaveURL(/editTemplate\?id=\d+/);
  await expect(page.getByTestId('studio')).toBeVisible({ timeout: 30_000 });
  await expect(canvasBlocks(page, 'newsList')).toHaveCount(1);

  const heading = `Our story ${Date.now() % 100_000}`;
  await page.getByRole('button', { name: 'Add Title' }).click();
  await page.getByTestId('property-panel').getByTestId('field-text').locator('input').fill(heading);
  const saved = page.waitForResponse((response) => response.url().includes('/ModuleLibrary/SaveModule'));
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  expect(((await (await saved).json()) as { Errcode: number }).Errcode).toBe(0);
  await expect(page.getByTestId('saved-mark')).toBeVisible();
  page.on('dialog', (dialog) => void dialog.accept());
  await page.reload();
  await expect(page.getByTestId('studio')).toBeVisible({ timeout: 30_000 });
  await expect(canvasBlocks(page, 'title').filter({ hasText: heading })).toHaveCount(1);

  await page.goto('/shop/decorateShop/miniProgramsTemplate');
  await expect(page.getByRole('row').filter({ hasText: name })).toBeVisible({ timeout: 30_000 });
});

test('edit the user-center menu with undo and redo', async ({
  page,
  signInByApi,
  expectNoSeriousA11yViolations,
}) => {
  await signInByApi(page, 'site2');
  await page.goto('/shop/decorateShop/userTemplate');
  const phone = page.getByRole('region', { name: 'User center preview' });
  await expect(phone).toBeVisible({ timeout: 30_000 });
  await expectNoSeriousA11yViolations(page);

  const title = `签到${Date.now() % 10_000}`;
  await page.getByRole('button', { name: 'Add a menu item' }).click();
  const properties = page.getByTestId('menu-properties');
  await properties.getByRole('textbox', { name: 'Title', exact: true }).first().fill(title);
  await properties.getByRole('combobox', { name: 'Page' }).selectOption('/pages/points/sign-in');
  await expect(phone.getByRole('button', { name: title })).toBeVisible();

  await page.getByRole('button', { name: 'Undo' }).click();
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(phone.getByRole('button', { name: title })).toHaveCount(0);
  await expect(phone.getByRole('button', { name: 'New item' })).toBeVisible();
  await page.getByRole('button', { name: 'Redo' }).click();
  await expect(phone.getByRole('button', { name: title })).toBeVisible();
  await page.getByRole('button', { name: 'Redo' }).click();
  await expect(properties.getByRole('combobox', { name: 'Page' })).toHaveValue('/pages/points/sign-in');

  // The new item moves to the top with the keyboard-accessible move buttons.
  const rows = page.getByTestId('menu-list').getByRole('listitem');
  const count = await rows.count();
  for (let step = 1; step < count; step += 1)
    await page.getByRole('button', { name: `Move "${title}" up` }).click();
  await expect(rows.first()).toContainText(title);

  const saved = page.waitForResponse((response) =>
    response.url().includes('/ModuleLibrary/SetUserCenterInfo'),
  );
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  expect(((await (await saved).json()) as { Errcode: number }).Errcode).toBe(0);
  await expect(page.getByTestId('user-center-status')).toContainText('All changes saved');

  await page.reload();
  await expect(phone).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('menu-list').getByRole('listitem').first()).toContainText(title);
  await page.getByRole('button', { name: `Edit "${title}"` }).click();
  await expect(page.getByTestId('menu-properties').getByRole('combobox', { name: 'Page' })).toHaveValue(
    '/pages/points/sign-in',
  );

  await page.getByRole('tab', { name: 'Goods-detail templates' }).click();
  await expect(page.getByTestId('product-templates')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});
