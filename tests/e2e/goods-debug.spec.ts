import { test } from './fixtures';
test('debug', async ({ page, loginAs }) => {
  await loginAs(page, 'admin');
  await page.goto('/goods/goodsList');
  await page.getByRole('table').getByRole('row').nth(1).waitFor();
  await page.getByRole('tab', { name: /^On shelf/ }).click();
  await page.waitForURL(/tab=onShelf/);
  console.log('1', page.url());
  await page.getByRole('button', { name: /^Price/ }).click();
  await page.waitForURL(/sort=price/);
  console.log('2', page.url());
  await page.getByRole('combobox', { name: 'Rows per page' }).selectOption('10');
  await page.waitForURL(/pageSize=10/);
  console.log('3', page.url());
  await page.goBack();
  await page.waitForTimeout(1000);
  console.log('4', page.url());
});
