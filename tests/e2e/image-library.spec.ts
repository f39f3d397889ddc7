import { addMyTemplate } from '../../contract/endpoints/module-library';
import { solidPng } from '../api/images';
import { expect, test } from './fixtures';

/**
 * The image library in a browser: two images uploaded into a new folder with their progress, one
 * of them set on a carousel slide through the studio's picker; and a feedback entry answered.
 * Rows are the spec's own (a folder, images and a template named with a random tag).
 */

test.describe.configure({ timeout: 180_000 });

const IMAGES = '/shop/decorateShop/imagesSupervise';

test('images uploaded into a new folder are picked for a carousel slide in the studio', async ({
  page,
  signInByApi,
  expectNoSeriousA11yViolations,
}) => {
  const tag = Math.random().toString(36).slice(2, 8);
  const folder = `E2E ${tag}`;
  const token = await signInByApi(page, 'admin');

  await page.goto(IMAGES);
  await expect(page.getByRole('heading', { name: 'Image library' })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'New folder' }).click();
  await page.getByLabel('Folder name').fill(folder);
  await page.getByRole('button', { name: 'Save' }).click();
  const folderButton = page.getByRole('button', { name: `${folder} (0)` });
  await expect(folderButton).toBeVisible();
  await folderButton.click();
  await expect(page.getByRole('button', { name: `${folder} (0)` })).toHaveAttribute('aria-current', 'true');

  await page.getByLabel('Choose image files to upload').setInputFiles([
    { name: `red-${tag}.png`, mimeType: 'image/png', buffer: solidPng(30, 20, [220, 38, 38, 255]) },
    { name: `blue-${tag}.png`, mimeType: 'image/png', buffer: solidPng(30, 20, [37, 99, 235, 255]) },
  ]);
  const uploads = page.getByTestId('upload-item');
  await expect(uploads).toHaveCount(2);
  await expect(uploads.filter({ hasText: 'Uploaded' })).toHaveCount(2, { timeout: 30_000 });
  await expect(page.getByRole('button', { name: `${folder} (2)` })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: `Select red-${tag}.png` })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: `Select blue-${tag}.png` })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  const created = await page.request.post(`/api${addMyTemplate.path}`, {
    headers: { Authorization: `Bearer ${token}` },
    data: { Name: `E2E images ${tag}` },
  });
  const template = (await created.json()) as { Errcode: number; Id: number };
  expect(template.Errcode).toBe(0);
  await page.goto(`/shop/decorateShop/editTemplate?id=${template.Id}`);
  await expect(page.getByTestId('studio')).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: /^Add Carousel/ }).click();
  const panel = page.getByTestId('property-panel');
  await panel
    .getByRole('button', { name: /^Choose from library/ })
    .first()
    .click();

  const picker = page.getByTestId('image-picker-dialog');
  await expect(picker).toBeVisible();
  await picker.getByRole('button', { name: `${folder} (2)` }).click();
  await picker.getByRole('checkbox', { name: `Select blue-${tag}.png` }).click();
  await expectNoSeriousA11yViolations(page);
  await picker.getByRole('button', { name: 'Use selected' }).click();
  await expect(picker).toBeHidden();
  await expect(panel.locator('input[value^="/uploads/"]').first()).toBeVisible();

  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByTestId('saved-mark')).toBeVisible({ timeout: 20_000 });
});

test('a shop answers a member’s feedback and it shows as handled', async ({
  page,
  signInByApi,
  expectNoSeriousA11yViolations,
}) => {
  await signInByApi(page, 'admin');
  await page.goto('/shop/decorateShop/feedbackList?status=new');
  await expect(page.getByRole('heading', { name: 'Feedback' })).toBeVisible({ timeout: 30_000 });
  const open = page.getByRole('button', { name: /^Details of feedback/ }).first();
  await expect(open).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await open.click();

  await expect(page.getByRole('heading', { name: 'Feedback details' })).toBeVisible();
  await page.getByRole('button', { name: 'Save reply' }).click();
  await expect(page.getByText('Enter a reply')).toBeVisible();
  const reply = `Thanks, sorted ${Math.random().toString(36).slice(2, 6)}`;
  await page.getByLabel('Your reply').fill(reply);
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Save reply' }).click();
  await expect(page.getByText(/^Handled by admin at /)).toBeVisible();

  await page.getByRole('button', { name: 'Back to the list' }).click();
  await page.getByRole('tab', { name: /^Handled/ }).click();
  await expect(page.getByRole('button', { name: /^Details of feedback/ }).first()).toBeVisible();
});
