import { getFormDataEdit, setFormData } from '../../contract/endpoints/form-data-edit';
import { getFormDataList } from '../../contract/endpoints/smart-form';
import { expect, test } from './fixtures';

/**
 * Issue 15 §4 and §7 as an operator meets them: adding a store (area from the area calls, a map
 * point typed and range-checked), switching off a store that still has pickups waiting, and
 * editing one smart-form submission from the submissions list, refused with a reload when stale.
 */

const API = '/api';

test('adds a store with its area and map point, and asks before switching off one with pickups waiting', async ({
  page,
  signInByApi,
  expectNoSeriousA11yViolations,
  saveScreenshot,
}) => {
  await signInByApi(page, 'admin');
  await page.goto('/shop/moreShopSupervise');
  await expect(page.getByRole('heading', { name: 'Stores', level: 1 })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('table').getByText('静安寺店')).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('button', { name: 'Add a store' }).click();
  const form = page.getByRole('form', { name: 'Add a store' });
  await expect(form).toBeVisible();
  const name = `徐家汇店${Date.now() % 100000}`;
  await form.getByRole('textbox', { name: /^Store name/ }).fill(name);
  await form.getByRole('textbox', { name: /^Phone/ }).fill('021-64001234');
  await form.getByRole('combobox', { name: 'Province' }).selectOption({ label: '上海市' });
  await form.getByRole('combobox', { name: 'City' }).selectOption({ label: '上海市' });
  await form.getByRole('combobox', { name: 'District' }).selectOption({ label: '徐汇区' });
  await form.getByRole('textbox', { name: /^Detailed address/ }).fill('肇嘉浜路1111号');
  const latitude = form.getByRole('textbox', { name: 'Latitude' });
  await latitude.fill('91');
  await form.getByRole('textbox', { name: 'Longitude' }).fill('121.4376');
  const sunday = form.getByRole('checkbox', { name: 'Sun' });
  await sunday.press('Space');
  await expect(sunday).not.toBeChecked();
  await expectNoSeriousA11yViolations(page);

  await form.getByRole('button', { name: 'Save' }).click();
  await expect(latitude).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByText('At most 90')).toBeVisible();
  await expect(page).toHaveURL(/\/shop\/moreShopEdit$/);
  await latitude.fill('31.1955');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Store saved')).toBeVisible();
  await expect(page).toHaveURL(/\/shop\/moreShopSupervise/);

  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('上海市 上海市 徐汇区');
  await expect(row).toContainText('Mon Tue Wed Thu Fri Sat');
  await saveScreenshot(page, 'stores-list');

  await row.getByRole('button', { name: `Edit: ${name}` }).click();
  const edit = page.getByRole('form', { name: 'Edit the store' });
  await expect(edit.getByRole('textbox', { name: 'Latitude' })).toHaveValue('31.1955');
  await expect(edit.getByRole('combobox', { name: 'District' })).toHaveValue('310104');
  await expect(page.getByRole('region', { name: 'Store accounts' })).toContainText(
    'No store account works at this store yet.',
  );
  await expectNoSeriousA11yViolations(page);

  // The demo's Jing'an store has pickup orders waiting: the dialog names them and cancelling keeps it open.
  await page.goto('/shop/moreShopSupervise');
  const jingan = page.getByRole('row').filter({ hasText: '静安寺店' });
  await jingan.getByRole('button', { name: 'Switch off: 静安寺店' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Switch off this store?' });
  await expect(dialog).toContainText('静安寺店 still has');
  const orders = dialog.getByRole('list', { name: 'Pickup orders waiting at 静安寺店' });
  await expect(orders.getByRole('listitem').first()).toHaveText(/^\d{16}$/);
  await expectNoSeriousA11yViolations(page);
  await saveScreenshot(page, 'stores-disable-dialog');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(jingan).toContainText('Open');
});

test('edits a form submission from the submissions list, with its own rules and a stale reload', async ({
  page,
  signInByApi,
  expectNoSeriousA11yViolations,
}) => {
  const token = await signInByApi(page, 'admin');
  const headers = { Authorization: `Bearer ${token}` };
  // 王芳's sign-up in the demo mall: her mobile appears in no other submission.
  const mobile = '13800138001';
  const listed = await page.request.get(`${API}${getFormDataList.path}`, {
    headers,
    params: { Keyword: mobile },
  });
  const id = ((await listed.json()) as { Data: { Id: number }[] }).Data[0]!.Id;

  await page.goto('/shop/decorateShop/smartForm?view=submissions');
  await page.getByRole('textbox', { name: 'Keyword in answers' }).fill(mobile);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await page.getByRole('button', { name: `Edit: submission ${id}` }).click();

  const form = page.getByRole('form', { name: `Edit submission ${id}` });
  await expect(form).toBeVisible({ timeout: 30_000 });
  const nameField = form.getByRole('textbox', { name: /^姓名/ });
  await expect(nameField).toHaveValue('王芳');
  await expectNoSeriousA11yViolations(page);
  await nameField.fill('王芳芳');
  await form.getByRole('textbox', { name: '人数' }).fill('11');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByText('人数 must be at most 10')).toBeVisible();
  await form.getByRole('textbox', { name: '人数' }).fill('2');

  // Someone else saves first: the save is refused and the reload shows their answers.
  const current = await page.request.get(`${API}${getFormDataEdit.path}`, { headers, params: { id } });
  const submission = (await current.json()) as { Version: number; Values: Record<string, unknown> };
  const theirs = await page.request.post(`${API}${setFormData.path}`, {
    headers,
    data: { Id: id, Version: submission.Version, Values: { ...submission.Values, name: '王小芳' } },
  });
  expect(((await theirs.json()) as { Errcode: number }).Errcode).toBe(0);
  await form.getByRole('button', { name: 'Save' }).click();
  const stale = page.getByRole('alertdialog', { name: 'Changed by someone else' });
  await expect(stale).toBeVisible();
  await stale.getByRole('button', { name: 'Reload' }).click();
  await expect(form.getByRole('textbox', { name: /^姓名/ })).toHaveValue('王小芳');

  await form.getByRole('textbox', { name: /^姓名/ }).fill('王芳芳');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Submission saved')).toBeVisible();
  await expect(page).toHaveURL(/view=submissions/);
  await page.getByRole('textbox', { name: 'Keyword in answers' }).fill(mobile);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByRole('table').getByRole('row').nth(1)).toContainText('王芳芳');
});

test('a store account sees and edits its own store only', async ({ page, signInByApi }) => {
  await signInByApi(page, 'store');
  await page.goto('/shop/moreShopSupervise');
  await expect(page.getByRole('heading', { name: 'Stores', level: 1 })).toBeVisible({ timeout: 30_000 });
  const rows = page.getByRole('table').getByRole('row');
  await expect(rows.filter({ hasText: '旗舰店（徐汇店）' })).toBeVisible();
  await expect(rows).toHaveCount(2);
  await expect(page.getByRole('button', { name: 'Add a store' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Switch off/ })).toHaveCount(0);
  await page.getByRole('button', { name: 'Edit: 旗舰店（徐汇店）' }).click();
  await expect(page.getByRole('form', { name: 'Edit the store' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Store accounts' })).toHaveCount(0);
});
