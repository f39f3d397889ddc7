import { API_BASE } from '../../contract/endpoint';
import { getArticleInfo, getArticleList, postStorefrontComment } from '../../contract/endpoints/news';
import { addStorefrontKey } from '../../contract/endpoints/orders';
import { STOREFRONT_KEY_HEADER } from '../../contract/endpoints/storefront';
import { shopDateTime } from '../../contract/shop-time';
import { solidPng } from '../api/images';
import { expect, test } from './fixtures';

/**
 * News in a browser: an article written with an image inserted from the library in the rich-text
 * editor and scheduled for tomorrow; a buyer's comment approved from the audit queue and answered.
 * Rows are the spec's own (titles, images and comments named with a random tag).
 */

test.describe.configure({ timeout: 180_000 });

test('write and schedule a news article with an image from the library', async ({
  page,
  signInByApi,
  expectNoSeriousA11yViolations,
  saveScreenshot,
}) => {
  const tag = Math.random().toString(36).slice(2, 8);
  const title = `E2E 资讯 ${tag}`;
  const token = await signInByApi(page, 'admin');

  await page.goto('/shop/imageTextSupervise');
  await expect(page.getByRole('heading', { name: 'Articles' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('cell', { name: /^春季新品上市/ })).toBeVisible({ timeout: 20_000 });
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Write an article' }).click();

  const form = page.getByRole('form', { name: 'Write an article' });
  await expect(form).toBeVisible();
  await form.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(
    form
      .getByText('Required')
      .or(form.getByText(/Enter|required/i))
      .first(),
  ).toBeVisible();

  await form.getByLabel('Title').fill(title);
  await form.getByLabel('Author').fill('编辑部');
  await form.getByLabel('Column').selectOption({ label: '生活指南' });
  const body = form.getByRole('textbox', { name: 'Body' });
  await expect(body).toBeVisible({ timeout: 20_000 });
  await body.click();
  await page.keyboard.type('春日出游清单');

  // The toolbar is one tab stop; arrows move along it.
  const toolbar = form.getByRole('toolbar', { name: 'Formatting: Body' });
  await toolbar.getByRole('button', { name: 'Bold' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(toolbar.getByRole('button', { name: 'Italic' })).toBeFocused();

  await toolbar.getByRole('button', { name: 'Insert image' }).click();
  const picker = page.getByTestId('image-picker-dialog');
  await expect(picker).toBeVisible();
  await picker
    .getByLabel('Choose image files to upload')
    .setInputFiles([
      { name: `news-${tag}.png`, mimeType: 'image/png', buffer: solidPng(40, 30, [37, 99, 235, 255]) },
    ]);
  await expect(picker.getByTestId('upload-item').filter({ hasText: 'Uploaded' })).toHaveCount(1, {
    timeout: 30_000,
  });
  await expectNoSeriousA11yViolations(page);
  await picker.getByRole('button', { name: /^Use 1 selected$/ }).click();
  await expect(picker).toBeHidden();
  await expect(body.locator('img[src^="/uploads/"]')).toBeVisible();

  const tomorrow = shopDateTime(new Date(Date.now() + 86_400_000))
    .slice(0, 16)
    .replace(' ', 'T');
  await form.getByLabel('Publish time (China time)').fill(tomorrow);
  await expectNoSeriousA11yViolations(page);
  await saveScreenshot(page, 'news-article-form', { fullPage: true });
  await form.getByRole('button', { name: 'Save', exact: true }).click();

  await expect(page).toHaveURL(/\/shop\/imageTextSupervise/, { timeout: 20_000 });
  await page.getByRole('tab', { name: /^Scheduled/ }).click();
  const row = page.getByRole('row', { name: new RegExp(title) });
  await expect(row).toBeVisible({ timeout: 20_000 });
  await expect(row.getByText('Scheduled', { exact: true })).toBeVisible();
  await saveScreenshot(page, 'news-articles');

  const auth = { Authorization: `Bearer ${token}` };
  const listed = await page.request.get(`${API_BASE}${getArticleList.path}`, {
    headers: auth,
    params: { keyword: title },
  });
  const list = (await listed.json()) as { Data: { Id: number; State: string; ColumnTitle: string }[] };
  expect(list.Data).toEqual([expect.objectContaining({ State: 'scheduled', ColumnTitle: '生活指南' })]);
  const info = await page.request.get(`${API_BASE}${getArticleInfo.path}`, {
    headers: auth,
    params: { id: list.Data[0]!.Id },
  });
  const saved = (await info.json()) as { Body: string };
  expect(saved.Body).toContain('春日出游清单');
  expect(saved.Body).toMatch(/<img src="\/uploads\/[^"]+"/);
});

test('approve a buyer’s comment from the audit queue and reply to it', async ({
  page,
  signInByApi,
  expectNoSeriousA11yViolations,
  saveScreenshot,
}) => {
  const tag = Math.random().toString(36).slice(2, 8);
  const member = `读者${tag}`;
  const token = await signInByApi(page, 'admin');
  const auth = { Authorization: `Bearer ${token}` };
  const created = await page.request.post(`${API_BASE}${addStorefrontKey.path}`, {
    headers: auth,
    data: { Name: `E2E news ${tag}` },
  });
  const key = ((await created.json()) as { Key: string }).Key;
  const listed = await page.request.get(`${API_BASE}${getArticleList.path}`, {
    headers: auth,
    params: { state: 'published', keyword: '春季新品' },
  });
  const articleId = ((await listed.json()) as { Data: { Id: number }[] }).Data[0]!.Id;
  const posted = await page.request.post(`${API_BASE}${postStorefrontComment.path}`, {
    headers: { [STOREFRONT_KEY_HEADER]: key, 'x-forwarded-for': `10.9.${tag.length}.7` },
    data: { ArticleId: articleId, BuyerId: `e2e-${tag}`, MemberName: member, Content: `期待到店 ${tag}` },
  });
  expect(((await posted.json()) as { State: string }).State).toBe('pending');

  await page.goto('/shop/commentTable?state=pending');
  await expect(page.getByRole('heading', { name: 'Comments' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('Comment audit is on')).toBeVisible();
  const row = page.getByRole('row', { name: new RegExp(tag) });
  await expect(row).toBeVisible({ timeout: 20_000 });
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('button', { name: `Approve: comment of ${member}` }).click();
  await expect(row).toBeHidden({ timeout: 20_000 });
  await page.getByRole('tab', { name: /^Approved/ }).click();
  await expect(page.getByRole('row', { name: new RegExp(tag) })).toBeVisible({ timeout: 20_000 });

  const commentId = ((await posted.json()) as { Id: number }).Id;
  const answered = await page.request.post(`${API_BASE}${postStorefrontComment.path}`, {
    headers: { [STOREFRONT_KEY_HEADER]: key, 'x-forwarded-for': `10.9.${tag.length}.8` },
    data: {
      ArticleId: articleId,
      ParentId: commentId,
      BuyerId: `e2e2-${tag}`,
      MemberName: `回复者${tag}`,
      Content: '同问',
    },
  });
  expect(((await answered.json()) as { State: string }).State).toBe('pending');

  await page.getByRole('button', { name: `Reply to the comment of ${member}` }).click();
  const dialog = page.getByRole('dialog', { name: `Comment of ${member}` });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('同问')).toBeVisible();
  await dialog.getByRole('button', { name: `Approve: reply of 回复者${tag}` }).click();
  await expect(dialog.getByRole('button', { name: `Hide: reply of 回复者${tag}` })).toBeVisible({
    timeout: 20_000,
  });
  await dialog.getByLabel('Your reply').fill('欢迎光临');
  // Contrast is judged on the settled dialog, not halfway through its opening fade.
  await dialog.evaluate((element) =>
    Promise.all(element.getAnimations({ subtree: true }).map((animation) => animation.finished)),
  );
  await expectNoSeriousA11yViolations(page);
  await saveScreenshot(page, 'news-comment-reply');
  await dialog.getByRole('button', { name: 'Send reply' }).click();
  await expect(dialog.getByText('欢迎光临')).toBeVisible({ timeout: 20_000 });
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('row', { name: new RegExp(tag) }).getByText('2 replies')).toBeVisible();
});

test('columns: the tree, a column’s page text and its edit form', async ({
  page,
  signInByApi,
  expectNoSeriousA11yViolations,
  saveScreenshot,
}) => {
  const tag = Math.random().toString(36).slice(2, 8);
  await signInByApi(page, 'admin');
  await page.goto('/shop/publicColumn');
  await expect(page.getByRole('heading', { name: 'Columns' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('cell', { name: 'Under 店铺公告' }).first()).toBeVisible({ timeout: 20_000 });
  await expectNoSeriousA11yViolations(page);
  await saveScreenshot(page, 'news-columns');

  await page.getByRole('button', { name: 'Page text: column 生活指南' }).click();
  await expect(page.getByRole('heading', { name: 'Page text of 生活指南' })).toBeVisible({ timeout: 20_000 });
  const body = page.getByRole('textbox', { name: 'Page text' });
  await expect(body).toBeVisible({ timeout: 20_000 });
  await body.click();
  await page.keyboard.type(`好物推荐 ${tag}`);
  await page
    .getByRole('toolbar', { name: 'Formatting: Page text' })
    .getByRole('button', { name: 'Heading' })
    .click();
  await expect(body.getByRole('heading', { name: `好物推荐 ${tag}` })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Columns' })).toBeVisible({ timeout: 20_000 });

  await page.getByRole('button', { name: 'Page text: column 生活指南' }).click();
  await expect(page.getByRole('textbox', { name: 'Page text' }).getByRole('heading')).toHaveText(
    `好物推荐 ${tag}`,
    {
      timeout: 20_000,
    },
  );
  await page.getByRole('button', { name: 'Back to the columns' }).click();

  await page.getByRole('button', { name: 'Edit: column 优惠活动' }).click();
  const form = page.getByRole('form', { name: 'Edit column' });
  await expect(form.getByLabel('Name')).toHaveValue('优惠活动', { timeout: 20_000 });
  await expect(form.getByLabel('Parent column')).toHaveValue(/\d+/);
  await expectNoSeriousA11yViolations(page);
  await page.goto('/shop/columnText');
  await expect(page.getByText('No record was chosen. Open one from its list.')).toBeVisible({
    timeout: 20_000,
  });
});
