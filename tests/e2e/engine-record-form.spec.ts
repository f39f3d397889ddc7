import { expect, test } from './fixtures';

/**
 * The resource engine's record and form as an operator meets them: a page opened without an id or
 * with one that does not exist says so in place, and a form refused by its own checks says why
 * under each field instead of in the browser's bubbles.
 */

test('a record page says when no record was chosen or the record does not exist', async ({
  page,
  signInByApi,
  expectNoSeriousA11yViolations,
}) => {
  await signInByApi(page, 'admin');
  await page.goto('/shop/decorateShop/feedbackDetails');
  await expect(page.getByRole('heading', { name: 'Feedback details', level: 1 })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByText('No record was chosen. Open one from its list.')).toBeVisible();

  await page.goto('/order/editFaceConfig?id=987654');
  await expect(page.getByText('This record does not exist, or it was deleted.')).toBeVisible({
    timeout: 30_000,
  });
  // The refusal is shown in place, not as a toast as well.
  await expect(page.getByText('Carrier account 987654 does not exist')).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
});

test('the goods form names what is missing under each field', async ({ page, signInByApi }) => {
  await signInByApi(page, 'admin');
  await page.goto('/goods/issueGoods');
  const form = page.getByRole('form', { name: 'Publish goods' });
  await expect(form).toBeVisible({ timeout: 30_000 });
  await form.getByRole('button', { name: 'Save' }).click();
  const name = form.getByRole('textbox', { name: /^Goods name/ });
  await expect(name).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByText('Required').first()).toBeVisible();
  await expect(page).toHaveURL(/\/goods\/issueGoods$/);
});

test('the delivery settings keep a bad amount and say why under it, nothing saved', async ({
  page,
  signInByApi,
  expectNoSeriousA11yViolations,
}) => {
  await signInByApi(page, 'admin');
  await page.goto('/order/distributionSetting');
  const form = page.getByRole('form', { name: 'Delivery settings' });
  const fee = form.getByRole('textbox', { name: 'Delivery fee (¥)' });
  await expect(fee).toBeVisible({ timeout: 30_000 });
  await expect(form.getByRole('checkbox', { name: 'Deliver within the city' })).toBeVisible();
  await fee.fill('12.345');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByText('Enter an amount in yuan with at most 2 decimals')).toBeVisible();
  await expect(fee).toHaveValue('12.345');
  await expect(page.getByText('Settings saved')).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
});
