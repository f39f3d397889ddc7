import { hash, randomBytes } from 'node:crypto';

/** An opaque random token for the caller; only its hash is stored. */
export function newToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}

export function hashToken(token: string): string {
  // The one-shot hash: every authenticated call hashes its token, and a Hash object costs more.
  return hash('sha256', token, 'hex');
}

export const SESSION_IDLE_MS = 2 * 60 * 60 * 1000;
export const SESSION_ABSOLUTE_MS = 7 * 24 * 60 * 60 * 1000;
/** last_seen_at is written at most this often, so reads do not all become writes. */
export const SESSION_TOUCH_MS = 60 * 1000;
