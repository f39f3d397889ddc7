import { sql } from 'drizzle-orm';
import type * as sms from '../../../contract/endpoints/sms';
import { reviewMachine } from '../../../contract/machines/added-value';
import { templateVariableCount } from '../../../contract/sms';
import { can } from '../../../contract/state-machine';
import type { Executor } from '../../db/client';
import { queryRows } from '../../db/query';
import { AppError } from '../../http/errors';
import { outbox } from '../payment/tables';
import { SIGN_KIND, TEMPLATE_KIND } from './sms-outbox';

/**
 * Signatures and templates under the provider's review (reviewMachine): applying writes the row as
 * applied and the outbox row that submits it; the sweep reads the verdict. Changing an approved or
 * rejected one applies again from scratch.
 */

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

interface SignatureRecord extends Record<string, unknown> {
  name: string;
  proof_image: string;
  state: sms.SmsSignature['State'];
  reason: string;
  applied_at: Date | string;
  reviewed_at: Date | string | null;
  version: number;
}

export async function readSignature(db: Executor, siteId: number): Promise<sms.SmsSignature | null> {
  const [row] = await queryRows<SignatureRecord>(
    db,
    sql`select name, proof_image, state, reason, applied_at, reviewed_at, version
          from sms_signatures where site_id = ${siteId}`,
  );
  if (!row) return null;
  return {
    Name: row.name,
    ProofImage: row.proof_image,
    State: row.state,
    Reason: row.reason,
    AppliedAt: iso(row.applied_at)!,
    ReviewedAt: iso(row.reviewed_at),
    Version: row.version,
  };
}

/**
 * Applies for the shop's signature in the caller's transaction: the row (reviewed again from
 * scratch) and the outbox row that submits it with its proof. Refused while a review is under way.
 */
export async function applySignature(
  tx: Executor,
  siteId: number,
  application: { name: string; proofImage: string; proofBytes: Buffer; version?: number },
  now: Date,
): Promise<{ stale: number | null }> {
  const [current] = await queryRows<{ state: string; version: number }>(
    tx,
    sql`select state, version from sms_signatures where site_id = ${siteId} for update`,
  );
  if (current && application.version !== undefined && application.version !== current.version)
    return { stale: current.version };
  if (current && !can(reviewMachine, current.state, 'edit'))
    throw new AppError('addedValue.signatureUnderReview', {}, { field: 'Name' });
  const [saved] = await queryRows<{ version: number }>(
    tx,
    sql`insert into sms_signatures as s (site_id, name, proof_image, state, applied_at)
        values (${siteId}, ${application.name}, ${application.proofImage}, 'applied', ${now})
        on conflict (site_id) do update set name = excluded.name, proof_image = excluded.proof_image,
           state = 'applied', provider_id = null, reason = '', applied_at = excluded.applied_at,
           reviewed_at = null, version = s.version + 1
        returning version`,
  );
  await tx.insert(outbox).values({
    siteId,
    kind: SIGN_KIND,
    idempotencyKey: `${SIGN_KIND}:${siteId}:${saved!.version}`,
    payload: {
      version: saved!.version,
      name: application.name,
      proofImage: application.proofBytes.toString('base64'),
      remark: `site ${siteId}`,
    },
    nextAttemptAt: now,
  });
  return { stale: null };
}

export interface TemplateRecord extends Record<string, unknown> {
  id: number;
  name: string;
  scene: sms.SmsTemplateRow['Scene'];
  content: string;
  provider_id: string | null;
  state: sms.SmsTemplateRow['State'];
  reason: string;
  created_at: Date | string;
  reviewed_at: Date | string | null;
  version: number;
}

export const TEMPLATE_COLUMNS = sql`id, name, scene, content, provider_id, state, reason, created_at, reviewed_at, version`;

export function templateRow(record: TemplateRecord): sms.SmsTemplateRow {
  return {
    Id: record.id,
    Name: record.name,
    Scene: record.scene,
    Content: record.content,
    Variables: templateVariableCount(record.content) ?? 0,
    ProviderTemplateId: record.provider_id ?? '',
    State: record.state,
    Reason: record.reason,
    CreatedAt: iso(record.created_at)!,
    ReviewedAt: iso(record.reviewed_at),
    Version: record.version,
  };
}

export async function readTemplate(
  db: Executor,
  siteId: number,
  id: number,
  field = 'Id',
): Promise<TemplateRecord> {
  const [record] = await queryRows<TemplateRecord>(
    db,
    sql`select ${TEMPLATE_COLUMNS} from sms_templates where id = ${id} and site_id = ${siteId} and not deleted`,
  );
  if (!record) throw new AppError('addedValue.templateNotFound', { id }, { field });
  return record;
}

/**
 * Applies for a template (new) or changes one (reviewed again), with the outbox row that submits
 * it; a marketing template (manual sends) is applied as such.
 */
export async function applyTemplate(
  tx: Executor,
  siteId: number,
  form: sms.SmsTemplateForm,
  now: Date,
): Promise<{ id: number; stale: number | null }> {
  let id: number;
  let version: number;
  if (form.Id === undefined) {
    const [row] = await queryRows<{ id: number }>(
      tx,
      sql`insert into sms_templates (site_id, name, scene, content, created_at, applied_at)
          values (${siteId}, ${form.Name}, ${form.Scene}, ${form.Content}, ${now}, ${now}) returning id`,
    );
    id = row!.id;
    version = 1;
  } else {
    const [current] = await queryRows<TemplateRecord>(
      tx,
      sql`select ${TEMPLATE_COLUMNS} from sms_templates
           where id = ${form.Id} and site_id = ${siteId} and not deleted for update`,
    );
    if (!current) throw new AppError('addedValue.templateNotFound', { id: form.Id }, { field: 'Id' });
    if (current.version !== form.Version) return { id: form.Id, stale: current.version };
    if (!can(reviewMachine, current.state, 'edit'))
      throw new AppError('addedValue.templateUnderReview', { name: current.name }, { field: 'Id' });
    id = form.Id;
    version = current.version + 1;
    await tx.execute(
      sql`update sms_templates set name = ${form.Name}, scene = ${form.Scene}, content = ${form.Content},
                 state = 'applied', provider_id = null, reason = '', applied_at = ${now}, reviewed_at = null,
                 version = ${version}
           where id = ${id}`,
    );
  }
  await tx.insert(outbox).values({
    siteId,
    kind: TEMPLATE_KIND,
    idempotencyKey: `${TEMPLATE_KIND}:${id}:${version}`,
    payload: {
      templateId: id,
      version,
      name: form.Name,
      content: form.Content,
      marketing: form.Scene === 'manual',
      remark: `site ${siteId}`,
    },
    nextAttemptAt: now,
  });
  return { id, stale: null };
}
