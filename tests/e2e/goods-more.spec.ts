import type { APIRequestContext, Page } from '@playwright/test';
import { expect, expectNoSeriousA11yViolations, test } from './fixtures';

/**
 * The goods screens beyond the list and the form: reviews, audit, spec templates and moving
 * categories. Each test makes its own rows (unique names) so that it never depends on, or changes,
 * rows another spec uses.
 */

const API = '/api/DistributorsShopProduct';

interface Envelope {
  Errcode: number;
  Errmsg: string;
  [field: string]: unknown;
}

async function call<T = Envelope>(
  request: APIRequestContext,
  token: string,
  path: string,
  body?: Record<string, unknown>,
): Promise<T> {
  const headers = { Authorization: `Bearer ${token}` };
  const response = body
    ? await request.post(`${API}/${path}`, { headers, data: body })
    : await request.get(`${API}/${path}`, { headers });
  const json = (await response.json()) as Envelope;
  expect(json.Errcode, `${path}: ${json.Errmsg}`).toBe(0);
  return json as T;
}

interface Category {
  Id: number;
  Children: Category[];
}

async function leafCategory(request: APIRequestContext, token: string): Promise<number> {
  const tree = await call<{ Data: Category[] }>(request, token, 'GetPublishProductTypeList');
  const top = tree.Data.find((node) => node.Children.length > 0)!;
  return top.Children[0]!.Id;
}

/**
 * Axe once the lists have settled (no request in flight), with the pointer off the buttons: the
 * brand buttons' hover colour is lighter than their resting one.
 */
async function checkA11y(page: Page) {
  await page.mouse.move(1, 1);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await page.waitForTimeout(300);
  await expectNoSeriousA11yViolations(page);
}

test.describe('goods, more screens', () => {
  test('a review gets a reply and is hidden', async ({ page, signInByApi }) => {
    test.setTimeout(150_000);
    const token = await signInByApi(page, 'admin');
    const buyer = `E2E buyer ${Date.now()}`;
    const goods = await call<{ Data: { Id: number }[] }>(
      page.request,
      token,
      'GetSelectProductList?page=1&pageSize=1',
    );
    await call(page.request, token, 'BindProductCommentInfo', {
      ProductId: goods.Data[0]!.Id,
      BuyerName: buyer,
      Score: 4,
      Content: 'Fits well, the colour is a little darker than the pictures.',
    });

    await page.goto('/goods/goodsComment');
    await expect(page.getByRole('heading', { name: 'Goods reviews', level: 1 })).toBeVisible();
    await expect(page.getByRole('table').getByRole('row').nth(1)).toBeVisible({ timeout: 40_000 });
    await checkA11y(page);

    const search = page.getByRole('search');
    await search.getByLabel('Buyer, content or goods').fill(buyer);
    await search.getByRole('button', { name: 'Search' }).click();
    const row = page.getByRole('row').filter({ hasText: buyer });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Not replied');

    await row.getByRole('button', { name: new RegExp(`^Open review \\d+ by ${buyer}$`) }).click();
    const dialog = page.getByRole('dialog', { name: 'Review details' });
    await expect(dialog).toContainText('colour is a little darker');
    await expect(dialog).toContainText('No replies yet.');
    await dialog.getByLabel('Your reply').fill('Thank you! We will mention the shade on the page.');
    await dialog.getByRole('button', { name: 'Send reply' }).click();
    await expect(dialog).toContainText('We will mention the shade');
    await expect(dialog.getByLabel('Your reply')).toHaveValue('');
    await checkA11y(page);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
    await expect(row).toContainText('Replied');
    await expect(row).not.toContainText('Not replied');

    await row.getByRole('button', { name: new RegExp(`^Hide: review \\d+ by ${buyer}$`) }).click();
    await expect(row).toContainText('Hidden');
    await expect(
      row.getByRole('button', { name: new RegExp(`^Show: review \\d+ by ${buyer}$`) }),
    ).toBeVisible();
    // Hidden reviews are found with the visibility filter.
    await search.getByLabel('Visibility').selectOption('visible');
    await search.getByRole('button', { name: 'Search' }).click();
    await expect(page.getByText('Nothing matches these filters.').filter({ visible: true })).toBeVisible();
  });

  test('goods are rejected with a reason, sent again and approved in the audit screen', async ({
    page,
    signInByApi,
  }) => {
    test.setTimeout(150_000);
    const token = await signInByApi(page, 'admin');
    const name = `E2E audit ${Date.now()}`;
    const form = {
      Name: name,
      CategoryId: await leafCategory(page.request, token),
      Skus: [{ PriceFen: 1990, Stock: 5 }],
    };
    const created = await call<{ Id: number; AuditState: string }>(
      page.request,
      token,
      'BindProductInfo',
      form,
    );
    expect(created.AuditState).toBe('pending');

    await page.goto('/goods/goodsList');
    await page.getByRole('button', { name: 'Goods audit' }).click();
    await expect(page).toHaveURL(/view=audit/);
    await expect(page.getByRole('heading', { name: 'Goods audit', level: 1 })).toBeVisible();
    await expect(page.getByRole('tab', { name: /^Pending audit/ })).toHaveAttribute('aria-selected', 'true');
    const search = page.getByRole('search');
    await search.getByLabel('Name or code').fill(name);
    await search.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(/view=audit.*keyword=|keyword=.*view=audit/);
    const row = page.getByRole('row').filter({ hasText: name });
    await expect(row).toHaveCount(1);
    await checkA11y(page);

    await row.getByRole('button', { name: `Reject: ${name}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Reject this goods' });
    const reject = dialog.getByRole('button', { name: 'Reject' });
    await expect(reject).toBeDisabled();
    await dialog.getByLabel(/Reason for rejecting/).fill('The main picture is missing.');
    await checkA11y(page);
    await reject.click();
    await expect(dialog).toBeHidden();
    await expect(row).toHaveCount(0);

    await page.getByRole('tab', { name: /^Rejected/ }).click();
    await expect(row).toContainText('Reason: The main picture is missing.');
    // A rejected goods is not decided again until the shop sends it again.
    await expect(row.getByRole('button')).toHaveCount(0);

    const detail = await call<{ Version: number }>(page.request, token, `GetProductInfo?id=${created.Id}`);
    await call(page.request, token, 'BindProductInfo', { ...form, Id: created.Id, Version: detail.Version });

    // Sent again outside this page: reloading shows it among the pending goods.
    await page.reload();
    await page.getByRole('tab', { name: /^Pending audit/ }).click();
    await row.getByRole('button', { name: `Approve: ${name}` }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Confirm' }).click();
    await expect(row).toHaveCount(0);

    await page.getByRole('button', { name: 'Back to the list' }).click();
    await expect(page).not.toHaveURL(/view=audit/);
    // The URL changes before the list replaces the audit view, whose search box has the same label.
    await expect(page.getByRole('tab', { name: /^On shelf/ })).toBeVisible();
    await search.getByLabel('Name or code').fill(name);
    await expect(search.getByLabel('Name or code')).toHaveValue(name);
    await search.getByRole('button', { name: 'Search' }).click();
    const listed = page.getByRole('row').filter({ hasText: name });
    await expect(listed).toContainText('Off shelf');
    await expect(listed).not.toContainText('Pending audit');
    await expect(listed.getByRole('button', { name: `Put on shelf: ${name}` })).toBeVisible();
  });

  test('a spec template (attribute type) gets a type, a spec and one more value', async ({
    page,
    signInByApi,
  }) => {
    test.setTimeout(150_000);
    await signInByApi(page, 'admin');
    const typeName = `E2E type ${Date.now() % 1_000_000}`;
    await page.goto('/goods/formatProperties');
    await expect(
      page.getByRole('heading', { name: 'Specifications and attributes', level: 1 }),
    ).toBeVisible();
    await expect(page.getByRole('table')).toBeVisible({ timeout: 40_000 });
    await checkA11y(page);

    await page.getByRole('button', { name: 'Add type' }).click();
    await page.getByLabel('Type name').fill(typeName);
    await page
      .getByRole('navigation', { name: 'Attribute types' })
      .getByRole('button', { name: 'Save' })
      .click();
    await page.getByRole('button', { name: new RegExp(`^${typeName}`) }).click();
    await expect(page.getByRole('heading', { name: `Specs of ${typeName}` })).toBeVisible();
    await expect(page.getByText('This type has no specs yet.')).toBeVisible();

    await page.getByRole('button', { name: 'Add spec' }).click();
    await page.getByLabel('Spec name').fill('Colour');
    await page.getByLabel(/^Spec values/).fill('Red, Blue，Red');
    await page.getByRole('button', { name: 'Save' }).click();
    const specs = page.getByRole('table', { name: `Specs of ${typeName}` });
    const colour = specs.getByRole('row').filter({ hasText: 'Colour' });
    await expect(colour).toContainText('RedBlue');

    await colour.getByLabel('New value of Colour').fill('Green');
    await colour.getByRole('button', { name: 'Add a value to Colour' }).click();
    await expect(colour).toContainText('RedBlueGreen');
    await expect(colour.getByLabel('New value of Colour')).toHaveValue('');
    await page.reload();
    await page.getByRole('button', { name: new RegExp(`^${typeName}`) }).click();
    await expect(colour).toContainText('RedBlueGreen');
    await checkA11y(page);
  });

  test('categories move with the keyboard buttons and by dragging', async ({ page, signInByApi }) => {
    test.setTimeout(150_000);
    const token = await signInByApi(page, 'admin');
    const stamp = Date.now() % 1_000_000;
    const first = `E2E cat A ${stamp}`;
    const second = `E2E cat B ${stamp}`;
    // High sort values keep them after the demo categories that other specs choose by position.
    for (const [Name, Sort] of [
      [first, 900_000],
      [second, 900_001],
    ] as const)
      await call(page.request, token, 'BindProductType', {
        Action: 'save',
        ParentId: null,
        Name,
        Sort,
        Image: '',
      });

    await page.goto('/goods/goodsClassify');
    const tree = page.getByRole('tree', { name: 'Categories' });
    const item = (name: string) => tree.getByRole('treeitem', { name, exact: true });
    await expect(item(second)).toBeVisible({ timeout: 40_000 });
    await checkA11y(page);
    const topNames = () =>
      tree
        .locator('[role="treeitem"][aria-level="1"]')
        .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('aria-label')));
    const order = async () => {
      const names = await topNames();
      return [names.indexOf(first), names.indexOf(second)];
    };
    const before = await order();
    expect(before[1]).toBe(before[0]! + 1);

    const up = page.getByRole('button', { name: `Move ${second} up` });
    await up.click();
    await expect.poll(order).toEqual([before[0]! + 1, before[0]]);
    // The focus stays on the moved category's button, so the keyboard can go on.
    await expect(up).toBeFocused();

    await page.getByRole('button', { name: `Move ${first} into the category above` }).click();
    await expect(item(second).getByRole('treeitem', { name: first, exact: true })).toHaveAttribute(
      'aria-level',
      '2',
    );

    // Dropping the child on its parent puts it in the parent's place among the top categories.
    const handle = page.getByRole('button', { name: `Drag ${first}` });
    const target = item(second).locator('> div').first();
    const from = (await handle.boundingBox())!;
    const to = (await target.boundingBox())!;
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2, from.y + 20, { steps: 5 });
    await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 10 });
    await page.mouse.up();
    await expect(item(first)).toHaveAttribute('aria-level', '1');
    await expect.poll(order).toEqual([before[0], before[0]! + 1]);
  });
});
