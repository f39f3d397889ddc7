import { getCounterSkus } from '../../contract/endpoints/orders';
import { createOrder, payOrder } from '../../contract/endpoints/storefront';
import { getTicketList } from '../../contract/endpoints/tickets';
import { groupTicketCode } from '../../contract/ticket-code';
import { expect, test } from './fixtures';
import { envelope, openStorefrontOrders, type StorefrontOrders } from './storefront-orders';

/**
 * Writing off a ticket: a buyer pays for a virtual good through the storefront, the operator types
 * its code on the write-off screen at a store, and the ticket list and the write-off log show it.
 * The buyer is used by this spec only.
 */

let api: StorefrontOrders;

const FIRST_SCREEN = { timeout: 45_000 };

test.beforeAll(async ({ baseURL }) => {
  api = await openStorefrontOrders({
    baseURL,
    keyName: 'e2e tickets',
    address: {
      Name: '电子票',
      Phone: '13900000003',
      Province: '上海市',
      City: '上海市',
      District: '徐汇区',
      Detail: '漕溪北路 88 号',
    },
    start: 'end',
  });
});

test.afterAll(async () => {
  await api?.close();
});

/** A fresh buyer's paid tea-set voucher: its ticket code. */
async function buyTicket(buyer: string): Promise<string> {
  const skus = await envelope(await api.operatorCall(getCounterSkus.path, 'GET', { keyword: '下午茶' }));
  const sku = (skus.Data as { SkuId: number }[])[0]!;
  const placed = await envelope(
    await api.storefrontCall(createOrder.path, {
      Buyer: { Id: buyer, Name: buyer, Phone: '13900000003' },
      DeliveryType: 'virtual',
      Lines: [{ SkuId: sku.SkuId, Quantity: 1 }],
    }),
  );
  const order = placed.Order as { OrderNo: string; TotalFen: number };
  await envelope(
    await api.storefrontCall(payOrder.path, {
      OrderNo: order.OrderNo,
      BuyerId: buyer,
      PaymentMethod: 'wechat',
      AmountFen: order.TotalFen,
    }),
  );
  const list = await envelope(await api.operatorCall(getTicketList.path, 'GET', { keyword: buyer }));
  return (list.Data as { Code: string }[])[0]!.Code;
}

test('an operator writes off a ticket by its code, once', async ({
  page,
  signInByApi,
  expectNoSeriousA11yViolations,
}) => {
  test.setTimeout(120_000);
  const buyer = `e2e-ticket-${Date.now().toString(36)}`;
  const code = await buyTicket(buyer);

  await signInByApi(page, 'admin');
  await page.goto('/customer/writeoffSupervise');
  await expect(page.getByRole('heading', { name: 'Write off a ticket or coupon' })).toBeVisible(FIRST_SCREEN);
  await expectNoSeriousA11yViolations(page);

  const panel = page.getByRole('region', { name: 'Write off a ticket or coupon' });
  await panel.getByRole('button', { name: 'Write off' }).click();
  await expect(
    panel.getByText('This is neither a ticket code (12 digits) nor a coupon code (16 characters): check it'),
  ).toBeVisible();
  await expect(panel.getByText('Choose a store').last()).toBeVisible();

  await panel.getByLabel('Ticket or coupon code').fill(groupTicketCode(code));
  await panel.getByLabel('Write off at').selectOption({ label: '静安寺店' });
  await panel.getByRole('button', { name: 'Write off' }).click();
  const confirm = page.getByRole('alertdialog').or(page.getByRole('dialog'));
  await expect(confirm).toContainText(`Write off ${groupTicketCode(code)} at 静安寺店?`);
  await confirm.getByRole('button', { name: 'Write off' }).click();
  await expect(page.getByText(`Ticket ${groupTicketCode(code)} written off`)).toBeVisible();
  await expect(panel.getByLabel('Ticket or coupon code')).toHaveValue('');

  // A second scan of the same code is refused plainly.
  await panel.getByLabel('Ticket or coupon code').fill(code);
  await panel.getByRole('button', { name: 'Write off' }).click();
  await page
    .getByRole('alertdialog')
    .or(page.getByRole('dialog'))
    .getByRole('button', { name: 'Write off' })
    .click();
  await expect(page.getByText(new RegExp(`Ticket ${code} was already written off at`))).toBeVisible();

  await page.goto(`/customer/ticketSupervise?keyword=${code}`);
  const row = page.getByRole('row').filter({ hasText: groupTicketCode(code) });
  await expect(row).toBeVisible(FIRST_SCREEN);
  await expect(row).toContainText('Used');
  await expect(row).toContainText('Used at 静安寺店');
  await expectNoSeriousA11yViolations(page);

  await page.goto(`/customer/writeoffLog?keyword=${code}`);
  const entry = page.getByRole('row').filter({ hasText: groupTicketCode(code) });
  await expect(entry).toBeVisible(FIRST_SCREEN);
  await expect(entry).toContainText('静安寺店');
  await expect(entry).toContainText('admin');
  await expectNoSeriousA11yViolations(page);
});
