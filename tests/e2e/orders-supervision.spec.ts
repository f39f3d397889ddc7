import ExcelJS from 'exceljs';
import { bindOrderState, getOrderList } from '../../contract/endpoints/orders';
import { applyRefund } from '../../contract/endpoints/storefront';
import { expect, test } from './fixtures';
import { envelope, openStorefrontOrders, type StorefrontOrders } from './storefront-orders';

/**
 * Order supervision as an operator sees it. Each test places its own orders through the storefront
 * service for a buyer no other spec uses and finds them by that buyer, so specs running beside it
 * on the same database never see or change these rows.
 */

let api: StorefrontOrders;

const ADDRESS = {
  Name: '测试收货人',
  Phone: '13900000001',
  Province: '广东省',
  City: '深圳市',
  District: '南山区',
  Detail: '科技园路 8 号',
};

/** The first screen of a test waits for the app's chunks on a machine other specs keep busy. */
const FIRST_SCREEN = { timeout: 45_000 };

/** A buyer name only this run of this test uses (the list's buyer filter finds it). */
function uniqueBuyer(label: string): string {
  return `e2e-${label}-${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
}

test.beforeAll(async ({ baseURL }) => {
  api = await openStorefrontOrders({ baseURL, keyName: 'e2e supervision', address: ADDRESS, start: 'end' });
});

test.afterAll(async () => {
  await api?.close();
});

test.describe('order supervision', () => {
  test('an operator ships an order from the list and its timeline shows it', async ({
    page,
    signInByApi,
    expectNoSeriousA11yViolations,
  }) => {
    test.setTimeout(120_000);
    const buyer = uniqueBuyer('ship');
    const order = await api.placeOrder(buyer);
    await signInByApi(page, 'admin');
    await page.goto(`/order/orderSupervise?tab=toShip&buyer=${buyer}`);
    const row = page.getByRole('row').filter({ hasText: order.OrderNo });
    await expect(row).toBeVisible(FIRST_SCREEN);
    await expect(row).toContainText('To ship');
    await expect(page.getByRole('tab', { name: /^To ship/ })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tab', { name: /^To ship/ })).toContainText('1');
    await expectNoSeriousA11yViolations(page);

    await row.getByRole('button', { name: `Ship order ${order.OrderNo}` }).click();
    const dialog = page.getByRole('dialog', { name: `Ship order ${order.OrderNo}` });
    await expect(dialog).toHaveAttribute('data-state', 'open');
    await dialog.getByLabel('Carrier').selectOption('SF');
    // A tracking number the server refuses is caught in the form, naming the field.
    await dialog.getByLabel('Tracking number').fill('no!');
    await dialog.getByRole('button', { name: 'Ship' }).click();
    await expect(
      dialog.getByText('The tracking number must be 4 to 32 letters, digits or dashes'),
    ).toBeVisible();
    const trackingNo = `SF${Date.now()}`;
    await dialog.getByLabel('Tracking number').fill(trackingNo);
    await dialog.getByRole('button', { name: 'Ship' }).click();
    await expect(dialog).toBeHidden();

    // It left the to-ship tab and waits under Shipped.
    await expect(row).toHaveCount(0);
    await expect(page.getByRole('tab', { name: /^To ship/ })).toContainText('0');
    await page.getByRole('tab', { name: /^Shipped/ }).click();
    await expect(row).toContainText('Shipped');
    await row.getByRole('button', { name: `Details of order ${order.OrderNo}` }).click();

    await expect(page).toHaveURL(/\/order\/orderDetails\?id=\d+/);
    const heading = page.getByRole('heading', { name: `Order ${order.OrderNo}` });
    await expect(heading).toBeVisible();
    // The step bar: placed, paid and shipped are done, completion is the current step.
    const steps = page.getByRole('list', { name: 'Order progress' }).getByRole('listitem');
    await expect(steps).toHaveText([
      /^1Placed \(done\)/,
      /^2Paid \(done\)/,
      /^3Shipped \(done\)/,
      /^4Completed/,
    ]);
    await expect(steps.nth(3)).toHaveAttribute('aria-current', 'step');
    await expect(steps.nth(3)).toContainText('(current step)');
    const timeline = page.getByRole('list', { name: 'Timeline' });
    await expect(timeline.getByRole('listitem')).toHaveCount(3);
    await expect(timeline.getByRole('listitem').nth(0)).toContainText('Order placed');
    await expect(timeline.getByRole('listitem').nth(1)).toContainText('To pay → To ship');
    await expect(timeline.getByRole('listitem').nth(2)).toContainText('To ship → Shipped');
    await expect(timeline.getByRole('listitem').nth(2)).toContainText(
      `SF Express, tracking number ${trackingNo}`,
    );
    await expect(page.getByRole('region', { name: 'Shipments' })).toContainText(trackingNo);
    // Shipped: nothing but a remark is left to the operator here.
    const actions = page.getByRole('toolbar', { name: 'Order actions' });
    await expect(actions.getByRole('button', { name: 'Ship' })).toHaveCount(0);
    await expect(actions.getByRole('button', { name: 'Remark' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test('a command on an order someone else changed meanwhile shows why and refreshes the list', async ({
    page,
    signInByApi,
  }) => {
    test.setTimeout(120_000);
    const buyer = uniqueBuyer('stale');
    const order = await api.placeOrder(buyer);
    await signInByApi(page, 'admin');
    await page.goto(`/order/orderSupervise?tab=toShip&buyer=${buyer}`);
    const row = page.getByRole('row').filter({ hasText: order.OrderNo });
    await row.getByRole('button', { name: `Ship order ${order.OrderNo}` }).click(FIRST_SCREEN);
    const dialog = page.getByRole('dialog', { name: `Ship order ${order.OrderNo}` });
    await dialog.getByLabel('Tracking number').fill('ZT20000001');

    // Another operator ships it first.
    const listed = await envelope(await api.operatorCall(getOrderList.path, 'GET', { buyer, tab: 'toShip' }));
    const [current] = listed.Data as { Id: number; Version: number }[];
    await envelope(
      await api.operatorCall(bindOrderState.path, 'POST', {
        Action: 'ship',
        Id: current!.Id,
        Version: current!.Version,
        Carrier: 'YTO',
        TrackingNo: 'YT10000001',
      }),
    );

    await dialog.getByRole('button', { name: 'Ship' }).click();
    await expect(
      page
        .getByText(new RegExp(`Order ${order.OrderNo} (was changed by someone else|cannot be shipped)`))
        .first(),
    ).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(row).toHaveCount(0);
    await page.getByRole('tab', { name: /^Shipped/ }).click();
    await row.getByRole('button', { name: `Details of order ${order.OrderNo}` }).click();
    // The other operator's parcel stands; this one was not sent.
    const shipments = page.getByRole('region', { name: 'Shipments' });
    await expect(shipments).toContainText('YT10000001');
    await expect(shipments).not.toContainText('ZT20000001');
  });

  test('bulk shipping from a spreadsheet reports every row: shipped or refused with the reason', async ({
    page,
    signInByApi,
  }) => {
    test.setTimeout(120_000);
    const buyer = uniqueBuyer('import');
    const paid = await api.placeOrder(buyer);
    const unpaid = await api.placeOrder(buyer, { pay: false });
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Shipments');
    sheet.addRow(['Order number', 'Tracking number', 'Carrier']);
    sheet.addRow([paid.OrderNo, 'ZT30000001', '']);
    sheet.addRow([unpaid.OrderNo, 'ZT30000002', '']);
    const file = Buffer.from(await workbook.xlsx.writeBuffer());

    await signInByApi(page, 'admin');
    await page.goto(`/order/orderSupervise?buyer=${buyer}`);
    await page.getByRole('button', { name: 'Bulk ship' }).click(FIRST_SCREEN);
    const dialog = page.getByRole('dialog', { name: 'Bulk ship from Excel' });
    const templatePromise = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Download template' }).click();
    expect((await templatePromise).suggestedFilename()).toMatch(/\.xlsx$/);
    await dialog.getByLabel(/^Excel file/).setInputFiles({
      name: 'ship.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: file,
    });
    await dialog.getByRole('button', { name: 'Upload and ship' }).click();
    await expect(dialog.getByRole('status')).toHaveText('2 rows: 1 shipped, 1 refused');
    const results = dialog.getByRole('table', { name: 'Import results' });
    await expect(results.getByRole('row').filter({ hasText: paid.OrderNo })).toContainText('Shipped');
    const refused = results.getByRole('row').filter({ hasText: unpaid.OrderNo });
    await expect(refused).toContainText('Refused');
    await expect(refused).toContainText(
      `Order ${unpaid.OrderNo} cannot be shipped: it is waiting for payment`,
    );
    await dialog.getByRole('button', { name: 'Close' }).first().click();
    await page.getByRole('tab', { name: /^Shipped/ }).click();
    await expect(page.getByRole('row').filter({ hasText: paid.OrderNo })).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: unpaid.OrderNo })).toHaveCount(0);
  });

  test('an operator approves a refund and marks it refunded from the order details', async ({
    page,
    signInByApi,
  }) => {
    test.setTimeout(120_000);
    const buyer = uniqueBuyer('refund');
    const order = await api.placeOrder(buyer);
    await envelope(
      await api.storefrontCall(applyRefund.path, {
        OrderNo: order.OrderNo,
        BuyerId: buyer,
        AmountFen: order.TotalFen,
        Reason: 'changed my mind',
      }),
    );
    await signInByApi(page, 'admin');
    await page.goto(`/order/orderSupervise?tab=refunding&buyer=${buyer}`);
    const row = page.getByRole('row').filter({ hasText: order.OrderNo });
    await expect(row).toContainText('Refund requested', FIRST_SCREEN);
    // A refund is waiting: the order cannot ship until it is settled.
    await expect(row.getByRole('button', { name: `Ship order ${order.OrderNo}` })).toHaveCount(0);
    await row.getByRole('button', { name: `Details of order ${order.OrderNo}` }).click();

    const actions = page.getByRole('toolbar', { name: 'Order actions' });
    await expect(actions.getByRole('button', { name: 'Reject refund' })).toBeVisible();
    await actions.getByRole('button', { name: 'Approve refund' }).click();
    const approve = page.getByRole('dialog', { name: `Approve the refund of order ${order.OrderNo}` });
    const yuan = (order.TotalFen / 100).toFixed(2);
    await expect(approve.getByLabel(/^Refund amount/)).toHaveValue(yuan);
    await approve.getByLabel(/^Reason/).fill('agreed with the buyer');
    await approve.getByRole('button', { name: 'Approve' }).click();
    await expect(approve).toBeHidden();
    await expect(page.getByRole('heading', { level: 1 }).filter({ hasText: order.OrderNo })).toBeVisible();
    await expect(page.getByText('Refund approved').first()).toBeVisible();

    await actions.getByRole('button', { name: 'Mark refunded' }).click();
    const mark = page.getByRole('dialog', { name: `Mark order ${order.OrderNo} refunded` });
    await mark.getByRole('button', { name: 'Mark refunded' }).click();
    await expect(mark).toBeHidden();

    // The whole amount went back: the order closes, its refund shows as refunded.
    const timeline = page.getByRole('list', { name: 'Timeline' });
    await expect(timeline).toContainText('Marked refunded');
    await expect(timeline).toContainText('Closed after a full refund');
    await expect(timeline).toContainText('Reason: agreed with the buyer');
    const amounts = page.getByRole('region', { name: 'Amounts' });
    await expect(amounts).toContainText(`Refunded¥${yuan}`);
    await expect(actions.getByRole('button', { name: 'Mark refunded' })).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Refunds' })).toContainText('Refunded');
    await expect(page.getByRole('region', { name: 'Buyer wallet' })).toContainText('Stored value');
  });

  test('the export holds exactly the orders of the filtered list', async ({ page, signInByApi }) => {
    test.setTimeout(120_000);
    const buyer = uniqueBuyer('export');
    const first = await api.placeOrder(buyer);
    const second = await api.placeOrder(buyer, { pay: false });
    // Twice the units: its amount falls outside the range below.
    const dearer = await api.placeOrder(buyer, { quantity: 2 });
    expect(dearer.TotalFen).toBeGreaterThan(first.TotalFen);
    const yuan = (first.TotalFen / 100).toFixed(2);

    await signInByApi(page, 'admin');
    await page.goto('/order/orderSupervise');
    const search = page.getByRole('search');
    await search.getByLabel('Buyer').fill(buyer);
    await search.getByLabel('Amount (¥) from').fill(yuan);
    await search.getByLabel('Amount (¥) to').fill(yuan);
    await search.getByRole('button', { name: 'Search' }).click();
    // The amount filter is typed in yuan and sent in fen; the address bar keeps what was typed.
    await expect(page).toHaveURL(new RegExp(`amountMin=${yuan.replace('.', '\\.')}`));
    const table = page.getByRole('table');
    await expect(table.getByRole('row').filter({ hasText: first.OrderNo })).toBeVisible(FIRST_SCREEN);
    await expect(table.getByRole('row').filter({ hasText: second.OrderNo })).toBeVisible();
    await expect(table.getByRole('row').filter({ hasText: dearer.OrderNo })).toHaveCount(0);
    await expect(page.getByText('2 in all')).toBeVisible();

    const downloadPromise = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export' }).click();
    await page.getByRole('menuitem', { name: /Excel/ }).click();
    const download = await downloadPromise;
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(await download.path());
    const sheet = workbook.worksheets[0]!;
    const orderNumbers: string[] = [];
    sheet.eachRow((sheetRow, index) => {
      if (index > 1) orderNumbers.push(sheetRow.getCell(1).text);
    });
    expect(orderNumbers.sort()).toEqual([first.OrderNo, second.OrderNo].sort());
    const cells = sheet.getSheetValues().flat().map(String);
    expect(cells).toContain(buyer);
  });
});
