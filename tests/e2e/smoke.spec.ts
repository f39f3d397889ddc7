import { expect, test } from './fixtures';

test.describe('the server under test', () => {
  test('serves the app at / as an HTML page with a root element', async ({ request }) => {
    const response = await request.get('/');
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toContain('text/html');
    const html = await response.text();
    expect(html).toMatch(/<div id="(root|app)"/);
    expect(html).toMatch(/<script[^>]+type="module"[^>]+src="\/assets\/[^"]+\.js"/);
  });

  test('answers an unknown app path with the same page, so the router can draw it', async ({ request }) => {
    const response = await request.get('/some/deep/link?x=1');
    expect(response.status()).toBe(200);
    expect(await response.text()).toMatch(/<div id="(root|app)"/);
  });

  test('refuses GetUserInfo without a token with HTTP 401 and the error envelope', async ({ request }) => {
    const response = await request.get('/api/user/GetUserInfo');
    expect(response.status()).toBe(401);
    expect(response.headers()['content-type']).toContain('application/json');
    const body = await response.json();
    expect(body).toMatchObject({ Errcode: -1, ErrShowType: 0 });
    expect(typeof body.Errmsg).toBe('string');
    expect(body.Errmsg.length).toBeGreaterThan(0);
  });

  test('never answers an unknown /api path with HTML', async ({ request }) => {
    const response = await request.get('/api/no/such/call');
    expect(response.status()).toBe(404);
    expect(response.headers()['content-type']).toContain('application/json');
    expect((await response.json()).Errcode).toBe(-1);
  });

  test('loads the page in Chromium without script errors', async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto('/');
    await expect(page.locator('#root, #app').first()).toBeAttached();
    await page.waitForLoadState('networkidle');
    expect(errors).toEqual([]);
  });
});
