import { getFreightTemplateInfo, saveFreightTemplate } from '../../contract/endpoints/freight-templates';
import { getProductInfo } from '../../contract/endpoints/goods';
import { getCounterSkus } from '../../contract/endpoints/orders';
import { expect, test } from './fixtures';
import { envelope, openStorefrontOrders, type StorefrontOrders } from './storefront-orders';

/**
 * Issue 15 §2 as an operator meets it: a freight template built on its screen (two region rules
 * chosen with the region picker, free shipping on one, a region not delivered to), given to goods
 * on the goods form, then storefront orders whose freight follows it, seen in the order details.
 */

const ADDRESS = {
  Name: '运费测试',
  Phone: '13800000088',
  Province: '广东省',
  City: '深圳市',
  District: '南山区',
  Detail: '科技园路 8 号',
};
const HANGZHOU = { ...ADDRESS, Province: '浙江省', City: '杭州市', District: '西湖区' };

let shop: StorefrontOrders;

test.beforeAll(async ({ baseURL }) => {
  shop = await openStorefrontOrders({ baseURL, keyName: 'e2e freight', address: ADDRESS, start: 'middle' });
});
test.afterAll(async () => shop.close());

test('a template with two region rules and free shipping prices the storefront orders of its goods', async ({
  page,
  signInByApi,
  expectNoSeriousA11yViolations,
  saveScreenshot,
}) => {
  test.setTimeout(180_000);
  await signInByApi(page, 'admin');
  await page.goto('/shop/freightTemplate');
  await expect(page.getByRole('heading', { name: 'Freight templates', level: 1 })).toBeVisible({
    timeout: 30_000,
  });
  const seeded = page.getByRole('row').filter({ hasText: '全国包邮' });
  await expect(seeded).toContainText('Default');
  await expect(page.getByRole('row').filter({ hasText: '按重量计费' })).toContainText('2 region rules');
  await expectNoSeriousA11yViolations(page);
  await saveScreenshot(page, 'freight-list');

  await page.getByRole('button', { name: 'Add a template' }).click();
  const form = page.getByRole('form', { name: 'Add a freight template' });
  await expect(form).toBeVisible();
  const name = `E2E 运费 ${Date.now() % 100_000}`;
  await form.getByRole('textbox', { name: /^Template name/ }).fill(name);
  await expect(form.getByRole('combobox', { name: 'Charge by' })).toHaveValue('piece');
  await form.getByLabel('First fee (¥) of the default rule').fill('10');
  await form.getByLabel('Further fee (¥) of the default rule').fill('5');

  // Rule 1: the whole of Guangdong, free from three pieces.
  await form.getByRole('button', { name: 'Add a region rule' }).click();
  await form.getByRole('button', { name: 'Choose regions of rule 1' }).click();
  let picker = page.getByRole('dialog', { name: 'Choose regions: rule 1' });
  await expect(picker.getByRole('checkbox', { name: '广东省' })).toBeVisible();
  // Keyboard: the checkbox takes Space, and focus stays inside the dialog.
  await picker.getByRole('checkbox', { name: '广东省' }).focus();
  await page.keyboard.press('Space');
  await expect(picker.getByRole('checkbox', { name: '广东省' })).toBeChecked();
  await expect(picker.getByText('1 region chosen')).toBeVisible();
  for (let step = 0; step < 5; step += 1) await page.keyboard.press('Shift+Tab');
  await expect(picker.locator(':focus')).toHaveCount(1);
  await picker.getByRole('button', { name: 'Use these regions' }).click();
  await expect(picker).toBeHidden();
  await expect(form.getByRole('button', { name: 'Choose regions of rule 1' })).toBeFocused();
  await expect(form.getByText('广东省', { exact: true })).toBeVisible();
  await form.getByLabel('First fee (¥) of rule 1').fill('6');
  await form.getByLabel('Further fee (¥) of rule 1').fill('2');
  await form.getByLabel('Free shipping of rule 1').selectOption('quantity');
  await form.getByLabel('Free from (pcs) of rule 1').fill('3');

  // Rule 2: Hangzhou alone, chosen among the cities of Zhejiang; Guangdong is rule 1's.
  await form.getByRole('button', { name: 'Add a region rule' }).click();
  await form.getByRole('button', { name: 'Choose regions of rule 2' }).click();
  picker = page.getByRole('dialog', { name: 'Choose regions: rule 2' });
  await expect(picker.getByRole('checkbox', { name: /广东省 \(in rule 1\)/ })).toBeDisabled();
  const zhejiang = picker.getByRole('button', { name: 'Cities of 浙江省' });
  await zhejiang.click();
  await expect(zhejiang).toHaveAttribute('aria-expanded', 'true');
  const cities = picker.getByRole('group', { name: 'Cities of 浙江省' });
  // A click on the label, as a pointer user does: it scrolls the dialog to the city first.
  await cities.getByText('杭州市', { exact: true }).click();
  await expect(cities.getByRole('checkbox', { name: '杭州市' })).toBeChecked();
  await expect(picker.getByRole('checkbox', { name: '浙江省' })).toBeChecked({ indeterminate: true });
  await expectNoSeriousA11yViolations(page);
  await saveScreenshot(page, 'freight-region-picker');
  await picker.getByRole('button', { name: 'Use these regions' }).click();
  await form.getByLabel('First fee (¥) of rule 2').fill('8');
  await form.getByLabel('Further fee (¥) of rule 2').fill('3');

  // Xinjiang is not delivered to.
  await form.getByRole('button', { name: 'Choose regions not delivered to' }).click();
  picker = page.getByRole('dialog', { name: 'Choose regions not delivered to' });
  await picker.getByText('新疆维吾尔自治区', { exact: true }).click();
  await expect(picker.getByRole('checkbox', { name: '新疆维吾尔自治区' })).toBeChecked();
  await picker.getByRole('button', { name: 'Use these regions' }).click();
  await expect(form.getByText('新疆维吾尔自治区', { exact: true })).toBeVisible();

  // A fee left out is caught on its field before anything is sent.
  await form.getByLabel('First fee (¥) of rule 2').fill('');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByLabel('First fee (¥) of rule 2')).toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL(/\/shop\/editFreight$/);
  await form.getByLabel('First fee (¥) of rule 2').fill('8');
  await expectNoSeriousA11yViolations(page);
  await saveScreenshot(page, 'freight-edit', { fullPage: true });
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Freight template saved')).toBeVisible();
  await expect(page).toHaveURL(/\/shop\/freightTemplate/);
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('2 region rules, 1 region not delivered to');
  await expect(row).toContainText('Free shipping on conditions');
  await expect(row).toContainText('First 1 pcs ¥10.00, each further 1 pcs ¥5.00');

  // Goods of the shop take it on the goods form.
  const skus = await envelope(
    await shop.operatorCall(getCounterSkus.path, 'GET', { page: '1', pageSize: '100' }),
  );
  const usable = (
    skus.Data as { SkuId: number; ProductId: number; Stock: number; PriceFen: number }[]
  ).filter((sku) => sku.Stock >= 20 && sku.PriceFen > 0);
  // A physical goods a quarter down the list: the other specs' orders start from its end and middle.
  let sku = usable[Math.floor(usable.length / 4)]!;
  for (const candidate of usable.slice(Math.floor(usable.length / 4))) {
    const info = await envelope(
      await shop.operatorCall(getProductInfo.path, 'GET', { id: String(candidate.ProductId) }),
    );
    if (info.Kind === 'physical') {
      sku = candidate;
      break;
    }
  }
  await page.goto(`/goods/editGoodsDetails?id=${sku.ProductId}`);
  const goods = page.getByRole('form', { name: 'Edit goods' });
  await goods.getByLabel('Freight template').selectOption({ label: name });
  await goods.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Goods saved').last()).toBeVisible();

  // Guangdong: 6 yuan for the first piece, 2 for the second; free from three pieces. Hangzhou: 8 + 3.
  const buyer = `e2e-freight-${Date.now()}`;
  const two = await shop.placeOrder(buyer, { skuId: sku.SkuId, quantity: 2 });
  expect(two.FreightFen).toBe(800);
  const three = await shop.placeOrder(buyer, { skuId: sku.SkuId, quantity: 3 });
  expect(three.FreightFen).toBe(0);
  const hangzhou = await shop.placeOrder(buyer, { skuId: sku.SkuId, quantity: 2, address: HANGZHOU });
  expect(hangzhou.FreightFen).toBe(1100);

  await page.goto(`/order/orderSupervise?buyer=${buyer}`);
  const orderRow = page.getByRole('row').filter({ hasText: two.OrderNo });
  await orderRow.getByRole('button', { name: `Details of order ${two.OrderNo}` }).click();
  await expect(page.getByRole('heading', { name: `Order ${two.OrderNo}` })).toBeVisible();
  const amounts = page.getByRole('region', { name: 'Amounts' });
  await expect(amounts).toContainText('Freight¥8.00');
  await expect(amounts).toContainText(`Total${`¥${(two.TotalFen / 100).toFixed(2)}`}`);

  // The list now counts the goods that use the template, so it cannot be deleted.
  await page.goto('/shop/freightTemplate');
  const used = page.getByRole('row').filter({ hasText: name });
  await used.getByRole('button', { name: `More actions: ${name}` }).click();
  await page.getByRole('menuitem', { name: `Delete: ${name}` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Yes, do it' }).click();
  await expect(page.getByText(`“${name}” is used by 1 goods`)).toBeVisible();
  await expect(used).toBeVisible();

  // Someone else saves the template while it is open here: saving asks to reload, and reloading shows theirs.
  await used.getByRole('button', { name: `Edit: ${name}` }).click();
  const edit = page.getByRole('form', { name: 'Edit the freight template' });
  await expect(edit.getByLabel('First fee (¥) of rule 2')).toHaveValue('8.00');
  const id = Number(new URL(page.url()).searchParams.get('id'));
  const info = await envelope(
    await shop.operatorCall(getFreightTemplateInfo.path, 'GET', { id: String(id) }),
  );
  const regionCodes = (regions: { Code: string }[]) => regions.map((region) => region.Code);
  await envelope(
    await shop.operatorCall(saveFreightTemplate.path, 'POST', {
      Id: id,
      Version: info.Version,
      Name: info.Name,
      ChargeMode: info.ChargeMode,
      DefaultRule: { ...(info.DefaultRule as object), FirstFen: 1200 },
      Rules: (info.Rules as { Regions: { Code: string }[] }[]).map((rule) => ({
        ...rule,
        Regions: regionCodes(rule.Regions),
      })),
      Undeliverable: regionCodes(info.Undeliverable as { Code: string }[]),
    }),
  );
  await edit.getByLabel('First fee (¥) of rule 2').fill('9');
  await edit.getByRole('button', { name: 'Save' }).click();
  const stale = page.getByRole('alertdialog', { name: 'Changed by someone else' });
  await expect(stale).toBeVisible();
  await stale.getByRole('button', { name: 'Reload' }).click();
  const reloaded = page.getByRole('form', { name: 'Edit the freight template' });
  await expect(reloaded.getByLabel('First fee (¥) of the default rule')).toHaveValue('12.00');
  await expect(reloaded.getByLabel('First fee (¥) of rule 2')).toHaveValue('8.00');
  await expectNoSeriousA11yViolations(page);
});
