import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { componentNotify, messageNotify } from '../../../contract/endpoints/mini-program';
import type { Config } from '../../config';
import { defineRoute } from '../../http/route';
import { parseFlatXml } from '../../http/xml';
import { type AuditEvent, applyAuditEvent, revokeAuthorizer } from '../mini-program/service';
import { receiveCustomerMessage } from '../wechat-messages/service';
import { decryptMessage, messageSignature, signatureMatches } from './message-crypto';
import { authorizedSite, storeVerifyTicket } from './service';

const pushQuery = z.object({
  timestamp: z.string().regex(/^\d{1,12}$/),
  nonce: z.string().min(1).max(64),
  msg_signature: z.string().regex(/^[0-9a-f]{40}$/),
});

/**
 * The event inside a push, when the platform is configured, the signature over the Encrypt text holds
 * and it opens for our platform's app id; null after answering the refusal.
 */
function openPush(
  config: Config,
  request: FastifyRequest,
  reply: FastifyReply,
  encrypt: string,
): Record<string, string> | null {
  const platform = config.wechatPlatform;
  if (!platform) {
    reply.code(404).type('text/plain').send('the WeChat platform is not configured');
    return null;
  }
  const query = pushQuery.safeParse(request.query);
  const opened =
    query.success &&
    signatureMatches(
      messageSignature(platform.token, query.data.timestamp, query.data.nonce, encrypt),
      query.data.msg_signature,
    )
      ? decryptMessage(platform.aesKey, encrypt)
      : null;
  const event = opened && opened.appId === platform.appId ? parseFlatXml(opened.message) : null;
  if (!event) {
    request.log.warn('WeChat push refused: bad signature or encryption');
    reply.code(401).type('text/plain').send('invalid signature');
    return null;
  }
  return event;
}

/** WeChat waits for exactly this text; anything else makes it push again. */
function success(reply: FastifyReply) {
  reply.type('text/plain').send('success');
  return undefined;
}

const AUDIT_EVENTS = new Set<string>(['weapp_audit_success', 'weapp_audit_fail', 'weapp_audit_delay']);

export const wechatPlatformRoutes = [
  defineRoute(componentNotify, async ({ db, config, request, reply, input }) => {
    const event = openPush(config, request, reply, input.Encrypt);
    if (!event) return undefined;
    if (event.InfoType === 'component_verify_ticket' && event.ComponentVerifyTicket) {
      const at = new Date(Number(event.CreateTime ?? 0) * 1000);
      await storeVerifyTicket(db, config.wechatPlatform!.appId, event.ComponentVerifyTicket, at);
    } else if (event.InfoType === 'unauthorized' && event.AuthorizerAppid) {
      await revokeAuthorizer(db, 'wechat', event.AuthorizerAppid);
    }
    return success(reply);
  }),

  defineRoute(messageNotify, async ({ db, config, request, reply, input }) => {
    const event = openPush(config, request, reply, input.Encrypt);
    if (!event) return undefined;
    const appId = String((request.query as Record<string, unknown>).appid ?? '');
    const siteId = appId ? await authorizedSite(db, appId) : null;
    // A push for a mini-program no shop has authorised (revoked since) has nobody to act for.
    if (siteId === null) {
      request.log.warn({ appId }, 'WeChat push for a mini-program not authorised here');
      return success(reply);
    }
    if (event.MsgType === 'event' && AUDIT_EVENTS.has(event.Event ?? '')) {
      const outcome = await applyAuditEvent(db, {
        provider: 'wechat',
        appId,
        event: event.Event as AuditEvent,
        reason: event.Reason ?? '',
        dedupeKey: `${appId}:${event.ToUserName ?? ''}:${event.CreateTime ?? ''}:${event.Event}`,
      });
      request.log.info({ appId, event: event.Event, outcome }, 'WeChat audit push');
    } else if (event.MsgType !== 'event') {
      await receiveCustomerMessage(db, siteId, event);
    }
    return success(reply);
  }),
];
