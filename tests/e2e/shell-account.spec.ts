import type { Page } from '@playwright/test';
import { expect as baseExpect, DEMO_PASSWORD, test } from './fixtures';

// The app boots (user info, lazy chunks) on every page load; on a busy shared machine that can take
// longer than the default 7 s.
const expect = baseExpect.configure({ timeout: 20_000 });

async function openAccountItem(page: Page, name: string) {
  await page.getByTestId('avatar-menu').click();
  await page.getByRole('menuitem', { name }).click();
}

async function confirmPrompt(page: Page, message: string) {
  const prompt = page.getByTestId('prompt-dialog');
  await expect(prompt).toContainText(message);
  await prompt.getByRole('button', { name: 'Confirm' }).click();
}

test.describe('account menu', () => {
  // Many steps against a real server on a shared two-core machine: more than the default 30 s.
  test.describe.configure({ timeout: 120_000 });

  test('modify password: blur checks, confirmation, then only the new password works', async ({
    page,
    loginAs,
  }) => {
    // Only this test logs in as editor, so changing its password disturbs no other test.
    await loginAs(page, 'editor');
    await openAccountItem(page, 'Modify password');
    const dialog = page.getByTestId('password-dialog');
    await dialog.getByLabel('Old password').focus();
    await dialog.getByLabel('Old password').blur();
    await expect(dialog.getByTestId('error-oldPassword')).toHaveText('不能为空，请输入');
    await dialog.getByLabel('Old password').fill(DEMO_PASSWORD);
    await dialog.getByLabel('New password').fill('changed99');
    await dialog.getByLabel('Confirm password').fill('changed98');
    await dialog.getByLabel('Confirm password').blur();
    await expect(dialog.getByTestId('error-confirmPassword')).toHaveText('两次输入密码不一致!');
    await dialog.getByLabel('Confirm password').fill('changed99');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await confirmPrompt(page, 'Are you sure you want to change the password?');
    await expect(dialog).toHaveCount(0, { timeout: 15_000 });

    await openAccountItem(page, 'Log out');
    await expect(page).toHaveURL(/\/login\?redirect=/);
    await loginAs(page, 'editor', { expectSuccess: false });
    await expect(page.getByText(/user name or password is wrong/i)).toBeVisible();
    await loginAs(page, 'editor', { password: 'changed99' });
    await expect(page.getByTestId('dashboard-welcome')).toHaveText('Welcome back, editor');

    // Put it back for the next run on this database.
    await openAccountItem(page, 'Modify password');
    await dialog.getByLabel('Old password').fill('changed99');
    await dialog.getByLabel('New password').fill(DEMO_PASSWORD);
    await dialog.getByLabel('Confirm password').fill(DEMO_PASSWORD);
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await confirmPrompt(page, 'Are you sure you want to change the password?');
    await expect(dialog).toHaveCount(0, { timeout: 15_000 });
  });

  test('modify site name: required, confirmed with 您确定要修改吗？', async ({ page, signInByApi }) => {
    await signInByApi(page, 'site2');
    await page.goto('/dashboard');
    await openAccountItem(page, 'Modify site name');
    const dialog = page.getByTestId('site-name-dialog');
    const input = dialog.getByLabel('Site name');
    await expect(input).toHaveValue('演示官网');
    await input.fill('');
    await input.blur();
    await expect(dialog.getByText('您还未输入站点名称')).toBeVisible();
    await input.fill('演示官网 2');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await confirmPrompt(page, '您确定要修改吗？');
    await expect(dialog).toHaveCount(0, { timeout: 15_000 });
    await openAccountItem(page, 'Modify site name');
    await expect(dialog.getByLabel('Site name')).toHaveValue('演示官网 2');
    await dialog.getByLabel('Site name').fill('演示官网');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await confirmPrompt(page, '您确定要修改吗？');
    await expect(dialog).toHaveCount(0);
  });

  test('unbind WeChat asks 确定要解除当前账号绑定的微信吗？ and can be cancelled', async ({
    page,
    signInByApi,
  }) => {
    await signInByApi(page, 'site2');
    await page.goto('/dashboard');
    await openAccountItem(page, 'Unbind WeChat');
    const prompt = page.getByTestId('prompt-dialog');
    await expect(prompt).toContainText('确定要解除当前账号绑定的微信吗？');
    await prompt.getByRole('button', { name: 'Cancel' }).click();
    await expect(prompt).toHaveCount(0);
  });

  test('switch system: pick site 2, confirm, re-login there with the tabs closed', async ({
    page,
    signInByApi,
    expectNoSeriousA11yViolations,
  }) => {
    await signInByApi(page, 'admin');
    await page.goto('/goods/goodsList');
    await page.goto('/dashboard');
    await expect(page.getByTestId('dashboard-welcome')).toContainText('admin');
    await openAccountItem(page, 'Switch system');
    const dialog = page.getByTestId('switch-system-dialog');
    await expect(dialog.getByTestId('site-row-2')).toContainText('演示官网');
    await expectNoSeriousA11yViolations(page);
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByText('您还没选择任何操作？')).toBeVisible();
    await dialog.getByTestId('site-row-2').click();
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await confirmPrompt(page, '您确定要切换系统吗？');
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByText('Site 2 · Official site')).toBeVisible();
    await expect(page.getByTestId('tag')).toHaveCount(1);
  });

  test('log out clears the session and goes to /login with the page to come back to', async ({
    page,
    signInByApi,
  }) => {
    await signInByApi(page, 'admin');
    await page.goto('/order/orderSupervise');
    await openAccountItem(page, 'Log out');
    await expect(page).toHaveURL(/\/login\?redirect=%2Forder%2ForderSupervise$/);
    expect((await page.context().cookies()).find((cookie) => cookie.name === 'Admin-Token')).toBeUndefined();
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login\?redirect=%2Fdashboard$/);
  });
});
