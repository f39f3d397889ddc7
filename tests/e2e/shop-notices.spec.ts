import type { Page } from '@playwright/test';
import { expect, saveScreenshot, signInByApi, test } from './fixtures';

/**
 * Notices (/shop/noticeSupervise): an operator adds a running notice in the dialog over the list,
 * then a designer sets the studio's notice block to the shop's running notices and sees it there.
 */

const NOTICES = '/shop/noticeSupervise';
const EDIT_TEMPLATE = '/shop/decorateShop/editTemplate';

function property(page: Page, path: string) {
  return page.getByTestId('property-panel').getByTestId(`field-${path}`);
}

test.describe.configure({ timeout: 180_000 });

test('a notice added on the list runs and shows in the studio’s notice block', async ({
  page,
  expectNoSeriousA11yViolations,
}) => {
  const token = await signInByApi(page, 'admin');
  await page.goto(NOTICES);
  await expect(page.getByRole('heading', { name: 'Notices' })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: '春季上新全场包邮' })).toContainText('Running');
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('button', { name: 'Add notice' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add notice' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText(/required|cannot be empty/i).first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  const title = `周末闪购${Date.now() % 100_000}`;
  await dialog.getByRole('textbox', { name: 'Title' }).fill(title);
  await dialog.getByRole('textbox', { name: 'Text' }).fill('周六周日全场八折。');
  await dialog.getByRole('combobox', { name: 'Shown as' }).selectOption({ label: 'Popup' });
  const starts = dialog.getByLabel('Starts at');
  const ends = dialog.getByLabel('Ends at');
  await ends.fill(await starts.inputValue());
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('The end must come after the start')).toBeVisible();
  await starts.fill('2020-01-01T09:00');
  await ends.fill('2099-01-01T09:00');
  await dialog.getByRole('spinbutton', { name: 'Sort' }).fill('0');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Notice added')).toBeVisible();
  await expect(dialog).toBeHidden();
  const row = page.getByRole('row').filter({ hasText: title });
  await expect(row).toContainText('Running');
  await expect(row).toContainText('Popup');
  await saveScreenshot(page, 'notices-list');

  const added = await page.request.post('/api/ModuleLibrary/AddMyTemplate', {
    headers: { Authorization: `Bearer ${token}` },
    data: { Name: `公告${Date.now() % 100_000_000}` },
  });
  const { Id, Errcode } = (await added.json()) as { Id: number; Errcode: number };
  expect(Errcode).toBe(0);
  await page.goto(`${EDIT_TEMPLATE}?id=${Id}`);
  await expect(page.getByTestId('studio')).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Add Notice' }).click();
  await property(page, 'source').locator('select').selectOption({ label: 'The shop’s running notices' });
  await property(page, 'limit').locator('input').fill('10');
  await expect(page.getByTestId('phone-canvas')).toContainText(title);
  await expect(page.getByTestId('phone-canvas')).toContainText('春季上新全场包邮');
  await expect(page.getByTestId('phone-canvas')).not.toContainText('系统维护（已暂停）');
  // Typing the limit replaces lookups in flight; the abandoned ones are no error to show.
  await expect(page.getByText('Network error: the server cannot be reached')).toHaveCount(0);
  await saveScreenshot(page, 'studio-notice-block');
});
