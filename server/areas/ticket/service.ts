import { randomInt } from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';
import type { WriteOffKind } from '../../../contract/endpoints/tickets';
import { DEFAULT_TICKET_SETTINGS, ticketValidity } from '../../../contract/goods-kind';
import type { TicketState } from '../../../contract/machines/ticket';
import { shopDateTime } from '../../../contract/shop-time';
import { makeTicketCode, TICKET_CODE_BODY_LENGTH } from '../../../contract/ticket-code';
import type { Session } from '../../auth/session';
import type { Executor } from '../../db/client';
import { queryRows } from '../../db/query';
import { AppError } from '../../http/errors';
import { type Locale, translate } from '../../i18n/messages';
import { ensureMember } from '../customer/service';
import './messages';

/**
 * The ticket area's public service: what the order area calls inside its payment and refund
 * transactions, and the points mall when it delivers a virtual good. Tickets only leave `unused` through UPDATEs guarded by `state = 'unused'`.
 */

export interface TicketOrder {
  id: number;
  siteId: number;
  orderNo: string;
  buyerId: string;
  buyerName: string;
  buyerPhone: string;
  source: 'miniProgram' | 'h5' | 'offline';
}

function randomCode(): string {
  let digits = '';
  for (let index = 0; index < TICKET_CODE_BODY_LENGTH; index += 1) digits += String(randomInt(10));
  return makeTicketCode(digits);
}

/** Whether any line of the order is a virtual good (such an order is all virtual, see placeOrder). */
export async function orderHasTickets(db: Executor, orderId: number): Promise<boolean> {
  const [row] = await queryRows<{ found: boolean }>(
    db,
    sql`select exists (select 1 from order_lines l join products p on p.id = l.product_id
                        where l.order_id = ${orderId} and p.kind = 'virtual') as found`,
  );
  return row?.found ?? false;
}

/**
 * Issues one ticket per unit of each virtual line of a paid order, in the payment's transaction;
 * returns how many. Codes are drawn at random and a clash with an existing code of the site is
 * drawn again.
 */
export async function issueTickets(tx: Executor, order: TicketOrder, paidAt: Date): Promise<number> {
  const lines = await queryRows<{
    line_id: number;
    product_id: number;
    name: string;
    unit_fen: number;
    quantity: number;
    ticket_settings: Parameters<typeof ticketValidity>[0] | null;
  }>(
    tx,
    sql`select l.id as line_id, l.product_id, l.name, l.unit_fen, l.quantity, p.ticket_settings
          from order_lines l join products p on p.id = l.product_id
         where l.order_id = ${order.id} and p.kind = 'virtual' order by l.position`,
  );
  if (lines.length === 0) return 0;
  const memberId = await ensureMember(tx, {
    siteId: order.siteId,
    openId: order.buyerId,
    nickname: order.buyerName,
    mobile: order.buyerPhone,
    source: order.source === 'h5' ? 'h5' : 'miniProgram',
    now: paidAt,
  });
  let issued = 0;
  for (const line of lines) {
    issued += await insertTickets(tx, {
      siteId: order.siteId,
      memberId,
      source: { orderId: order.id, orderLineId: line.line_id, exchangeId: null },
      productId: line.product_id,
      goodsName: line.name,
      unitFen: line.unit_fen,
      quantity: line.quantity,
      settings: line.ticket_settings ?? DEFAULT_TICKET_SETTINGS,
      at: paidAt,
    });
  }
  return issued;
}

/** A points mall exchange of a virtual good, delivered as its tickets. */
export interface TicketExchange {
  id: number;
  siteId: number;
  memberId: number;
  productId: number;
  goodsName: string;
  /** The cash part of one unit (0 for points only): what a ticket is worth in money. */
  unitFen: number;
  quantity: number;
}

/** Issues one ticket per unit of an exchange, with the catalogue good's validity and stores; returns how many. */
export async function issueExchangeTickets(
  tx: Executor,
  exchange: TicketExchange,
  at: Date,
): Promise<number> {
  const [product] = await queryRows<{ ticket_settings: Parameters<typeof ticketValidity>[0] | null }>(
    tx,
    sql`select ticket_settings from products where id = ${exchange.productId} and site_id = ${exchange.siteId}`,
  );
  return insertTickets(tx, {
    siteId: exchange.siteId,
    memberId: exchange.memberId,
    source: { orderId: null, orderLineId: null, exchangeId: exchange.id },
    productId: exchange.productId,
    goodsName: exchange.goodsName,
    unitFen: exchange.unitFen,
    quantity: exchange.quantity,
    settings: product?.ticket_settings ?? DEFAULT_TICKET_SETTINGS,
    at,
  });
}

interface NewTickets {
  siteId: number;
  memberId: number;
  source: { orderId: number | null; orderLineId: number | null; exchangeId: number | null };
  productId: number;
  goodsName: string;
  unitFen: number;
  quantity: number;
  settings: Parameters<typeof ticketValidity>[0];
  at: Date;
}

/** Inserts `quantity` tickets with fresh codes; a code that clashes with one of the site is drawn again. */
async function insertTickets(tx: Executor, batch: NewTickets): Promise<number> {
  const validity = ticketValidity(batch.settings, batch.at);
  const { orderId, orderLineId, exchangeId } = batch.source;
  let missing = batch.quantity;
  let issued = 0;
  while (missing > 0) {
    const codes = Array.from({ length: missing }, randomCode);
    const rows = await queryRows<{ id: number }>(
      tx,
      sql`insert into tickets (site_id, code, member_id, order_id, order_line_id, exchange_id, product_id, goods_name,
                               unit_fen, valid_from, valid_until, store_ids, created_at, updated_at)
          select ${batch.siteId}, code, ${batch.memberId}, ${orderId}, ${orderLineId}, ${exchangeId}, ${batch.productId},
                 ${batch.goodsName}, ${batch.unitFen}, ${validity.from.toISOString()}::timestamptz,
                 ${validity.until.toISOString()}::timestamptz, ${intArray(batch.settings.StoreIds)},
                 ${batch.at.toISOString()}::timestamptz, ${batch.at.toISOString()}::timestamptz
            from unnest(${textArray(codes)}) as code
          on conflict (site_id, code) do nothing
          returning id`,
    );
    missing -= rows.length;
    issued += rows.length;
  }
  return issued;
}

export function intArray(values: readonly number[]): SQL {
  return values.length === 0
    ? sql`'{}'::int[]`
    : sql`array[${sql.join(
        values.map((value) => sql`${value}`),
        sql`, `,
      )}]::int[]`;
}

function textArray(values: readonly string[]): SQL {
  return sql`array[${sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  )}]::text[]`;
}

function yuan(fen: number): string {
  return (fen / 100).toFixed(2);
}

/**
 * Used tickets are not refunded: a refund may take at most what is paid and not refunded, less
 * the price of the order's used tickets. Throws naming `field` when `amountFen` is more.
 */
export async function requireTicketRefund(
  tx: Executor,
  order: { id: number; paidFen: number; refundedFen: number },
  amountFen: number,
  field: string,
): Promise<void> {
  const [used] = await queryRows<{ count: number; fen: number }>(
    tx,
    sql`select count(*)::int as count, coalesce(sum(unit_fen), 0)::int as fen
          from tickets where order_id = ${order.id} and state = 'used'`,
  );
  if (!used || used.count === 0) return;
  const max = Math.max(0, order.paidFen - order.refundedFen - used.fen);
  if (amountFen > max) {
    throw new AppError('ticket.refundBlockedByUsed', { count: used.count, max: yuan(max) }, { field });
  }
}

/**
 * A refund of `amountFen` went back to the buyer: unused tickets worth it are refunded, dearest
 * first, each only when the refund covers its whole price; when the order closes every unused one
 * is. Returns how many tickets were refunded.
 */
export async function refundTickets(
  tx: Executor,
  order: { id: number },
  amountFen: number,
  closing: boolean,
  now: Date,
): Promise<number> {
  const unused = await queryRows<{ id: number; unit_fen: number }>(
    tx,
    sql`select id, unit_fen from tickets where order_id = ${order.id} and state = 'unused'
         order by unit_fen desc, id for update`,
  );
  let left = amountFen;
  const chosen = unused.filter((ticket) => {
    if (closing) return true;
    if (ticket.unit_fen > left) return false;
    left -= ticket.unit_fen;
    return true;
  });
  if (chosen.length === 0) return 0;
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`update tickets set state = 'refunded', end_reason = 'refunded', ended_at = ${now.toISOString()}::timestamptz,
               version = version + 1, updated_at = now()
         where id = any(${intArray(chosen.map((ticket) => ticket.id))}) and state = 'unused'
         returning id`,
  );
  return rows.length;
}

/** The expiry sweep: unused tickets past their validity expire, once, from any instance. */
export async function expireTickets(db: Executor, now: Date): Promise<number> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`update tickets set state = 'expired', end_reason = 'expired', ended_at = valid_until,
               version = version + 1, updated_at = now()
         where state = 'unused' and valid_until <= ${now.toISOString()}::timestamptz
         returning id`,
  );
  return rows.length;
}

export interface Verifier {
  kind: 'member' | 'account';
  memberId: number | null;
  accountId: number | null;
  name: string;
}

export interface WrittenOff {
  writeOffId: number;
  ticketId: number;
  code: string;
  goodsName: string;
  memberName: string;
  usedAt: Date;
}

interface TicketFacts extends Record<string, unknown> {
  id: number;
  state: TicketState;
  valid_from: Date | string;
  valid_until: Date | string;
  store_ids: number[];
  used_at: Date | string | null;
}

function shopClock(value: Date | string): string {
  return shopDateTime(new Date(value)).slice(0, 16);
}

/** Why the guarded write-off changed nothing, read after it. */
async function refusal(
  tx: Executor,
  siteId: number,
  code: string,
  storeId: number,
  now: Date,
  locale: Locale,
): Promise<AppError> {
  const [ticket] = await queryRows<TicketFacts>(
    tx,
    sql`select id, state, valid_from, valid_until, store_ids, used_at from tickets
         where site_id = ${siteId} and code = ${code}`,
  );
  if (!ticket) return new AppError('ticket.codeUnknown', { code }, { field: 'Code' });
  if (ticket.state === 'used')
    return new AppError('ticket.alreadyUsed', { code, at: shopClock(ticket.used_at!) }, { field: 'Code' });
  if (ticket.state !== 'unused') {
    const state = translate(locale, `ticket.state.${ticket.state}`);
    return new AppError('ticket.notUnused', { code, state }, { field: 'Code' });
  }
  if (new Date(ticket.valid_from) > now)
    return new AppError(
      'ticket.notYetValid',
      { code, from: shopClock(ticket.valid_from) },
      { field: 'Code' },
    );
  if (new Date(ticket.valid_until) <= now)
    return new AppError(
      'ticket.pastValidity',
      { code, until: shopClock(ticket.valid_until) },
      { field: 'Code' },
    );
  if (ticket.store_ids.length > 0 && !ticket.store_ids.includes(storeId))
    return new AppError('ticket.wrongStore', { code }, { field: 'StoreId' });
  return new AppError('ticket.refundPending', { code }, { field: 'Code' });
}

/**
 * Writes a ticket off by its code at a store: one guarded UPDATE, so of two verifiers scanning the
 * same code one succeeds and the other is told it was already used. Appends the write-off row.
 */
export async function writeOffCode(
  tx: Executor,
  siteId: number,
  code: string,
  storeId: number,
  verifier: Verifier,
  now: Date,
  locale: Locale,
): Promise<WrittenOff> {
  const [ticket] = await queryRows<{ id: number; code: string; goods_name: string; member_name: string }>(
    tx,
    sql`update tickets t set state = 'used', used_at = ${now.toISOString()}::timestamptz, used_store_id = ${storeId},
               version = t.version + 1, updated_at = now()
          from members m
         where t.site_id = ${siteId} and t.code = ${code} and t.state = 'unused' and m.id = t.member_id
           and t.valid_from <= ${now.toISOString()}::timestamptz and t.valid_until > ${now.toISOString()}::timestamptz
           and (cardinality(t.store_ids) = 0 or ${storeId} = any(t.store_ids))
           and not exists (select 1 from orders o where o.id = t.order_id and o.refund_state in ('requested', 'approved'))
         returning t.id, t.code, t.goods_name, coalesce(nullif(m.nickname, ''), m.member_no) as member_name`,
  );
  if (!ticket) throw await refusal(tx, siteId, code, storeId, now, locale);
  const writeOffId = await recordWriteOff(tx, {
    siteId,
    kind: 'ticket',
    referenceId: ticket.id,
    reference: ticket.code,
    title: ticket.goods_name,
    memberName: ticket.member_name,
    storeId,
    verifier,
    at: now,
  });
  return {
    writeOffId,
    ticketId: ticket.id,
    code: ticket.code,
    goodsName: ticket.goods_name,
    memberName: ticket.member_name,
    usedAt: now,
  };
}

/**
 * Appends the write-off log's row for something written off (a ticket here, an offline coupon
 * code by the marketing area), in the caller's transaction; the unique key refuses a second row for
 * the same thing. Returns its id.
 */
export async function recordWriteOff(
  tx: Executor,
  entry: {
    siteId: number;
    kind: WriteOffKind;
    referenceId: number;
    reference: string;
    title: string;
    memberName: string;
    storeId: number;
    verifier: Verifier;
    at: Date;
  },
): Promise<number> {
  const { verifier } = entry;
  const [row] = await queryRows<{ id: number }>(
    tx,
    sql`insert into write_offs (site_id, kind, reference_id, reference, title, member_name, store_id,
                                verifier_kind, verifier_member_id, account_id, verifier_name, created_at)
        values (${entry.siteId}, ${entry.kind}, ${entry.referenceId}, ${entry.reference}, ${entry.title},
                ${entry.memberName}, ${entry.storeId}, ${verifier.kind}, ${verifier.memberId}, ${verifier.accountId},
                ${verifier.name}, ${entry.at.toISOString()}::timestamptz)
        returning id`,
  );
  return Number(row!.id);
}

/** A live store of the site, or refused naming the field. */
export async function requireStore(
  db: Executor,
  siteId: number,
  storeId: number,
  field: string,
): Promise<number> {
  const [store] = await queryRows<{ id: number }>(
    db,
    sql`select id from stores where id = ${storeId} and site_id = ${siteId} and deleted = false`,
  );
  if (!store) throw new AppError('ticket.storeUnknown', { id: storeId }, { field });
  return store.id;
}

/** Where an operator writes off: a store account at its own store (as one of its verifiers), others where they say. */
export async function operatorStore(
  db: Executor,
  session: Pick<Session, 'siteId' | 'accountId' | 'isStore' | 'storeId'>,
  requested: number | undefined,
): Promise<number> {
  if (session.isStore) {
    if (!session.storeId) throw new AppError('ticket.storeNotLinked', {}, { field: 'StoreId' });
    if (requested !== undefined && requested !== session.storeId)
      throw new AppError('ticket.storeUnknown', { id: requested }, { field: 'StoreId' });
    const [verifier] = await queryRows<{ id: number }>(
      db,
      sql`select id from ticket_verifiers
           where site_id = ${session.siteId} and account_id = ${session.accountId} and store_id = ${session.storeId}`,
    );
    if (!verifier) throw new AppError('ticket.notVerifier', {}, { field: 'StoreId' });
    return session.storeId;
  }
  if (requested === undefined) throw new AppError('ticket.storeRequired', {}, { field: 'StoreId' });
  return requireStore(db, session.siteId, requested, 'StoreId');
}

/** The member verifying at a store through the storefront (by their buyer id), or refused. */
export async function memberVerifier(
  tx: Executor,
  siteId: number,
  storeId: number,
  verifierId: string,
): Promise<Verifier> {
  const [member] = await queryRows<{ id: number; name: string }>(
    tx,
    sql`select m.id, coalesce(nullif(m.nickname, ''), m.member_no) as name
          from members m join ticket_verifiers v on v.member_id = m.id and v.store_id = ${storeId}
         where m.site_id = ${siteId} and m.open_id = ${verifierId} and m.status = 'active'`,
  );
  if (!member) throw new AppError('ticket.notVerifier', {}, { field: 'VerifierId' });
  return { kind: 'member', memberId: member.id, accountId: null, name: member.name };
}
