/**
 * The envelope's conventions that need no schema library, so the login route and the HTTP layer can
 * use them without loading zod.
 */

/** Errmsg prefix for a site past its expiry (SPEC §8): `noNormalsite|<aid>`. */
export const EXPIRED_SITE_MARK = 'noNormalsite';

export function expiredSiteMessage(accountId: number): string {
  return `${EXPIRED_SITE_MARK}|${accountId}`;
}

/** The part after '|' of an expired-site Errmsg, or null when the message is not one. */
export function expiredSiteAid(message: string): string | null {
  if (!message.includes(EXPIRED_SITE_MARK)) return null;
  const bar = message.indexOf('|');
  return bar === -1 ? '' : message.slice(bar + 1);
}

/**
 * Editable records carry `Version`: a write with a stale one is refused with Errcode -1 and
 * `Errors: [{ Field: 'Version' }]`, so any client can offer to reload.
 */
export const STALE_VERSION_FIELD = 'Version';
