import path from 'node:path';
import { startWechatPayStandIn, TEST_MERCHANT, type WechatPayStandIn } from '../api/wechat-pay-stand-in';
import { expect, test } from './fixtures';

const FIXTURES = path.join(import.meta.dirname, '..', 'fixtures', 'wechat-pay');
const PRIVATE_KEY_LABEL = 'Merchant private key (apiclient_key.pem)';
const CERTIFICATE_LABEL = 'Platform certificate (wechatpay_….pem)';

let standIn: WechatPayStandIn;
test.beforeAll(async () => {
  // The server under test sends WeChat Pay calls here (playwright.config.ts: WECHATPAY_API_BASE).
  standIn = await startWechatPayStandIn({ port: Number(process.env.E2E_PORT ?? 8181) + 1000 });
});
test.afterAll(() => standIn.close());

test('payment settings: sandbox, merchant settings with uploads, masked after save, checked against WeChat Pay', async ({
  page,
  loginAs,
  expectNoSeriousA11yViolations,
  saveScreenshot,
}) => {
  test.setTimeout(180_000);
  // The official site: the mall's storefront orders of other specs are paid through its sandbox meanwhile.
  await loginAs(page, 'site2');
  await page.goto('/shop/payConfig');
  await expect(page.getByText('Sandbox: payments are simulated')).toBeVisible({ timeout: 45_000 });
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('button', { name: 'Check configuration' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'The sandbox answered' })).toBeVisible();

  await page.getByText('Use WeChat Pay for online payments').click();
  await page.getByLabel('Merchant ID').fill(TEST_MERCHANT.mchId);
  await page.getByLabel('Mini-program AppID').fill(TEST_MERCHANT.appId);
  await page.getByLabel('Merchant certificate serial number').fill(TEST_MERCHANT.serialNo);
  await page.getByLabel('API v3 key').fill(TEST_MERCHANT.apiV3Key);
  await page
    .locator(`input[type=file][aria-label="${PRIVATE_KEY_LABEL}"]`)
    .setInputFiles(path.join(FIXTURES, 'merchant-key.pem'));
  await expect(page.getByText('Chosen: merchant-key.pem (saved when you save)')).toBeVisible();
  await page
    .locator(`input[type=file][aria-label="${CERTIFICATE_LABEL}"]`)
    .setInputFiles(path.join(FIXTURES, 'platform-cert.pem'));
  await expect(page.getByRole('button', { name: 'Check configuration' })).toBeDisabled();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Payment settings saved')).toBeVisible();

  // Saved: the secrets come back as masks only, and WeChat Pay now takes the payments.
  await expect(
    page.getByText(`WeChat Pay merchant ${TEST_MERCHANT.mchId} takes this shop’s online payments.`),
  ).toBeVisible();
  await expect(page.getByText(`Stored: ••••${TEST_MERCHANT.apiV3Key.slice(-4)}`)).toBeVisible();
  await expect(page.getByText(/^Stored: SHA256:[0-9a-f]{16}$/)).toBeVisible();
  await expect(page.getByText(`Stored: serial ${TEST_MERCHANT.platformSerial}`)).toBeVisible();
  await expect(page.getByLabel('API v3 key')).toHaveValue('');
  expect(await page.content()).not.toContain(TEST_MERCHANT.apiV3Key);
  await expect(page.getByText('Sandbox: payments are simulated')).toHaveCount(0);

  const before = standIn.received.length;
  await page.getByRole('button', { name: 'Check configuration' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'WeChat Pay accepted the signed request' }),
  ).toBeVisible();
  expect(standIn.received.slice(before).map((request) => `${request.method} ${request.path}`)).toEqual([
    'GET /v3/certificates',
  ]);
  await saveScreenshot(page, 'payment-config-wechat', { fullPage: true });

  // WeChat Pay refusing the signature is reported in the operator's words.
  standIn.failNext(401, 'SIGN_ERROR', '签名错误');
  await page.getByRole('button', { name: 'Check configuration' }).click();
  await expect(page.getByText('WeChat Pay refused the signature', { exact: false })).toBeVisible();

  // Back to the sandbox, as the demo has it.
  await page.getByText('Use WeChat Pay for online payments').click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Sandbox: payments are simulated')).toBeVisible();
});

test('the walk-in counter offers only the offline methods the shop takes', async ({ page, loginAs }) => {
  test.setTimeout(120_000);
  // The demo official site takes cash and card but no bank transfers (its payment settings).
  await loginAs(page, 'site2');
  await page.goto('/shop/payConfig');
  await expect(page.getByRole('checkbox', { name: 'Bank transfer' })).not.toBeChecked({ timeout: 45_000 });
  await expect(page.getByRole('checkbox', { name: 'Card' })).toBeChecked();
  await page.goto('/order/underLineOrder');
  await page.getByRole('button', { name: 'New walk-in order' }).click();
  const method = page.getByRole('dialog', { name: 'New walk-in order' }).getByLabel('Payment method');
  await expect(method.locator('option')).toHaveText(['Cash', 'Bank card', 'Not paid yet']);
  await expect(method).toHaveValue('cash');
});
