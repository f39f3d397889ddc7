import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

/**
 * Issue 14 §6: the studio takes the whole window, as Youzan's decoration does. The admin sidebar
 * folds away while it is open (the hamburger shows it as a drawer), the right-hand tabs stay on one
 * line, and at phone width the canvas still shows above the panels.
 */

const STUDIO = '/shop/decorateShop/editTemplate';

async function openStudio(page: Page) {
  await page.goto(STUDIO);
  await expect(page.getByTestId('studio')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('phone-canvas')).toBeVisible();
}

/** Each tab's label on one line: its height is that of a single line of its text. */
async function wrappedTabs(page: Page): Promise<string[]> {
  const wrapped: string[] = [];
  for (const tab of await page.getByRole('tab').all()) {
    const lines = await tab.evaluate((element) => {
      const range = document.createRange();
      range.selectNodeContents(element);
      const tops = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
      return tops.size;
    });
    if (lines > 1) wrapped.push((await tab.textContent()) ?? '');
  }
  return wrapped;
}

test.describe.configure({ timeout: 120_000 });

test('the studio opens full width with the sidebar folded away and its tabs on one line', async ({
  page,
  signInByApi,
  expectNoSeriousA11yViolations,
}) => {
  await signInByApi(page, 'admin');
  await page.goto('/dashboard');
  await expect(page.getByTestId('sidebar')).toBeVisible();

  await openStudio(page);
  await expect(page.getByTestId('sidebar')).toBeHidden();
  const studio = await page.getByTestId('studio').boundingBox();
  expect(studio!.x).toBe(0);
  expect(studio!.width).toBeGreaterThanOrEqual(1440 - 20);
  expect(await wrappedTabs(page)).toEqual([]);
  // The canvas draws the shop's own colours, as the other studio specs judge it: left out here.
  await expectNoSeriousA11yViolations(page, { exclude: ['[data-testid="phone-canvas"]'] });

  // The hamburger still reaches the menus, as a drawer over the studio.
  await page.getByTestId('hamburger').click();
  const drawer = page.getByRole('dialog', { name: 'Main menu' });
  await expect(drawer.getByTestId('sidebar')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('sidebar')).toBeHidden();

  // Leaving the studio brings the sidebar back as it was.
  await page.getByRole('link', { name: '← Templates' }).click();
  await expect(page.getByTestId('sidebar')).toBeVisible();
});

test('in Chinese the studio tabs do not wrap', async ({ page, signInByApi }) => {
  await signInByApi(page, 'admin');
  await page.context().addCookies([{ name: 'language', value: 'zh', url: test.info().project.use.baseURL! }]);
  await openStudio(page);
  await expect(page.getByRole('tab').first()).toHaveText(/[\u4e00-\u9fff]/);
  expect(await wrappedTabs(page)).toEqual([]);
});

test('at phone width the canvas shows and the toolbar overlaps nothing', async ({ page, signInByApi }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInByApi(page, 'admin');
  await openStudio(page);
  const canvas = await page.getByTestId('phone-canvas').boundingBox();
  expect(canvas!.width).toBeGreaterThan(300);
  expect(canvas!.x).toBeGreaterThanOrEqual(0);
  expect(canvas!.x + canvas!.width).toBeLessThanOrEqual(390);
  const toolbarButtons = page.getByTestId('studio').locator('header').getByRole('button');
  const boxes = [];
  for (const button of await toolbarButtons.all()) boxes.push((await button.boundingBox())!);
  // Attached buttons (undo, redo) share their one-pixel border.
  for (const [index, a] of boxes.entries())
    for (const b of boxes.slice(index + 1))
      expect(
        a.x + a.width <= b.x + 1 ||
          b.x + b.width <= a.x + 1 ||
          a.y + a.height <= b.y + 1 ||
          b.y + b.height <= a.y + 1,
      ).toBe(true);
  const toolbar = await page.getByTestId('studio').locator('header').boundingBox();
  expect(canvas!.y).toBeGreaterThanOrEqual(toolbar!.y + toolbar!.height);
});
