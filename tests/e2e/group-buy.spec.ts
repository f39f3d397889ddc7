import { joinGroupBuyTeam, openGroupBuyTeam } from '../../contract/endpoints/deal-storefront';
import { getGroupBuyActivityList } from '../../contract/endpoints/group-buy';
import { ADDRESS, fillActivity, goodsWithSkus, journeyBuyer, payByStorefront } from './deal-journeys';
import { expect, test } from './fixtures';
import { envelope, openStorefrontOrders, type StorefrontOrders } from './storefront-orders';

/**
 * Group buying end to end: an operator sets up a two-person group on its screen; buyers open and
 * join teams through the storefront; one team fills and succeeds, the other is disbanded from the
 * teams list and its paid member is refunded through the refund flow.
 */

let api: StorefrontOrders;
const FIRST_SCREEN = { timeout: 45_000 };

test.beforeAll(async ({ baseURL }) => {
  api = await openStorefrontOrders({ baseURL, keyName: 'e2e group buy', address: ADDRESS, start: 'end' });
});
test.afterAll(async () => {
  await api?.close();
});

test('a team fills to success and another is disbanded with its refund', async ({
  page,
  signInByApi,
  expectNoSeriousA11yViolations,
  saveScreenshot,
}) => {
  test.setTimeout(180_000);
  const [goods] = await goodsWithSkus(api, 1, 4);
  const sku = goods!.Skus[0]!;
  const spec = sku.SpecText || 'Single SKU';
  const title = `端到端拼团 ${Date.now().toString(36)}`;
  await signInByApi(page, 'admin');
  await page.goto('/marketing/allCluster');
  await expect(page.getByRole('heading', { name: 'Group buying' })).toBeVisible(FIRST_SCREEN);
  await expectNoSeriousA11yViolations(page);
  await saveScreenshot(page, 'group-buy-list');

  await page.getByRole('button', { name: 'Add activity' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add activity' });
  await expect(dialog).toHaveAttribute('data-state', 'open');
  await fillActivity(dialog, title);
  await dialog.getByLabel('Find goods by name').fill(goods!.Name);
  await dialog.getByRole('button', { name: `Choose ${goods!.Name}` }).click();
  await dialog.getByRole('button', { name: `Add ${spec}` }).click();
  await dialog.getByLabel(`Group price of ${spec} (yuan)`).fill(((sku.PriceFen - 200) / 100).toFixed(2));
  await dialog.getByLabel(/^Team size/).fill('2');
  await expectNoSeriousA11yViolations(page);
  await saveScreenshot(page, 'group-buy-dialog');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('row').filter({ hasText: title })).toContainText('2 people');

  const activities = await envelope(
    await api.operatorCall(getGroupBuyActivityList.path, 'GET', { keyword: title }),
  );
  const activityId = (activities.Data as { Id: number }[])[0]!.Id;
  const order = (person: ReturnType<typeof journeyBuyer>) => ({
    Buyer: person,
    DeliveryType: 'express',
    Address: ADDRESS,
    SkuId: sku.SkuId,
    Quantity: 1,
  });
  const [a, b, c] = [journeyBuyer('团员', 1), journeyBuyer('团员', 2), journeyBuyer('团员', 3)];
  const first = await envelope(
    await api.storefrontCall(openGroupBuyTeam.path, { ...order(a), ActivityId: activityId }),
  );
  await payByStorefront(api, first.Order as { OrderNo: string; TotalFen: number }, a.Id);
  const teamId = (first.Team as { Id: number }).Id;
  const joined = await envelope(
    await api.storefrontCall(joinGroupBuyTeam.path, { ...order(b), TeamId: teamId }),
  );
  await payByStorefront(api, joined.Order as { OrderNo: string; TotalFen: number }, b.Id);
  const lonely = await envelope(
    await api.storefrontCall(openGroupBuyTeam.path, { ...order(c), ActivityId: activityId }),
  );
  await payByStorefront(api, lonely.Order as { OrderNo: string; TotalFen: number }, c.Id);
  const lonelyId = (lonely.Team as { Id: number }).Id;

  await page
    .getByRole('row')
    .filter({ hasText: title })
    .getByRole('button', { name: `Teams: ${title}` })
    .click();
  await expect(page).toHaveURL(/view=teams/);
  const full = page.getByRole('row').filter({ hasText: `#${teamId}` });
  await expect(full).toContainText('Succeeded');
  await expect(full).toContainText('2 of 2 taken');
  const forming = page.getByRole('row').filter({ hasText: `#${lonelyId}` });
  await expect(forming).toContainText('Forming');
  await expectNoSeriousA11yViolations(page);
  await saveScreenshot(page, 'group-buy-teams');

  await full.getByRole('button', { name: new RegExp(`^Members: .*#${teamId}$`) }).click();
  const members = page.getByRole('dialog', { name: new RegExp(`#${teamId}$`) });
  await expect(members.getByRole('row').filter({ hasText: a.Name })).toContainText('Paid');
  await expect(members.getByRole('row').filter({ hasText: b.Name })).toContainText('To ship');
  await expectNoSeriousA11yViolations(page);
  await members.getByRole('button', { name: 'Close' }).first().click();

  await forming.getByRole('button', { name: new RegExp(`^Disband: .*#${lonelyId}$`) }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Yes, do it' }).click();
  await expect(forming).toContainText('Failed');
  await forming.getByRole('button', { name: new RegExp(`^Members: .*#${lonelyId}$`) }).click();
  const refunded = page.getByRole('dialog', { name: new RegExp(`#${lonelyId}$`) });
  const row = refunded.getByRole('row').filter({ hasText: c.Name });
  await expect(row).toContainText('Refunded');
  await expect(row).toContainText('Closed');
  await saveScreenshot(page, 'group-buy-refunded');
});
