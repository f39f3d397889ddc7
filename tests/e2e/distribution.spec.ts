import { applyPromoter, applyWithdrawal } from '../../contract/endpoints/distribution-storefront';
import { getSelectProducts } from '../../contract/endpoints/goods';
import { signIn } from '../../contract/endpoints/members';
import { bindOrderState, getOrderInfo, getOrderList } from '../../contract/endpoints/orders';
import { confirmReceipt } from '../../contract/endpoints/storefront';
import { expect, test } from './fixtures';
import { envelope, openStorefrontOrders, type StorefrontOrders } from './storefront-orders';

/**
 * The distribution journey: the operator turns distribution on (approval by an operator, settled
 * once the buyer has the goods, no freeze), a member applies through the storefront and is
 * approved, a member they invited buys, the operator settles the commission, the promoter
 * withdraws it to stored value and the operator approves and pays. Members are this spec's own.
 */

let shop: StorefrontOrders;

const FIRST_SCREEN = { timeout: 45_000 };
const ADDRESS = {
  Name: '分销会员',
  Phone: '13900000019',
  Province: '广东省',
  City: '深圳市',
  District: '南山区',
  Detail: '科技园路 19 号',
};

test.beforeAll(async ({ baseURL }) => {
  shop = await openStorefrontOrders({ baseURL, keyName: 'e2e distribution', address: ADDRESS, start: 'end' });
});

test.afterAll(async () => {
  await shop?.close();
});

/** Ships the order and has its buyer confirm receipt, so its commission falls due. */
async function receive(orderNo: string, buyer: string): Promise<number> {
  const listed = await envelope(await shop.operatorCall(getOrderList.path, 'GET', { orderNo }));
  const id = (listed.Data as { Id: number }[])[0]!.Id;
  const order = await envelope(await shop.operatorCall(getOrderInfo.path, 'GET', { id: String(id) }));
  await envelope(
    await shop.operatorCall(bindOrderState.path, 'POST', {
      Action: 'ship',
      Id: id,
      Version: order.Version,
      Carrier: 'ZTO',
      TrackingNo: `E2E${id}`,
    }),
  );
  await envelope(await shop.storefrontCall(confirmReceipt.path, { OrderNo: orderNo, BuyerId: buyer }));
  return id;
}

test('turn distribution on, approve a promoter, settle an invited buyer’s order, withdraw and pay', async ({
  page,
  signInByApi,
  expectNoSeriousA11yViolations,
  saveScreenshot,
}) => {
  test.setTimeout(180_000);
  const stamp = Date.now() % 1_000_000;
  const top = `e2e-dist-top-${stamp}`;
  const topName = `推广达人${stamp}`;
  const buyer = `e2e-dist-buyer-${stamp}`;

  // The operator's rules, a refused rate first.
  await signInByApi(page, 'admin');
  await page.goto('/distribution/promotionSetting');
  const enabled = page.getByRole('checkbox', { name: 'Distribution is on' });
  await expect(enabled).toBeVisible(FIRST_SCREEN);
  if (!(await enabled.isChecked())) await enabled.check({ force: true });
  await page.getByRole('combobox', { name: 'Who may promote' }).selectOption('review');
  await page.getByRole('combobox', { name: 'Levels' }).selectOption('1');
  const level1 = page.getByRole('textbox', { name: 'Level 1 rate (%)' });
  await level1.fill('120');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('A rate must not be above 100%')).toBeVisible();
  await expect(level1).toHaveAttribute('aria-invalid', 'true');
  await level1.fill('10');
  await page.getByRole('combobox', { name: 'Settles' }).selectOption('completion');
  await page.getByRole('spinbutton', { name: 'Then frozen for (days)' }).fill('0');
  await page.getByRole('textbox', { name: 'Smallest withdrawal (yuan)' }).fill('0.01');
  await page.getByRole('textbox', { name: 'Fee (%)' }).fill('0');
  await page.getByRole('textbox', { name: 'Most per promoter and day (yuan)' }).fill('0');
  const balance = page.getByRole('checkbox', { name: 'Stored value' });
  if (!(await balance.isChecked())) await balance.check({ force: true });
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Promotion settings saved')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await saveScreenshot(page, 'distribution-promotion-setting', { fullPage: true });

  // A goods rule: the goods found by name, a fixed amount per unit; then taken away again.
  const picks = await envelope(
    await shop.operatorCall(getSelectProducts.path, 'GET', { page: '1', pageSize: '50' }),
  );
  const goods = (picks.Data as { Name: string }[]).at(-1)!.Name;
  await page.getByRole('button', { name: 'Add goods rule' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a goods rule' });
  await dialog.getByRole('textbox', { name: 'Find goods by name' }).fill(goods);
  await dialog
    .getByRole('button', { name: `Choose ${goods}` })
    .first()
    .click();
  await dialog.getByRole('combobox', { name: 'Pays' }).selectOption('fixed');
  await dialog.getByRole('textbox', { name: 'Level 1 per unit (yuan)' }).fill('2.5x');
  await dialog.getByRole('button', { name: 'Save rule' }).click();
  await expect(dialog.getByText('An amount in yuan, up to two decimals')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Level 1 per unit (yuan)' }).fill('2.50');
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole('button', { name: 'Save rule' }).click();
  const ruleRow = page.getByRole('row').filter({ hasText: goods });
  await expect(ruleRow).toContainText('¥2.50');
  await ruleRow.getByRole('button', { name: `Delete the rule of ${goods}` }).click();
  await page.getByRole('button', { name: 'Yes, do it' }).click();
  await expect(ruleRow).toHaveCount(0);

  // A member applies through the storefront; the operator approves.
  const signed = await envelope(await shop.storefrontCall(signIn.path, { OpenId: top, Nickname: topName }));
  const topMemberNo = String((signed.Member as { MemberNo: string }).MemberNo);
  const applied = await envelope(await shop.storefrontCall(applyPromoter.path, { BuyerId: top }));
  expect((applied.Application as { State: string }).State).toBe('pending');
  await page.goto(`/distribution/accountList?view=applications&keyword=${stamp}`);
  await page.getByRole('button', { name: `Approve: ${topName}` }).click();
  await expect(page.getByText('Done')).toBeVisible();
  await expect(page.getByRole('button', { name: `Approve: ${topName}` })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  await page.goto(`/distribution/accountList?keyword=${stamp}`);
  await expect(page.getByRole('row').filter({ hasText: topName })).toContainText('Active', FIRST_SCREEN);
  await expectNoSeriousA11yViolations(page);
  await saveScreenshot(page, 'distribution-promoters');

  // A member they invited buys and receives; the operator settles what is due.
  await envelope(
    await shop.storefrontCall(signIn.path, {
      OpenId: buyer,
      Nickname: `受邀买家${stamp}`,
      InviterMemberNo: topMemberNo,
    }),
  );
  const order = await shop.placeOrder(buyer);
  await receive(order.OrderNo, buyer);
  await page.goto(`/distribution/settlementReport?view=orders&keyword=${order.OrderNo}`);
  await expect(page.getByRole('link', { name: order.OrderNo }).first()).toBeVisible(FIRST_SCREEN);
  await page.getByRole('button', { name: 'Settle due commission now' }).click();
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('Done')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('link', { name: order.OrderNo }).first().click();
  await expect(page.getByRole('heading', { name: `Commission of order ${order.OrderNo}` })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: topName });
  await expect(row).toContainText('Settled');
  // Goods rules of the demo may pay other than the default rate: the promoter withdraws what it shows.
  const amount = (await row.getByRole('cell').nth(5).textContent()) ?? '';
  const commissionFen = Math.round(Number(amount.replace('¥', '')) * 100);
  expect(commissionFen).toBeGreaterThan(0);
  await expectNoSeriousA11yViolations(page);
  await saveScreenshot(page, 'distribution-order-commission', { fullPage: true });

  // The promoter withdraws it to stored value; the operator approves and pays.
  const withdrawal = await envelope(
    await shop.storefrontCall(applyWithdrawal.path, {
      BuyerId: top,
      AmountFen: commissionFen,
      Channel: 'balance',
    }),
  );
  const number = String((withdrawal.Withdrawal as { WithdrawalNo: string }).WithdrawalNo);
  await page.goto(`/distribution/withdrawList?keyword=${number}`);
  await page.getByRole('button', { name: `Approve: ${number}` }).click();
  await expect(page.getByText('Done')).toBeVisible();
  await page.getByRole('button', { name: `Pay: ${number}` }).click();
  await page.getByRole('button', { name: 'Confirm' }).click();
  await page.getByRole('tab', { name: /^Paid/ }).click();
  await expect(page.getByRole('row').filter({ hasText: number })).toContainText('Paid');
  await expectNoSeriousA11yViolations(page);
  await saveScreenshot(page, 'distribution-withdrawals');
});
