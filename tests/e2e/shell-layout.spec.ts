import type { Page } from '@playwright/test';
import { expect as baseExpect, test } from './fixtures';

// The app boots (user info, lazy chunks) on every page load; on a busy shared machine that can take
// longer than the default 7 s.
const expect = baseExpect.configure({ timeout: 20_000 });

const tag = (page: Page, path: string) => page.locator(`[data-testid="tag"][data-path="${path}"]`);
/** Opens a page by its address and waits until the layout has drawn it and opened its tab. */
async function open(page: Page, path: string) {
  await page.goto(path);
  await expect(tag(page, path)).toHaveAttribute('data-active', 'true');
}
const tagPaths = (page: Page) =>
  page.getByTestId('tag').evaluateAll((tags) => tags.map((element) => element.getAttribute('data-path')));

test.describe('layout', () => {
  // Many steps against a real server on a shared two-core machine: more than the default 30 s.
  test.describe.configure({ timeout: 120_000 });

  test.beforeEach(async ({ page, signInByApi }) => {
    await signInByApi(page, 'admin');
  });

  test('tags: one per path, close, middle-click, every context action, refresh and reload', async ({
    page,
  }) => {
    // Demo pages of the shell itself, so the test does not depend on what other modules build.
    await open(page, '/permission/page');
    await open(page, '/permission/role');
    await open(page, '/error-log/log');
    await open(page, '/error/401');
    const sidebar = page.getByTestId('sidebar');
    await sidebar.getByRole('button', { name: 'Permission' }).click();
    await sidebar.getByRole('link', { name: 'Directive permission' }).click();
    await expect
      .poll(() => tagPaths(page))
      .toEqual([
        '/dashboard',
        '/permission/page',
        '/permission/role',
        '/error-log/log',
        '/error/401',
        '/permission/directive',
      ]);
    await expect(tag(page, '/permission/directive')).toHaveAttribute('data-active', 'true');
    // Visiting an open page again adds no tab.
    await tag(page, '/permission/role').click();
    await expect(page.getByTestId('role-permission')).toBeVisible();
    await expect.poll(() => tagPaths(page)).toHaveLength(6);
    // The pinned dashboard tab has no close button.
    await expect(tag(page, '/dashboard').getByTestId('tag-close')).toHaveCount(0);

    // Reload keeps the tabs.
    await page.reload();
    await expect.poll(() => tagPaths(page)).toHaveLength(6);

    // Close button, then middle click.
    await tag(page, '/permission/page').getByTestId('tag-close').click();
    await tag(page, '/error/401').click({ button: 'middle' });
    await expect
      .poll(() => tagPaths(page))
      .toEqual(['/dashboard', '/permission/role', '/error-log/log', '/permission/directive']);

    // Context menu, 105 px wide: Refresh keeps the route.
    await tag(page, '/permission/role').click({ button: 'right' });
    const menu = page.getByTestId('tags-context-menu');
    await expect(menu).toBeVisible();
    expect((await menu.boundingBox())?.width).toBe(105);
    await menu.getByRole('menuitem', { name: 'Refresh' }).click();
    await expect(page).toHaveURL(/\/permission\/role$/);
    await expect(page.getByTestId('role-permission')).toBeVisible();

    // Close on the active tab goes to the last tab left.
    await tag(page, '/permission/role').click({ button: 'right' });
    await page.getByTestId('tags-context-menu').getByRole('menuitem', { name: 'Close', exact: true }).click();
    await expect(page).toHaveURL(/\/permission\/directive$/);

    await open(page, '/permission/page');
    await tag(page, '/error-log/log').click({ button: 'right' });
    await page.getByTestId('tags-context-menu').getByRole('menuitem', { name: 'Close Others' }).click();
    await expect.poll(() => tagPaths(page)).toEqual(['/dashboard', '/error-log/log']);
    await expect(page).toHaveURL(/\/error-log\/log$/);

    await tag(page, '/error-log/log').click({ button: 'right' });
    await page.getByTestId('tags-context-menu').getByRole('menuitem', { name: 'Close All' }).click();
    await expect.poll(() => tagPaths(page)).toEqual(['/dashboard']);
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('switching tabs keeps a page’s state alive; Refresh starts it afresh', async ({ page }) => {
    await open(page, '/permission/directive');
    // The error-log demo page keeps what it caught; its render-error block is local state.
    await open(page, '/error-log/log');
    await page.getByTestId('throw-render').click();
    await expect(page.getByRole('alert')).toBeVisible();
    await tag(page, '/permission/directive').click();
    await expect(page.getByTestId('directive-permission')).toBeVisible();
    await tag(page, '/error-log/log').click();
    await expect(page.getByTestId('error-log-page').getByRole('alert')).toBeVisible();
    await tag(page, '/error-log/log').click({ button: 'right' });
    await page.getByTestId('tags-context-menu').getByRole('menuitem', { name: 'Refresh' }).click();
    await expect(page.getByTestId('error-log-page')).toBeVisible();
    await expect(page.getByTestId('error-log-page').getByRole('alert')).toHaveCount(0);
    // The error log caught the render error: the navbar shows its badge and dialog.
    await page.getByTestId('error-log-button').click();
    await expect(page.getByTestId('error-log-dialog')).toContainText('Error-log demo: render');
  });

  test('size switch says Switch Size Success and persists', async ({ page }) => {
    await page.goto('/dashboard');
    await expect(page.getByTestId('figure-TodayOrders').getByTestId('figure-value')).toBeVisible();
    await page.getByTestId('size-menu').click();
    await page.getByRole('menuitemradio', { name: 'Mini' }).click();
    await expect(page.getByText('Switch Size Success')).toBeVisible();
    // Controls follow the global size: a mini button is 24 px high (Chakra's 2xs), a medium one 36 px.
    await expect
      .poll(async () => (await page.getByRole('button', { name: 'Last 7 days' }).boundingBox())?.height)
      .toBe(24);
    await page.reload();
    await page.getByTestId('size-menu').click();
    await expect(page.getByRole('menuitemradio', { name: 'Mini' })).toHaveAttribute('aria-checked', 'true');
    await page.getByRole('menuitemradio', { name: 'Medium' }).click();
    await expect
      .poll(async () => (await page.getByRole('button', { name: 'Last 7 days' }).boundingBox())?.height)
      .toBe(36);
  });

  test('settings panel: theme, tags view, fixed header and logo persist; the theme recolours', async ({
    page,
    expectNoSeriousA11yViolations,
  }) => {
    await page.goto('/dashboard');
    await page.getByTestId('settings-button').click();
    const panel = page.getByTestId('settings-panel');
    await expect(panel).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await panel.getByTestId('theme-#11a983').click();
    // The compile message shows while the theme applies, then turns into the success message.
    await expect(page.getByText(/^(Compiling the theme|Theme applied)$/)).toBeVisible();
    await expect(panel.getByTestId('theme-value')).toHaveText('#11A983');
    await expect
      .poll(() =>
        page.evaluate(() =>
          getComputedStyle(document.documentElement).getPropertyValue('--chakra-colors-brand-500').trim(),
        ),
      )
      .toBe('#11a983');
    await panel.getByTestId('setting-tagsView').click();
    await panel.getByTestId('setting-fixedHeader').click();
    await panel.getByTestId('setting-sidebarLogo').click();
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('tags-view')).toHaveCount(0);

    await page.reload();
    await expect(page.getByTestId('tags-view')).toHaveCount(0);
    await expect(page.getByTestId('header-block')).toHaveCSS('position', 'sticky');
    await expect(
      page.getByTestId('sidebar').getByRole('link', { name: 'mini-program management system' }),
    ).toHaveCount(0);
    await page.getByTestId('settings-button').click();
    await expect(panel.getByTestId('theme-value')).toHaveText('#11A983');
    // Back to the defaults for the other tests in this browser profile.
    await panel.getByTestId('theme-#409EFF').click();
    await panel.getByTestId('setting-tagsView').click();
    await panel.getByTestId('setting-fixedHeader').click();
    await panel.getByTestId('setting-sidebarLogo').click();
    await expect(panel.getByTestId('theme-value')).toHaveText('#409EFF');
  });

  test('the hamburger collapses the sidebar and the cookie remembers it', async ({ page }) => {
    await page.goto('/dashboard');
    await page.getByTestId('hamburger').click();
    await expect(page.getByTestId('hamburger')).toHaveAttribute('aria-expanded', 'false');
    expect((await page.context().cookies()).find((cookie) => cookie.name === 'sidebarStatus')?.value).toBe(
      '0',
    );
    await page.reload();
    await expect(page.getByTestId('hamburger')).toHaveAttribute('aria-expanded', 'false');
    await page.getByTestId('hamburger').click();
    expect((await page.context().cookies()).find((cookie) => cookie.name === 'sidebarStatus')?.value).toBe(
      '1',
    );
  });

  test('a 390 px wide phone: sidebar as a drawer that closes after navigating', async ({
    page,
    saveScreenshot,
    expectNoSeriousA11yViolations,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/dashboard');
    await expect(page.getByTestId('dashboard-welcome')).toBeVisible();
    await expect(page.getByTestId('sidebar')).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
    await saveScreenshot(page, 'phone-dashboard');
    await page.getByTestId('hamburger').click();
    const sidebar = page.getByTestId('sidebar');
    await expect(sidebar).toBeVisible();
    await saveScreenshot(page, 'phone-menu');
    await sidebar.getByRole('button', { name: 'Permission' }).click();
    await sidebar.getByRole('link', { name: 'Directive permission' }).click();
    await expect(page).toHaveURL(/\/permission\/directive$/);
    await expect(page.getByTestId('sidebar')).toHaveCount(0);
  });

  test('back to top appears after 200 px of scrolling and returns to the top', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 500 });
    await page.goto('/dashboard');
    await expect(page.getByTestId('dashboard-notices').getByRole('listitem')).toHaveCount(3);
    const container = page.getByTestId('main-container');
    await expect(page.getByTestId('back-to-top')).toHaveCount(0);
    await container.evaluate((element) => {
      element.scrollTop = 600;
    });
    const button = page.getByTestId('back-to-top');
    await expect(button).toBeVisible();
    const box = await button.boundingBox();
    expect(box?.width).toBe(40);
    expect(box?.height).toBe(40);
    expect(1280 - (box!.x + box!.width)).toBe(200);
    expect(500 - (box!.y + box!.height)).toBe(100);
    await button.click();
    await expect.poll(() => container.evaluate((element) => element.scrollTop)).toBe(0);
  });
});
