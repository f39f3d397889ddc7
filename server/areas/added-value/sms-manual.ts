import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { MAX_SMS_AUDIENCE, type sendSmsSchema } from '../../../contract/endpoints/sms';
import { renderTemplate, smsParts, smsText, templateVariableCount } from '../../../contract/sms';
import type { Executor } from '../../db/client';
import { queryRows } from '../../db/query';
import { AppError } from '../../http/errors';
import { readTemplate } from './sms-review';
import { approvedSignature, queueMessage } from './sms-sending';

export type ManualSend = z.infer<typeof sendSmsSchema>;

export interface Operator {
  siteId: number;
  accountId: number;
  userName: string;
}

/** The reachable members of the site: active, with a mainland mobile. */
const reachable = (siteId: number) =>
  sql`m.site_id = ${siteId} and m.status = 'active' and m.mobile ~ '^1[3-9][0-9]{9}$'`;

/** The mobiles of a manual send's audience, each once, with how the records name the audience. */
async function audienceMobiles(
  tx: Executor,
  siteId: number,
  input: ManualSend,
): Promise<{ mobiles: string[]; label: string }> {
  if (input.AudienceKind === 'grade') {
    const [grade] = await queryRows<{ name: string }>(
      tx,
      sql`select name from member_grades where id = ${input.GradeId!} and site_id = ${siteId}`,
    );
    if (!grade) throw new AppError('addedValue.gradeNotFound', { id: input.GradeId! }, { field: 'GradeId' });
    const rows = await queryRows<{ mobile: string }>(
      tx,
      sql`select distinct m.mobile from members m
           where ${reachable(siteId)} and m.grade_id = ${input.GradeId!} order by m.mobile`,
    );
    return { mobiles: rows.map((row) => row.mobile), label: grade.name };
  }
  const rows = await queryRows<{ mobile: string }>(
    tx,
    sql`select distinct m.mobile from members m
         where ${reachable(siteId)} and ${input.Tag!} = any(m.tags) order by m.mobile`,
  );
  return { mobiles: rows.map((row) => row.mobile), label: input.Tag! };
}

/**
 * An operator's message to every reachable member of a tag or grade, in the caller's transaction:
 * each message takes its parts by its own guarded statement, and one that finds the balance short
 * refuses the whole send (the transaction gives back what the others took).
 */
export async function sendManualMessage(
  tx: Executor,
  operator: Operator,
  input: ManualSend,
  now: Date,
): Promise<{ Queued: number; Parts: number; Balance: number; audience: string }> {
  const template = await readTemplate(tx, operator.siteId, input.TemplateId, 'TemplateId');
  if (template.scene !== 'manual' || template.state !== 'approved' || template.provider_id === null)
    throw new AppError('addedValue.templateNotSendable', { name: template.name }, { field: 'TemplateId' });
  const needed = templateVariableCount(template.content) ?? 0;
  if (input.Values.length !== needed)
    throw new AppError('addedValue.valuesCount', { count: needed }, { field: 'Values' });
  const signName = await approvedSignature(tx, operator.siteId);
  if (signName === null) throw new AppError('addedValue.noSignature', {}, { field: 'TemplateId' });
  const audience = await audienceMobiles(tx, operator.siteId, input);
  const field = input.AudienceKind === 'tag' ? 'Tag' : 'GradeId';
  if (audience.mobiles.length === 0) throw new AppError('addedValue.audienceEmpty', {}, { field });
  if (audience.mobiles.length > MAX_SMS_AUDIENCE)
    throw new AppError('addedValue.audienceTooLarge', { max: MAX_SMS_AUDIENCE }, { field });
  const parts = smsParts(smsText(signName, renderTemplate(template.content, input.Values)));
  let balance = 0;
  for (const mobile of audience.mobiles) {
    const outcome = await queueMessage(
      tx,
      {
        siteId: operator.siteId,
        scene: 'manual',
        mobile,
        values: input.Values,
        reference: `${operator.userName} · ${audience.label}`,
        templateId: template.id,
        createdBy: operator.accountId,
      },
      now,
    );
    if (!outcome.ok)
      throw new AppError('addedValue.balanceShort', {
        needed: parts * audience.mobiles.length,
        count: audience.mobiles.length,
      });
    balance = outcome.balance;
  }
  return {
    Queued: audience.mobiles.length,
    Parts: parts * audience.mobiles.length,
    Balance: balance,
    audience: audience.label,
  };
}
