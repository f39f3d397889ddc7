import { getSelectProducts } from '../../contract/endpoints/goods';
import { drawLottery, getLotteryList } from '../../contract/endpoints/lotteries';
import { expect, test } from './fixtures';
import { envelope, openStorefrontOrders, type StorefrontOrders } from './storefront-orders';

/**
 * The lucky-draw journey: the operator creates a draw with a goods prize on its edit page (a
 * chance over 100 % refused on its field first), a buyer draws it through the storefront and wins,
 * and the operator finds the record on the draw's details and ships the prize.
 */

let api: StorefrontOrders;

const FIRST_SCREEN = { timeout: 45_000 };
const ADDRESS = {
  Name: '抽奖会员',
  Phone: '13900000021',
  Province: '浙江省',
  City: '杭州市',
  District: '西湖区',
  Detail: '文三路 21 号',
};

test.beforeAll(async ({ baseURL }) => {
  api = await openStorefrontOrders({ baseURL, keyName: 'e2e lottery', address: ADDRESS, start: 'end' });
});

test.afterAll(async () => {
  await api?.close();
});

test('create a draw, draw it through the storefront and ship the prize', async ({
  page,
  signInByApi,
  expectNoSeriousA11yViolations,
  saveScreenshot,
}) => {
  // Four screens each checked with axe, on a machine shared with other runs.
  test.setTimeout(150_000);
  await signInByApi(page, 'admin');
  await page.goto('/marketing/lotteryActivity');
  await expect(page.getByRole('row').filter({ hasText: '幸运大转盘' })).toContainText(
    'Running',
    FIRST_SCREEN,
  );
  await expectNoSeriousA11yViolations(page);
  await saveScreenshot(page, 'lottery-list');

  await page.getByRole('button', { name: 'New lucky draw' }).click();
  await expect(page.getByRole('heading', { name: 'New lucky draw' })).toBeVisible(FIRST_SCREEN);
  await page.getByRole('textbox', { name: 'Title' }).fill('端到端抽奖');
  await page.getByRole('spinbutton', { name: 'Draws per member a day' }).fill('1');
  await page.getByRole('button', { name: 'Add a prize' }).click();
  await page.getByRole('combobox', { name: 'Kind of prize 1' }).selectOption('goods');
  await page.getByRole('textbox', { name: 'Prize of prize 1' }).fill('端到端大奖');
  const goods = await envelope(
    await api.operatorCall(getSelectProducts.path, 'GET', { kind: 'physical', pageSize: '1' }),
  );
  const goodsId = String((goods.Data as { Id: number }[])[0]!.Id);
  await page.getByRole('combobox', { name: 'Goods of prize 1' }).selectOption(goodsId);
  const chance = page.getByRole('textbox', { name: 'Chance (%) of prize 1' });
  await chance.fill('100.01');
  await expect(page.getByRole('table', { name: 'Prizes and their chances' })).toContainText('Over 100 %');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The prizes’ chances add up to more than 100 %')).toBeVisible();
  await expect(chance).toHaveAttribute('aria-invalid', 'true');
  await chance.fill('100');
  await page.getByRole('spinbutton', { name: 'Left of prize 1' }).fill('2');
  await expect(page.getByRole('table', { name: 'Prizes and their chances' })).toContainText('0.00 %');
  await expectNoSeriousA11yViolations(page);
  await saveScreenshot(page, 'lottery-edit', { fullPage: true });
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Lucky draw saved')).toBeVisible();
  await expect(page).toHaveURL(/\/marketing\/lotteryActivity/);
  const row = page.getByRole('row').filter({ hasText: '端到端抽奖' });
  await expect(row).toContainText('Running');

  // A buyer draws it through the storefront and wins the goods.
  const listed = await envelope(
    await api.operatorCall(getLotteryList.path, 'GET', { keyword: '端到端抽奖' }),
  );
  const lotteryId = (listed.Data as { Id: number }[])[0]!.Id;
  const drawn = await envelope(
    await api.storefrontCall(drawLottery.path, {
      Buyer: { Id: 'e2e-lottery-buyer', Name: '抽奖会员', Phone: ADDRESS.Phone },
      LotteryId: lotteryId,
      Address: ADDRESS,
    }),
  );
  const record = drawn.Record as { RecordNo: string; Outcome: string; State: string };
  expect([record.Outcome, record.State, drawn.DrawsLeft]).toEqual(['goods', 'toShip', 0]);

  // The operator opens the draw's records and ships the prize.
  await page.reload();
  await row.getByRole('button', { name: /Records/ }).click();
  await expect(page).toHaveURL(/lotteryDetails\?id=\d+/);
  const recordRow = page.getByRole('row').filter({ hasText: record.RecordNo });
  await expect(recordRow).toContainText('To ship', FIRST_SCREEN);
  await expect(recordRow).toContainText('文三路 21 号');
  await expect(page.getByRole('table', { name: 'Prizes of this draw' })).toContainText('端到端大奖');
  await expectNoSeriousA11yViolations(page);
  await saveScreenshot(page, 'lottery-details', { fullPage: true });
  await recordRow.getByRole('button', { name: /^Ship/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Ship the prize “端到端大奖”' });
  await expect(dialog).toHaveAttribute('data-state', 'open');
  await dialog.getByRole('combobox', { name: 'Carrier' }).selectOption('ZTO');
  await dialog.getByRole('textbox', { name: 'Tracking number' }).fill('75312345678921');
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole('button', { name: 'Ship' }).click();
  await expect(dialog).toBeHidden();
  await expect(recordRow).toContainText('Shipped');
  await expect(recordRow).toContainText('75312345678921');
});
