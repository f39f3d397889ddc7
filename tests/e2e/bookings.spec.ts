import type { Locator, Page } from '@playwright/test';
import { getBookingFormList } from '../../contract/endpoints/booking-forms';
import { book } from '../../contract/endpoints/bookings';
import { addDays, shopDate, shopDateTime } from '../../contract/shop-time';
import { expect, saveScreenshot, test } from './fixtures';
import { envelope, openStorefrontOrders, type StorefrontOrders } from './storefront-orders';

/**
 * Booking a slot until it is full: the operator makes a form of two seats in its editor (a slot
 * ending as it starts refused on its field first); buyers book through the
 * storefront until the third is refused; the operator finds the bookings on the list, confirms one,
 * cancels the other with a reason on its details, and the seat it gives back is booked again.
 */

let api: StorefrontOrders;
const FIRST_SCREEN = { timeout: 45_000 };
const DAY = 24 * 60 * 60 * 1000;

test.beforeAll(async ({ baseURL }) => {
  api = await openStorefrontOrders({
    baseURL,
    keyName: 'e2e bookings',
    address: {
      Name: '预约人',
      Phone: '13900000017',
      Province: '上海市',
      City: '上海市',
      District: '静安区',
      Detail: '南京西路 2 号',
    },
    start: 'middle',
  });
});

test.afterAll(async () => {
  await api?.close();
});

/** Clicks a row's action, shown on the row or under its "More" menu. */
async function rowAction(page: Page, row: Locator, action: string, name: string): Promise<void> {
  const button = row.getByRole('button', { name: `${action}: ${name}` });
  if (await button.isVisible()) return button.click();
  await row.getByRole('button', { name: `More actions: ${name}` }).click();
  await page.getByRole('menuitem', { name: action }).click();
}

test('a slot is booked until it is full; a cancelled booking frees its seat', async ({
  page,
  signInByApi,
  expectNoSeriousA11yViolations,
}) => {
  test.setTimeout(180_000);
  const title = `E2E预约 ${Date.now().toString(36)}`;
  const day = addDays(shopDate(new Date()), 1);
  const bookAs = (buyer: string) =>
    api.storefrontCall(book.path, {
      Buyer: { Id: buyer, Name: buyer, Phone: '13900000017' },
      FormId: formId,
      Day: day,
      Start: '15:00',
      End: '16:00',
      // The field the editor added, required there.
      Answers: { field1: buyer },
    });
  await signInByApi(page, 'admin');
  await page.goto('/marketing/bespeakForm/formSupervise');
  await expect(page.getByRole('heading', { name: 'Form management' })).toBeVisible(FIRST_SCREEN);

  // The form is made in its editor: two seats in one afternoon slot, bookable since yesterday.
  await page.getByRole('button', { name: 'New booking form' }).click();
  const editor = page.getByRole('form', { name: 'New booking form' });
  await expect(editor).toBeVisible();
  await editor.getByLabel('Name').fill(title);
  await editor.getByLabel('Bookable from').fill(
    shopDateTime(new Date(Date.now() - DAY))
      .slice(0, 16)
      .replace(' ', 'T'),
  );
  await editor.getByRole('button', { name: 'Add a field' }).click();
  await editor.getByLabel('Field 1 label').fill('称呼');
  await editor.getByText('Field 1 required').click();
  await editor.getByLabel('Slot 1 starts (HH:MM)').fill('15:00');
  await editor.getByLabel('Slot 1 ends (HH:MM)').fill('15:00');
  await editor.getByLabel('Slot 1 seats').fill('2');
  await editor.getByRole('button', { name: 'Save' }).click();
  await expect(editor.getByText('must end after it starts')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await saveScreenshot(page, 'booking-form-editor');
  await editor.getByLabel('Slot 1 ends (HH:MM)').fill('16:00');
  await editor.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('heading', { name: 'Form management' })).toBeVisible();
  const listed = await envelope(
    await api.operatorCall(getBookingFormList.path, 'GET', { keyword: title, page: '1', pageSize: '10' }),
  );
  const formId = (listed.Data as { Id: number }[])[0]?.Id as number;
  expect(formId).toBeGreaterThan(0);
  const formRow = page.getByRole('row').filter({ hasText: title });
  await expect(formRow).toContainText('Running');
  await expect(formRow).toContainText('2 a day over 1 slot');
  await expectNoSeriousA11yViolations(page);
  await saveScreenshot(page, 'booking-forms');

  const first = (await envelope(await bookAs('e2e-booker-1'))).Booking as { BookingNo: string };
  const second = (await envelope(await bookAs('e2e-booker-2'))).Booking as { BookingNo: string };
  const full = (await (await bookAs('e2e-booker-3')).json()) as { Errcode: number; Errmsg: string };
  expect(full.Errcode).toBe(-1);
  expect(full.Errmsg).toBe(`The slot 15:00-16:00 on ${day} is full`);

  await rowAction(page, formRow, 'Bookings', title);
  await expect(page.getByRole('heading', { name: 'Booking orders' })).toBeVisible();
  const firstRow = page.getByRole('row').filter({ hasText: first.BookingNo });
  const secondRow = page.getByRole('row').filter({ hasText: second.BookingNo });
  await expect(firstRow).toContainText('New');
  await expect(secondRow).toContainText('New');
  await expect(page.getByRole('row').filter({ hasText: title })).toHaveCount(2);
  await expectNoSeriousA11yViolations(page);
  await saveScreenshot(page, 'bookings');

  await rowAction(page, firstRow, 'Confirm', first.BookingNo);
  await expect(firstRow).toContainText('Confirmed');

  await secondRow.getByRole('link', { name: second.BookingNo }).click();
  await expect(page.getByRole('heading', { name: `Booking ${second.BookingNo}` })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Booking', exact: true })).toContainText('15:00-16:00');
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: 'Cancel booking' }).click();
  const dialog = page.getByRole('dialog', { name: `Cancel booking ${second.BookingNo}` });
  await dialog.getByRole('button', { name: 'Cancel booking' }).click();
  await expect(dialog.getByText('Enter the reason for cancelling')).toBeVisible();
  await dialog.getByLabel('Reason (the buyer sees it)').fill('店内临时活动，改约其他时间');
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole('button', { name: 'Cancel booking' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('region', { name: 'Cancellation' })).toContainText(
    '店内临时活动，改约其他时间',
  );
  await expect(page.getByRole('button', { name: 'Cancel booking' })).toBeHidden();
  await saveScreenshot(page, 'booking-details');

  // The seat given back is booked once more, and the slot is full again.
  await envelope(await bookAs('e2e-booker-3'));
  const again = (await (await bookAs('e2e-booker-4')).json()) as { Errcode: number; Errmsg: string };
  expect(again.Errmsg).toMatch(/is full/);
});

test('booking categories are added in a dialog and listed', async ({
  page,
  signInByApi,
  expectNoSeriousA11yViolations,
}) => {
  const name = `E2E分类${Date.now().toString(36).slice(-4)}`;
  await signInByApi(page, 'admin');
  await page.goto('/marketing/bespeakForm/formClassify');
  await expect(page.getByRole('heading', { name: 'Form categories' })).toBeVisible(FIRST_SCREEN);
  await expect(page.getByRole('row').filter({ hasText: '到店服务' })).toBeVisible();
  await page.getByRole('button', { name: 'New category' }).click();
  const dialog = page.getByRole('dialog', { name: 'New category' });
  await dialog.getByLabel('Name').fill(name);
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('row').filter({ hasText: name })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});
