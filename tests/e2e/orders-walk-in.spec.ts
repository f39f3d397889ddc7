import type { APIRequestContext } from '@playwright/test';
import { API_BASE, type EndpointDefinition } from '../../contract/endpoint';
import { addStorefrontKey, getStorefrontKeys, revokeStorefrontKey } from '../../contract/endpoints/orders';
import {
  createRechargeOrder,
  payRechargeOrder,
  STOREFRONT_KEY_HEADER,
} from '../../contract/endpoints/storefront';
import { expect, test } from './fixtures';

/** Calls an endpoint of the API as the browser's account or as a storefront, and checks it succeeded. */
async function post(
  request: APIRequestContext,
  endpoint: EndpointDefinition,
  data: unknown,
  headers: Record<string, string>,
): Promise<Record<string, unknown>> {
  const response =
    endpoint.method === 'GET'
      ? await request.get(`${API_BASE}${endpoint.path}`, { headers })
      : await request.post(`${API_BASE}${endpoint.path}`, { data, headers });
  const body = (await response.json()) as Record<string, unknown>;
  expect(body.Errmsg, endpoint.path).toBe('');
  return body;
}

test.describe('orders at the counter', () => {
  test('an order setting is saved, kept after a reload and put back', async ({
    page,
    loginAs,
    expectNoSeriousA11yViolations,
    saveScreenshot,
  }) => {
    test.setTimeout(240_000);
    await loginAs(page, 'admin');
    await page.goto('/order/parameterSetting');
    const minutes = page.getByLabel('Flash sale orders (minutes)');
    await expect(minutes).not.toHaveValue('', { timeout: 45_000 });
    const original = await minutes.inputValue();
    await expectNoSeriousA11yViolations(page);

    // The contract's rule, in the operator's words, on the field itself.
    await minutes.fill('0');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('At least 1')).toBeVisible();
    await saveScreenshot(page, 'orders-parameter-setting', { fullPage: true });

    const changed = String(Number(original) + 7);
    await minutes.fill(changed);
    await page.getByLabel('Stock is deducted').selectOption('payment');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Settings saved')).toBeVisible();
    await page.reload();
    await expect(minutes).toHaveValue(changed, { timeout: 45_000 });
    await expect(page.getByLabel('Stock is deducted')).toHaveValue('payment');

    await minutes.fill(original);
    await page.getByLabel('Stock is deducted').selectOption('creation');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Settings saved').first()).toBeVisible();
    await page.reload();
    await expect(minutes).toHaveValue(original, { timeout: 45_000 });

    await page.goto('/order/distributionSetting');
    await expect(page.getByRole('checkbox', { name: 'Ship by express' })).toBeVisible({ timeout: 45_000 });
    await saveScreenshot(page, 'orders-distribution-setting', { fullPage: true });
    await expectNoSeriousA11yViolations(page);

    await page.goto('/order/receiptPrinting');
    await expect(page.getByRole('radio', { name: '58 mm' })).toBeVisible({ timeout: 45_000 });
    await expect(page.getByTestId('receipt')).toBeVisible();
    await saveScreenshot(page, 'orders-receipt-setting', { fullPage: true });
    await expectNoSeriousA11yViolations(page);
  });

  test('a walk-in order for two SKUs with a discount is paid and its receipt printed', async ({
    page,
    loginAs,
    expectNoSeriousA11yViolations,
    saveScreenshot,
  }) => {
    test.setTimeout(240_000);
    await page.addInitScript(() => {
      const counted = window as unknown as { printCalls: number };
      counted.printCalls = 0;
      window.print = () => {
        counted.printCalls += 1;
      };
    });
    await loginAs(page, 'admin');
    await page.goto('/order/underLineOrder');
    await expect(page.getByRole('heading', { name: 'Walk-in orders' })).toBeVisible({ timeout: 45_000 });
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('button', { name: 'New walk-in order' }).click();
    const dialog = page.getByRole('dialog', { name: 'New walk-in order' });
    const results = dialog.getByRole('table', { name: 'Goods found' });
    const addButtons = results.getByRole('button', { name: /^Add / }).and(page.locator(':enabled'));
    await expect(addButtons.nth(1)).toBeVisible({ timeout: 45_000 });
    await addButtons.nth(0).click();
    await addButtons.nth(1).click();
    const cart = dialog.getByRole('table', { name: 'Goods in this order' });
    await expect(cart.getByRole('row')).toHaveCount(3);
    await dialog.getByLabel('Discount (¥)').fill('0.50');
    await dialog.getByLabel('Payment method').selectOption({ label: 'Not paid yet' });
    const totals = dialog.getByTestId('walk-in-totals');
    await expect(totals).toContainText('Discount: ¥0.50');
    const toPay = /To pay: (¥[\d,]+\.\d\d)/.exec((await totals.textContent()) ?? '')?.[1];
    expect(toPay).toBeTruthy();
    await saveScreenshot(page, 'orders-walk-in-create');
    await expectNoSeriousA11yViolations(page);
    await dialog.getByRole('button', { name: 'Create order' }).click();

    const created = page.getByRole('dialog', { name: 'Order created' });
    await expect(created).toContainText(`Total ${toPay}`, { timeout: 45_000 });
    const orderNo = /Order (\S+) waits for payment/.exec((await created.textContent()) ?? '')?.[1] ?? '';
    expect(orderNo).not.toBe('');
    await created.getByRole('button', { name: 'Done' }).click();

    const search = page.getByRole('search');
    await search.getByLabel('Order number or phone').fill(orderNo);
    await search.getByRole('button', { name: 'Search' }).click();
    const row = page.getByRole('row', { name: new RegExp(orderNo) });
    await expect(row).toContainText('To pay', { timeout: 45_000 });
    await row.getByRole('button', { name: `Mark order ${orderNo} paid` }).click();
    const pay = page.getByRole('dialog', { name: `Take payment for order ${orderNo}` });
    await pay.getByLabel('Payment method').selectOption({ label: 'Bank card' });
    await pay.getByRole('button', { name: `Received ${toPay}` }).click();
    await expect(row).toContainText('Completed', { timeout: 45_000 });
    await expect(row).toContainText('Bank card');

    await row.getByRole('button', { name: `Print receipt of order ${orderNo}` }).click();
    const receipt = page
      .getByRole('dialog', { name: 'Receipt' })
      .getByRole('document', { name: 'Receipt preview' });
    await expect(receipt).toContainText(orderNo);
    await expect(receipt.getByTestId('receipt-line')).toHaveCount(2);
    await expect(receipt).toContainText(`Total${toPay}`);
    await expect(receipt).toContainText('Discount-¥0.50');
    await expect(receipt).toContainText('Bank card');
    await saveScreenshot(page, 'orders-walk-in-receipt');
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { printCalls: number }).printCalls))
      .toBe(1);
    await page.getByRole('button', { name: 'Print again' }).click();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { printCalls: number }).printCalls))
      .toBe(2);
  });

  test('a recharge order is refunded with a reason', async ({
    page,
    signInByApi,
    expectNoSeriousA11yViolations,
    saveScreenshot,
  }) => {
    test.setTimeout(180_000);
    const token = await signInByApi(page, 'admin');
    const admin = { Authorization: `Bearer ${token}` };
    const key = (await post(page.request, addStorefrontKey, { Name: 'e2e recharge' }, admin)) as {
      Id: number;
      Key: string;
    };
    const buyer = { Id: `e2e-recharge-${Date.now()}`, Name: 'E2E 充值', Phone: '13900000077' };
    try {
      const storefront = { [STOREFRONT_KEY_HEADER]: key.Key };
      const created = (await post(
        page.request,
        createRechargeOrder,
        { Kind: 'storedValue', Buyer: buyer, AmountFen: 8800 },
        storefront,
      )) as { Order: { OrderNo: string; AmountFen: number } };
      const orderNo = created.Order.OrderNo;
      await post(
        page.request,
        payRechargeOrder,
        { OrderNo: orderNo, BuyerId: buyer.Id, PaymentMethod: 'wechat', AmountFen: created.Order.AmountFen },
        storefront,
      );

      await page.goto(`/order/rechargeOrder?keyword=${orderNo}`);
      const row = page.getByRole('row', { name: new RegExp(orderNo) });
      await expect(row).toContainText('Completed', { timeout: 45_000 });
      await expect(row).toContainText('¥88.00');
      await expectNoSeriousA11yViolations(page);

      // The paid recharge is in the buyer's wallet, with its ledger row.
      await row.getByRole('button', { name: `Wallet of ${buyer.Name}` }).click();
      const wallet = page.getByRole('dialog', { name: `Wallet of ${buyer.Name}` });
      await expect(wallet.getByRole('table', { name: 'Recent wallet changes' })).toContainText(orderNo);
      await expect(wallet).toContainText('Stored value');
      await expect(wallet).toContainText('+¥88.00');
      await wallet.getByRole('button', { name: 'Close' }).first().click();
      await expect(wallet).toBeHidden();

      await row.getByRole('button', { name: `Refund: order ${orderNo}` }).click();
      const dialog = page.getByRole('dialog', { name: `Refund order ${orderNo} (¥88.00)` });
      await dialog.getByRole('button', { name: 'Refund' }).click();
      await expect(dialog.getByText('Required')).toBeVisible();
      await dialog.getByLabel(/Why is it refunded/).fill('E2E 误充');
      await dialog.getByRole('button', { name: 'Refund' }).click();
      await expect(dialog).toBeHidden();
      await expect(row).toContainText('Refunded', { timeout: 45_000 });
      await expect(row).toContainText('E2E 误充');
      await saveScreenshot(page, 'orders-recharge');
      await expect(row.getByRole('button', { name: /^Refund/ })).toHaveCount(0);
    } finally {
      await post(page.request, revokeStorefrontKey, { Id: key.Id }, admin);
      const keys = (await post(page.request, getStorefrontKeys, {}, admin)) as {
        Data: { Id: number; RevokedAt: string | null }[];
      };
      expect(keys.Data.find((entry) => entry.Id === key.Id)?.RevokedAt).not.toBeNull();
    }
  });
});
