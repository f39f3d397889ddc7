import { addDays, shopDate } from '../../contract/shop-time';
import { expect, test } from './fixtures';

/** The first screen of a test waits for the app's chunks on a machine other specs keep busy. */
const FIRST_SCREEN = { timeout: 45_000 };

/** `2026-11-25` as the English interface writes it. */
function english(day: string): string {
  const [year, month, date] = day.split('-');
  return `${month}/${date}/${year}`;
}

test('the order list filters by a preset range and by a typed range', async ({
  page,
  signInByApi,
  expectNoSeriousA11yViolations,
}) => {
  test.setTimeout(120_000);
  await signInByApi(page, 'admin');
  await page.goto('/order/orderSupervise');
  const filters = page.getByRole('search', { name: 'Filters' });
  await expect(filters.getByRole('group', { name: 'Placed' })).toBeVisible(FIRST_SCREEN);

  // A preset from the calendar fills both ends with business days.
  const today = shopDate(new Date());
  await filters.getByRole('button', { name: 'Open the calendar: Placed' }).click();
  const calendar = page.getByRole('application', { name: 'Calendar: Placed' });
  await expect(calendar).toBeVisible();
  await expect(calendar.getByRole('button', { name: 'Next month' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await calendar.getByRole('button', { name: 'Last 7 days' }).click();
  await expect(filters.getByLabel('Placed from')).toHaveValue(english(addDays(today, -6)));
  await expect(filters.getByLabel('Placed to')).toHaveValue(english(today));
  await filters.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(new RegExp(`createdFrom=${addDays(today, -6)}\\b`));
  await expect(page).toHaveURL(new RegExp(`createdTo=${today}\\b`));

  // Typed dates: English reads month first, and a year-first date reads the same in every language.
  const from = addDays(today, -40);
  await filters.getByLabel('Paid from').fill(english(from));
  await filters.getByLabel('Paid to').fill(today);
  await filters.getByLabel('Paid to').press('Enter');
  await expect(page).toHaveURL(new RegExp(`paidFrom=${from}\\b`));
  await expect(page).toHaveURL(new RegExp(`paidTo=${today}\\b`));
  // Leaving the field writes the typed date in the interface's format.
  await filters.getByLabel('Paid to').blur();
  await expect(filters.getByLabel('Paid to')).toHaveValue(english(today));

  // Something that is not a day is marked, and the filter keeps the last good one.
  await filters.getByLabel('Paid from').fill('13/45/2026');
  await expect(filters.getByLabel('Paid from')).toHaveAttribute('aria-invalid', 'true');
  await filters.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(new RegExp(`paidFrom=${from}`));
  await expectNoSeriousA11yViolations(page);
});
