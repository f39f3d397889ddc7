import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

/**
 * The service shop (type 7): its technician and service screens show the demo rows; a page built in
 * the studio with a service list and a Tencent Video link shows the real services and plays the
 * video in the phone preview (the sandbox resolves the link, as no video service is configured).
 * Uses the demo service shop (`service`), which no other spec edits.
 */

test.describe.configure({ timeout: 180_000 });

const canvasBlocks = (page: Page, type: string) =>
  page.locator(`[data-testid^="canvas-block-"][data-block-type="${type}"]`);

test('technicians and services, then a service page with a Tencent Video in the preview', async ({
  page,
  browser,
  signInByApi,
  expectNoSeriousA11yViolations,
  saveScreenshot,
}) => {
  const token = await signInByApi(page, 'service');
  const headers = { Authorization: `Bearer ${token}` };

  await page.goto('/shop/technicianSupervise');
  await expect(page.getByRole('row').filter({ hasText: '李师傅' })).toContainText('静安养生馆');
  await expectNoSeriousA11yViolations(page);
  await page.goto('/shop/serviceSupervise');
  const massage = page.getByRole('row').filter({ hasText: '肩颈推拿' });
  await expect(massage).toContainText('李师傅');
  await expectNoSeriousA11yViolations(page);
  await saveScreenshot(page, 'service-list');

  // A new service, given by 王技师, saved from its form.
  await page.getByRole('button', { name: 'Add service' }).click();
  const form = page.getByRole('form', { name: 'New service' });
  await expect(form).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await form.getByLabel('Name').fill('小儿推拿');
  await form.getByLabel('Price (yuan)').fill('88');
  await form.getByLabel('Duration (minutes)').fill('40');
  await form.getByRole('checkbox', { name: '王技师' }).check({ force: true });
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('row').filter({ hasText: '小儿推拿' })).toContainText('王技师');

  // The studio: the current template gets a service list and a Tencent Video block.
  const list = await page.request.get('/api/ModuleLibrary/GetMyTemplateList', { headers });
  const templates = (await list.json()) as { Data: { Id: number; IsCurrent: boolean }[] };
  const current = templates.Data.find((row) => row.IsCurrent)!;
  await page.goto(`/shop/decorateShop/editTemplate?id=${current.Id}`);
  await expect(page.getByTestId('studio')).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Add Services & technicians' }).click();
  const added = canvasBlocks(page, 'serviceList').last();
  await expect(added).toContainText('肩颈推拿');
  await page.getByRole('button', { name: 'Add Video' }).click();
  await page
    .getByTestId('property-panel')
    .getByTestId('field-url')
    .locator('input')
    .fill('https://v.qq.com/x/page/a0000000001.html');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByTestId('saved-mark')).toBeVisible();
  await saveScreenshot(page, 'service-studio');

  const name = (await (await page.request.get('/api/Comm/GetSiteName', { headers })).json()) as {
    Id: number;
  };

  // The phone preview, without a session: real services and a video that plays.
  const phone = await browser.newContext({ viewport: { width: 480, height: 900 }, locale: 'en-US' });
  try {
    const preview = await phone.newPage();
    await preview.goto(`/preview/${name.Id}?width=390`);
    const screen = preview.getByTestId('preview-phone');
    await expect(screen).toBeVisible({ timeout: 30_000 });
    await expect(screen.locator('[data-block-type="serviceList"]').last()).toContainText('全身精油SPA');
    const video = screen.locator('[data-block-type="video"] video');
    await expect(video).toHaveAttribute('src', '/api/Comm/GetTxVideoSandboxFile?vid=a0000000001');
    await video.evaluate((element: HTMLVideoElement) => {
      element.muted = true;
      return element.play();
    });
    await expect
      .poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime))
      .toBeGreaterThan(0);
    await saveScreenshot(preview, 'service-preview', { fullPage: true });
  } finally {
    await phone.close();
  }
});
