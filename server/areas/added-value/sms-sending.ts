import { sql } from 'drizzle-orm';
import { renderTemplate, type SmsScene, smsParts, smsText } from '../../../contract/sms';
import type { Executor } from '../../db/client';
import { queryRows } from '../../db/query';
import { outbox } from '../payment/tables';
import { logSend, takeParts } from './sms-balance';

/** The outbox kind of one message to one mobile. */
export const SEND_KIND = 'sms.send';

export interface MessageRequest {
  siteId: number;
  scene: SmsScene;
  mobile: string;
  /** The template's variables, {1} first. */
  values: readonly string[];
  /** What sent it, shown in the records: an order number, a booking, an operator. */
  reference: string;
  /** A manual send names its template; automatic scenes use the newest approved one of the scene. */
  templateId?: number;
  createdBy?: number | null;
}

export type QueueOutcome =
  | { ok: true; sendId: number; parts: number; balance: number }
  | { ok: false; reason: 'noSignature' | 'noTemplate' }
  | { ok: false; reason: 'balance'; parts: number };

interface Template extends Record<string, unknown> {
  id: number;
  content: string;
  provider_id: string;
}

/** The shop's approved signature, or null. */
export async function approvedSignature(tx: Executor, siteId: number): Promise<string | null> {
  const [row] = await queryRows<{ name: string }>(
    tx,
    sql`select name from sms_signatures where site_id = ${siteId} and state = 'approved'`,
  );
  return row?.name ?? null;
}

async function templateFor(tx: Executor, request: MessageRequest): Promise<Template | null> {
  const chosen = request.templateId === undefined ? sql`true` : sql`id = ${request.templateId}`;
  const [row] = await queryRows<Template>(
    tx,
    sql`select id, content, provider_id from sms_templates
         where site_id = ${request.siteId} and scene = ${request.scene} and state = 'approved'
           and not deleted and provider_id is not null and ${chosen}
         order by reviewed_at desc nulls last, id desc limit 1`,
  );
  return row ?? null;
}

/** A verification code is never shown to operators: the records keep it masked. */
function shownValues(request: MessageRequest): readonly string[] {
  if (request.scene !== 'verifyCode') return request.values;
  return request.values.map((value, index) => (index === 0 ? '*'.repeat(value.length) : value));
}

/**
 * Queues one message in the caller's transaction: the balance loses its parts by a guarded
 * statement, the message's row and its ledger row are written, and the outbox row that the sweep
 * sends. Nothing leaves the process here.
 */
export async function queueMessage(tx: Executor, request: MessageRequest, now: Date): Promise<QueueOutcome> {
  const signName = await approvedSignature(tx, request.siteId);
  if (signName === null) return { ok: false, reason: 'noSignature' };
  const template = await templateFor(tx, request);
  if (!template) return { ok: false, reason: 'noTemplate' };
  const parts = smsParts(smsText(signName, renderTemplate(template.content, request.values)));
  const balance = await takeParts(tx, request.siteId, parts);
  if (balance === null) return { ok: false, reason: 'balance', parts };
  const [send] = await queryRows<{ id: number }>(
    tx,
    sql`insert into sms_sends (site_id, mobile, scene, template_id, sign_name, provider_template_id, params,
                               content, parts, reference, created_by, created_at)
        values (${request.siteId}, ${request.mobile}, ${request.scene}, ${template.id}, ${signName},
                ${template.provider_id}, ${JSON.stringify(request.values)}::jsonb,
                ${smsText(signName, renderTemplate(template.content, shownValues(request)))}, ${parts},
                ${request.reference}, ${request.createdBy ?? null}, ${now})
        returning id`,
  );
  await logSend(tx, request.siteId, send!.id, parts, balance);
  await tx.insert(outbox).values({
    siteId: request.siteId,
    kind: SEND_KIND,
    idempotencyKey: `${SEND_KIND}:${send!.id}`,
    payload: { sendId: send!.id },
    nextAttemptAt: now,
  });
  return { ok: true, sendId: send!.id, parts, balance };
}

/**
 * Queues a message the shop did not ask for there and then (an order shipped, a booking reminder):
 * a shop without the scene's template sends nothing; one short of balance gets a failed record
 * saying so, so the operator sees why the buyer heard nothing.
 */
export async function queueAutomaticMessage(
  tx: Executor,
  request: MessageRequest,
  now: Date,
): Promise<QueueOutcome> {
  const outcome = await queueMessage(tx, request, now);
  if (outcome.ok || outcome.reason !== 'balance') return outcome;
  const signName = (await approvedSignature(tx, request.siteId))!;
  const template = (await templateFor(tx, request))!;
  await tx.execute(
    sql`insert into sms_sends (site_id, mobile, scene, template_id, sign_name, provider_template_id, params,
                               content, parts, state, error, reference, created_at, failed_at)
        values (${request.siteId}, ${request.mobile}, ${request.scene}, ${template.id}, ${signName},
                ${template.provider_id}, '[]'::jsonb,
                ${smsText(signName, renderTemplate(template.content, shownValues(request)))}, ${outcome.parts},
                'failed', ${BALANCE_SHORT}, ${request.reference}, ${now}, ${now})`,
  );
  return outcome;
}

/** The error of a message not sent for want of balance (the records screen translates it). */
export const BALANCE_SHORT = 'BALANCE_SHORT';
