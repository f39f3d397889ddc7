import { expect as baseExpect, test } from './fixtures';

// The app boots (user info, lazy chunks) on every page load; on a busy shared machine that can take
// longer than the default 7 s.
const expect = baseExpect.configure({ timeout: 20_000 });

test.describe('language', () => {
  // Many steps against a real server on a shared two-core machine: more than the default 30 s.
  test.describe.configure({ timeout: 120_000 });

  test('switching says 切换语言成功, applies at once and persists across reloads and logins', async ({
    page,
    loginAs,
    saveScreenshot,
    expectNoSeriousA11yViolations,
  }) => {
    await page.goto('/login');
    await page.getByTestId('login-language').getByRole('button', { name: '中文' }).click();
    await expect(page.getByText('切换语言成功')).toBeVisible();
    await expect(page.getByRole('heading', { name: '系统登录' })).toBeVisible();
    await page.getByTestId('login-submit').click();
    await expect(page.getByText('用户名不能为空！')).toBeVisible();

    await page.reload();
    await expect(page.getByRole('heading', { name: '系统登录' })).toBeVisible();
    await loginAs(page, 'admin');
    await expect(page.getByTestId('dashboard-welcome')).toHaveText('欢迎回来，admin');
    await expect(page).toHaveTitle('首页 - 小程序管理系统');
    const notices = page.getByTestId('dashboard-notices');
    await expect(notices.getByRole('heading')).toHaveText('公告');
    await expect(notices.getByRole('listitem').first()).toContainText('新功能：智能表单与海报编辑器');
    await expect(notices).not.toContainText('New: smart forms');
    await expectNoSeriousA11yViolations(page);
    await saveScreenshot(page, 'dashboard-zh');

    await page.getByTestId('language-menu').click();
    await page.getByRole('menuitemradio', { name: 'English' }).click();
    await expect(page.getByText('切换语言成功')).toBeVisible();
    await expect(page.getByTestId('dashboard-welcome')).toHaveText('Welcome back, admin');
    await expect(notices.getByRole('listitem').first()).toContainText(
      'New: smart forms and the poster editor',
    );
    await expect(notices).not.toContainText('智能表单');
    await page.reload();
    await expect(page.getByTestId('dashboard-welcome')).toHaveText('Welcome back, admin');
  });

  test('the header search finds a Chinese title by pinyin and initials, and opens it with Enter', async ({
    page,
    signInByApi,
  }) => {
    await page
      .context()
      .addCookies([{ name: 'language', value: 'zh', url: test.info().project.use.baseURL! }]);
    await signInByApi(page, 'admin');
    await page.goto('/dashboard');
    await page.getByTestId('dashboard-welcome').waitFor();
    await page.keyboard.press('Control+k');
    const input = page.getByTestId('header-search-input');
    await expect(input).toBeFocused();
    await input.fill('shangpinliebiao');
    await expect(page.getByTestId('header-search-option').first()).toContainText('商品列表');
    await input.press('Enter');
    await expect(page).toHaveURL(/\/goods\/goodsList(\?|$)/);

    await page.getByTestId('header-search-button').click();
    await page.getByTestId('header-search-input').fill('yfmb');
    await expect(page.getByTestId('header-search-option').first()).toContainText('运费模板');
    await page.getByTestId('header-search-input').press('ArrowDown');
    await page.getByTestId('header-search-input').press('ArrowUp');
    await page.getByTestId('header-search-input').press('Enter');
    await expect(page).toHaveURL(/\/shop\/freightTemplate(\?|$)/);
  });
});
