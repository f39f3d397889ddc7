import { fenToYuan, thousands } from '../../src/lib/format';
import { expect as baseExpect, DEMO_PASSWORD, TEST_VERIFY_CODE, test } from './fixtures';

// The app boots (user info, lazy chunks) on every page load; on a busy shared machine that can take
// longer than the default 7 s.
const expect = baseExpect.configure({ timeout: 20_000 });

test.describe('login page', () => {
  // Many steps against a real server on a shared two-core machine: more than the default 30 s.
  test.describe.configure({ timeout: 120_000 });

  test('shows each validation message of SPEC §5 on submit and on blur', async ({
    page,
    saveScreenshot,
    expectNoSeriousA11yViolations,
  }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'System Login' })).toBeVisible();
    await expect(page).toHaveTitle('Login - mini-program management system');
    await expectNoSeriousA11yViolations(page);
    await saveScreenshot(page, 'login');

    await page.getByTestId('login-submit').click();
    await expect(page.getByText('The user name cannot be empty!')).toBeVisible();
    await expect(page.getByText('The password cannot be empty!')).toBeVisible();
    await expect(page.getByText('The verification code cannot be empty!')).toBeVisible();

    const password = page.getByLabel('Password', { exact: true });
    await password.fill('12345');
    await password.blur();
    await expect(page.getByText('The password cannot be less than 6 digits!')).toBeVisible();

    const code = page.getByLabel('Verification code', { exact: true });
    await code.fill('ab1');
    await code.blur();
    await expect(page.getByText('The verification code must be a 5-digit number or letter!')).toBeVisible();

    // The user name is trimmed: spaces alone are empty.
    const userName = page.getByLabel('User name');
    await userName.fill('   ');
    await userName.blur();
    await expect(page.getByText('The user name cannot be empty!')).toBeVisible();
  });

  test('toggles the password’s visibility and warns about caps lock', async ({ page }) => {
    await page.goto('/login');
    const password = page.getByLabel('Password', { exact: true });
    await password.fill('secret1');
    await expect(password).toHaveAttribute('type', 'password');
    await page.getByRole('button', { name: 'Show password' }).click();
    await expect(password).toHaveAttribute('type', 'text');
    await page.getByRole('button', { name: 'Hide password' }).click();
    await expect(password).toHaveAttribute('type', 'password');
    // Playwright cannot turn caps lock on; a key event carrying the modifier is what the page reads.
    await password.evaluate((input) =>
      input.dispatchEvent(new KeyboardEvent('keyup', { key: 'A', modifierCapsLock: true, bubbles: true })),
    );
    await expect(page.getByTestId('caps-lock')).toHaveText('Caps lock is On');
    await password.evaluate((input) =>
      input.dispatchEvent(new KeyboardEvent('keyup', { key: 'a', modifierCapsLock: false, bubbles: true })),
    );
    await expect(page.getByTestId('caps-lock')).toHaveCount(0);
  });

  test('refuses a wrong code with the server’s message and shows a new code image', async ({ page }) => {
    await page.goto('/login');
    const image = page.getByTestId('verify-code-image').locator('img');
    const firstSource = await image.getAttribute('src');
    await page.getByLabel('User name').fill('admin');
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByLabel('Verification code', { exact: true }).fill('WRONG');
    await page.getByLabel('Verification code', { exact: true }).press('Enter');
    await expect(page.getByText(/verification code is wrong/i)).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    await expect(image).not.toHaveAttribute('src', firstSource ?? '');
    await expect(page.getByLabel('Verification code', { exact: true })).toHaveValue('');

    // Clicking the image asks for another code too.
    const secondSource = await image.getAttribute('src');
    await page.getByTestId('verify-code-image').click();
    await expect(image).not.toHaveAttribute('src', secondSource ?? '');
  });

  test('logs in with Enter, lands on the dashboard and navigates the menu', async ({
    page,
    loginAs,
    saveScreenshot,
    expectNoSeriousA11yViolations,
  }) => {
    await loginAs(page, 'admin');
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByTestId('dashboard-welcome')).toHaveText('Welcome back, admin');
    await expect(page).toHaveTitle('Dashboard - mini-program management system');
    // The cards show what the server computes from the seeded orders, formatted.
    const token = (await page.context().cookies()).find((cookie) => cookie.name === 'Admin-Token')?.value;
    const figures = await (
      await page.request.get('/api/Comm/GetIndexDataInfo', { headers: { authorization: `Bearer ${token}` } })
    ).json();
    await expect(page.getByTestId('figure-TodayOrders').getByTestId('figure-value')).toHaveText(
      thousands(figures.Data.TodayOrders),
    );
    await expect(page.getByTestId('figure-TodaySales').getByTestId('figure-value')).toHaveText(
      `¥${fenToYuan(figures.Data.TodaySales)}`,
    );
    await expect(page.getByTestId('dashboard-notices').getByRole('listitem')).toHaveCount(3);
    await expect(page.getByTestId('qr-image')).toBeVisible();
    await expect(page.getByTestId('sales-chart')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await saveScreenshot(page, 'dashboard-en');

    const sidebar = page.getByTestId('sidebar');
    await sidebar.getByRole('button', { name: 'Goods' }).click();
    await sidebar.getByRole('link', { name: 'Goods list' }).click();
    await expect(page).toHaveURL(/\/goods\/goodsList(\?|$)/);
    await expect(page).toHaveTitle('Goods list - mini-program management system');
    const crumbs = page.getByTestId('breadcrumb');
    await expect(crumbs.getByRole('link', { name: 'Dashboard', exact: true })).toBeVisible();
    await expect(crumbs.getByRole('link', { name: 'Goods', exact: true })).toBeVisible();
    await expect(crumbs.getByText('Goods list')).toHaveAttribute('aria-current', 'page');
    await expect(sidebar.getByRole('link', { name: 'Goods list' })).toHaveAttribute('aria-current', 'page');

    // A group that is a single visible page shows that page in the menu.
    await sidebar.getByRole('link', { name: 'Error log' }).click();
    await expect(page).toHaveURL(/\/error-log\/log$/);
    await expect(page.getByTestId('error-log-page')).toBeVisible();
  });

  test('goes back to the page asked for, query included, after logging in', async ({ page }) => {
    await page.goto('/shop/shopInfo?tab=2');
    await expect(page).toHaveURL(/\/login\?redirect=%2Fshop%2FshopInfo%3Ftab%3D2$/);
    await page.getByLabel('User name').fill('admin');
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByLabel('Verification code', { exact: true }).fill(TEST_VERIFY_CODE);
    await page.getByLabel('Verification code', { exact: true }).press('Enter');
    await expect(page).toHaveURL(/\/shop\/shopInfo\?tab=2$/);
    // With a token, /login goes home.
    await page.goto('/login');
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('sub-accounts log in through /dislogin with the site id and log out back to it', async ({
    page,
    loginAs,
  }) => {
    await page.goto('/dislogin?siteId=1');
    await expect(page.getByRole('heading', { name: 'Sub-account Login' })).toBeVisible();
    await loginAs(page, 'sub', { siteId: 1 });
    await expect(page).toHaveURL(/\/dashboard$/);
    // Sub-accounts see a subset of the menus.
    await expect(page.getByTestId('sidebar').getByRole('button', { name: 'Goods' })).toBeVisible();
    await expect(page.getByTestId('sidebar').getByRole('button', { name: 'Marketing' })).toHaveCount(0);
    await page.getByTestId('avatar-menu').click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/dislogin\?siteId=1&redirect=%2Fdashboard$/);
  });

  test('an expired site’s login lands on /expirySite listing the site', async ({ page, loginAs }) => {
    await loginAs(page, 'expired', { expectSuccess: false });
    await expect(page).toHaveURL(/\/expirySite\?aid=\d+$/);
    await expect(page.getByTestId('expiry-title')).toHaveText('Your site has expired');
    await expect(page.getByRole('cell', { name: '已过期店铺' })).toBeVisible();
  });

  test('unknown paths show 404 and forbidden ones 401', async ({ page, signInByApi }) => {
    await signInByApi(page, 'editor');
    await page.goto('/no/such/page');
    await expect(page).toHaveURL(/\/404$/);
    await expect(page.getByText('The page you are looking for does not exist')).toBeVisible();
    // /permission/page is for admin only.
    await page.goto('/permission/page');
    await expect(page).toHaveURL(/\/401$/);
    await expect(page.getByText('You have no permission to go to this page')).toBeVisible();
    await page.getByTestId('back-home').click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('without a token every other page sends to the login page', async ({ page }) => {
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login\?redirect=%2Fdashboard$/);
    await page.goto('/404');
    await expect(page).toHaveURL(/\/login\?redirect=%2F404$/);
  });
});
