import os from 'node:os';
import { expect as baseExpect, test } from './fixtures';

/**
 * A shop on a LAN opens the back-office as http://192.168.x.y:port: nothing may send the browser to
 * HTTPS (HSTS, upgrade-insecure-requests) or keep the login cookie from working (issue 22 §3).
 */

const expect = baseExpect.configure({ timeout: 20_000 });

const lanAddress = Object.values(os.networkInterfaces())
  .flat()
  .find((entry) => entry && entry.family === 'IPv4' && !entry.internal)?.address;

const port = Number(process.env.E2E_PORT ?? 8181);

test.describe('plain HTTP by a LAN address', () => {
  test.describe.configure({ timeout: 120_000 });
  test.use({ baseURL: `http://${lanAddress}:${port}` });

  test('logs in and shows the dashboard, staying on HTTP', async ({ page, loginAs }) => {
    // CI and developer machines have a network interface; a sandbox with loopback only cannot run this.
    expect(lanAddress, 'a non-loopback IPv4 address to open the app by').toBeDefined();
    const login = await page.request.get('/login');
    expect(login.headers()['strict-transport-security']).toBeUndefined();
    expect(login.headers()['content-security-policy'] ?? '').not.toContain('upgrade-insecure-requests');

    await loginAs(page, 'admin');
    await expect(page).toHaveURL(
      new RegExp(`^http://${lanAddress!.replaceAll('.', '\\.')}:${port}/dashboard$`),
    );
    await expect(page.getByTestId('dashboard-welcome')).toHaveText('Welcome back, admin');
  });
});
