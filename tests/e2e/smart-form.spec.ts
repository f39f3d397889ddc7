import ExcelJS from 'exceljs';
import { API_BASE } from '../../contract/endpoint';
import { addStorefrontKey, revokeStorefrontKey } from '../../contract/endpoints/orders';
import { getFormInfo, submitFormData } from '../../contract/endpoints/smart-form';
import { STOREFRONT_KEY_HEADER } from '../../contract/endpoints/storefront';
import { expect, test } from './fixtures';

test.describe('smart forms', () => {
  test('build a form, submit it through the public endpoint, see the submission and export it', async ({
    page,
    request,
    signInByApi,
    expectNoSeriousA11yViolations,
    saveScreenshot,
  }) => {
    test.setTimeout(120_000);
    // A form of this test's own, so parallel specs and reruns never share rows.
    const formName = `E2E 报名 ${Date.now().toString(36)}`;
    const token = await signInByApi(page, 'admin');
    const auth = { Authorization: `Bearer ${token}` };

    await page.goto('/shop/decorateShop/smartForm');
    await expect(page.getByRole('heading', { name: 'Smart forms' })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole('cell', { name: '活动报名表', exact: true })).toBeVisible({
      timeout: 20_000,
    });
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('button', { name: 'New form' }).click();
    const dialog = page.getByRole('dialog', { name: 'New form' });
    await dialog.getByLabel('Form name').fill(formName);
    await dialog.getByRole('button', { name: 'OK' }).click();
    await expect(dialog).toBeHidden();
    await page.getByRole('button', { name: `Edit: ${formName}` }).click();
    await expect(page).toHaveURL(/view=builder&form=\d+/);
    const formId = Number(new URL(page.url()).searchParams.get('form'));

    // Three fields from the palette; the phone one is renamed and made required.
    const canvas = page.getByTestId('form-canvas');
    await page.getByRole('button', { name: 'Add Single-line text' }).click();
    await page.getByRole('button', { name: 'Add Phone' }).click();
    await page.getByRole('button', { name: 'Add Drop-down' }).click();
    await expect(canvas.getByRole('listitem')).toHaveCount(3);
    await page.getByRole('button', { name: 'Select Single-line text' }).click();
    await page.getByLabel('Label', { exact: true }).fill('Your name');
    await page.getByRole('button', { name: 'Select Phone' }).click();
    await page.getByLabel('Label', { exact: true }).fill('Mobile');
    await page.getByText('Required', { exact: true }).click();
    await expect(canvas.getByTestId('canvas-field-1')).toContainText('Mobile');

    // Undo and redo a delete.
    await page.getByRole('button', { name: 'Delete Drop-down' }).click();
    await expect(canvas.getByRole('listitem')).toHaveCount(2);
    await page.getByRole('button', { name: 'Undo: Delete Drop-down' }).click();
    await expect(canvas.getByRole('listitem')).toHaveCount(3);
    await page.getByRole('button', { name: 'Redo: Delete Drop-down' }).click();
    await expect(canvas.getByRole('listitem')).toHaveCount(2);
    await page.getByRole('button', { name: 'Undo: Delete Drop-down' }).click();
    await expect(canvas.getByTestId('canvas-field-2')).toContainText('Drop-down');
    await expectNoSeriousA11yViolations(page);
    await saveScreenshot(page, 'smart-form-builder');

    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('Saved (version 2)')).toBeVisible();

    // The phone preview checks answers with the server's rules.
    await page.getByRole('button', { name: 'Fill in' }).click();
    const preview = page.getByTestId('form-preview');
    await preview.getByRole('button', { name: 'Submit' }).click();
    await expect(preview.getByText('Mobile is required')).toBeVisible();
    await preview.getByLabel('Mobile').fill('12345');
    await preview.getByRole('button', { name: 'Submit' }).click();
    await expect(preview.getByText('Mobile must be an 11-digit mobile number starting with 1')).toBeVisible();

    // The public endpoint, as a mini-program's server would call it, with a key of this test's own.
    const keyResponse = await request.post(`${API_BASE}${addStorefrontKey.path}`, {
      headers: auth,
      data: { Name: `smart form e2e ${formId}` },
    });
    const key = (await keyResponse.json()) as { Id: number; Key: string };
    const info = (await (
      await request.get(`${API_BASE}${getFormInfo.path}`, { headers: auth, params: { Id: formId } })
    ).json()) as { Definition: { fields: { id: string; label: string; options: string[] }[] } };
    const idOf = (label: string) => info.Definition.fields.find((field) => field.label === label)!.id;
    const submit = (values: Record<string, unknown>) =>
      request.post(`${API_BASE}${submitFormData.path}`, {
        headers: { [STOREFRONT_KEY_HEADER]: key.Key },
        data: { FormId: formId, Values: values },
      });
    const invalid = (await (await submit({ [idOf('Your name')]: '李雷' })).json()) as {
      Errcode: number;
      Errors: { Label: string; Rule: string }[];
    };
    expect(invalid.Errcode).toBe(-1);
    expect(invalid.Errors).toEqual([expect.objectContaining({ Label: 'Mobile', Rule: 'required' })]);
    const dropDown = info.Definition.fields[2]!;
    const accepted = (await (
      await submit({
        [idOf('Your name')]: '李雷',
        [idOf('Mobile')]: '13912345678',
        [dropDown.id]: dropDown.options[0],
      })
    ).json()) as { Errcode: number; Id: number };
    expect(accepted.Errcode).toBe(0);
    await request.post(`${API_BASE}${revokeStorefrontKey.path}`, { headers: auth, data: { Id: key.Id } });

    // The submission in the list and its details.
    await page.getByRole('button', { name: 'Back to forms' }).click();
    await page.getByRole('button', { name: `Submissions: ${formName}` }).click();
    await expect(page).toHaveURL(/view=submissions/);
    const table = page.getByRole('table');
    await expect(table.getByRole('row').nth(1)).toContainText('李雷 | 13912345678');
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('button', { name: `Details: submission ${accepted.Id}` }).click();
    const details = page.getByTestId('submission-details');
    await expect(details).toContainText('Mobile');
    await expect(details).toContainText('13912345678');
    await expect(details).toContainText('Your name');
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
    await expect(details).toBeHidden();

    const downloadPromise = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export to Excel' }).click();
    const download = await downloadPromise;
    expect(download.suggestedFilename()).toMatch(new RegExp(`^${formName}-\\d{4}-\\d{2}-\\d{2}\\.xlsx$`));
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(await download.path());
    const rows = workbook.worksheets[0]!.getSheetValues().slice(1) as unknown[][];
    expect(rows[0]!.slice(1)).toEqual(['Submitted at', 'Your name', 'Mobile', 'Drop-down']);
    expect(rows[1]!.slice(2, 4)).toEqual(['李雷', '13912345678']);
  });
});
