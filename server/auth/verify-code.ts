import { randomBytes } from 'node:crypto';
import { eq, lt, sql } from 'drizzle-orm';
import svgCaptcha from 'svg-captcha';
import type { Database } from '../db/client';
import { verifyCodes } from '../db/schema';

export const VERIFY_CODE_COOKIE = 'verify_code_id';
export const VERIFY_CODE_TTL_MS = 5 * 60 * 1000;
// The package's default export also draws a given text, which its types leave out.
const drawText = svgCaptcha as unknown as (text: string, options: svgCaptcha.ConfigObject) => string;

/** Letters and digits that cannot be mistaken for one another. */
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghjkmnpqrstuvwxyz23456789';

export interface IssuedCode {
  id: string;
  svg: string;
}

/** Makes a new 5-character code image and keeps its answer server-side, tied to `id`. */
export async function issueVerifyCode(db: Database, fixedAnswer?: string): Promise<IssuedCode> {
  const captcha = fixedAnswer
    ? { text: fixedAnswer, data: drawText(fixedAnswer, { noise: 2, color: true, width: 120, height: 40 }) }
    : svgCaptcha.create({ size: 5, charPreset: ALPHABET, noise: 2, color: true, width: 120, height: 40 });
  const id = randomBytes(18).toString('base64url');
  await db.delete(verifyCodes).where(lt(verifyCodes.expiresAt, sql`now()`));
  await db
    .insert(verifyCodes)
    .values({ id, answer: captcha.text, expiresAt: new Date(Date.now() + VERIFY_CODE_TTL_MS) });
  return { id, svg: captcha.data };
}

/** Checks and uses up the code: whatever the outcome, the same id never answers twice. */
export async function consumeVerifyCode(
  db: Database,
  id: string | undefined,
  answer: string,
): Promise<boolean> {
  if (!id) return false;
  const [row] = await db.delete(verifyCodes).where(eq(verifyCodes.id, id)).returning();
  if (!row || row.expiresAt.getTime() < Date.now()) return false;
  return row.answer.toLowerCase() === answer.trim().toLowerCase();
}
