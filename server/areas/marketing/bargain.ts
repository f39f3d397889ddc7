import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { launchStartFen, nextCut } from '../../../contract/bargain-cut';
import type {
  BargainEventRow,
  BargainGoodsRow,
  bargainEventFormSchema,
  bindAddBargainEventAndProduct,
  bindBargainEventAndProductInfo,
  getBargainEventAccountList,
  LaunchRow,
} from '../../../contract/endpoints/bargain';
import type {
  buyBargain,
  storefrontBargainSchema,
  storefrontLaunchSchema,
} from '../../../contract/endpoints/deal-storefront';
import type { StorefrontOrder } from '../../../contract/endpoints/storefront';
import { parseSort } from '../../../contract/list-query';
import {
  bargainEventMachine,
  bargainGoodsMachine,
  launchBuyBlocker,
  type SwitchAction,
} from '../../../contract/machines/deals';
import { can } from '../../../contract/state-machine';
import { timedState } from '../../../contract/timed-state';
import { audit } from '../../audit';
import type { Session } from '../../auth/session';
import type { Executor } from '../../db/client';
import { containsPattern, queryRows } from '../../db/query';
import { AppError } from '../../http/errors';
import type { Locale } from '../../i18n/messages';
import { ensureMember } from '../customer/service';
import { placeOrder, type StorefrontContext, storefrontView } from '../order/service';
import { activityStore, activityValues } from './deal-activities';
import { readGoods, requireSkuGoods } from './deal-goods';
import { activityColumns, activityPage, type DealListInput } from './deal-list';
import {
  cryptoDraw,
  illegalTransition,
  iso,
  isUniqueViolation,
  maskName,
  requireAll,
  staleVersion,
  takeMemberQuota,
} from './deal-rules';
import { launchResultMessage } from './result-messages';
import { bargainEvents, bargainGoods, bargainHelps, bargainLaunches } from './tables';

/**
 * Bargains: events holding goods, the launches buyers start on a good and the helps of their
 * friends. A help locks its launch, draws its cut (contract/bargain-cut.ts, crypto randomness) and
 * stores it with one statement guarded by the floor; the launch is bought at the price it reached.
 */

type EventRecord = typeof bargainEvents.$inferSelect;
type GoodsRecord = typeof bargainGoods.$inferSelect;
type LaunchRecord = typeof bargainLaunches.$inferSelect;
type Operator = Pick<Session, 'siteId' | 'accountId' | 'ip'>;

const target = (id: number) => `bargain:${id}`;
const events = activityStore({
  table: bargainEvents,
  name: 'bargain',
  machine: bargainEventMachine,
  snapshot: (row: EventRecord) => ({ title: row.title, status: row.status, endsAt: row.endsAt }),
});
const { live } = events;

async function eventFigures(db: Executor, ids: readonly number[]) {
  if (ids.length === 0) return new Map<number, { goods: number; launches: number; successes: number }>();
  const list = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  const rows = await queryRows<{ event_id: number; goods: number; launches: number; successes: number }>(
    db,
    sql`select e.id as event_id,
               (select count(*)::int from bargain_goods g where g.event_id = e.id and not g.deleted) as goods,
               (select count(*)::int from bargain_launches l where l.event_id = e.id) as launches,
               (select count(*)::int from bargain_launches l where l.event_id = e.id and l.state = 'success') as successes
          from bargain_events e where e.id in (${list})`,
  );
  return new Map(rows.map((row) => [row.event_id, row]));
}

async function eventRows(db: Executor, records: EventRecord[], now: Date): Promise<BargainEventRow[]> {
  const figures = await eventFigures(
    db,
    records.map((row) => row.id),
  );
  return records.map((row) => {
    const figure = figures.get(row.id);
    return {
      ...activityColumns(row, now),
      GoodsCount: figure?.goods ?? 0,
      Launches: figure?.launches ?? 0,
      Successes: figure?.successes ?? 0,
    };
  });
}

export function listBargainEvents(db: Executor, siteId: number, input: DealListInput) {
  return activityPage(db, bargainEvents, siteId, input, (records, now) => eventRows(db, records, now));
}

export async function bargainEventDetail(db: Executor, siteId: number, id: number) {
  const row = await events.find(db, siteId, id, 'id');
  const [detail] = await eventRows(db, [row], new Date());
  return { ...detail!, Rules: row.rules };
}

export async function saveBargainEvent(
  tx: Executor,
  session: Operator,
  input: z.infer<typeof bargainEventFormSchema>,
): Promise<{ Id: number; Version: number }> {
  const row = await events.save(tx, session, input, activityValues(input));
  return { Id: row.id, Version: row.version };
}

export const saveBargainRules = events.saveRules;
export const switchBargainEvents = events.switchAll;
export const sortBargainEvent = events.sort;

// ---- goods ---------------------------------------------------------------------------------------

async function goodsRows(db: Executor, siteId: number, records: GoodsRecord[]): Promise<BargainGoodsRow[]> {
  if (records.length === 0) return [];
  const [goods, counts] = await Promise.all([
    readGoods(
      db,
      siteId,
      records.map((record) => record.productId),
    ),
    queryRows<{ goods_id: number; launches: number; successes: number }>(
      db,
      sql`select goods_id, count(*)::int as launches, (count(*) filter (where state = 'success'))::int as successes
            from bargain_launches where goods_id in (${sql.join(
              records.map((record) => sql`${record.id}`),
              sql`, `,
            )}) group by goods_id`,
    ),
  ]);
  return records.map((record) => {
    const product = goods.get(record.productId);
    const sku = product?.skus.find((candidate) => candidate.id === record.skuId);
    const count = counts.find((entry) => entry.goods_id === record.id);
    return {
      Id: record.id,
      EventId: record.eventId,
      ProductId: record.productId,
      SkuId: record.skuId,
      Name: product?.name ?? '',
      SpecText: sku?.specText ?? '',
      Image: product?.image ?? '',
      PriceFen: sku?.priceFen ?? 0,
      FloorPriceFen: record.floorPriceFen,
      FirstCutFen: record.firstCutFen,
      CutMode: record.cutMode,
      HelpersNeeded: record.helpersNeeded,
      Hours: record.hours,
      BuyMode: record.buyMode,
      LaunchLimit: record.launchLimit,
      Status: record.status,
      Sort: record.sort,
      Launches: count?.launches ?? 0,
      Successes: count?.successes ?? 0,
      Version: record.version,
    };
  });
}

export async function listBargainGoods(
  db: Executor,
  siteId: number,
  input: { EventId: number; page: number; pageSize: number },
) {
  const event = await events.find(db, siteId, input.EventId, 'EventId');
  const where = and(eq(bargainGoods.eventId, event.id), eq(bargainGoods.deleted, false));
  const records = await db
    .select()
    .from(bargainGoods)
    .where(where)
    .orderBy(desc(bargainGoods.sort), asc(bargainGoods.id))
    .limit(input.pageSize)
    .offset((input.page - 1) * input.pageSize);
  return { Data: await goodsRows(db, siteId, records), Total: await db.$count(bargainGoods, where) };
}

async function findGoods(db: Executor, siteId: number, id: number, field: string): Promise<GoodsRecord> {
  const [record] = await db
    .select()
    .from(bargainGoods)
    .where(and(eq(bargainGoods.siteId, siteId), eq(bargainGoods.id, id), eq(bargainGoods.deleted, false)));
  if (!record) throw new AppError('bargain.goodsNotFound', { id }, { field });
  return record;
}

export async function bargainGoodsDetail(db: Executor, siteId: number, id: number): Promise<BargainGoodsRow> {
  const [row] = await goodsRows(db, siteId, [await findGoods(db, siteId, id, 'id')]);
  return row!;
}

type GoodsRules = Omit<z.infer<typeof bindBargainEventAndProductInfo.input>, 'Id' | 'Version'>;

/** The floor below the SKU's price, and a first cut that leaves something for the helpers to cut. */
function checkRules(rules: GoodsRules, priceFen: number): void {
  if (rules.FloorPriceFen >= priceFen)
    throw new AppError(
      'bargain.floorNotBelow',
      { price: (priceFen / 100).toFixed(2) },
      { field: 'FloorPriceFen' },
    );
  if (rules.FirstCutFen >= priceFen - rules.FloorPriceFen)
    throw new AppError(
      'bargain.firstCutTooBig',
      { most: ((priceFen - rules.FloorPriceFen - 1) / 100).toFixed(2) },
      { field: 'FirstCutFen' },
    );
}

function rulesValues(rules: GoodsRules) {
  return {
    floorPriceFen: rules.FloorPriceFen,
    firstCutFen: rules.FirstCutFen,
    cutMode: rules.CutMode,
    helpersNeeded: rules.HelpersNeeded,
    hours: rules.Hours,
    buyMode: rules.BuyMode,
    launchLimit: rules.LaunchLimit,
    sort: rules.Sort,
  };
}

export async function addBargainGoods(
  tx: Executor,
  session: Operator,
  input: z.infer<typeof bindAddBargainEventAndProduct.input>,
): Promise<{ Id: number; Version: number }> {
  const event = await events.find(tx, session.siteId, input.EventId, 'EventId');
  const { goods, sku } = await requireSkuGoods(tx, session.siteId, input.SkuId, 'SkuId');
  const { EventId: _event, SkuId: _sku, ...rules } = input;
  checkRules(rules, sku.priceFen);
  const [record] = await tx
    .insert(bargainGoods)
    .values({
      siteId: session.siteId,
      eventId: event.id,
      productId: goods.id,
      skuId: sku.id,
      ...rulesValues(rules),
    })
    .returning();
  await audit(tx, session, 'bargain.addGoods', target(event.id), { goods: goods.name, sku: sku.specText });
  return { Id: record!.id, Version: record!.version };
}

export async function saveBargainGoods(
  tx: Executor,
  session: Operator,
  input: z.infer<typeof bindBargainEventAndProductInfo.input>,
): Promise<{ Id: number; Version: number }> {
  const record = await findGoods(tx, session.siteId, input.Id, 'Id');
  if (record.version !== input.Version) throw staleVersion();
  const { sku } = await requireSkuGoods(tx, session.siteId, record.skuId, 'Id');
  const { Id: _id, Version: _version, ...rules } = input;
  checkRules(rules, sku.priceFen);
  const [row] = await tx
    .update(bargainGoods)
    .set({ ...rulesValues(rules), version: sql`${bargainGoods.version} + 1` })
    .where(and(eq(bargainGoods.id, record.id), eq(bargainGoods.version, input.Version)))
    .returning();
  if (!row) throw staleVersion();
  await audit(tx, session, 'bargain.saveGoods', target(record.eventId), {
    before: { floor: record.floorPriceFen, helpers: record.helpersNeeded },
    after: { floor: row.floorPriceFen, helpers: row.helpersNeeded },
  });
  return { Id: row.id, Version: row.version };
}

export async function switchBargainGoods(
  tx: Executor,
  session: Operator,
  locale: Locale,
  input: { Ids: number[]; Action: SwitchAction },
): Promise<{ Changed: number[] }> {
  const ids = [...new Set(input.Ids)];
  const rows = await tx
    .select()
    .from(bargainGoods)
    .where(
      and(
        eq(bargainGoods.siteId, session.siteId),
        eq(bargainGoods.deleted, false),
        inArray(bargainGoods.id, ids),
      ),
    )
    .for('update');
  requireAll(
    ids,
    rows.map((row) => row.id),
  );
  for (const row of rows) {
    if (!can(bargainGoodsMachine, row.status, input.Action))
      throw illegalTransition(locale, bargainGoodsMachine, `#${row.id}`, row.status, input.Action);
    const change =
      input.Action === 'delete'
        ? { deleted: true }
        : { status: input.Action === 'switchOn' ? ('on' as const) : ('off' as const) };
    await tx
      .update(bargainGoods)
      .set({ ...change, version: sql`${bargainGoods.version} + 1` })
      .where(eq(bargainGoods.id, row.id));
    await audit(tx, session, `bargain.goods.${input.Action}`, target(row.eventId), { goods: row.id });
  }
  return { Changed: rows.map((row) => row.id) };
}

// ---- launches ------------------------------------------------------------------------------------

const LAUNCH_COLUMNS = sql`l.id, l.event_id, coalesce(e.title, '') as event_title, l.goods_id,
  coalesce(p.name, '') as goods_name, coalesce(s.spec_text, '') as spec_text, coalesce(p.gallery->>0, '') as image,
  l.buyer_id, l.buyer_name, l.state, l.start_fen, l.current_fen, l.floor_fen, l.helps, l.helps_needed,
  l.expires_at, l.ended_at, l.created_at, l.order_id, o.order_no, o.state as order_state, l.buy_mode`;
const LAUNCH_FROM = sql`bargain_launches l left join bargain_events e on e.id = l.event_id
  left join products p on p.id = l.product_id left join skus s on s.id = l.sku_id
  left join orders o on o.id = l.order_id`;

interface LaunchRecordRow extends Record<string, unknown> {
  id: number;
  event_id: number;
  event_title: string;
  goods_id: number;
  goods_name: string;
  spec_text: string;
  image: string;
  buyer_id: string;
  buyer_name: string;
  state: LaunchRecord['state'];
  start_fen: number;
  current_fen: number;
  floor_fen: number;
  helps: number;
  helps_needed: number;
  expires_at: Date | string;
  ended_at: Date | string | null;
  created_at: Date | string;
  order_id: number | null;
  order_no: string | null;
  order_state: LaunchRow['OrderState'];
  buy_mode: LaunchRecord['buyMode'];
}

function launchRow(record: LaunchRecordRow): LaunchRow {
  return {
    Id: record.id,
    EventId: record.event_id,
    EventTitle: record.event_title,
    GoodsId: record.goods_id,
    GoodsName: record.goods_name,
    SpecText: record.spec_text,
    Image: record.image,
    BuyerId: record.buyer_id,
    BuyerName: record.buyer_name,
    State: record.state,
    StartFen: record.start_fen,
    CurrentFen: record.current_fen,
    FloorFen: record.floor_fen,
    Helps: record.helps,
    HelpersNeeded: record.helps_needed,
    ExpiresAt: iso(record.expires_at)!,
    EndedAt: iso(record.ended_at),
    CreatedAt: iso(record.created_at)!,
    OrderId: record.order_id,
    OrderNo: record.order_no,
    OrderState: record.order_state,
  };
}

export async function listLaunches(
  db: Executor,
  siteId: number,
  input: z.infer<typeof getBargainEventAccountList.input>,
) {
  const filters: SQL[] = [sql`l.site_id = ${siteId}`];
  if (input.EventId !== undefined) filters.push(sql`l.event_id = ${input.EventId}`);
  if (input.keyword) filters.push(sql`l.buyer_name ilike ${containsPattern(input.keyword)}`);
  const where = sql.join(filters, sql` and `);
  const tab = input.state === 'all' ? sql`true` : sql`l.state = ${input.state}`;
  const order = parseSort(input.sort);
  const column = order.field === 'expiresAt' ? sql`l.expires_at` : sql`l.created_at`;
  const direction = order.descending ? sql`desc` : sql`asc`;
  const records = await queryRows<LaunchRecordRow>(
    db,
    sql`select ${LAUNCH_COLUMNS} from ${LAUNCH_FROM} where ${where} and ${tab}
         order by ${column} ${direction}, l.id ${direction} limit ${input.pageSize} offset ${(input.page - 1) * input.pageSize}`,
  );
  const [counts] = await queryRows<Record<(typeof input)['state'], number>>(
    db,
    sql`select count(*)::int as all, (count(*) filter (where l.state = 'cutting'))::int as cutting,
               (count(*) filter (where l.state = 'success'))::int as success,
               (count(*) filter (where l.state = 'failed'))::int as failed,
               (count(*) filter (where l.state = 'endedEarly'))::int as "endedEarly"
          from bargain_launches l where ${where}`,
  );
  const Counts = counts ?? { all: 0, cutting: 0, success: 0, failed: 0, endedEarly: 0 };
  return { Data: records.map(launchRow), Total: Counts[input.state], Counts };
}

async function readLaunch(db: Executor, siteId: number, id: number, field: string): Promise<LaunchRecordRow> {
  const [record] = await queryRows<LaunchRecordRow>(
    db,
    sql`select ${LAUNCH_COLUMNS} from ${LAUNCH_FROM} where l.site_id = ${siteId} and l.id = ${id}`,
  );
  if (!record) throw new AppError('bargain.launchNotFound', { id }, { field });
  return record;
}

export async function launchDetail(db: Executor, siteId: number, id: number) {
  const launch = launchRow(await readLaunch(db, siteId, id, 'id'));
  const helps = await db
    .select()
    .from(bargainHelps)
    .where(eq(bargainHelps.launchId, id))
    .orderBy(asc(bargainHelps.id));
  return {
    ...launch,
    HelpRecords: helps.map((help) => ({
      Id: help.id,
      HelperId: help.helperId,
      HelperName: help.helperName,
      CutFen: help.cutFen,
      AfterFen: help.afterFen,
      At: help.at.toISOString(),
    })),
  };
}

// ---- the buyer's side ---------------------------------------------------------------------------

export async function storefrontBargains(
  db: Executor,
  siteId: number,
  now: Date,
): Promise<z.infer<typeof storefrontBargainSchema>[]> {
  const events = await db
    .select()
    .from(bargainEvents)
    .where(and(live(siteId), eq(bargainEvents.status, 'on'), sql`${bargainEvents.endsAt} > ${now}`))
    .orderBy(desc(bargainEvents.sort), asc(bargainEvents.id));
  if (events.length === 0) return [];
  const records = await db
    .select()
    .from(bargainGoods)
    .where(
      and(
        eq(bargainGoods.deleted, false),
        eq(bargainGoods.status, 'on'),
        inArray(
          bargainGoods.eventId,
          events.map((event) => event.id),
        ),
      ),
    )
    .orderBy(desc(bargainGoods.sort), asc(bargainGoods.id));
  const rows = await goodsRows(db, siteId, records);
  return events.map((event) => ({
    Id: event.id,
    Title: event.title,
    Image: event.image,
    StartsAt: event.startsAt.toISOString(),
    EndsAt: event.endsAt.toISOString(),
    State: timedState(event, now),
    Rules: event.rules,
    Goods: rows
      .filter((row) => row.EventId === event.id)
      .map((row) => ({
        Id: row.Id,
        ProductId: row.ProductId,
        SkuId: row.SkuId,
        Name: row.Name,
        SpecText: row.SpecText,
        Image: row.Image,
        PriceFen: row.PriceFen,
        FloorPriceFen: row.FloorPriceFen,
        CutMode: row.CutMode,
        HelpersNeeded: row.HelpersNeeded,
        Hours: row.Hours,
        BuyMode: row.BuyMode,
        LaunchLimit: row.LaunchLimit,
      })),
  }));
}

type StorefrontLaunch = z.infer<typeof storefrontLaunchSchema>;

export async function storefrontLaunch(
  db: Executor,
  siteId: number,
  id: number,
  field = 'id',
): Promise<StorefrontLaunch> {
  const record = await readLaunch(db, siteId, id, field);
  const helps = await db
    .select()
    .from(bargainHelps)
    .where(eq(bargainHelps.launchId, id))
    .orderBy(desc(bargainHelps.id))
    .limit(100);
  return {
    Id: record.id,
    GoodsId: record.goods_id,
    Name: record.goods_name,
    SpecText: record.spec_text,
    Image: record.image,
    BuyerName: maskName(record.buyer_name),
    State: record.state,
    StartFen: record.start_fen,
    CurrentFen: record.current_fen,
    FloorFen: record.floor_fen,
    Helps: record.helps,
    HelpersNeeded: record.helps_needed,
    BuyMode: record.buy_mode,
    ExpiresAt: iso(record.expires_at)!,
    OrderNo: record.order_no,
    Helpers: helps.map((help) => ({
      Name: maskName(help.helperName),
      CutFen: help.cutFen,
      At: help.at.toISOString(),
    })),
  };
}

/** Starts a bargain on a good of a running event: from its price less the first cut. */
export async function launch(
  context: StorefrontContext,
  input: { Buyer: { Id: string; Name: string; Phone: string }; BargainGoodsId: number },
): Promise<StorefrontLaunch> {
  const [offer] = await context.tx
    .select({ goods: bargainGoods, event: bargainEvents })
    .from(bargainGoods)
    .innerJoin(bargainEvents, eq(bargainEvents.id, bargainGoods.eventId))
    .where(
      and(
        eq(bargainGoods.siteId, context.siteId),
        eq(bargainGoods.id, input.BargainGoodsId),
        eq(bargainGoods.deleted, false),
        eq(bargainEvents.deleted, false),
      ),
    );
  if (offer?.goods.status !== 'on')
    throw new AppError('bargain.goodsNotFound', { id: input.BargainGoodsId }, { field: 'BargainGoodsId' });
  const state = timedState(offer.event, context.now);
  if (state !== 'running')
    throw new AppError(`bargain.state.${state}`, { title: offer.event.title }, { field: 'BargainGoodsId' });
  const { sku } = await requireSkuGoods(context.tx, context.siteId, offer.goods.skuId, 'BargainGoodsId');
  if (sku.priceFen <= offer.goods.floorPriceFen)
    throw new AppError('bargain.nothingToCut', {}, { field: 'BargainGoodsId' });
  await ensureMember(context.tx, {
    siteId: context.siteId,
    openId: input.Buyer.Id,
    nickname: input.Buyer.Name,
    mobile: input.Buyer.Phone,
    source: 'miniProgram',
    now: context.now,
  });
  const member = {
    siteId: context.siteId,
    kind: 'bargain' as const,
    refId: offer.goods.id,
    buyerId: input.Buyer.Id,
  };
  if (!(await takeMemberQuota(context.tx, member, 1, offer.goods.launchLimit)))
    throw new AppError(
      'bargain.launchLimit',
      { limit: offer.goods.launchLimit },
      { field: 'BargainGoodsId' },
    );
  const startFen = launchStartFen(sku.priceFen, offer.goods.floorPriceFen, offer.goods.firstCutFen);
  const reached = startFen === offer.goods.floorPriceFen;
  const expiresAt = new Date(
    Math.min(context.now.getTime() + offer.goods.hours * 3_600_000, offer.event.endsAt.getTime()),
  );
  const [row] = await context.tx
    .insert(bargainLaunches)
    .values({
      siteId: context.siteId,
      eventId: offer.event.id,
      goodsId: offer.goods.id,
      productId: offer.goods.productId,
      skuId: sku.id,
      buyerId: input.Buyer.Id,
      buyerName: input.Buyer.Name,
      state: reached ? 'success' : 'cutting',
      cutMode: offer.goods.cutMode,
      buyMode: offer.goods.buyMode,
      startFen,
      floorFen: offer.goods.floorPriceFen,
      currentFen: startFen,
      helpsNeeded: offer.goods.helpersNeeded,
      expiresAt,
      endedAt: reached ? context.now : null,
      createdAt: context.now,
    })
    .returning();
  if (reached) await launchResultMessage(context.tx, row!.id, context.now);
  return storefrontLaunch(context.tx, context.siteId, row!.id);
}

/**
 * A friend's help: the launch row is locked, so helps of one launch come one at a time and each
 * draws its cut from what is really left; the statement is guarded by the floor as well, and a
 * helper's second help is refused by the unique index even if two arrive together.
 */
export async function help(
  context: StorefrontContext,
  input: { Helper: { Id: string; Name: string; Phone: string }; LaunchId: number },
): Promise<{ Launch: StorefrontLaunch; CutFen: number }> {
  const [launchRecord] = await context.tx
    .select()
    .from(bargainLaunches)
    .where(and(eq(bargainLaunches.siteId, context.siteId), eq(bargainLaunches.id, input.LaunchId)))
    .for('update');
  if (!launchRecord)
    throw new AppError('bargain.launchNotFound', { id: input.LaunchId }, { field: 'LaunchId' });
  if (launchRecord.buyerId === input.Helper.Id)
    throw new AppError('bargain.ownLaunch', {}, { field: 'Helper' });
  if (launchRecord.state !== 'cutting')
    throw new AppError(`bargain.launch.${launchRecord.state}`, {}, { field: 'LaunchId' });
  if (launchRecord.expiresAt <= context.now)
    throw new AppError('bargain.launchExpired', {}, { field: 'LaunchId' });
  if (launchRecord.orderId !== null) throw new AppError('bargain.launchOrdered', {}, { field: 'LaunchId' });
  // Helpers are the shop's buyers too: a help is often how a friend first meets the shop.
  await ensureMember(context.tx, {
    siteId: context.siteId,
    openId: input.Helper.Id,
    nickname: input.Helper.Name,
    mobile: input.Helper.Phone,
    source: 'miniProgram',
    now: context.now,
  });
  const helped = await context.tx.$count(
    bargainHelps,
    and(eq(bargainHelps.launchId, launchRecord.id), eq(bargainHelps.helperId, input.Helper.Id)),
  );
  if (helped > 0) throw new AppError('bargain.alreadyHelped', {}, { field: 'Helper' });
  const cut = nextCut(
    {
      remainingFen: launchRecord.currentFen - launchRecord.floorFen,
      helpsLeft: launchRecord.helpsNeeded - launchRecord.helps,
      mode: launchRecord.cutMode,
    },
    cryptoDraw,
  );
  const [after] = await queryRows<{ current_fen: number; state: LaunchRecord['state'] }>(
    context.tx,
    sql`update bargain_launches set current_fen = current_fen - ${cut}::int, helps = helps + 1, version = version + 1,
               state = case when current_fen - ${cut}::int = floor_fen then 'success' else 'cutting' end,
               ended_at = case when current_fen - ${cut}::int = floor_fen then ${context.now.toISOString()}::timestamptz end
         where id = ${launchRecord.id} and state = 'cutting' and current_fen - ${cut}::int >= floor_fen
           and helps < helps_needed
        returning current_fen, state`,
  );
  if (!after) throw new AppError('bargain.launch.success', {}, { field: 'LaunchId' });
  if (after.state === 'success') await launchResultMessage(context.tx, launchRecord.id, context.now);
  try {
    await context.tx.insert(bargainHelps).values({
      siteId: context.siteId,
      launchId: launchRecord.id,
      helperId: input.Helper.Id,
      helperName: input.Helper.Name,
      cutFen: cut,
      afterFen: after.current_fen,
      at: context.now,
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('bargain.alreadyHelped', {}, { field: 'Helper' });
    throw error;
  }
  return { Launch: await storefrontLaunch(context.tx, context.siteId, launchRecord.id), CutFen: cut };
}

/** The launcher orders the goods at the price reached; the launch holds the order until it closes. */
export async function buy(
  context: StorefrontContext,
  input: z.infer<typeof buyBargain.input>,
): Promise<{ Order: StorefrontOrder; Launch: StorefrontLaunch }> {
  const { LaunchId, ...order } = input;
  const [launchRecord] = await context.tx
    .select()
    .from(bargainLaunches)
    .where(and(eq(bargainLaunches.siteId, context.siteId), eq(bargainLaunches.id, LaunchId)))
    .for('update');
  if (!launchRecord || launchRecord.buyerId !== input.Buyer.Id)
    throw new AppError('bargain.launchNotFound', { id: LaunchId }, { field: 'LaunchId' });
  const blocker = launchBuyBlocker({
    state: launchRecord.state,
    buyMode: launchRecord.buyMode,
    expired: launchRecord.expiresAt <= context.now,
    ordered: launchRecord.orderId !== null,
  });
  if (blocker) throw new AppError(`bargain.buy.${blocker}`, {}, { field: 'LaunchId' });
  const placed = await placeOrder(
    context,
    { ...order, Lines: [{ SkuId: launchRecord.skuId, Quantity: 1 }] },
    { type: 'bargain', activity: { unitFenBySku: new Map([[launchRecord.skuId, launchRecord.currentFen]]) } },
  );
  await context.tx
    .update(bargainLaunches)
    .set({ orderId: placed.id, version: sql`${bargainLaunches.version} + 1` })
    .where(eq(bargainLaunches.id, launchRecord.id));
  return {
    Order: await storefrontView(context.tx, placed),
    Launch: await storefrontLaunch(context.tx, context.siteId, launchRecord.id),
  };
}

/** The launch's order was paid: a launch still cutting ends early at the price it reached. */
export async function launchOrderPaid(tx: Executor, orderId: number, at: Date): Promise<void> {
  await tx.execute(
    sql`update bargain_launches set state = 'endedEarly', ended_at = ${at.toISOString()}::timestamptz, version = version + 1
         where order_id = ${orderId} and state = 'cutting'`,
  );
}

/** The launch's order closed: the launch may be bought again (and helped, while cutting). */
export async function launchOrderClosed(tx: Executor, orderId: number): Promise<void> {
  await tx.execute(
    sql`update bargain_launches set order_id = null, version = version + 1 where order_id = ${orderId}`,
  );
}
