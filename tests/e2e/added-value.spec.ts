import { expect, saveScreenshot, signInByApi, test } from './fixtures';

/**
 * Added-value services: an operator buys an SMS package in the sandbox (paid at once) and sees the
 * balance grow, sends the approved member-day template to the members tagged VIP and finds the
 * messages in the send records, the purchase in the recharge records; then adds a data package
 * and buys stock for it. Each screen is checked with axe.
 */

const SMS = '/addedValue/messageRecharge';
const RECORDS = '/addedValue/rechargeRecord';
const DATA = '/addedValue/flowRecharge';
const FIRST_SCREEN = { timeout: 45_000 };

test.describe.configure({ timeout: 180_000 });

async function balance(page: import('@playwright/test').Page): Promise<number> {
  // biome-ignore lint/performance/useDomNodeTextContent: a Playwright locator's innerText reads what a person sees
  const text = await page.getByRole('region', { name: 'SMS balance' }).locator('[data-balance]').innerText();
  return Number(text.replace(/[^\d]/g, ''));
}

test('an SMS package bought in the sandbox pays for a message sent to a tag', async ({
  page,
  expectNoSeriousA11yViolations,
}) => {
  await signInByApi(page, 'admin');
  await page.goto(SMS);
  await expect(page.getByRole('heading', { name: 'SMS recharge', level: 1 })).toBeVisible(FIRST_SCREEN);
  await expect(page.getByText('Sandbox: messages are recorded but reach no phone')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: '会员日' })).toContainText('Approved');
  await expectNoSeriousA11yViolations(page);
  const before = await balance(page);

  await page.getByRole('button', { name: 'Buy 短信 100 条' }).click();
  await expect(page.getByRole('alertdialog').or(page.getByRole('dialog'))).toContainText('¥10.00');
  await page.getByRole('button', { name: 'Confirm' }).click();
  const paid = page.getByRole('dialog', { name: /^Purchase / });
  await expect(paid).toContainText('Paid: 短信 100 条 ×100 is credited.');
  await expectNoSeriousA11yViolations(page);
  await paid.getByRole('button', { name: 'OK' }).click();
  await expect.poll(() => balance(page)).toBe(before + 100);

  await page.getByRole('button', { name: 'Send a message' }).click();
  const send = page.getByRole('dialog', { name: 'Send a message' });
  await send.getByRole('button', { name: 'Send' }).click();
  await expect(send.getByText('Required').first()).toBeVisible();
  await send.getByRole('combobox', { name: 'Template' }).selectOption({ label: '会员日' });
  await send.getByRole('combobox', { name: 'Tag' }).selectOption('VIP');
  await send.getByRole('textbox', { name: 'Value 1' }).fill('7折');
  await send.getByRole('textbox', { name: 'Value 2' }).fill('周五');
  const preview = send.getByRole('region', { name: 'Preview' });
  await expect(preview).toContainText('会员日来啦！全场7折，周五前有效');
  // biome-ignore lint/performance/useDomNodeTextContent: a Playwright locator's innerText reads what a person sees
  const cost = (await preview.innerText()).match(/(\d+) messages of your balance/);
  const total = Number(cost?.[1]);
  expect(total).toBeGreaterThan(0);
  await expectNoSeriousA11yViolations(page);
  await send.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('Messages queued: they go out within a minute')).toBeVisible();
  await expect(send).toBeHidden();
  await expect.poll(() => balance(page)).toBe(before + 100 - total);
  await saveScreenshot(page, 'added-value-sms');

  await page.getByRole('button', { name: 'Send records' }).click();
  await expect(page.getByRole('heading', { name: 'SMS send records', level: 1 })).toBeVisible();
  await page.getByRole('textbox', { name: 'Mobile digits, content or reference' }).fill('7折');
  await page.getByRole('textbox', { name: 'Mobile digits, content or reference' }).press('Enter');
  const sent = page.getByRole('row').filter({ hasText: '全场7折' });
  await expect(sent.first()).toContainText('Manual send');
  await expect(sent.first()).toContainText(/\d{3}\*{4}\d{4}/);
  await expectNoSeriousA11yViolations(page);

  await page.goto(RECORDS);
  await expect(page.getByRole('heading', { name: 'Recharge records', level: 1 })).toBeVisible();
  const purchase = page.getByRole('row').filter({ hasText: '短信 100 条' }).first();
  await expect(purchase).toContainText('Paid');
  await expect(purchase).toContainText('¥10.00');
  await expectNoSeriousA11yViolations(page);
  await purchase.getByRole('button', { name: /^Request invoice/ }).click();
  const invoice = page.getByRole('dialog', { name: /^Invoice for purchase/ });
  await invoice.getByRole('textbox', { name: 'Invoice title' }).fill('上海示例贸易有限公司');
  await invoice.getByRole('textbox', { name: 'Taxpayer number' }).fill('91310000MA1FL8XQ30');
  await invoice
    .getByRole('textbox', { name: 'Email for the electronic invoice' })
    .fill('finance@example.com');
  await expectNoSeriousA11yViolations(page);
  await invoice.getByRole('button', { name: 'Request invoice' }).click();
  await expect(page.getByText('Invoice requested')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: '短信 100 条' }).first()).not.toContainText(
    'Not requested',
  );
  await saveScreenshot(page, 'added-value-records');
});

test('a data package added on the screen gets stock bought in the sandbox', async ({
  page,
  expectNoSeriousA11yViolations,
}) => {
  await signInByApi(page, 'admin');
  await page.goto(DATA);
  await expect(page.getByRole('heading', { name: 'Data recharge', level: 1 })).toBeVisible(FIRST_SCREEN);
  await expectNoSeriousA11yViolations(page);

  const code = `CT-${Date.now() % 100_000}`;
  await page.getByRole('button', { name: 'Add package' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add package' });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Required').first()).toBeVisible();
  await dialog.getByRole('combobox', { name: 'Carrier and size' }).selectOption({ index: 1 });
  await dialog.getByRole('textbox', { name: 'Code' }).fill(code);
  await dialog.getByRole('textbox', { name: 'Member price (yuan)' }).fill('abc');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Enter a number')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Member price (yuan)' }).fill('12.80');
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Package saved')).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: code });
  await expect(row).toContainText('¥12.80');
  await expect(row).toContainText('On sale');

  await row.getByRole('button', { name: `Buy stock: ${code}` }).click();
  const buy = page.getByRole('dialog', { name: `Buy stock of ${code}` });
  await buy.getByRole('spinbutton', { name: 'Units to buy' }).fill('20');
  await expect(buy).toContainText(/Total ¥[\d.]+ at ¥[\d.]+ a unit/);
  await expectNoSeriousA11yViolations(page);
  await buy.getByRole('button', { name: 'Buy stock' }).click();
  const paid = page.getByRole('dialog', { name: /^Purchase / });
  await expect(paid).toContainText('is credited');
  await paid.getByRole('button', { name: 'OK' }).click();
  await expect(row.getByRole('cell').nth(4)).toHaveText('20');
  await saveScreenshot(page, 'added-value-data');
});
