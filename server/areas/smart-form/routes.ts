import { and, count, desc, eq, gte, ilike, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import * as forms from '../../../contract/endpoints/smart-form';
import { ShowType } from '../../../contract/envelope';
import { dateBound } from '../../../contract/list-query';
import { shopDate, shopDateTime } from '../../../contract/shop-time';
import {
  answerFields,
  answerText,
  type FieldValue,
  type FormDefinition,
  normalizeSubmission,
  type SubmissionError,
  validateSubmission,
} from '../../../contract/smart-form';
import { audit } from '../../audit';
import type { Session } from '../../auth/session';
import type { Database, Executor } from '../../db/client';
import { containsPattern } from '../../db/query';
import { pagedBatches, sendExport } from '../../export/send-export';
import { AppError } from '../../http/errors';
import { defineRoute } from '../../http/route';
import { refuseStale } from '../../http/stale';
import { type Locale, translate } from '../../i18n/messages';
import { storefrontSite } from '../storefront/service';
import './messages';
import { EXPORT_MAX_ROWS } from '../../../contract/scalars';
import { countAttempt } from '../../http/rate-limit';
import { smartFormSubmissions, smartForms } from './tables';

type FormRow = typeof smartForms.$inferSelect;

const target = (id: number) => `smartForm:${id}`;
const SUMMARY_ANSWERS = 3;

function mine(siteId: number, id: number) {
  return and(eq(smartForms.id, id), eq(smartForms.siteId, siteId));
}

async function findForm(db: Executor, siteId: number, id: number): Promise<FormRow> {
  const [row] = await db.select().from(smartForms).where(mine(siteId, id));
  if (!row) throw new AppError('smartForm.notFound', { id }, { field: 'Id' });
  return row;
}

async function submissionCount(db: Executor, formId: number): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(smartFormSubmissions)
    .where(eq(smartFormSubmissions.formId, formId));
  return row?.value ?? 0;
}

function summaryOf(row: FormRow, submissions: number): forms.FormSummary {
  return {
    Id: row.id,
    Name: row.name,
    FieldCount: answerFields(row.definition).length,
    SubmissionCount: submissions,
    Enabled: row.enabled,
    Version: row.version,
    UpdatedAt: row.updatedAt.toISOString(),
  };
}

/** The answers as one line of text, for the keyword filter. */
export function searchText(
  definition: FormDefinition,
  values: Record<string, FieldValue>,
  locale: Locale,
): string {
  const yes = translate(locale, 'smartForm.yes');
  return answerFields(definition)
    .map((field) => (field.type === 'image' ? '' : answerText(field, values[field.id], yes)))
    .filter(Boolean)
    .join(' | ');
}

function refuse(reply: FastifyReply, message: string, extra: Record<string, unknown>): undefined {
  reply.code(200).send({ Errcode: -1, Errmsg: message, ErrShowType: ShowType.toast, ...extra });
  return undefined;
}

/** Errcode -1 naming the first broken rule, with every one in `Errors` by field id, label and rule. */
export function refuseAnswers(
  reply: FastifyReply,
  locale: Locale,
  errors: readonly SubmissionError[],
): undefined {
  const described = errors.map((error) => ({
    Field: error.fieldId,
    Label: error.label,
    Rule: error.rule,
    Message: translate(locale, `smartForm.rule.${error.rule}`, { label: error.label, ...error.params }),
  }));
  const first = described[0]!.Message;
  const detail =
    described.length > 1
      ? translate(locale, 'smartForm.moreProblems', { detail: first, count: described.length - 1 })
      : first;
  return refuse(reply, translate(locale, 'smartForm.invalid', { detail }), { Errors: described });
}

function submissionConditions(
  siteId: number,
  input: { FormId?: number; From?: string; To?: string; Keyword?: string },
) {
  const conditions: SQL[] = [eq(smartFormSubmissions.siteId, siteId)];
  if (input.FormId !== undefined) conditions.push(eq(smartFormSubmissions.formId, input.FormId));
  if (input.From) conditions.push(gte(smartFormSubmissions.createdAt, dateBound(input.From, false)));
  if (input.To) conditions.push(lt(smartFormSubmissions.createdAt, dateBound(input.To, true)));
  if (input.Keyword) conditions.push(ilike(smartFormSubmissions.searchText, containsPattern(input.Keyword)));
  return and(...conditions);
}

async function deleteForm(db: Database, session: Session, id: number) {
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(smartForms).where(mine(session.siteId, id)).for('update');
    if (!row) throw new AppError('smartForm.notFound', { id }, { field: 'Id' });
    const submissions = await submissionCount(tx, id);
    if (submissions > 0)
      throw new AppError('smartForm.hasSubmissions', { name: row.name, count: submissions }, { field: 'Id' });
    await tx.delete(smartForms).where(mine(session.siteId, id));
    await audit(tx, session, 'smartForm.delete', target(id), { name: row.name });
  });
}

export const smartFormRoutes = [
  defineRoute(forms.getFormList, async ({ input, db, session }) => {
    const conditions = [eq(smartForms.siteId, session.siteId)];
    if (input.Name) conditions.push(ilike(smartForms.name, containsPattern(input.Name)));
    const where = and(...conditions);
    const submissions = db
      .select({ formId: smartFormSubmissions.formId, total: count().as('total') })
      .from(smartFormSubmissions)
      .where(eq(smartFormSubmissions.siteId, session.siteId))
      .groupBy(smartFormSubmissions.formId)
      .as('submissions');
    const rows = await db
      .select({ form: smartForms, total: submissions.total })
      .from(smartForms)
      .leftJoin(submissions, eq(submissions.formId, smartForms.id))
      .where(where)
      .orderBy(desc(smartForms.updatedAt), desc(smartForms.id))
      .limit(input.pageSize)
      .offset((input.page - 1) * input.pageSize);
    const [total] = await db.select({ value: count() }).from(smartForms).where(where);
    return { Data: rows.map((row) => summaryOf(row.form, row.total ?? 0)), Total: total?.value ?? 0 };
  }),

  defineRoute(forms.getFormInfo, async ({ input, db, session }) => {
    const row = await findForm(db, session.siteId, input.Id);
    return {
      ...summaryOf(row, await submissionCount(db, row.id)),
      Definition: row.definition,
      Notice: { Enabled: row.noticeEnabled, Emails: row.noticeEmails, Phones: row.noticePhones },
    };
  }),

  defineRoute(forms.addForm, async ({ input, db, session }) => {
    const source =
      input.CopyFromId === undefined ? null : await findForm(db, session.siteId, input.CopyFromId);
    return db.transaction(async (tx) => {
      // One shop adding forms at once must not slip past the limit.
      await tx.execute(sql`select pg_advisory_xact_lock(4307, ${session.siteId}::int)`);
      const [existing] = await tx
        .select({ value: count() })
        .from(smartForms)
        .where(eq(smartForms.siteId, session.siteId));
      if ((existing?.value ?? 0) >= forms.MAX_FORMS_PER_SITE)
        throw new AppError('smartForm.tooMany', { max: forms.MAX_FORMS_PER_SITE });
      const [row] = await tx
        .insert(smartForms)
        .values({
          siteId: session.siteId,
          name: input.Name,
          definition: source?.definition ?? { fields: [] },
          enabled: source?.enabled ?? true,
          noticeEnabled: source?.noticeEnabled ?? false,
          noticeEmails: source?.noticeEmails ?? [],
          noticePhones: source?.noticePhones ?? [],
          createdBy: session.accountId,
          updatedBy: session.accountId,
        })
        .returning();
      await audit(tx, session, 'smartForm.add', target(row!.id), {
        name: input.Name,
        copyOf: source?.id ?? null,
      });
      return { Id: row!.id, Version: row!.version };
    });
  }),

  defineRoute(forms.setForm, async ({ input, db, session }) => {
    const row = await findForm(db, session.siteId, input.Id);
    const after = { name: input.Name ?? row.name, enabled: input.Enabled ?? row.enabled };
    await db
      .update(smartForms)
      .set({ ...after, updatedBy: session.accountId, updatedAt: new Date() })
      .where(mine(session.siteId, input.Id));
    await audit(db, session, 'smartForm.set', target(input.Id), {
      before: { name: row.name, enabled: row.enabled },
      after,
    });
    return {};
  }),

  defineRoute(forms.saveFormDefinition, async ({ input, db, session, locale, reply }) => {
    const saved = await db.transaction(async (tx) => {
      const [row] = await tx.select().from(smartForms).where(mine(session.siteId, input.Id)).for('update');
      if (!row) throw new AppError('smartForm.notFound', { id: input.Id }, { field: 'Id' });
      if (row.version !== input.Version) return { stale: row.version, version: undefined };
      const [updated] = await tx
        .update(smartForms)
        .set({
          definition: input.Definition,
          version: row.version + 1,
          updatedBy: session.accountId,
          updatedAt: new Date(),
        })
        .where(mine(session.siteId, input.Id))
        .returning({ version: smartForms.version });
      await audit(tx, session, 'smartForm.save', target(input.Id), {
        version: updated!.version,
        fields: input.Definition.fields.length,
      });
      return { stale: undefined, version: updated!.version };
    });
    if (saved.stale !== undefined) {
      return refuseStale(reply, {
        locale,
        message: 'smartForm.stale',
        yours: input.Version,
        current: saved.stale,
        showType: ShowType.toast,
      });
    }
    return { Version: saved.version! };
  }),

  defineRoute(forms.delForm, async ({ input, db, session }) => {
    await deleteForm(db, session, input.Id);
    return {};
  }),

  defineRoute(forms.setFormNotice, async ({ input, db, session }) => {
    const row = await findForm(db, session.siteId, input.FormId);
    const after = {
      noticeEnabled: input.Enabled,
      noticeEmails: [...new Set(input.Emails)],
      noticePhones: [...new Set(input.Phones)],
    };
    await db
      .update(smartForms)
      .set({ ...after, updatedBy: session.accountId })
      .where(mine(session.siteId, input.FormId));
    await audit(db, session, 'smartForm.notice', target(input.FormId), {
      before: {
        enabled: row.noticeEnabled,
        emails: row.noticeEmails.length,
        phones: row.noticePhones.length,
      },
      after: {
        enabled: after.noticeEnabled,
        emails: after.noticeEmails.length,
        phones: after.noticePhones.length,
      },
    });
    return {};
  }),

  defineRoute(forms.getFormDataList, async ({ input, db, session }) => {
    if (input.FormId !== undefined) await findForm(db, session.siteId, input.FormId);
    const where = submissionConditions(session.siteId, input);
    const rows = await db
      .select({ submission: smartFormSubmissions, formName: smartForms.name })
      .from(smartFormSubmissions)
      .innerJoin(smartForms, eq(smartForms.id, smartFormSubmissions.formId))
      .where(where)
      .orderBy(
        input.sort === 'createdAt' ? smartFormSubmissions.createdAt : desc(smartFormSubmissions.createdAt),
        desc(smartFormSubmissions.id),
      )
      .limit(input.pageSize)
      .offset((input.page - 1) * input.pageSize);
    const [total] = await db.select({ value: count() }).from(smartFormSubmissions).where(where);
    return {
      Data: rows.map(({ submission, formName }) => ({
        Id: submission.id,
        FormId: submission.formId,
        FormName: formName,
        Summary: submission.searchText.split(' | ').slice(0, SUMMARY_ANSWERS).join(' | '),
        CreatedAt: submission.createdAt.toISOString(),
      })),
      Total: total?.value ?? 0,
    };
  }),

  defineRoute(forms.getFormDataDetail, async ({ input, db, session, locale }) => {
    const [row] = await db
      .select({ submission: smartFormSubmissions, form: smartForms })
      .from(smartFormSubmissions)
      .innerJoin(smartForms, eq(smartForms.id, smartFormSubmissions.formId))
      .where(and(eq(smartFormSubmissions.id, input.Id), eq(smartFormSubmissions.siteId, session.siteId)));
    if (!row) throw new AppError('smartForm.submissionNotFound', { id: input.Id }, { field: 'Id' });
    const { submission, form } = row;
    const yes = translate(locale, 'smartForm.yes');
    return {
      Id: submission.id,
      FormId: form.id,
      FormName: form.name,
      CreatedAt: submission.createdAt.toISOString(),
      Items: answerFields(form.definition).map((field) => {
        const value = submission.values[field.id];
        const images = field.type === 'image' && Array.isArray(value) ? value : [];
        return {
          FieldId: field.id,
          Label: field.label,
          Type: field.type,
          Text: field.type === 'image' ? '' : answerText(field, value, yes),
          Images: images,
        };
      }),
    };
  }),

  defineRoute(forms.delFormData, async ({ input, db, session }) => {
    const deleted = await db.transaction(async (tx) => {
      const rows = await tx
        .delete(smartFormSubmissions)
        .where(
          and(eq(smartFormSubmissions.siteId, session.siteId), inArray(smartFormSubmissions.id, input.Ids)),
        )
        .returning({ id: smartFormSubmissions.id });
      if (rows.length === 0)
        throw new AppError('smartForm.submissionNotFound', { id: input.Ids.join(', ') }, { field: 'Ids' });
      await audit(tx, session, 'smartForm.deleteData', `site:${session.siteId}`, {
        ids: rows.map((row) => row.id),
      });
      return rows.length;
    });
    return { Deleted: deleted };
  }),

  defineRoute(forms.exportFormData, async ({ input, db, session, locale, reply }) => {
    const form = await findForm(db, session.siteId, input.FormId);
    const where = submissionConditions(session.siteId, input);
    const yes = translate(locale, 'smartForm.yes');
    type Row = typeof smartFormSubmissions.$inferSelect;
    const day = shopDate(new Date());
    sendExport<Row>(reply, {
      format: 'xlsx',
      fileName: `${form.name}-${day}`,
      asciiName: `form-${form.id}-${day}`,
      sheetName: translate(locale, 'smartForm.export.sheet'),
      columns: [
        {
          header: translate(locale, 'smartForm.export.submittedAt'),
          width: 20,
          value: (row) => shopDateTime(row.createdAt),
        },
        ...answerFields(form.definition).map((field) => ({
          header: field.label,
          width: Math.max(14, Math.min(40, field.label.length * 2 + 4)),
          value: (row: Row) => {
            const value = row.values[field.id];
            return field.type === 'image' && Array.isArray(value)
              ? value.join('\n')
              : answerText(field, value, yes);
          },
        })),
      ],
      batches: pagedBatches(
        (offset, limit) =>
          db
            .select()
            .from(smartFormSubmissions)
            .where(where)
            .orderBy(desc(smartFormSubmissions.createdAt), desc(smartFormSubmissions.id))
            .limit(limit)
            .offset(offset),
        EXPORT_MAX_ROWS,
      ),
    });
    return undefined;
  }),

  defineRoute(forms.submitFormData, async ({ input, db, request, reply, locale }) => {
    const siteId = await storefrontSite(db, request);
    const decision = await countAttempt(
      db,
      `form-submit|${request.ip}|${siteId}|${input.FormId}`,
      forms.SUBMIT_RATE_LIMIT,
      forms.SUBMIT_RATE_WINDOW_MS,
    );
    if (!decision.allowed) {
      reply.header('retry-after', String(Math.ceil(decision.retryAfterMs / 1000)));
      throw new AppError(
        'smartForm.rateLimited',
        { seconds: Math.ceil(decision.retryAfterMs / 1000) },
        { status: 429 },
      );
    }
    const form = await findForm(db, siteId, input.FormId);
    if (!form.enabled) throw new AppError('smartForm.disabled', {}, { field: 'FormId' });
    const errors = validateSubmission(form.definition, input.Values);
    if (errors.length > 0) return refuseAnswers(reply, locale, errors);
    const values = normalizeSubmission(form.definition, input.Values);
    const [row] = await db
      .insert(smartFormSubmissions)
      .values({
        siteId,
        formId: form.id,
        values,
        searchText: searchText(form.definition, values, locale),
        clientAddress: request.ip,
      })
      .returning({ id: smartFormSubmissions.id });
    return { Id: row!.id };
  }),
];
