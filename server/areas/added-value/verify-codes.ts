import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import {
  VERIFY_CODE_ATTEMPTS,
  VERIFY_CODE_DAILY_LIMIT,
  VERIFY_CODE_HOURLY_PER_ADDRESS,
  VERIFY_CODE_MINUTES,
  VERIFY_CODE_RESEND_SECONDS,
} from '../../../contract/endpoints/sms';
import type { Database } from '../../db/client';
import { queryRows } from '../../db/query';
import { AppError } from '../../http/errors';
import { countAttempt } from '../../http/rate-limit';
import { queueMessage } from './sms-sending';

/**
 * Storefront verification codes: six digits sent with the shop's approved verification template,
 * kept only as a hash, good once within their minutes and tries. Sending is limited per mobile and
 * per client address in the database's rate-limit windows, so every instance counts together.
 */

function codeHash(siteId: number, mobile: string, code: string): Buffer {
  return createHash('sha256').update(`${siteId}:${mobile}:${code}`).digest();
}

async function limit(db: Database, key: string, count: number, windowMs: number, message: string) {
  const decision = await countAttempt(db, key, count, windowMs);
  if (!decision.allowed) {
    const seconds = Math.ceil(decision.retryAfterMs / 1000);
    throw new AppError(message, { seconds }, { status: 429, field: 'Mobile' });
  }
}

export async function sendVerifyCode(
  db: Database,
  siteId: number,
  mobile: string,
  address: string,
  now: Date,
): Promise<{ ExpiresInSeconds: number; ResendInSeconds: number }> {
  await limit(
    db,
    `sms-code|${siteId}|${mobile}`,
    1,
    VERIFY_CODE_RESEND_SECONDS * 1000,
    'addedValue.codeTooSoon',
  );
  await limit(
    db,
    `sms-code-day|${siteId}|${mobile}`,
    VERIFY_CODE_DAILY_LIMIT,
    24 * 3600_000,
    'addedValue.codeDailyLimit',
  );
  await limit(
    db,
    `sms-code-address|${siteId}|${address}`,
    VERIFY_CODE_HOURLY_PER_ADDRESS,
    3600_000,
    'addedValue.codeTooMany',
  );
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await db.transaction(async (tx) => {
    await tx.execute(
      sql`insert into sms_verify_codes (site_id, mobile, code_hash, expires_at, created_at)
          values (${siteId}, ${mobile}, ${codeHash(siteId, mobile, code).toString('hex')},
                  ${new Date(now.getTime() + VERIFY_CODE_MINUTES * 60_000)}, ${now})`,
    );
    const outcome = await queueMessage(
      tx,
      {
        siteId,
        scene: 'verifyCode',
        mobile,
        values: [code, String(VERIFY_CODE_MINUTES)],
        reference: 'storefront',
      },
      now,
    );
    // The shop cannot send codes now: nothing of this attempt stays.
    if (!outcome.ok) throw new AppError('addedValue.codeUnavailable', {}, { field: 'Mobile' });
  });
  return { ExpiresInSeconds: VERIFY_CODE_MINUTES * 60, ResendInSeconds: VERIFY_CODE_RESEND_SECONDS };
}

type CheckOutcome = 'valid' | 'none' | 'spent' | { wrong: number };

export async function checkVerifyCode(
  db: Database,
  siteId: number,
  mobile: string,
  code: string,
  now: Date,
): Promise<void> {
  const outcome = await db.transaction(async (tx): Promise<CheckOutcome> => {
    const [row] = await queryRows<{ id: number; code_hash: string; attempts: number }>(
      tx,
      sql`select id, code_hash, attempts from sms_verify_codes
           where site_id = ${siteId} and mobile = ${mobile} and used_at is null and expires_at > ${now}
           order by created_at desc, id desc limit 1 for update`,
    );
    if (!row) return 'none';
    if (row.attempts >= VERIFY_CODE_ATTEMPTS) return 'spent';
    if (timingSafeEqual(Buffer.from(row.code_hash, 'hex'), codeHash(siteId, mobile, code))) {
      await tx.execute(sql`update sms_verify_codes set used_at = ${now} where id = ${row.id}`);
      return 'valid';
    }
    // Counted in a committed transaction before the refusal, so wrong guesses use tries up.
    await tx.execute(sql`update sms_verify_codes set attempts = attempts + 1 where id = ${row.id}`);
    return { wrong: VERIFY_CODE_ATTEMPTS - row.attempts - 1 };
  });
  if (outcome === 'valid') return;
  if (outcome === 'none') throw new AppError('addedValue.codeNone', {}, { field: 'Code' });
  if (outcome === 'spent') throw new AppError('addedValue.codeSpent', {}, { field: 'Code' });
  throw new AppError('addedValue.codeWrong', { left: outcome.wrong }, { field: 'Code' });
}
