import { and, eq, sql } from 'drizzle-orm';
import * as edit from '../../../contract/endpoints/form-data-edit';
import { ShowType } from '../../../contract/envelope';
import { answerFields, normalizeSubmission, validateSubmission } from '../../../contract/smart-form';
import { audit } from '../../audit';
import { AppError } from '../../http/errors';
import { defineRoute } from '../../http/route';
import { refuseStale } from '../../http/stale';
import './form-data-edit-messages';
import { refuseAnswers, searchText } from './routes';
import { smartFormSubmissions, smartForms } from './tables';

/** The submission of the caller's shop with its form, or a refusal naming the id. */
function submissionWhere(siteId: number, id: number) {
  return and(eq(smartFormSubmissions.id, id), eq(smartFormSubmissions.siteId, siteId));
}

export const formDataEditRoutes = [
  defineRoute(edit.getFormDataEdit, async ({ input, db, session }) => {
    const [row] = await db
      .select({ submission: smartFormSubmissions, form: smartForms })
      .from(smartFormSubmissions)
      .innerJoin(smartForms, eq(smartForms.id, smartFormSubmissions.formId))
      .where(submissionWhere(session.siteId, input.id));
    if (!row) throw new AppError('smartForm.submissionNotFound', { id: input.id }, { field: 'id' });
    const { submission, form } = row;
    const current = new Set(answerFields(form.definition).map((field) => field.id));
    return {
      Id: submission.id,
      FormId: form.id,
      FormName: form.name,
      Fields: form.definition.fields,
      Values: Object.fromEntries(Object.entries(submission.values).filter(([key]) => current.has(key))),
      Version: submission.version,
      CreatedAt: submission.createdAt.toISOString(),
      UpdatedAt: submission.updatedAt?.toISOString() ?? null,
    };
  }),

  defineRoute(edit.setFormData, async ({ input, db, session, locale, reply }) => {
    const [row] = await db
      .select({ submission: smartFormSubmissions, form: smartForms })
      .from(smartFormSubmissions)
      .innerJoin(smartForms, eq(smartForms.id, smartFormSubmissions.formId))
      .where(submissionWhere(session.siteId, input.Id));
    if (!row) throw new AppError('smartForm.submissionNotFound', { id: input.Id }, { field: 'Id' });
    const { form } = row;
    const errors = validateSubmission(form.definition, input.Values);
    if (errors.length > 0) return refuseAnswers(reply, locale, errors);
    const values = normalizeSubmission(form.definition, input.Values);
    const saved = await db.transaction(async (tx) => {
      const [updated] = await tx
        .update(smartFormSubmissions)
        .set({
          values,
          searchText: searchText(form.definition, values, locale),
          version: sql`${smartFormSubmissions.version} + 1`,
          updatedAt: new Date(),
          updatedBy: session.accountId,
        })
        .where(
          and(submissionWhere(session.siteId, input.Id), eq(smartFormSubmissions.version, input.Version)),
        )
        .returning({ version: smartFormSubmissions.version });
      if (!updated) return null;
      await audit(tx, session, 'smartForm.editData', `smartFormData:${input.Id}`, {
        form: form.id,
        version: updated.version,
        fields: Object.keys(values).length,
      });
      return updated.version;
    });
    if (saved === null) {
      const [current] = await db
        .select({ version: smartFormSubmissions.version })
        .from(smartFormSubmissions)
        .where(submissionWhere(session.siteId, input.Id));
      return refuseStale(reply, {
        locale,
        message: 'smartForm.dataStale',
        yours: input.Version,
        current: current?.version ?? input.Version,
        showType: ShowType.toast,
      });
    }
    return { Version: saved };
  }),
];
