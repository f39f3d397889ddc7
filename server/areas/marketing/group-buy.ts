import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  joinGroupBuyTeam,
  openGroupBuyTeam,
  storefrontGroupBuySchema,
  storefrontTeamSchema,
} from '../../../contract/endpoints/deal-storefront';
import type {
  GroupBuyRow,
  getGroupBuyTeamList,
  groupBuyFormSchema,
  TeamMember,
  TeamRow,
} from '../../../contract/endpoints/group-buy';
import type { StorefrontOrder } from '../../../contract/endpoints/storefront';
import { parseSort } from '../../../contract/list-query';
import {
  groupBuyMachine,
  type TeamCommand,
  teamCommandBlocker,
  teamMachine,
} from '../../../contract/machines/deals';
import { timedState } from '../../../contract/timed-state';
import { audit } from '../../audit';
import type { Session } from '../../auth/session';
import type { Executor } from '../../db/client';
import { containsPattern, queryRows } from '../../db/query';
import { AppError } from '../../http/errors';
import type { Locale } from '../../i18n/messages';
import { placeOrder, type StorefrontContext, storefrontView } from '../order/service';
import { orders } from '../order/tables';
import { activityStore, activityValues } from './deal-activities';
import { checkActivityPrices, readGoods, requireGoods } from './deal-goods';
import { activityColumns, activityPage, type DealListInput } from './deal-list';
import { giveMemberQuota, illegalTransition, iso, maskName, takeMemberQuota } from './deal-rules';
import { teamResultMessages } from './result-messages';
import { groupBuyActivities, groupBuyMembers, groupBuySkus, groupBuyTeams } from './tables';

/**
 * Group buying: activities on one good with group prices, and the teams buyers open and join.
 * A seat is taken with an order by a guarded statement that never passes the team's size; the team
 * succeeds when every seat is paid. Teams whose time ran out are settled by the sweep
 * (group-buy-sweep.ts): filled with virtual members when allowed, otherwise failed, their orders
 * closed or refunded through the order area's refund flow.
 */

type ActivityRecord = typeof groupBuyActivities.$inferSelect;
type TeamRecord = typeof groupBuyTeams.$inferSelect;
type Operator = Pick<Session, 'siteId' | 'accountId' | 'ip'>;

const teamTarget = (id: number) => `groupBuyTeam:${id}`;
const activities = activityStore({
  table: groupBuyActivities,
  name: 'groupBuy',
  machine: groupBuyMachine,
  snapshot: (row: ActivityRecord) => ({ title: row.title, groupSize: row.groupSize, status: row.status }),
});
const { live } = activities;

async function activityRows(
  db: Executor,
  siteId: number,
  records: ActivityRecord[],
  now: Date,
): Promise<GroupBuyRow[]> {
  if (records.length === 0) return [];
  const ids = records.map((record) => record.id);
  const [goods, prices, teams] = await Promise.all([
    readGoods(
      db,
      siteId,
      records.flatMap((record) => (record.productId === null ? [] : [record.productId])),
    ),
    db.select().from(groupBuySkus).where(inArray(groupBuySkus.activityId, ids)).orderBy(asc(groupBuySkus.id)),
    queryRows<{ activity_id: number; state: TeamRecord['state']; count: number }>(
      db,
      sql`select activity_id, state, count(*)::int as count from group_buy_teams
           where activity_id in (${sql.join(
             ids.map((id) => sql`${id}`),
             sql`, `,
           )}) group by activity_id, state`,
    ),
  ]);
  return records.map((record) => {
    const product = record.productId === null ? undefined : goods.get(record.productId);
    const skus = (product?.skus ?? []).flatMap((sku) => {
      const price = prices.find((entry) => entry.activityId === record.id && entry.skuId === sku.id);
      return price
        ? [{ SkuId: sku.id, SpecText: sku.specText, PriceFen: sku.priceFen, GroupPriceFen: price.priceFen }]
        : [];
    });
    const cheapest = [...skus].sort((left, right) => left.GroupPriceFen - right.GroupPriceFen)[0];
    const count = (state: TeamRecord['state']) =>
      teams.find((entry) => entry.activity_id === record.id && entry.state === state)?.count ?? 0;
    return {
      ...activityColumns(record, now),
      ProductId: record.productId,
      ProductName: product?.name ?? '',
      GroupSize: record.groupSize,
      FillHours: record.fillHours,
      VirtualFill: record.virtualFill,
      LimitPerMember: record.limitPerMember,
      PriceFen: cheapest?.GroupPriceFen ?? 0,
      OriginalPriceFen: cheapest?.PriceFen ?? 0,
      Skus: skus,
      Teams: { forming: count('forming'), success: count('success'), failed: count('failed') },
    };
  });
}

export function listGroupBuys(db: Executor, siteId: number, input: DealListInput) {
  return activityPage(db, groupBuyActivities, siteId, input, (records, now) =>
    activityRows(db, siteId, records, now),
  );
}

export async function groupBuyDetail(db: Executor, siteId: number, id: number): Promise<GroupBuyRow> {
  const [row] = await activityRows(db, siteId, [await activities.find(db, siteId, id, 'id')], new Date());
  return row!;
}

export async function saveGroupBuy(
  tx: Executor,
  session: Operator,
  input: z.infer<typeof groupBuyFormSchema>,
): Promise<{ Id: number; Version: number }> {
  const goods = await requireGoods(tx, session.siteId, input.ProductId, 'ProductId');
  // A virtual good's tickets are issued at payment, before a team could succeed.
  if (goods.kind === 'virtual')
    throw new AppError('groupBuy.virtualGoods', { name: goods.name }, { field: 'ProductId' });
  const seen = new Set<number>();
  input.Skus.forEach((sku, index) => {
    if (seen.has(sku.SkuId))
      throw new AppError('deals.skuTwice', { id: sku.SkuId }, { field: `Skus.${index}.SkuId` });
    seen.add(sku.SkuId);
  });
  checkActivityPrices(
    goods,
    input.Skus.map((sku) => ({ skuId: sku.SkuId, priceFen: sku.GroupPriceFen })),
    (index, field) => `Skus.${index}.${field === 'Price' ? 'GroupPriceFen' : 'SkuId'}`,
  );
  const values = {
    ...activityValues(input),
    productId: goods.id,
    groupSize: input.GroupSize,
    fillHours: input.FillHours,
    virtualFill: input.VirtualFill,
    limitPerMember: input.LimitPerMember,
  };
  const record = await activities.save(tx, session, input, values, {
    created: { goods: goods.name },
    // Forming teams keep their seats: the good cannot change under them.
    check: async (current) => {
      if (current.productId === goods.id) return;
      const forming = await tx.$count(
        groupBuyTeams,
        and(eq(groupBuyTeams.activityId, current.id), eq(groupBuyTeams.state, 'forming')),
      );
      if (forming > 0) throw new AppError('groupBuy.goodsLocked', { count: forming }, { field: 'ProductId' });
    },
  });
  await tx.delete(groupBuySkus).where(eq(groupBuySkus.activityId, record.id));
  await tx.insert(groupBuySkus).values(
    input.Skus.map((sku) => ({
      siteId: session.siteId,
      activityId: record.id,
      skuId: sku.SkuId,
      priceFen: sku.GroupPriceFen,
    })),
  );
  return { Id: record.id, Version: record.version };
}

export const switchGroupBuys = activities.switchAll;
export const sortGroupBuy = activities.sort;

// ---- teams ---------------------------------------------------------------------------------------

const TEAM_COLUMNS = sql`t.id, t.activity_id, coalesce(a.title, '') as activity_title, t.leader_name, t.state, t.size,
  t.joined, t.paid, t.virtual_filled, t.expires_at, t.ended_at, t.created_at, t.version`;

interface TeamListRecord extends Record<string, unknown> {
  id: number;
  activity_id: number;
  activity_title: string;
  leader_name: string;
  state: TeamRecord['state'];
  size: number;
  joined: number;
  paid: number;
  virtual_filled: number;
  expires_at: Date | string;
  ended_at: Date | string | null;
  created_at: Date | string;
  version: number;
}

function teamRow(record: TeamListRecord): TeamRow {
  return {
    Id: record.id,
    ActivityId: record.activity_id,
    ActivityTitle: record.activity_title,
    LeaderName: record.leader_name,
    State: record.state,
    Size: record.size,
    Joined: record.joined,
    Paid: record.paid,
    VirtualFilled: record.virtual_filled,
    ExpiresAt: iso(record.expires_at)!,
    EndedAt: iso(record.ended_at),
    CreatedAt: iso(record.created_at)!,
    Version: record.version,
  };
}

export async function listTeams(
  db: Executor,
  siteId: number,
  input: z.infer<typeof getGroupBuyTeamList.input>,
) {
  const filters: SQL[] = [sql`t.site_id = ${siteId}`];
  if (input.ActivityId !== undefined) filters.push(sql`t.activity_id = ${input.ActivityId}`);
  if (input.keyword) filters.push(sql`t.leader_name ilike ${containsPattern(input.keyword)}`);
  const where = sql.join(filters, sql` and `);
  const tab = input.state === 'all' ? sql`true` : sql`t.state = ${input.state}`;
  const order = parseSort(input.sort);
  const column = order.field === 'expiresAt' ? sql`t.expires_at` : sql`t.created_at`;
  const direction = order.descending ? sql`desc` : sql`asc`;
  const records = await queryRows<TeamListRecord>(
    db,
    sql`select ${TEAM_COLUMNS} from group_buy_teams t left join group_buy_activities a on a.id = t.activity_id
         where ${where} and ${tab} order by ${column} ${direction}, t.id ${direction}
         limit ${input.pageSize} offset ${(input.page - 1) * input.pageSize}`,
  );
  const [counts] = await queryRows<{ all: number; forming: number; success: number; failed: number }>(
    db,
    sql`select count(*)::int as all, (count(*) filter (where t.state = 'forming'))::int as forming,
               (count(*) filter (where t.state = 'success'))::int as success,
               (count(*) filter (where t.state = 'failed'))::int as failed
          from group_buy_teams t where ${where}`,
  );
  const Counts = counts ?? { all: 0, forming: 0, success: 0, failed: 0 };
  return { Data: records.map(teamRow), Total: Counts[input.state], Counts };
}

async function readTeam(db: Executor, siteId: number, id: number, field: string): Promise<TeamRow> {
  const [record] = await queryRows<TeamListRecord>(
    db,
    sql`select ${TEAM_COLUMNS} from group_buy_teams t left join group_buy_activities a on a.id = t.activity_id
         where t.site_id = ${siteId} and t.id = ${id}`,
  );
  if (!record) throw new AppError('groupBuy.teamNotFound', { id }, { field });
  return teamRow(record);
}

export async function teamDetail(
  db: Executor,
  siteId: number,
  id: number,
): Promise<TeamRow & { Members: TeamMember[] }> {
  const team = await readTeam(db, siteId, id, 'id');
  const members = await db
    .select({
      member: groupBuyMembers,
      orderNo: orders.orderNo,
      orderState: orders.state,
      refundState: orders.refundState,
      totalFen: orders.totalFen,
      paidFen: orders.paidFen,
      refundedFen: orders.refundedFen,
    })
    .from(groupBuyMembers)
    .innerJoin(orders, eq(orders.id, groupBuyMembers.orderId))
    .where(eq(groupBuyMembers.teamId, team.Id))
    .orderBy(asc(groupBuyMembers.id));
  return {
    ...team,
    Members: members.map(({ member, ...order }) => ({
      Id: member.id,
      BuyerId: member.buyerId,
      BuyerName: member.buyerName,
      Leader: member.leader,
      State: member.state,
      JoinedAt: member.joinedAt.toISOString(),
      OrderId: member.orderId,
      OrderNo: order.orderNo,
      OrderState: order.orderState,
      RefundState: order.refundState,
      TotalFen: order.totalFen,
      PaidFen: order.paidFen,
      RefundedFen: order.refundedFen,
    })),
  };
}

/**
 * Ends a forming team: success with the empty seats filled virtually, or failed. Guarded by the
 * state, so a sweep and an operator (or two sweeps) never end one team twice; false when it was not
 * forming any more. Its members' orders are settled afterwards (settleTeamOrders).
 */
export async function endTeam(
  tx: Executor,
  teamId: number,
  outcome: 'success' | 'failed',
  at: Date,
): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    tx,
    outcome === 'success'
      ? sql`update group_buy_teams set state = 'success', virtual_filled = size - paid, ended_at = ${at.toISOString()}::timestamptz,
                   version = version + 1
             where id = ${teamId} and state = 'forming' and paid > 0 returning id`
      : sql`update group_buy_teams set state = 'failed', ended_at = ${at.toISOString()}::timestamptz, version = version + 1
             where id = ${teamId} and state = 'forming' returning id`,
  );
  if (rows.length > 0) await teamResultMessages(tx, teamId, at);
  return rows.length > 0;
}

export async function teamCommand(
  tx: Executor,
  session: Operator,
  locale: Locale,
  input: { Id: number; Action: TeamCommand },
): Promise<void> {
  const [team] = await tx
    .select()
    .from(groupBuyTeams)
    .where(and(eq(groupBuyTeams.siteId, session.siteId), eq(groupBuyTeams.id, input.Id)))
    .for('update');
  if (!team) throw new AppError('groupBuy.teamNotFound', { id: input.Id }, { field: 'Id' });
  const blocker = teamCommandBlocker(team, input.Action);
  if (blocker === 'illegalState')
    throw illegalTransition(locale, teamMachine, `#${team.id}`, team.state, input.Action);
  if (blocker === 'nobodyPaid') throw new AppError('groupBuy.nobodyPaid', {}, { field: 'Action' });
  await endTeam(tx, team.id, input.Action === 'fillNow' ? 'success' : 'failed', new Date());
  await audit(tx, session, `groupBuy.team.${input.Action}`, teamTarget(team.id), {
    before: { state: team.state, paid: team.paid },
  });
}

// ---- the buyer's side ---------------------------------------------------------------------------

type StorefrontTeam = z.infer<typeof storefrontTeamSchema>;

async function storefrontTeams(db: Executor, teams: TeamRecord[]): Promise<StorefrontTeam[]> {
  if (teams.length === 0) return [];
  const members = await db
    .select({ teamId: groupBuyMembers.teamId, name: groupBuyMembers.buyerName })
    .from(groupBuyMembers)
    .where(
      and(
        inArray(
          groupBuyMembers.teamId,
          teams.map((team) => team.id),
        ),
        inArray(groupBuyMembers.state, ['joined', 'paid']),
      ),
    )
    .orderBy(asc(groupBuyMembers.id));
  return teams.map((team) => ({
    Id: team.id,
    ActivityId: team.activityId,
    State: team.state,
    LeaderName: maskName(team.leaderName),
    Size: team.size,
    Joined: team.joined,
    Paid: team.paid,
    ExpiresAt: team.expiresAt.toISOString(),
    Members: members.filter((member) => member.teamId === team.id).map((member) => maskName(member.name)),
  }));
}

export async function storefrontGroupBuys(
  db: Executor,
  siteId: number,
  now: Date,
): Promise<z.infer<typeof storefrontGroupBuySchema>[]> {
  const records = await db
    .select()
    .from(groupBuyActivities)
    .where(and(live(siteId), eq(groupBuyActivities.status, 'on'), sql`${groupBuyActivities.endsAt} > ${now}`))
    .orderBy(desc(groupBuyActivities.sort), asc(groupBuyActivities.id));
  const rows = await activityRows(db, siteId, records, now);
  const goods = await readGoods(
    db,
    siteId,
    records.flatMap((record) => (record.productId === null ? [] : [record.productId])),
  );
  const open =
    records.length === 0
      ? []
      : await db
          .select()
          .from(groupBuyTeams)
          .where(
            and(
              inArray(
                groupBuyTeams.activityId,
                records.map((record) => record.id),
              ),
              eq(groupBuyTeams.state, 'forming'),
              sql`${groupBuyTeams.joined} < ${groupBuyTeams.size}`,
              sql`${groupBuyTeams.expiresAt} > ${now}`,
            ),
          )
          .orderBy(asc(groupBuyTeams.expiresAt))
          .limit(200);
  const teams = await storefrontTeams(db, open);
  return rows
    .filter((row) => row.ProductId !== null && row.Skus.length > 0)
    .map((row) => ({
      Id: row.Id,
      Title: row.Title,
      Image: row.Image,
      StartsAt: row.StartsAt,
      EndsAt: row.EndsAt,
      State: row.State,
      ProductId: row.ProductId!,
      ProductName: row.ProductName,
      GroupSize: row.GroupSize,
      FillHours: row.FillHours,
      LimitPerMember: row.LimitPerMember,
      Skus: row.Skus.map((sku) => ({
        ...sku,
        Stock: goods.get(row.ProductId!)?.skus.find((entry) => entry.id === sku.SkuId)?.stock ?? 0,
      })),
      Teams: teams.filter((team) => team.ActivityId === row.Id).slice(0, 20),
    }));
}

export async function storefrontTeam(db: Executor, siteId: number, id: number): Promise<StorefrontTeam> {
  const [team] = await db
    .select()
    .from(groupBuyTeams)
    .where(and(eq(groupBuyTeams.siteId, siteId), eq(groupBuyTeams.id, id)));
  if (!team) throw new AppError('groupBuy.teamNotFound', { id }, { field: 'id' });
  const [view] = await storefrontTeams(db, [team]);
  return view!;
}

/** The running activity of a team or an opening, with the group price of the SKU bought. */
async function runningOffer(context: StorefrontContext, activityId: number, skuId: number, field: string) {
  const [activity] = await context.tx
    .select()
    .from(groupBuyActivities)
    .where(and(live(context.siteId), eq(groupBuyActivities.id, activityId)));
  if (!activity) throw new AppError('groupBuy.notFound', { id: activityId }, { field });
  const state = timedState(activity, context.now);
  if (state !== 'running')
    throw new AppError(`groupBuy.state.${state}`, { title: activity.title }, { field });
  const [price] = await context.tx
    .select()
    .from(groupBuySkus)
    .where(and(eq(groupBuySkus.activityId, activity.id), eq(groupBuySkus.skuId, skuId)));
  if (!price) throw new AppError('groupBuy.skuNotInActivity', { id: skuId }, { field: 'SkuId' });
  return { activity, priceFen: price.priceFen };
}

type OrderInput = Omit<z.infer<typeof openGroupBuyTeam.input>, 'ActivityId'>;

async function placeTeamOrder(context: StorefrontContext, input: OrderInput, priceFen: number) {
  const { SkuId, Quantity, ...order } = input;
  return placeOrder(
    context,
    { ...order, Lines: [{ SkuId, Quantity }] },
    { type: 'groupBuy', activity: { unitFenBySku: new Map([[SkuId, priceFen]]) } },
  );
}

async function takeSeat(context: StorefrontContext, activity: ActivityRecord, buyerId: string) {
  const member = { siteId: context.siteId, kind: 'groupBuy' as const, refId: activity.id, buyerId };
  if (!(await takeMemberQuota(context.tx, member, 1, activity.limitPerMember)))
    throw new AppError('groupBuy.memberLimit', { limit: activity.limitPerMember }, { field: 'Buyer' });
}

export async function openTeam(
  context: StorefrontContext,
  input: z.infer<typeof openGroupBuyTeam.input>,
): Promise<{ Order: StorefrontOrder; Team: StorefrontTeam }> {
  const { ActivityId, ...order } = input;
  const { activity, priceFen } = await runningOffer(context, ActivityId, input.SkuId, 'ActivityId');
  const placed = await placeTeamOrder(context, order, priceFen);
  const expiresAt = new Date(
    Math.min(context.now.getTime() + activity.fillHours * 3_600_000, activity.endsAt.getTime()),
  );
  const [team] = await context.tx
    .insert(groupBuyTeams)
    .values({
      siteId: context.siteId,
      activityId: activity.id,
      leaderBuyerId: input.Buyer.Id,
      leaderName: input.Buyer.Name,
      size: activity.groupSize,
      joined: 1,
      expiresAt,
      createdAt: context.now,
    })
    .returning();
  await context.tx.insert(groupBuyMembers).values({
    siteId: context.siteId,
    teamId: team!.id,
    activityId: activity.id,
    buyerId: input.Buyer.Id,
    buyerName: input.Buyer.Name,
    leader: true,
    orderId: placed.id,
    joinedAt: context.now,
  });
  await takeSeat(context, activity, input.Buyer.Id);
  return {
    Order: await storefrontView(context.tx, placed),
    Team: (await storefrontTeams(context.tx, [team!]))[0]!,
  };
}

export async function joinTeam(
  context: StorefrontContext,
  input: z.infer<typeof joinGroupBuyTeam.input>,
): Promise<{ Order: StorefrontOrder; Team: StorefrontTeam }> {
  const { TeamId, ...order } = input;
  const [team] = await context.tx
    .select()
    .from(groupBuyTeams)
    .where(and(eq(groupBuyTeams.siteId, context.siteId), eq(groupBuyTeams.id, TeamId)));
  if (!team) throw new AppError('groupBuy.teamNotFound', { id: TeamId }, { field: 'TeamId' });
  const { activity, priceFen } = await runningOffer(context, team.activityId, input.SkuId, 'TeamId');
  const seated = await context.tx.$count(
    groupBuyMembers,
    and(
      eq(groupBuyMembers.teamId, team.id),
      eq(groupBuyMembers.buyerId, input.Buyer.Id),
      inArray(groupBuyMembers.state, ['joined', 'paid']),
    ),
  );
  if (seated > 0) throw new AppError('groupBuy.alreadyInTeam', {}, { field: 'TeamId' });
  const placed = await placeTeamOrder(context, order, priceFen);
  // The seat: one guarded statement, so parallel joins never pass the team's size.
  const [seat] = await queryRows<{ id: number }>(
    context.tx,
    sql`update group_buy_teams set joined = joined + 1, version = version + 1
         where id = ${team.id} and state = 'forming' and joined < size
           and expires_at > ${context.now.toISOString()}::timestamptz returning id`,
  );
  if (!seat)
    throw new AppError(
      team.state === 'forming' ? 'groupBuy.teamFull' : 'groupBuy.teamOver',
      {},
      { field: 'TeamId' },
    );
  await context.tx.insert(groupBuyMembers).values({
    siteId: context.siteId,
    teamId: team.id,
    activityId: activity.id,
    buyerId: input.Buyer.Id,
    buyerName: input.Buyer.Name,
    orderId: placed.id,
    joinedAt: context.now,
  });
  await takeSeat(context, activity, input.Buyer.Id);
  const [fresh] = await context.tx.select().from(groupBuyTeams).where(eq(groupBuyTeams.id, team.id));
  return {
    Order: await storefrontView(context.tx, placed),
    Team: (await storefrontTeams(context.tx, [fresh!]))[0]!,
  };
}

// ---- what orders tell the teams (registrations.ts) ---------------------------------------------

/** A member's order was paid: the seat is paid, and the team succeeds when every seat is. */
export async function teamOrderPaid(tx: Executor, orderId: number, at: Date): Promise<void> {
  const [member] = await queryRows<{ team_id: number }>(
    tx,
    sql`update group_buy_members set state = 'paid' where order_id = ${orderId} and state = 'joined' returning team_id`,
  );
  if (!member) return;
  // A team that ended meanwhile is settled by the sweep, which refunds or keeps this payment.
  const [team] = await queryRows<{ state: TeamRecord['state'] }>(
    tx,
    sql`update group_buy_teams set paid = paid + 1, version = version + 1,
               state = case when paid + 1 = size then 'success' else state end,
               ended_at = case when paid + 1 = size then ${at.toISOString()}::timestamptz else ended_at end
         where id = ${member.team_id} and state = 'forming' returning state`,
  );
  if (team?.state === 'success') await teamResultMessages(tx, member.team_id, at);
}

/**
 * A member's order closed. While the team forms, the seat frees (a team left with nobody fails);
 * the member's limit comes back unless the team succeeded with them.
 */
export async function teamOrderClosed(tx: Executor, orderId: number, at: Date): Promise<void> {
  const [member] = await queryRows<{
    team_id: number;
    activity_id: number;
    buyer_id: string;
    was_paid: boolean;
  }>(
    tx,
    sql`update group_buy_members m set state = case when m.state = 'joined' then 'left' else 'refunded' end
          from (select id, state = 'paid' as was_paid from group_buy_members where order_id = ${orderId}) old
         where m.id = old.id and m.state in ('joined', 'paid')
        returning m.team_id, m.activity_id, m.buyer_id, old.was_paid`,
  );
  if (!member) return;
  const [team] = await queryRows<{ state: TeamRecord['state'] }>(
    tx,
    sql`update group_buy_teams set joined = joined - 1, paid = paid - ${member.was_paid ? 1 : 0}::int,
               version = version + 1,
               state = case when joined - 1 = 0 then 'failed' else state end,
               ended_at = case when joined - 1 = 0 then ${at.toISOString()}::timestamptz else ended_at end
         where id = ${member.team_id} and state = 'forming' returning state`,
  );
  const [current] = team
    ? [team]
    : await queryRows<{ state: TeamRecord['state'] }>(
        tx,
        sql`select state from group_buy_teams where id = ${member.team_id}`,
      );
  if (!member.was_paid || current?.state !== 'success')
    await giveMemberQuota(tx, { kind: 'groupBuy', refId: member.activity_id, buyerId: member.buyer_id }, 1);
}

/** The team of an order, when it is one of a team still forming: the order may not ship yet. */
export function teamFormingCondition(order: SQL): SQL {
  return sql`(${order}.type = 'groupBuy' and exists (select 1 from group_buy_members m
    join group_buy_teams t on t.id = m.team_id where m.order_id = ${order}.id and t.state = 'forming'))`;
}
