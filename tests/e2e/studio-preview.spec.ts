import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

/**
 * The studio's safety net and previews: a draft kept in IndexedDB survives a reload without saving
 * and is restored; the preview shop type flags blocks the type does not offer; the saved page opens
 * read-only at phone widths, from the dashboard's QR address without a session.
 *
 * Works on a template of its own in the official-site demo shop (site2), which no other spec edits.
 */

test.describe.configure({ timeout: 180_000 });

function canvasBlocks(page: Page, type: string) {
  return page.locator(`[data-testid^="canvas-block-"][data-block-type="${type}"]`);
}

test('draft restore, preview shop type and the phone preview', async ({
  page,
  browser,
  signInByApi,
  expectNoSeriousA11yViolations,
  saveScreenshot,
}) => {
  const token = await signInByApi(page, 'site2');
  const headers = { Authorization: `Bearer ${token}` };
  const added = await page.request.post('/api/ModuleLibrary/AddMyTemplate', {
    headers,
    data: { Name: `Preview ${Date.now() % 100000}` },
  });
  const { Errcode, Id } = (await added.json()) as { Errcode: number; Id: number };
  expect(Errcode).toBe(0);
  const current = await page.request.post('/api/ModuleLibrary/SetMyTemplate', {
    headers,
    data: { Id, IsCurrent: true },
  });
  expect(((await current.json()) as { Errcode: number }).Errcode).toBe(0);

  await page.goto(`/shop/decorateShop/editTemplate?id=${Id}`);
  await expect(page.getByTestId('studio')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('saved-mark')).toBeVisible();

  // Edit without saving; the draft lands in IndexedDB after a short pause.
  const heading = `Spring menu ${Id}`;
  await page.getByRole('button', { name: 'Add Title' }).click();
  await page.getByTestId('property-panel').getByTestId('field-text').locator('input').fill(heading);
  await page.getByRole('button', { name: 'Add Vote' }).click();
  await expect(canvasBlocks(page, 'vote')).toHaveCount(1);
  await expect(page.getByTestId('draft-kept')).toBeVisible({ timeout: 10_000 });

  // A reload (the leave guard's prompt accepted) loses the page, not the work.
  page.on('dialog', (dialog) => void dialog.accept());
  await page.reload();
  const offer = page.getByTestId('draft-dialog');
  await expect(offer).toBeVisible({ timeout: 30_000 });
  await expect(offer).toContainText('Restore your unsaved changes?');
  await offer.getByRole('button', { name: 'Restore draft' }).click();
  await expect(offer).toBeHidden();
  await expect(canvasBlocks(page, 'title').filter({ hasText: heading })).toHaveCount(1);
  await expect(canvasBlocks(page, 'vote')).toHaveCount(1);
  await expect(page.getByTestId('dirty-mark')).toBeVisible();

  // Previewed as a mall, the vote block (official sites and courses only) is flagged.
  const shopType = page.getByLabel('Preview as');
  await expect(shopType).toHaveValue('1');
  await shopType.selectOption({ label: 'Mall' });
  const vote = canvasBlocks(page, 'vote');
  await expect(vote).toHaveAttribute('data-flag', 'block');
  await expect(vote).toContainText('Vote: not available for this shop type');
  await expect(canvasBlocks(page, 'title')).not.toHaveAttribute('data-flag', /.+/);
  await saveScreenshot(page, 'studio-preview-shop-type');
  await shopType.selectOption({ label: 'Official site' });
  await expect(vote).not.toHaveAttribute('data-flag', /.+/);

  // Saved, the draft is gone: a reload offers nothing.
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByTestId('saved-mark')).toBeVisible();
  await page.reload();
  await expect(canvasBlocks(page, 'title').filter({ hasText: heading })).toHaveCount(1, { timeout: 30_000 });
  await page.waitForTimeout(1000);
  await expect(page.getByTestId('draft-dialog')).toHaveCount(0);

  // The studio's Preview shows the QR code of this page's preview address.
  await page.getByRole('button', { name: 'Preview', exact: true }).click();
  const dialog = page.getByTestId('preview-dialog');
  await expect(dialog.getByTestId('preview-qr')).toBeVisible();
  await expect(dialog.getByTestId('preview-url')).toContainText('/preview/');
  await dialog.getByRole('button', { name: 'Close' }).click();

  // The dashboard's QR address, opened on a "phone" with no session.
  await page.goto('/dashboard');
  const qrLink = page.getByTestId('dashboard-qr').getByRole('link');
  await expect(qrLink).toHaveAttribute('href', /\/preview\/\d+$/);
  const address = new URL((await qrLink.getAttribute('href')) ?? '');
  const phone = await browser.newContext({ viewport: { width: 480, height: 900 }, locale: 'en-US' });
  try {
    const preview = await phone.newPage();
    await preview.goto(`${address.pathname}?width=390`);
    const screen = preview.getByTestId('preview-phone');
    await expect(screen).toBeVisible({ timeout: 30_000 });
    await expect(screen).toHaveAttribute('data-width', '390');
    expect((await screen.boundingBox())?.width).toBe(390);
    await expect(screen.getByText(heading)).toBeVisible();
    await expect(screen.locator('[data-block-type="vote"]')).toHaveCount(1);
    // Read-only: no editing chrome.
    await expect(preview.getByRole('button', { name: 'Save' })).toHaveCount(0);
    await expect(preview.getByRole('button', { name: '390 px' })).toHaveAttribute('aria-pressed', 'true');
    // The blocks are drawn in the shop's own colours, as the mini-program will; the page around them is checked.
    await expectNoSeriousA11yViolations(preview, { exclude: ['[data-testid^="preview-block-"]'] });
    await saveScreenshot(preview, 'studio-preview-390', { fullPage: true });
    await preview.getByRole('button', { name: '414 px' }).click();
    await expect(screen).toHaveAttribute('data-width', '414');
    expect((await screen.boundingBox())?.width).toBe(414);
    // A template that is not live is not shown to a phone without a session.
    await preview.goto(`${address.pathname}?template=${Id + 100000}`);
    await expect(preview.getByTestId('preview-error')).toBeVisible({ timeout: 30_000 });
  } finally {
    await phone.close();
  }
});
