import type { Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { getFaceConfigs, getOrderList, printFaceSheets } from '../../contract/endpoints/orders';
import { expect, test } from './fixtures';
import { envelope, openStorefrontOrders, type StorefrontOrders } from './storefront-orders';

/**
 * Face sheets and sales reports as an operator uses them. The orders are placed and paid through
 * the storefront service for buyers only this run uses, and the screens are filtered to them, so
 * specs running beside this one on the same database neither see nor change these rows.
 */

let api: StorefrontOrders;

const ADDRESS = {
  Name: '面单收货人',
  Phone: '13900000002',
  Province: '浙江省',
  City: '杭州市',
  District: '西湖区',
  Detail: '文三路 90 号',
};

function uniqueBuyer(label: string): string {
  return `e2e-face-${label}-${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
}

/** A ZTO tracking number (14 digits, the seeded default account's carrier) no other run uses. */
function trackingNo(index: number): string {
  return `7${Date.now().toString().slice(-10)}${index}${Math.floor(Math.random() * 90 + 10)}`;
}

/** Waits for transitions (a pressed button's colours) to end, so axe reads the colours people see. */
async function settled(page: Page) {
  // The pointer stays over the button just clicked; its hover colours are not what people read.
  await page.mouse.move(0, 0);
  // An animation cancelled meanwhile (its element left) rejects `finished`; it has settled too.
  await page.evaluate(() =>
    Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined))),
  );
}

async function ordersOf(buyer: string, tab: string): Promise<{ OrderNo: string; Id: number }[]> {
  const body = await envelope(
    await api.operatorCall(getOrderList.path, 'GET', { buyer, tab, page: '1', pageSize: '50' }),
  );
  return body.Data as { OrderNo: string; Id: number }[];
}

test.beforeAll(async ({ baseURL }) => {
  api = await openStorefrontOrders({
    baseURL,
    keyName: 'e2e face sheets',
    address: ADDRESS,
    start: 'middle',
  });
});

test.afterAll(async () => {
  await api?.close();
});

test('an operator prints face sheets for three orders, confirms them shipped, and voids another', async ({
  page,
  signInByApi,
  expectNoSeriousA11yViolations,
}) => {
  test.setTimeout(180_000);
  const buyer = uniqueBuyer('print');
  const orders = [await api.placeOrder(buyer), await api.placeOrder(buyer), await api.placeOrder(buyer)];
  await signInByApi(page, 'admin');

  // The carrier accounts: the seeded ones have no provider, and the screen says numbers are typed.
  await page.goto('/order/faceConfig');
  await expect(page.getByRole('heading', { name: 'Face-sheet settings', level: 1 })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByRole('row').filter({ hasText: '中通电子面单' })).toContainText('Default');
  await expect(page.getByText(/No electronic-waybill provider is configured/)).toBeVisible();
  await settled(page);
  await expectNoSeriousA11yViolations(page);

  await page.goto(`/order/facePrinting?buyer=${buyer}`);
  await expect(page.getByRole('heading', { name: 'Face-sheet printing', level: 1 })).toBeVisible({
    timeout: 30_000,
  });
  for (const order of orders)
    await expect(page.getByRole('row').filter({ hasText: order.OrderNo })).toBeVisible();
  await settled(page);
  await expectNoSeriousA11yViolations(page);

  const selectAll = page.getByRole('checkbox', { name: 'Select every row on this page' });
  await selectAll.focus();
  await page.keyboard.press('Space');
  await expect(selectAll).toBeChecked();
  await page.getByRole('button', { name: 'Print face sheets (3)' }).click();
  const setup = page.getByRole('region', { name: 'Print face sheets for 3 orders' });
  await expect(setup.getByLabel('Carrier account')).toHaveValue(/\d+/);
  await expect(setup.getByText(/No electronic-waybill provider is configured/)).toBeVisible();
  // A number typed wrong is caught before anything is printed.
  const numbers = orders.map((_, index) => trackingNo(index));
  await setup.getByLabel(`Tracking number for order ${orders[0]!.OrderNo}`).fill('no!');
  await setup.getByRole('button', { name: 'Print 3 face sheets' }).click();
  await expect(setup.getByText('4 to 32 letters, digits or hyphens.')).toBeVisible();
  for (const [index, order] of orders.entries())
    await setup.getByLabel(`Tracking number for order ${order.OrderNo}`).fill(numbers[index]!);
  await settled(page);
  await expectNoSeriousA11yViolations(page);
  await setup.getByRole('button', { name: 'Print 3 face sheets' }).click();

  // The print-ready page: three waybills at the paper's size, each with its number's barcode.
  await expect(page.getByRole('heading', { name: /^Face sheets, batch FP\d+/ })).toBeVisible();
  const sheets = page.getByRole('region', { name: 'Face sheets ready to print (3)' }).getByRole('article');
  await expect(sheets).toHaveCount(3);
  for (const [index, order] of orders.entries()) {
    const sheet = page.getByRole('article', {
      name: `Face sheet of order ${order.OrderNo}, tracking number ${numbers[index]}`,
    });
    await expect(sheet).toContainText('面单收货人');
    const barcode = sheet.getByRole('img', { name: `Barcode of tracking number ${numbers[index]}` });
    await expect(barcode).toBeVisible();
    expect(await barcode.evaluate((svg) => svg.tagName.toLowerCase())).toBe('svg');
    expect(await barcode.locator('rect').count()).toBeGreaterThan(10);
    await expect(barcode.locator('text')).toHaveText(numbers[index]!);
  }
  // The sheets print alone, one per 100 × 180 mm label (the default account's paper).
  const css = await page.evaluate(() =>
    Array.from(document.querySelectorAll('style'), (style) => style.textContent ?? '').find((text) =>
      text.includes('@page'),
    ),
  );
  expect(css).toContain('size: 100mm 180mm');
  const width = await sheets.first().evaluate((sheet) => sheet.getBoundingClientRect().width);
  expect(Math.round((width / 96) * 25.4)).toBe(100);
  await settled(page);
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('button', { name: 'Confirm printed' }).click();
  await expect(page.getByText('3 orders marked shipped.').first()).toBeVisible();
  expect((await ordersOf(buyer, 'shipped')).map((order) => order.OrderNo).sort()).toEqual(
    orders.map((order) => order.OrderNo).sort(),
  );
  expect(await ordersOf(buyer, 'toShip')).toEqual([]);
  await page.getByRole('button', { name: 'Back to orders to ship' }).click();
  await expect(page.getByText('Nothing matches these filters.')).toBeVisible();

  // The printed list: shipped waybills can be reprinted, not voided.
  await page.goto(`/order/faceSupervise?keyword=${numbers[1]}`);
  const shippedRow = page.getByRole('row').filter({ hasText: numbers[1]! });
  await expect(shippedRow).toContainText('Shipped');
  await expect(shippedRow.getByRole('button', { name: `Void ${numbers[1]}` })).toHaveCount(0);
  await settled(page);
  await expectNoSeriousA11yViolations(page);
  await shippedRow.getByRole('button', { name: `Reprint ${numbers[1]}` }).click();
  await expect(page.getByRole('heading', { name: `Reprint of ${numbers[1]} (print 2)` })).toBeVisible();
  await expect(page.getByRole('img', { name: `Barcode of tracking number ${numbers[1]}` })).toBeVisible();
  await page.getByRole('button', { name: 'Back to the list' }).click();

  // A sheet printed but not shipped with is voided, after a confirmation.
  const other = uniqueBuyer('void');
  const order = await api.placeOrder(other);
  const [id] = (await ordersOf(other, 'toShip')).map((row) => row.Id);
  const configs = await envelope(await api.operatorCall(getFaceConfigs.path, 'GET', {}));
  const config = (configs.Data as { Id: number; IsDefault: boolean }[]).find((row) => row.IsDefault)!;
  const voided = trackingNo(9);
  await envelope(
    await api.operatorCall(printFaceSheets.path, 'POST', {
      FaceConfigId: config.Id,
      Orders: [{ Id: id, TrackingNo: voided }],
    }),
  );
  await page.goto(`/order/faceSupervise?keyword=${order.OrderNo}`);
  const row = page.getByRole('row').filter({ hasText: voided });
  await expect(row).toContainText('Printed');
  await row.getByRole('button', { name: `Void ${voided}` }).click();
  const dialog = page.getByRole('alertdialog').or(page.getByRole('dialog'));
  await expect(dialog).toContainText('Void this face sheet?');
  await dialog.getByRole('button', { name: 'Yes, do it' }).click();
  await expect(row).toContainText('Void');
  await expect(row.getByRole('button', { name: `Void ${voided}` })).toHaveCount(0);
  // The order waits to ship again.
  expect((await ordersOf(other, 'toShip')).map((entry) => entry.OrderNo)).toEqual([order.OrderNo]);
});

/** Days from start to end (both included), as ISO dates. */
function businessDays(count: number): string[] {
  const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
  return Array.from({ length: count }, (_, index) =>
    new Date(Date.parse(`${today}T00:00:00Z`) - (count - 1 - index) * 86_400_000).toISOString().slice(0, 10),
  );
}

function weeksOf(days: string[]): number {
  return new Set(
    days.map((day) => {
      const date = new Date(`${day}T00:00:00Z`);
      return new Date(date.getTime() - ((date.getUTCDay() + 6) % 7) * 86_400_000).toISOString().slice(0, 10);
    }),
  ).size;
}

test('the sales report switches between days, weeks and months and exports to Excel', async ({
  page,
  signInByApi,
  expectNoSeriousA11yViolations,
}) => {
  test.setTimeout(90_000);
  const buyer = uniqueBuyer('report');
  await api.placeOrder(buyer);
  const days = businessDays(28);
  const [start, end] = [days[0]!, days.at(-1)!];
  await signInByApi(page, 'admin');
  await page.goto(`/order/salesReport?startDate=${start}&endDate=${end}`);
  await expect(page.getByRole('heading', { name: 'Sales report', level: 1 })).toBeVisible({
    timeout: 30_000,
  });
  const table = page.getByRole('table', { name: 'Figures by Day' });
  const bodyRows = table.locator('tbody tr');
  await expect(bodyRows).toHaveCount(28);
  await expect(bodyRows.first().getByRole('rowheader')).toHaveText(start);
  // Today holds at least the order this test paid.
  const todayRow = bodyRows.filter({ has: page.getByRole('rowheader', { name: end, exact: true }) });
  const paidToday = Number(await todayRow.getByRole('cell').nth(1).textContent());
  expect(paidToday).toBeGreaterThanOrEqual(1);
  await expect(
    page.getByRole('img', { name: /^Chart of sales, refunds, orders paid and paying buyers by Day/ }),
  ).toBeVisible();
  await expect(page.locator('[data-chart] svg').first()).toBeVisible();
  await settled(page);
  await expectNoSeriousA11yViolations(page);

  const grouping = page.getByRole('group', { name: 'Group by' });
  await grouping.getByRole('button', { name: 'Week' }).click();
  await expect(grouping.getByRole('button', { name: 'Week' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page).toHaveURL(/granularity=week/);
  await expect(page.getByRole('table', { name: 'Figures by Week' }).locator('tbody tr')).toHaveCount(
    weeksOf(days),
  );
  await grouping.getByRole('button', { name: 'Month' }).click();
  const months = new Set(days.map((day) => day.slice(0, 7)));
  const monthRows = page.getByRole('table', { name: 'Figures by Month' }).locator('tbody tr');
  await expect(monthRows).toHaveCount(months.size);
  await expect(monthRows.last().getByRole('rowheader')).toHaveText(end.slice(0, 7));
  await settled(page);
  await expectNoSeriousA11yViolations(page);

  // A reversed range is refused on the page, naming the problem.
  await page.getByLabel('Start date').fill(end);
  await page.getByLabel('End date').fill(start);
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'The start date is after the end date.' }),
  ).toBeVisible();

  await grouping.getByRole('button', { name: 'Day' }).click();
  await expect(bodyRows).toHaveCount(28);
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export to Excel' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await download.path());
  const sheet = workbook.worksheets[0]!;
  // A header, one row per day, the totals.
  expect(sheet.rowCount).toBe(28 + 2);
  expect(String(sheet.getRow(2).getCell(1).value)).toBe(start);
  expect(String(sheet.getRow(29).getCell(1).value)).toBe(end);
  expect(Number(sheet.getRow(29).getCell(3).value)).toBeGreaterThanOrEqual(paidToday);
});

test('the sales volume report ranks goods and categories', async ({
  page,
  signInByApi,
  expectNoSeriousA11yViolations,
}) => {
  await signInByApi(page, 'admin');
  await page.goto('/order/salesVolumeReport');
  await expect(page.getByRole('heading', { name: 'Sales volume report', level: 1 })).toBeVisible({
    timeout: 30_000,
  });
  const rows = page.getByRole('table', { name: 'Ranking by Goods, by Units sold' }).locator('tbody tr');
  await expect(rows.first()).toBeVisible();
  await expect(rows.first().getByRole('cell').first()).toHaveText('1');
  await expect(page.getByRole('img', { name: /^Bar chart of the best sellers by Goods/ })).toBeVisible();
  await settled(page);
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('group', { name: 'Group by' }).getByRole('button', { name: 'Category' }).click();
  await expect(
    page.getByRole('table', { name: 'Ranking by Category, by Units sold' }).locator('tbody tr').first(),
  ).toBeVisible();
  await settled(page);
  await expectNoSeriousA11yViolations(page);
});

test('an operator adds a carrier account, is told what is missing, and deletes it', async ({
  page,
  signInByApi,
  expectNoSeriousA11yViolations,
}) => {
  test.setTimeout(120_000);
  const name = `e2e ${Date.now().toString(36)}`.slice(0, 30);
  await signInByApi(page, 'admin');
  await page.goto('/order/editFaceConfig');
  const form = page.getByRole('form', { name: 'New carrier account' });
  await expect(form).toBeVisible({ timeout: 30_000 });
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByText('Required.').first()).toBeVisible();
  await expect(form.getByText(/No electronic-waybill provider is configured/)).toBeVisible();
  await form.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  await form.getByLabel('Carrier', { exact: true }).selectOption('YTO');
  await form.getByLabel('Paper size').selectOption('76x130');
  await form.getByRole('textbox', { name: 'Sender name' }).fill('测试发件人');
  await form.getByRole('textbox', { name: 'Sender phone' }).fill('0571-88000000');
  await form.getByRole('textbox', { name: 'Province' }).fill('浙江省');
  await form.getByRole('textbox', { name: 'City' }).fill('杭州市');
  await form.getByRole('textbox', { name: 'Street address' }).fill('文三路 1 号');
  await settled(page);
  await expectNoSeriousA11yViolations(page);
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/order\/editFaceConfig\?id=\d+/);

  await page.goto('/order/faceConfig');
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('YTO Express');
  await expect(row).toContainText('76 × 130 mm');
  await row.getByRole('button', { name: `Delete ${name}` }).click();
  const dialog = page.getByRole('alertdialog').or(page.getByRole('dialog'));
  await expect(dialog).toContainText('Delete this carrier account?');
  await dialog.getByRole('button', { name: 'Yes, do it' }).click();
  await expect(row).toHaveCount(0);
});
