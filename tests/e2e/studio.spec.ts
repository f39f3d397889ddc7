import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

/**
 * The decoration studio in a browser: the seeded mall template opened from "My templates", edited
 * by clicks, keys and one real drag, saved, reloaded; a stale save from a second tab refused.
 */

const TEMPLATES = '/shop/decorateShop/miniProgramsTemplate';

async function openSeededTemplate(page: Page) {
  await page.goto(TEMPLATES);
  await expect(page.getByRole('heading', { name: 'My templates' })).toBeVisible({ timeout: 20_000 });
  await page.getByRole('button', { name: 'Decorate' }).first().click();
  // The first open loads the studio's chunk and parses the template; give it time on a busy machine.
  await expect(page.getByTestId('studio')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('phone-canvas')).toBeVisible();
}

function canvasBlocks(page: Page, type: string) {
  return page.locator(`[data-testid^="canvas-block-"][data-block-type="${type}"]`);
}

function property(page: Page, path: string) {
  return page.getByTestId('property-panel').getByTestId(`field-${path}`);
}

test.describe.configure({ timeout: 150_000 });

test('a designer decorates the seeded template and finds it all after a reload', async ({
  page,
  loginAs,
  expectNoSeriousA11yViolations,
  saveScreenshot,
}) => {
  await loginAs(page, 'admin');
  await openSeededTemplate(page);
  await expect(page.getByTestId('saved-mark')).toBeVisible();
  const titlesBefore = await canvasBlocks(page, 'title').count();
  const noticesBefore = await canvasBlocks(page, 'notice').count();
  const spacersBefore = await canvasBlocks(page, 'spacer').count();

  // Three blocks by click; each new one is selected and its properties are shown.
  await page.getByRole('button', { name: 'Add Title' }).click();
  await expect(canvasBlocks(page, 'title')).toHaveCount(titlesBefore + 1);
  await property(page, 'text').locator('input').fill('Weekly picks');
  await expect(canvasBlocks(page, 'title').filter({ hasText: 'Weekly picks' })).toHaveCount(1);

  await page.getByRole('button', { name: 'Add Notice' }).click();
  await expect(canvasBlocks(page, 'notice')).toHaveCount(noticesBefore + 1);
  await property(page, 'text').locator('textarea').fill('Free delivery over 99 yuan');

  // A product link chosen through the picker from the live goods list.
  const link = property(page, 'link');
  await link.getByLabel('Link to').selectOption({ label: 'Product' });
  await link.getByRole('button', { name: 'Choose a product' }).click();
  const picker = page.getByTestId('product-picker');
  await expect(picker).toBeVisible();
  const firstChoice = picker.getByRole('button', { name: /^Choose / }).first();
  const chosenName = ((await firstChoice.getAttribute('aria-label')) ?? '').replace(/^Choose /, '');
  expect(chosenName).not.toBe('');
  await firstChoice.click();
  await expect(picker).toBeHidden();
  await expect(link.getByTestId('link-summary')).toHaveText(chosenName);

  await page.getByRole('button', { name: 'Add Spacer' }).click();
  await expect(canvasBlocks(page, 'spacer')).toHaveCount(spacersBefore + 1);
  await expect(page.getByTestId('dirty-mark')).toBeVisible();

  // Undo with the key removes the spacer, the button brings it back; redo by Ctrl+Y too.
  await page.getByTestId('phone-canvas').click({ position: { x: 30, y: 5 } });
  await page.keyboard.press('Control+z');
  await expect(canvasBlocks(page, 'spacer')).toHaveCount(spacersBefore);
  await page.getByRole('button', { name: 'Redo' }).click();
  await expect(canvasBlocks(page, 'spacer')).toHaveCount(spacersBefore + 1);
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(canvasBlocks(page, 'spacer')).toHaveCount(spacersBefore);
  await page.keyboard.press('Control+y');
  await expect(canvasBlocks(page, 'spacer')).toHaveCount(spacersBefore + 1);

  // The history panel lists the labelled steps.
  await page.getByRole('tab', { name: 'History' }).click();
  await expect(page.getByTestId('history-panel')).toContainText('Add Spacer');
  await expect(page.getByTestId('history-panel')).toContainText('Edit Notice');
  await page.getByRole('tab', { name: 'Block' }).click();

  // One real drag: the new spacer's handle in the outline, dragged to the top of the page.
  const outline = page.getByTestId('outline');
  const rows = outline.locator('li');
  const lastRow = rows.last();
  await expect(lastRow).toContainText('Spacer');
  const handle = lastRow.getByRole('button', { name: /^Drag / });
  const from = (await handle.boundingBox())!;
  const to = (await rows.first().boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2, from.y - 10, { steps: 5 });
  await page.mouse.move(to.x + 20, to.y + 2, { steps: 20 });
  await page.mouse.up();
  await expect(rows.first()).toContainText('Spacer');

  // The phone draws the shop's own colours as the mini-program will; the studio around it is checked.
  await expectNoSeriousA11yViolations(page, { exclude: ['[data-testid="phone-canvas"]'] });
  await saveScreenshot(page, 'studio');

  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByTestId('saved-mark')).toBeVisible();

  await page.reload();
  await expect(page.getByTestId('studio')).toBeVisible({ timeout: 20_000 });
  await expect(canvasBlocks(page, 'title').filter({ hasText: 'Weekly picks' })).toHaveCount(1);
  await expect(canvasBlocks(page, 'notice').filter({ hasText: 'Free delivery over 99 yuan' })).toHaveCount(1);
  await expect(canvasBlocks(page, 'spacer')).toHaveCount(spacersBefore + 1);
  await expect(page.getByTestId('outline').locator('li').first()).toContainText('Spacer');
  await canvasBlocks(page, 'notice').filter({ hasText: 'Free delivery over 99 yuan' }).click();
  await expect(property(page, 'link').getByTestId('link-summary')).toHaveText(chosenName);
});

test('a save based on an older version is refused with a choice to reload or overwrite', async ({
  page,
  loginAs,
}) => {
  await loginAs(page, 'admin');
  await openSeededTemplate(page);
  const second = await page.context().newPage();
  await openSeededTemplate(second);

  await second.getByRole('button', { name: 'Add Divider' }).click();
  await second.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(second.getByTestId('saved-mark')).toBeVisible();
  const dividers = await canvasBlocks(second, 'divider').count();

  await page.getByRole('button', { name: 'Add Title' }).click();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  // The studio explains the refusal itself: its choice comes straight away, with no generic notice.
  const stale = page.getByTestId('stale-dialog');
  await expect(stale).toBeVisible();
  await expect(page.getByText(/Someone saved this template \(now version \d+\)/)).toHaveCount(0);
  await expect(page.getByTestId('dirty-mark')).toBeVisible();

  await stale.getByRole('button', { name: 'Reload their version' }).click();
  await expect(stale).toBeHidden();
  await expect(canvasBlocks(page, 'divider')).toHaveCount(dividers);
  await expect(page.getByTestId('saved-mark')).toBeVisible();
  await second.close();
});
