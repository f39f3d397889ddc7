import { expect, test } from './fixtures';

/** Issue 14: rows about one thumbnail tall, their actions on one line, the rest under "more". */
test('goods rows are dense, their actions on one line with the rest under "more"', async ({
  page,
  loginAs,
  expectNoSeriousA11yViolations,
}) => {
  test.setTimeout(90_000);
  await loginAs(page, 'admin');
  await page.goto('/goods/goodsList');
  const rows = page.locator('tbody tr[data-row]');
  await expect(rows.first()).toBeVisible({ timeout: 20_000 });
  const heights = () => rows.evaluateAll((list) => list.map((row) => row.getBoundingClientRect().height));

  // At the default size (medium) every row, thumbnail and actions included, is at most 72 px tall.
  const medium = await heights();
  expect(medium.length).toBeGreaterThan(0);
  expect(Math.max(...medium)).toBeLessThanOrEqual(72);

  // At most three things on a row's action line, all on one line.
  const tops = await rows.evaluateAll((list) =>
    list.map((row) =>
      [...row.querySelectorAll('td:last-child button')].map((button) => button.getBoundingClientRect().top),
    ),
  );
  for (const line of tops) {
    expect(line.length).toBeGreaterThan(0);
    expect(line.length).toBeLessThanOrEqual(3);
    expect(Math.max(...line) - Math.min(...line)).toBeLessThan(2);
  }

  // The overflow opens from the keyboard, destructive actions last, and gives the focus back.
  const more = page.getByRole('button', { name: /^More actions: / }).first();
  const name = ((await more.getAttribute('aria-label')) ?? '').replace(/^More actions: /, '');
  await more.focus();
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu');
  await expect(menu).toBeVisible();
  await expect(menu.getByRole('menuitem').last()).toHaveAccessibleName(`Delete: ${name}`);
  await expectNoSeriousA11yViolations(page);
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(more).toBeFocused();

  // The navbar's size switch sets the density.
  await page.getByTestId('size-menu').click();
  await page.getByRole('menuitemradio', { name: 'Mini' }).click();
  await expect.poll(async () => Math.max(...(await heights()))).toBeLessThan(Math.max(...medium));
});
