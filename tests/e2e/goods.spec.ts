import ExcelJS from 'exceljs';
import { expect, test } from './fixtures';

test.describe('goods', () => {
  test('the goods list filters, sorts, keeps its state in the URL and exports', async ({
    page,
    loginAs,
    expectNoSeriousA11yViolations,
    saveScreenshot,
  }) => {
    await loginAs(page, 'admin');
    await page.goto('/goods/goodsList');
    const table = page.getByRole('table');
    await expect(table.getByRole('row').nth(1)).toBeVisible();
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
    const firstName = (await table.getByRole('row').nth(1).getByRole('cell').nth(1).locator('p').first().textContent()) ?? '';
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
});
