import ExcelJS from 'exceljs';
import { expect, test } from './fixtures';

test.describe('goods', () => {
  test('the goods list filters, sorts, keeps its state in the URL and exports', async ({
    page,
    loginAs,
    expectNoSeriousA11yViolations,
    saveScreenshot,
  }) => {
    test.setTimeout(90_000);
    await loginAs(page, 'admin');
    await page.goto('/goods/goodsList');
    const table = page.getByRole('table');
    // The first page of a seeded catalogue with its counts can take a while on a busy machine.
    await expect(table.getByRole('row').nth(1)).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole('tab', { name: /^All/ })).toHaveAttribute('aria-selected', 'true');
    await saveScreenshot(page, 'goods-list');
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('tab', { name: /^On shelf/ }).click();
    await expect(page).toHaveURL(/tab=onShelf/);
    await page.getByRole('button', { name: /^Price/ }).click();
    await expect(page).toHaveURL(/sort=price/);
    await page.getByRole('combobox', { name: 'Rows per page' }).selectOption('10');
    await expect(page).toHaveURL(/pageSize=10/);
    await expect(table.getByRole('row')).toHaveCount(11);

    // Back restores the previous state; reload keeps the current one.
    await page.goBack();
    await expect(page).not.toHaveURL(/pageSize=10/);
    await page.reload();
    await expect(page.getByRole('tab', { name: /^On shelf/ })).toHaveAttribute('aria-selected', 'true');

    const search = page.getByRole('search');
    const firstName =
      (await table.getByRole('row').nth(1).getByRole('cell').nth(1).locator('p').first().textContent()) ?? '';
    await search.getByLabel('Name or code').fill(firstName);
    await search.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(/keyword=/);
    await expect(table.getByRole('row').nth(1)).toContainText(firstName);

    const downloadPromise = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export' }).click();
    await page.getByRole('menuitem', { name: /Excel/ }).click();
    const download = await downloadPromise;
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(await download.path());
    const sheet = workbook.worksheets[0]!;
    const cells = sheet.getSheetValues().flat().map(String);
    expect(cells).toContain(firstName);
  });

  test('goods go from creation with SKUs to the shelf, the recycle bin and back', async ({
    page,
    loginAs,
  }) => {
    test.setTimeout(120_000);
    const name = `E2E goods ${Date.now()}`;
    await loginAs(page, 'admin');
    await page.goto('/goods/issueGoods');
    await page.getByLabel(/^Goods name/).fill(name);
    const category = page.getByLabel(/^Category/);
    await expect(category.locator('option')).not.toHaveCount(1);
    await category.selectOption({ index: 1 });
    await page.getByText('Put on shelf when saved').click();
    for (const [index, spec, values] of [
      [1, 'Colour', 'Red,Blue,Green'],
      [2, 'Size', 'S,M,L'],
    ] as const) {
      await page.getByRole('button', { name: 'Add a spec' }).click();
      await page.getByLabel(`Spec name ${index}`).fill(spec);
      await page.getByLabel(`Values of spec ${index}`).fill(values);
    }
    await page.getByLabel('Price (¥) for all').fill('19.90');
    await page.getByLabel('Stock for all').fill('10');
    await page.getByRole('button', { name: 'Fill all SKUs' }).click();
    const skus = page.getByRole('table', { name: 'SKUs' });
    await expect(skus.getByRole('row')).toHaveCount(10);
    await expect(page.getByLabel('Price of Green / L')).toHaveValue('19.90');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page).toHaveURL(/editGoodsDetails\?id=\d+/);

    // The shell keeps visited views alive (hidden): work inside the edit form.
    const form = page.getByRole('form', { name: 'Edit goods' });
    const price = form.getByLabel('Price of Red / S');
    await expect(price).toHaveValue('19.90');
    await price.fill('25');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Goods saved').last()).toBeVisible();
    await page.reload();
    await expect(form.getByLabel('Price of Red / S')).toHaveValue('25.00');

    await page.goto('/goods/goodsList');
    const search = page.getByRole('search');
    await search.getByLabel('Name or code').fill(name);
    await search.getByRole('button', { name: 'Search' }).click();
    const row = page.getByRole('row').filter({ hasText: name });
    await expect(row).toContainText('¥19.90 – 25.00');
    await expect(row).toContainText('Off shelf');
    // The demo shop requires goods audit: new goods wait for approval before the shelf.
    await expect(row).toContainText('Pending audit');
    await expect(row.getByRole('button', { name: `Put on shelf: ${name}` })).toHaveCount(0);
    await row.getByRole('button', { name: `Approve: ${name}` }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Confirm' }).click();
    await row.getByRole('button', { name: `Put on shelf: ${name}` }).click();
    await expect(row.getByRole('button', { name: `Take off shelf: ${name}` })).toBeVisible();
    await page.getByRole('tab', { name: /^On shelf/ }).click();
    await expect(page).toHaveURL(/tab=onShelf/);
    await expect(row).toBeVisible();

    // Edit, take off, copy and delete: the destructive one waits under "more".
    await row.getByRole('button', { name: `More actions: ${name}` }).click();
    await page.getByRole('menuitem', { name: `Delete: ${name}` }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Yes, do it' }).click();
    await expect(page.getByText('Nothing matches these filters.').filter({ visible: true })).toBeVisible();

    await page.goto('/goods/recycledList');
    await search.getByLabel('Name or code').fill(name);
    await search.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('button', { name: `Restore: ${name}` }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByText('Nothing matches these filters.').filter({ visible: true })).toBeVisible();

    await page.goto(`/goods/goodsList?keyword=${encodeURIComponent(name)}`);
    // Back among the active goods: it can be deleted again.
    await page.getByRole('button', { name: `More actions: ${name}` }).click();
    await expect(page.getByRole('menuitem', { name: `Delete: ${name}` })).toBeVisible();
  });
});
