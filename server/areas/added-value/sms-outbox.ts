import { sql } from 'drizzle-orm';
import type { SmsProviderConfig } from '../../config';
import type { Database } from '../../db/client';
import { queryRows } from '../../db/query';
import { type DrainCounts, drainOutboxKinds, type OutboxHandler, OutboxRefusal } from '../payment/service';
import { sandboxSms } from './sandbox-sms';
import { giveBackParts } from './sms-balance';
import { type SmsProvider, SmsProviderError } from './sms-provider';
import { SEND_KIND } from './sms-sending';
import { tencentSms } from './tencent-sms';

/** Outbox kinds of applications for review. */
export const SIGN_KIND = 'sms.sign';
export const TEMPLATE_KIND = 'sms.template';
/** Verdicts asked per call (the provider's limit on ids per DescribeSms…List). */
const REVIEW_BATCH = 100;

/** Tencent Cloud SMS when the platform's account is configured, the sandbox otherwise. */
export function smsProviderOf(config: SmsProviderConfig | undefined): SmsProvider {
  return config ? tencentSms(config) : sandboxSms();
}

/** A provider's refusal that no retry changes fails the row at once; anything else is retried. */
async function asOutboxCall<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof SmsProviderError && !error.retry)
      throw new OutboxRefusal(`${error.code}: ${error.message}`);
    throw error;
  }
}

interface SendRecord extends Record<string, unknown> {
  mobile: string;
  sign_name: string;
  provider_template_id: string;
  params: string[];
  content: string;
  scene: string;
}

function sendHandler(db: Database, provider: SmsProvider): OutboxHandler {
  return {
    async send(row, now) {
      const sendId = Number(row.payload.sendId);
      const [record] = await queryRows<SendRecord>(
        db,
        sql`select mobile, sign_name, provider_template_id, params, content, scene
              from sms_sends where id = ${sendId} and state = 'queued'`,
      );
      if (!record) throw new OutboxRefusal(`message ${sendId} is not waiting to be sent`);
      const accepted = await asOutboxCall(() =>
        provider.send(
          {
            mobile: record.mobile,
            signName: record.sign_name,
            templateId: record.provider_template_id,
            params: record.params,
            sessionContext: row.idempotency_key,
            text: record.content,
          },
          now,
        ),
      );
      return { MessageId: accepted.messageId, Fee: accepted.fee, Provider: provider.name };
    },
    async sent(tx, row, result, now) {
      await tx.execute(
        sql`update sms_sends set state = 'sent', provider_message_id = ${String(result.MessageId)}, sent_at = ${now},
                   params = case when scene = 'verifyCode' then '[]'::jsonb else params end
             where id = ${Number(row.payload.sendId)} and state = 'queued'`,
      );
    },
    async failed(tx, row, error, now) {
      const [failed] = await queryRows<{ site_id: number; parts: number }>(
        tx,
        sql`update sms_sends set state = 'failed', error = ${error}, failed_at = ${now},
                   params = case when scene = 'verifyCode' then '[]'::jsonb else params end
             where id = ${Number(row.payload.sendId)} and state = 'queued'
         returning site_id, parts`,
      );
      if (failed) await giveBackParts(tx, failed.site_id, Number(row.payload.sendId), failed.parts);
    },
  };
}

function signHandler(provider: SmsProvider): OutboxHandler {
  return {
    send: async (row, now) => {
      const payload = row.payload as { name: string; proofImage: string; remark: string };
      const applied = await asOutboxCall(() => provider.applySign(payload, now));
      return { ProviderId: applied.providerId, Provider: provider.name };
    },
    async sent(tx, row, result) {
      // A newer application (a later version) replaces this one: only the version sent takes the id.
      await tx.execute(
        sql`update sms_signatures set provider_id = ${String(result.ProviderId)}
             where site_id = ${row.site_id} and version = ${Number(row.payload.version)} and state = 'applied'`,
      );
    },
    async failed(tx, row, error, now) {
      await tx.execute(
        sql`update sms_signatures set state = 'rejected', reason = ${error}, reviewed_at = ${now}
             where site_id = ${row.site_id} and version = ${Number(row.payload.version)} and state = 'applied'`,
      );
    },
  };
}

function templateHandler(provider: SmsProvider): OutboxHandler {
  return {
    send: async (row, now) => {
      const payload = row.payload as { name: string; content: string; marketing: boolean; remark: string };
      const applied = await asOutboxCall(() => provider.applyTemplate(payload, now));
      return { ProviderId: applied.providerId, Provider: provider.name };
    },
    async sent(tx, row, result) {
      await tx.execute(
        sql`update sms_templates set provider_id = ${String(result.ProviderId)}
             where id = ${Number(row.payload.templateId)} and version = ${Number(row.payload.version)}
               and state = 'applied'`,
      );
    },
    async failed(tx, row, error, now) {
      await tx.execute(
        sql`update sms_templates set state = 'rejected', reason = ${error}, reviewed_at = ${now}
             where id = ${Number(row.payload.templateId)} and version = ${Number(row.payload.version)}
               and state = 'applied'`,
      );
    },
  };
}

/** Messages sent per sweep: a shipping day's messages go out within a few sweeps. */
const SEND_BATCH = 200;

/** Sends queued messages and applications through the provider. */
export function drainSms(db: Database, now: Date, provider: SmsProvider): Promise<DrainCounts> {
  return drainOutboxKinds(
    db,
    now,
    {
      [SEND_KIND]: sendHandler(db, provider),
      [SIGN_KIND]: signHandler(provider),
      [TEMPLATE_KIND]: templateHandler(provider),
    },
    SEND_BATCH,
  );
}

/**
 * Reads the provider's verdicts on what waits for review and applies them with guarded updates
 * (still applied, same provider id), so a verdict read twice, or by two instances, lands once.
 */
export async function pollReviews(db: Database, now: Date, provider: SmsProvider): Promise<number> {
  let changed = 0;
  for (const kind of ['sign', 'template'] as const) {
    const waiting = await queryRows<{ provider_id: string; text: string }>(
      db,
      kind === 'sign'
        ? sql`select provider_id, name as text from sms_signatures
               where state = 'applied' and provider_id is not null order by applied_at limit ${REVIEW_BATCH}`
        : sql`select provider_id, content as text from sms_templates
               where state = 'applied' and provider_id is not null and not deleted
               order by applied_at limit ${REVIEW_BATCH}`,
    );
    if (waiting.length === 0) continue;
    const verdicts = await provider.reviews(
      kind,
      waiting.map((row) => ({ providerId: row.provider_id, text: row.text })),
      now,
    );
    for (const verdict of verdicts.filter((entry) => entry.state !== 'applied')) {
      const table = kind === 'sign' ? sql`sms_signatures` : sql`sms_templates`;
      const rows = await queryRows<{ provider_id: string }>(
        db,
        sql`update ${table} set state = ${verdict.state}, reason = ${verdict.reason}, reviewed_at = ${now}
             where provider_id = ${verdict.providerId} and state = 'applied' returning provider_id`,
      );
      changed += rows.length;
    }
  }
  return changed;
}
