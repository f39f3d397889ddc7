import type { FastifyReply } from 'fastify';
import { ShowType } from '../../contract/envelope';
import { STALE_VERSION_FIELD } from '../../contract/envelope-rules';
import { type AnyMessageKey, type Locale, translate } from '../i18n/messages';

/**
 * Errcode -1 for a save based on an older version: `StaleVersion` and `CurrentVersion` let the
 * editor offer to reload or overwrite, and `Errors` points at the Version field. `message` is the
 * area's own text, given `{yours, current}`.
 */
export function refuseStale(
  reply: FastifyReply,
  refusal: {
    locale: Locale;
    message: AnyMessageKey;
    yours: number;
    current: number;
    showType?: number;
  },
): undefined {
  const { locale, yours, current } = refusal;
  const message = translate(locale, refusal.message, { yours, current });
  reply.code(200).send({
    Errcode: -1,
    Errmsg: message,
    ErrShowType: refusal.showType ?? ShowType.dialog,
    StaleVersion: true,
    CurrentVersion: current,
    Errors: [{ Field: STALE_VERSION_FIELD, Message: message }],
  });
  return undefined;
}
