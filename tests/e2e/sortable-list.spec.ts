import { expect, test } from './fixtures';

/**
 * The shared sortable list (src/lib/sortable-list.tsx) with the keyboard, on the poster editor's
 * layers: pick a layer up with Space, move it with an arrow key, drop it with Space, and hear each
 * step announced in the interface language.
 */

test.describe.configure({ timeout: 150_000 });

test('a layer is moved with the keyboard and each step is announced', async ({
  page,
  loginAs,
  expectNoSeriousA11yViolations,
}) => {
  await loginAs(page, 'admin');
  await page.goto('/shop/decorateShop/posterSupervise');
  await page.getByRole('button', { name: 'New poster' }).click({ timeout: 30_000 });
  const dialog = page.getByTestId('name-dialog');
  await dialog.getByLabel('Name').fill(`E2E layers ${Date.now()}`);
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByTestId('poster-editor')).toBeVisible({ timeout: 20_000 });
  await page.getByRole('button', { name: 'Add Image' }).click();
  await page.getByRole('button', { name: 'Add Text' }).click();

  const layers = page.getByTestId('poster-layers').getByRole('listitem');
  // The top layer comes first: the text added last.
  await expect(layers).toHaveCount(2);
  await expect(layers.first()).toContainText('Text: Your text');

  const handle = page.getByRole('button', { name: 'Drag to reorder Text: Your text' });
  await handle.focus();
  await page.keyboard.press('Space');
  const live = page.locator('[aria-live="assertive"]').filter({ hasText: 'Text: Your text' });
  // Picking up announces the item, then at once that it is over its own place.
  await expect(live).toContainText(
    /Picked up Text: Your text, at position 1 of 2\.|Text: Your text is over position 1 of 2\./,
  );
  await page.keyboard.press('ArrowDown');
  await expect(live).toContainText('Text: Your text is over position 2 of 2.');
  await page.keyboard.press('Space');
  await expect(live).toContainText('Text: Your text was dropped at position 2 of 2.');
  await expect(layers.first()).toContainText('Image');
  await expect(layers.last()).toContainText('Text: Your text');
  await expectNoSeriousA11yViolations(page);
});
