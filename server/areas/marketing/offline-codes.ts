import { randomInt } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { COUPON_CODE_ALPHABET, COUPON_CODE_BODY_LENGTH, makeCouponCode } from '../../../contract/coupon-code';
import { copyValidity } from '../../../contract/coupon-rules';
import { couponMachine, offlineCodeMachine } from '../../../contract/machines/coupon';
import { shopDateTime } from '../../../contract/shop-time';
import { stateLabelKey } from '../../../contract/state-machine';
import type { Executor } from '../../db/client';
import { queryRows } from '../../db/query';
import { AppError } from '../../http/errors';
import { type Locale, translate } from '../../i18n/messages';
import { recordWriteOff, type Verifier } from '../ticket/service';
import { validityOf } from './coupon-records';
import { takeQuantity } from './issue';
import { coupons } from './tables';
import './messages';

/**
 * Offline coupons: batches of codes built for a coupon (each code one unit of its quantity, drawn
 * from the server's secure random source, a clash drawn again), and a code written off at a store
 * exactly once by a guarded UPDATE, its write-off logged in the ticket area's log.
 */

/** Codes inserted per statement. */
const INSERT_CHUNK = 1000;

function randomCode(): string {
  let body = '';
  for (let index = 0; index < COUPON_CODE_BODY_LENGTH; index += 1)
    body += COUPON_CODE_ALPHABET[randomInt(COUPON_CODE_ALPHABET.length)];
  return makeCouponCode(body);
}

export interface Builder {
  siteId: number;
  accountId: number;
  accountName: string;
}

/** Builds `quantity` codes of an offline coupon (a draft or on offer) as one batch. */
export async function buildBatch(
  tx: Executor,
  builder: Builder,
  input: { couponId: number; quantity: number; note: string },
  locale: Locale,
  now: Date,
): Promise<{ batchId: number; count: number }> {
  const [coupon] = await tx
    .select()
    .from(coupons)
    .where(
      and(eq(coupons.id, input.couponId), eq(coupons.siteId, builder.siteId), eq(coupons.deleted, false)),
    );
  const field = { field: 'CouponId' };
  if (!coupon) throw new AppError('coupon.notFound', { id: input.couponId }, field);
  if (coupon.channel !== 'offline')
    throw new AppError('coupon.build.notOffline', { title: coupon.title }, field);
  if (coupon.state !== 'draft' && coupon.state !== 'active') {
    const state = translate(locale, stateLabelKey(couponMachine, coupon.state));
    throw new AppError('coupon.build.notOpen', { title: coupon.title, state }, field);
  }
  const taken = await takeQuantity(tx, builder.siteId, coupon.id, input.quantity, undefined, [
    'draft',
    'active',
  ]);
  if (!taken) {
    const left = coupon.totalQuantity === null ? 0 : coupon.totalQuantity - coupon.issued;
    throw new AppError('coupon.build.soldOut', { title: coupon.title, left }, { field: 'Quantity' });
  }
  const [batch] = await queryRows<{ id: number }>(
    tx,
    sql`insert into offline_coupon_batches (site_id, coupon_id, quantity, note, created_by, created_by_name, created_at)
        values (${builder.siteId}, ${coupon.id}, ${input.quantity}, ${input.note}, ${builder.accountId},
                ${builder.accountName}, ${now.toISOString()}::timestamptz)
        returning id`,
  );
  const window = copyValidity(validityOf(taken), now);
  let missing = input.quantity;
  while (missing > 0) {
    const codes = Array.from({ length: Math.min(missing, INSERT_CHUNK) }, randomCode);
    const rows = await queryRows<{ id: number }>(
      tx,
      sql`insert into offline_coupon_codes (site_id, coupon_id, batch_id, code, valid_from, valid_until, created_at)
          select ${builder.siteId}, ${coupon.id}, ${batch!.id}, code, ${window.from.toISOString()}::timestamptz,
                 ${window.until.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz
            from unnest(array[${sql.join(
              codes.map((code) => sql`${code}`),
              sql`, `,
            )}]::text[]) as code
          on conflict (site_id, code) do nothing
          returning id`,
    );
    missing -= rows.length;
  }
  return { batchId: batch!.id, count: input.quantity };
}

interface CodeFacts extends Record<string, unknown> {
  state: 'unused' | 'used' | 'expired' | 'voided';
  valid_from: Date | string;
  valid_until: Date | string;
  used_at: Date | string | null;
  store_ids: number[];
}

const clock = (value: Date | string) => shopDateTime(new Date(value)).slice(0, 16);

/** Why the guarded write-off changed nothing, read after it. */
async function refusal(
  tx: Executor,
  siteId: number,
  code: string,
  storeId: number,
  now: Date,
  locale: Locale,
): Promise<AppError> {
  const field = { field: 'Code' };
  const [found] = await queryRows<CodeFacts>(
    tx,
    sql`select k.state, k.valid_from, k.valid_until, k.used_at, c.store_ids
          from offline_coupon_codes k join coupons c on c.id = k.coupon_id
         where k.site_id = ${siteId} and k.code = ${code}`,
  );
  if (!found) return new AppError('coupon.code.unknown', { code }, field);
  if (found.state === 'used')
    return new AppError('coupon.code.alreadyUsed', { code, at: clock(found.used_at!) }, field);
  if (found.state !== 'unused') {
    const state = translate(locale, stateLabelKey(offlineCodeMachine, found.state));
    return new AppError('coupon.code.notUnused', { code, state }, field);
  }
  if (new Date(found.valid_from) > now)
    return new AppError('coupon.code.notYetValid', { code, from: clock(found.valid_from) }, field);
  if (new Date(found.valid_until) <= now)
    return new AppError('coupon.code.pastValidity', { code, until: clock(found.valid_until) }, field);
  if (found.store_ids.length > 0 && !found.store_ids.includes(storeId))
    return new AppError('coupon.code.wrongStore', { code }, { field: 'StoreId' });
  return new AppError('coupon.code.unknown', { code }, field);
}

export interface WrittenOffCode {
  writeOffId: number;
  code: string;
  title: string;
  usedAt: Date;
}

/**
 * Writes a code off at a store: one guarded UPDATE (… where state = 'unused'), so of two verifiers
 * scanning the same card one succeeds and the other is told it was already used; then its row in
 * the write-off log, in the same transaction.
 */
export async function writeOffOfflineCode(
  tx: Executor,
  siteId: number,
  code: string,
  storeId: number,
  verifier: Verifier,
  now: Date,
  locale: Locale,
): Promise<WrittenOffCode> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const [used] = await queryRows<{ id: number; code: string; title: string }>(
    tx,
    sql`update offline_coupon_codes k set state = 'used', used_at = ${at}, used_store_id = ${storeId},
               version = k.version + 1
          from coupons c
         where k.site_id = ${siteId} and k.code = ${code} and k.state = 'unused' and c.id = k.coupon_id
           and k.valid_from <= ${at} and k.valid_until > ${at}
           and (cardinality(c.store_ids) = 0 or ${storeId} = any(c.store_ids))
         returning k.id, k.code, c.title`,
  );
  if (!used) throw await refusal(tx, siteId, code, storeId, now, locale);
  const writeOffId = await recordWriteOff(tx, {
    siteId,
    kind: 'coupon',
    referenceId: used.id,
    reference: used.code,
    title: used.title,
    memberName: '',
    storeId,
    verifier,
    at: now,
  });
  return { writeOffId, code: used.code, title: used.title, usedAt: now };
}
