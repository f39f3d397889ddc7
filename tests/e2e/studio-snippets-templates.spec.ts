import type { Page } from '@playwright/test';
import { defaultSections } from '../../contract/endpoints/enterprise';
import { expect, test } from './fixtures';

/**
 * Two small studio tools in the mall shop: the text block's "Text snippets" dialog (a snippet added,
 * inserted into a text block, and a stale edit refused), and the "Templates in use" panel (a choice
 * for every page kind, kept after a reload, then put back), the latter in the second demo shop.
 */

test.describe.configure({ timeout: 90_000 });

const TEMPLATES = '/shop/decorateShop/miniProgramsTemplate';

interface Envelope {
  Errcode: number;
  Errmsg: string;
}

/** A call to the API as the signed-in account, for what "someone else" does meanwhile. */
async function api<T>(page: Page, token: string, path: string, body?: object): Promise<T & Envelope> {
  const headers = { Authorization: `Bearer ${token}` };
  const response = body
    ? await page.request.post(`/api${path}`, { headers, data: body })
    : await page.request.get(`/api${path}`, { headers });
  const json = (await response.json()) as T & Envelope;
  expect(json.Errcode, `${path}: ${json.Errmsg}`).toBe(0);
  return json;
}

async function openTemplates(page: Page) {
  await page.goto(TEMPLATES);
  await expect(page.getByRole('heading', { name: 'My templates' })).toBeVisible({ timeout: 30_000 });
}

test('a text snippet is added, inserted into a text block, and a stale edit of it refused', async ({
  page,
  signInByApi,
  expectNoSeriousA11yViolations,
}) => {
  const token = await signInByApi(page, 'admin');
  await openTemplates(page);
  await page.getByRole('button', { name: 'Decorate' }).first().click();
  await expect(page.getByTestId('studio')).toBeVisible({ timeout: 30_000 });

  await page.getByRole('button', { name: 'Add Rich text' }).click();
  const field = page.getByTestId('property-panel').getByTestId('field-html');
  await field.getByRole('button', { name: 'Text snippets' }).click();
  const dialog = page.getByRole('dialog', { name: 'Text snippets' });
  await dialog.getByRole('button', { name: 'Add a snippet' }).click();
  const title = `Opening hours ${Date.now() % 100_000}`;
  await dialog.getByLabel('Title', { exact: true }).fill(title);
  await dialog.getByLabel('Text', { exact: true }).fill('Open daily\n9:00 to 21:00');
  await expectNoSeriousA11yViolations(page, { exclude: ['[data-testid="phone-canvas"]'] });
  await dialog.getByRole('button', { name: 'Save snippet' }).click();
  await expect(dialog.getByText(title)).toBeVisible();

  await dialog.getByRole('button', { name: `Insert ${title}` }).click();
  await expect(dialog).toBeHidden();
  await expect(field.getByRole('textbox')).toHaveValue(/<p>Open daily<br>9:00 to 21:00<\/p>$/);

  // Someone else saves the snippet while it is open for editing here: this save is refused.
  await field.getByRole('button', { name: 'Text snippets' }).click();
  await dialog.getByRole('button', { name: `Edit ${title}` }).click();
  const list = await api<{ Data: { Id: number; Title: string; Version: number }[] }>(
    page,
    token,
    `/ModuleLibrary/GetTextList?pageSize=50&Keyword=${encodeURIComponent(title)}`,
  );
  const snippet = list.Data.find((row) => row.Title === title)!;
  await api(page, token, '/ModuleLibrary/SetText', {
    Id: snippet.Id,
    Version: snippet.Version,
    Title: title,
    Content: 'Closed on Mondays',
  });
  await dialog.getByLabel('Text', { exact: true }).fill('Open daily, 8:00 to 22:00');
  await dialog.getByRole('button', { name: 'Save snippet' }).click();
  await expect(page.getByText(/Someone saved this text snippet/).first()).toBeVisible();
});

test('a template chosen for every page kind is kept after a reload', async ({
  page,
  signInByApi,
  expectNoSeriousA11yViolations,
}) => {
  // The second demo shop: its newest template and its page choices change here, and the studio
  // specs running beside this one open the mall's newest template.
  const token = await signInByApi(page, 'site2');
  // A second home and goods-detail template, so that every kind has another one to choose.
  const suffix = Date.now() % 100_000;
  const home = await api<{ Id: number }>(page, token, '/ModuleLibrary/AddMyTemplate', {
    Name: `Spring ${suffix}`,
  });
  const productTemplate = (name: string) =>
    api<{ Id: number }>(page, token, '/Enterprise/SaveProductTemplate', {
      Name: name,
      Sections: defaultSections(),
      BuyButtonText: 'Buy',
      CartButtonText: 'Add',
    });
  // Two, as a shop may have none of its own yet.
  const goods = [await productTemplate(`Plain ${suffix}`), await productTemplate(`Bold ${suffix}`)];
  await openTemplates(page);
  const panel = page.getByTestId('page-templates');
  await expect(panel.getByLabel('Category page', { exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // Each kind takes another option than it had: the new templates make sure there is one.
  const choices: [kind: string, value: string][] = [];
  const before = new Map<string, string>();
  for (const kind of ['Home page', 'Goods details', 'User centre', 'Category page']) {
    const select = panel.getByLabel(kind, { exact: true });
    const current = await select.inputValue();
    const options = await select
      .locator('option')
      .evaluateAll((all) => all.map((option) => (option as HTMLOptionElement).value).filter(Boolean));
    const value = options.find((option) => option !== current);
    expect(value, kind).toBeDefined();
    before.set(kind, current);
    choices.push([kind, value!]);
    const saved = page.waitForResponse((response) => response.url().includes('/SetShopTemplate'));
    await select.selectOption(value!);
    expect(((await (await saved).json()) as Envelope).Errcode).toBe(0);
    await expect(select).toHaveValue(value!);
  }

  await page.reload();
  await expect(panel.getByLabel('Category page', { exact: true })).toBeVisible({ timeout: 30_000 });
  for (const [kind, value] of choices)
    await expect(panel.getByLabel(kind, { exact: true })).toHaveValue(value);

  // Put the shop back as the other specs expect it.
  const set = (body: object) => api(page, token, '/DistributorsShopSet/SetShopTemplate', body);
  await set({ Kind: 'home', TemplateId: Number(before.get('Home page')) });
  await set({ Kind: 'goodsDetail', TemplateId: Number(before.get('Goods details')) });
  await set({ Kind: 'userCenter', Style: before.get('User centre') });
  await set({ Kind: 'category', Style: before.get('Category page') });
  await api(page, token, '/ModuleLibrary/DelMyTemplate', { Id: home.Id });
  // A shop without a goods-detail template of its own kept the first one made here as its default.
  for (const template of goods) {
    if (String(template.Id) !== before.get('Goods details'))
      await api(page, token, '/Enterprise/DelProductTemplate', { Id: template.Id });
  }
});
