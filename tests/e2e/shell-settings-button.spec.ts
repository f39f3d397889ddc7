import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

/**
 * Issue 14 §2: the settings opener covers nothing. It used to be fixed at the window's right edge,
 * over the dashboard's figures, the lists' "Columns" button and the ends of filter rows.
 */

/** Every visible button other than the opener whose box meets the opener's, by accessible name. */
async function buttonsUnderOpener(page: Page): Promise<string[]> {
  const opener = page.getByRole('button', { name: 'Open the settings panel' });
  await expect(opener).toBeVisible();
  // One pass in the page: a list has a hundred buttons, and a round trip each is slow.
  return opener.evaluate((openerElement) => {
    const a = openerElement.getBoundingClientRect();
    const hits: string[] = [];
    for (const button of document.querySelectorAll<HTMLElement>('button, [role="button"], a[href]')) {
      if (button === openerElement || !button.checkVisibility({ visibilityProperty: true })) continue;
      const b = button.getBoundingClientRect();
      if (b.width === 0 || b.height === 0) continue;
      if (a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom)
        hits.push(button.getAttribute('aria-label') ?? button.textContent ?? '');
    }
    return hits;
  });
}

test.describe.configure({ timeout: 120_000 });

const SCREENS = [
  { path: '/dashboard', ready: (page: Page) => page.getByText('Orders to ship').first() },
  { path: '/goods/goodsList', ready: (page: Page) => page.getByRole('button', { name: 'Columns' }) },
  { path: '/order/orderSupervise', ready: (page: Page) => page.getByRole('button', { name: 'Columns' }) },
];

for (const width of [1440, 992]) {
  test(`at ${width} px the settings opener overlaps no button on the dashboard and the lists`, async ({
    page,
    signInByApi,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await signInByApi(page, 'admin');
    for (const screen of SCREENS) {
      await page.goto(screen.path);
      await expect(screen.ready(page)).toBeVisible({ timeout: 20_000 });
      expect(await buttonsUnderOpener(page), screen.path).toEqual([]);
      // Nothing of the page itself lies under it either: it sits in the top bar, above the page.
      const openerBox = await page.getByTestId('settings-button').boundingBox();
      const mainBox = await page.locator('main').boundingBox();
      expect(openerBox!.y + openerBox!.height, screen.path).toBeLessThanOrEqual(mainBox!.y);
    }
  });
}

test('the settings opener is reached with Tab and opens the panel with Enter', async ({
  page,
  signInByApi,
}) => {
  await signInByApi(page, 'admin');
  await page.goto('/dashboard');
  await expect(page.getByText('Orders to ship').first()).toBeVisible({ timeout: 20_000 });
  await page.locator('body').focus();
  let reached = false;
  for (let step = 0; step < 40 && !reached; step += 1) {
    await page.keyboard.press('Tab');
    reached = await page
      .getByTestId('settings-button')
      .evaluate((element) => element === document.activeElement);
  }
  expect(reached).toBe(true);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('settings-panel')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('settings-panel')).toBeHidden();
  await expect(page.getByTestId('settings-button')).toBeFocused();
});
