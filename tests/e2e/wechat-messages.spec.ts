import { bindOrderState, getOrderInfo, getOrderList } from '../../contract/endpoints/orders';
import {
  getMessageTemplateOptions,
  type MessageTemplateRow,
  reportMessageSubscribe,
} from '../../contract/endpoints/wechat-messages';
import { solidPng } from '../api/images';
import { expect, test } from './fixtures';
import { envelope, openStorefrontOrders, type StorefrontOrders } from './storefront-orders';

/**
 * Mini-program messages and live rooms (issue 20 §6), all in the sandbox: the operator binds the
 * shipped template to the "Order shipped" scene, a buyer who accepted it in the mini-program has
 * an order shipped, and the operator finds the message sent in the scenes' records; then a live
 * room is created and two approved live goods are placed in it, after the rooms made in WeChat's
 * console are synced in. Each screen is checked with axe.
 */

let shop: StorefrontOrders;

const FIRST_SCREEN = { timeout: 45_000 };
const SHIPPED_TEMPLATE = '订单发货提醒';
const ADDRESS = {
  Name: '消息买家',
  Phone: '13900000023',
  Province: '浙江省',
  City: '杭州市',
  District: '西湖区',
  Detail: '文三路 23 号',
};

test.describe.configure({ timeout: 180_000 });

test.beforeAll(async ({ baseURL }) => {
  shop = await openStorefrontOrders({ baseURL, keyName: 'e2e messages', address: ADDRESS, start: 'middle' });
});

test.afterAll(async () => {
  await shop?.close();
});

async function templates(): Promise<MessageTemplateRow[]> {
  const body = await envelope(await shop.operatorCall(getMessageTemplateOptions.path, 'GET', {}));
  return body.Data as MessageTemplateRow[];
}

async function ship(orderNo: string): Promise<void> {
  const listed = await envelope(await shop.operatorCall(getOrderList.path, 'GET', { orderNo }));
  const id = (listed.Data as { Id: number }[])[0]!.Id;
  const order = await envelope(await shop.operatorCall(getOrderInfo.path, 'GET', { id: String(id) }));
  await envelope(
    await shop.operatorCall(bindOrderState.path, 'POST', {
      Action: 'ship',
      Id: id,
      Version: order.Version,
      Carrier: 'ZTO',
      TrackingNo: `E2EMSG${id}`,
    }),
  );
}

test('a template bound to “Order shipped” reaches the buyer whose order ships', async ({
  page,
  signInByApi,
  expectNoSeriousA11yViolations,
  saveScreenshot,
}) => {
  const buyer = `e2e-msg-buyer-${Date.now() % 1_000_000}`;
  await signInByApi(page, 'admin');
  await page.goto('/smallRoutine/subscribeMsg');
  const sceneRow = page.getByRole('row').filter({ hasText: 'Order shipped' });
  await expect(sceneRow).toBeVisible(FIRST_SCREEN);
  await expectNoSeriousA11yViolations(page);
  await sceneRow.getByRole('button', { name: /^Set up/ }).click();

  const form = page.getByRole('form', { name: 'Message of “Order shipped”' });
  await expect(form).toBeVisible();
  await form.getByRole('combobox', { name: 'Template' }).selectOption('');
  await form.getByRole('combobox', { name: 'Template' }).selectOption({ label: SHIPPED_TEMPLATE });
  const keywords = form.getByRole('combobox', { name: /^Keyword “/ });
  await expect(keywords).toHaveCount(5);
  await keywords.nth(0).selectOption({ label: 'Order number' });
  await keywords.nth(1).selectOption({ label: 'Goods name' });
  await keywords.nth(2).selectOption({ label: 'Carrier' });
  await keywords.nth(3).selectOption({ label: 'Tracking number' });
  await keywords.nth(4).selectOption({ label: 'Shipped at' });
  await form.getByRole('textbox', { name: 'Page opened from the message' }).fill('pages/order/detail');
  const enabled = form.getByRole('checkbox', { name: 'Send this message' });
  if (!(await enabled.isChecked())) await enabled.check({ force: true });
  await expectNoSeriousA11yViolations(page);
  await form.getByRole('button', { name: 'Save' }).first().click();
  await expect(page.getByText('Scene saved')).toBeVisible();
  await expect(page).toHaveURL(/\/smallRoutine\/subscribeMsg/);
  await expect(page.getByRole('row').filter({ hasText: 'Order shipped' })).toContainText('On');

  // The buyer accepts the shipped message in the mini-program, buys and pays; the order ships.
  const template = (await templates()).find((entry) => entry.Title === SHIPPED_TEMPLATE)!;
  await envelope(
    await shop.storefrontCall(reportMessageSubscribe.path, {
      BuyerId: buyer,
      Results: [{ TemplateId: template.PriTmplId, Result: 'accept' }],
    }),
  );
  const order = await shop.placeOrder(buyer);
  await ship(order.OrderNo);

  // The shipped message goes out as soon as the shipment commits: no sweep, no other send needed.
  // The list refreshes itself while a row is still on its way.
  await page.goto('/smallRoutine/sendDetails');
  // The paid scene is on in the demo shop too, so the buyer has a paid row beside the shipped one.
  const sent = page.getByRole('row').filter({ hasText: buyer }).filter({ hasText: 'Order shipped' });
  await expect(sent).toBeVisible(FIRST_SCREEN);
  await expect(sent).toContainText('Sent', { timeout: 30_000 });
  await expectNoSeriousA11yViolations(page);
  await saveScreenshot(page, 'wechat-messages-shipped');
});

test('a live room created in the sandbox takes two approved goods', async ({
  page,
  signInByApi,
  expectNoSeriousA11yViolations,
  saveScreenshot,
}) => {
  const stamp = Date.now() % 10_000;
  const title = `端到端直播${stamp}`;
  await signInByApi(page, 'admin');
  // Rooms made in WeChat's own console come in with the sync (the sandbox has two).
  await page.goto('/smallRoutine/livePlayer');
  await page.getByRole('button', { name: 'Sync from WeChat' }).click(FIRST_SCREEN);
  await expect(page.getByText(/ from WeChat; /)).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: '微信后台创建的新品直播' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.goto('/smallRoutine/createrLivePlayerRoom');
  const form = page.getByRole('form', { name: 'Create a live room' });
  await expect(form).toBeVisible(FIRST_SCREEN);
  await form.getByRole('textbox', { name: 'Title' }).fill(title);
  await form.getByRole('textbox', { name: 'Anchor’s nickname' }).fill('主播小美');
  await form.getByRole('textbox', { name: 'Anchor’s WeChat ID' }).fill('anchor_e2e01');
  for (const [label, color] of [
    ['Cover (1080 × 1920)', [220, 38, 38, 255]],
    ['Share image (800 × 640)', [37, 99, 235, 255]],
  ] as const) {
    await form.getByRole('button', { name: `Choose from library: ${label}` }).click();
    const picker = page.getByTestId('image-picker-dialog');
    await expect(picker).toBeVisible();
    const file = `live-${stamp}-${color[0]}.png`;
    await picker.getByLabel('Choose image files to upload').setInputFiles([
      {
        name: file,
        mimeType: 'image/png',
        buffer: solidPng(54, 96, [...color]),
      },
    ]);
    await expect(picker.getByTestId('upload-item').filter({ hasText: file })).toContainText('Uploaded', {
      timeout: 30_000,
    });
    await picker.getByRole('button', { name: 'Use selected' }).click();
    await expect(picker).toBeHidden();
  }
  await expectNoSeriousA11yViolations(page);
  await form.getByRole('button', { name: 'Save' }).first().click();
  await expect(page.getByText('Room created')).toBeVisible();
  await expect(page).toHaveURL(/\/smallRoutine\/liveRoomAndGoodList\?id=\d+/);
  await expect(page.getByText(new RegExp(`^${title}: `))).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  const add = page.getByRole('link', { name: 'Add approved goods' });
  await add
    .or(page.getByRole('button', { name: 'Add approved goods' }))
    .first()
    .click();
  const dialog = page.getByRole('dialog', { name: `Add goods to “${title}”` });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('checkbox').nth(1)).toBeAttached();
  const offered = dialog.locator('label');
  const names = [
    ((await offered.nth(0).textContent()) ?? '').trim(),
    ((await offered.nth(1).textContent()) ?? '').trim(),
  ];
  await offered.nth(0).click();
  await offered.nth(1).click();
  await expect(dialog.getByRole('checkbox', { name: names[0] })).toBeChecked();
  await expect(dialog.getByRole('checkbox', { name: names[1] })).toBeChecked();
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole('button', { name: 'Add approved goods' }).click();
  await expect(page.getByText('Goods added to the room')).toBeVisible();
  await expect(dialog).toBeHidden();
  for (const name of names)
    await expect(page.getByRole('row').filter({ hasText: name })).toContainText('Approved');
  await expectNoSeriousA11yViolations(page);
  await saveScreenshot(page, 'live-room-goods');
});
