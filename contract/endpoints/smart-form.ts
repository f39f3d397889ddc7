import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { listQuerySchema, pagedSchema } from '../envelope';
import { type ListResource, queryDate, rangeProblems, sortParam } from '../list-query';
import { id, queryId, version } from '../scalars';
import { formDefinitionSchema, PHONE_PATTERN } from '../smart-form';
import { STOREFRONT_KEY_HEADER } from './storefront';

/**
 * Smart forms (SPEC §7 /ModuleLibrary/ "form data and details", DelFormData, SetFormNotice,
 * GetExportFormDataDetail) and the public submit a mini-program's server calls with the shop's
 * storefront key. Definition saves carry the `Version` they were based on; a stale one is refused
 * with `StaleVersion: true` and the `CurrentVersion`.
 */

export const SMART_FORM_PERMISSION = '/shop/decorateShop/smartForm';
export const MAX_FORMS_PER_SITE = 100;
export const MAX_NOTICE_RECIPIENTS = 10;
/** Public submits per client address and form in one window. */
export const SUBMIT_RATE_LIMIT = 10;
export const SUBMIT_RATE_WINDOW_MS = 60_000;
export { STOREFRONT_KEY_HEADER };

const BASE = '/ModuleLibrary';
const name = z.string().trim().min(1).max(40);

export const formSummarySchema = z.object({
  Id: z.number().int(),
  Name: z.string(),
  FieldCount: z.number().int(),
  SubmissionCount: z.number().int(),
  Enabled: z.boolean(),
  Version: z.number().int(),
  UpdatedAt: z.string(),
});
export type FormSummary = z.infer<typeof formSummarySchema>;

export const formNoticeSchema = z.strictObject({
  Enabled: z.boolean(),
  Emails: z.array(z.string().trim().email().max(100)).max(MAX_NOTICE_RECIPIENTS),
  Phones: z
    .array(z.string().trim().regex(PHONE_PATTERN, 'a mainland mobile number'))
    .max(MAX_NOTICE_RECIPIENTS),
});
export type FormNotice = z.infer<typeof formNoticeSchema>;

export const getFormList = defineEndpoint({
  method: 'GET',
  path: `${BASE}/GetFormList`,
  permission: SMART_FORM_PERMISSION,
  input: listQuerySchema.extend({ Name: z.string().trim().max(40).optional() }),
  output: pagedSchema(formSummarySchema),
});

export const getFormInfo = defineEndpoint({
  method: 'GET',
  path: `${BASE}/GetFormInfo`,
  permission: SMART_FORM_PERMISSION,
  input: z.strictObject({ Id: queryId }),
  output: formSummarySchema.extend({ Definition: formDefinitionSchema, Notice: formNoticeSchema }),
});

export const addForm = defineEndpoint({
  method: 'POST',
  path: `${BASE}/AddForm`,
  permission: SMART_FORM_PERMISSION,
  /** A blank form, or a copy of one of the shop's forms (its definition and notice settings, not its data). */
  input: z.strictObject({ Name: name, CopyFromId: id.optional() }),
  output: z.object({ Id: z.number().int(), Version: z.number().int() }),
});

export const setForm = defineEndpoint({
  method: 'POST',
  path: `${BASE}/SetForm`,
  permission: SMART_FORM_PERMISSION,
  /** Rename and/or enable or disable; a disabled form refuses submissions. */
  input: z.strictObject({
    Id: id,
    Name: name.optional(),
    Enabled: z.boolean().optional(),
  }),
  output: z.object({}),
});

export const saveFormDefinition = defineEndpoint({
  method: 'POST',
  path: `${BASE}/SaveFormDefinition`,
  permission: SMART_FORM_PERMISSION,
  input: z.strictObject({
    Id: id,
    Definition: formDefinitionSchema,
    Version: version,
  }),
  output: z.object({ Version: z.number().int() }),
});

export const delForm = defineEndpoint({
  method: 'POST',
  path: `${BASE}/DelForm`,
  permission: SMART_FORM_PERMISSION,
  /** Refused while the form has submissions: they are the shop's data; delete or export them first. */
  input: z.strictObject({ Id: id }),
  output: z.object({}),
});

const submissionFilters = {
  FormId: queryId.optional(),
  From: queryDate.optional(),
  To: queryDate.optional(),
  Keyword: z.string().trim().max(40).optional(),
};
const dateOrder = (value: Record<string, unknown>, context: z.RefinementCtx) => {
  for (const problem of rangeProblems(value, [['From', 'To']])) {
    context.addIssue({ code: 'custom', path: [problem.field], message: 'must not be after To' });
  }
};

export const submissionRowSchema = z.object({
  Id: z.number().int(),
  FormId: z.number().int(),
  FormName: z.string(),
  /** The first answers as text, for the list. */
  Summary: z.string(),
  CreatedAt: z.string(),
});
export type SubmissionRow = z.infer<typeof submissionRowSchema>;

/** The form data list of SPEC §7. */
export const getFormDataList = defineEndpoint({
  method: 'GET',
  path: `${BASE}/GetFormDataList`,
  permission: SMART_FORM_PERMISSION,
  input: listQuerySchema
    .extend({ ...submissionFilters, sort: sortParam(['createdAt']).default('-createdAt') })
    .superRefine(dateOrder),
  output: pagedSchema(submissionRowSchema),
});

export const submissionItemSchema = z.object({
  FieldId: z.string(),
  Label: z.string(),
  Type: z.string(),
  Text: z.string(),
  Images: z.array(z.string()),
});

/** The form data details of SPEC §7: each answer under the label the form has now. */
export const getFormDataDetail = defineEndpoint({
  method: 'GET',
  path: `${BASE}/GetFormDataDetail`,
  permission: SMART_FORM_PERMISSION,
  input: z.strictObject({ Id: queryId }),
  output: z.object({
    Id: z.number().int(),
    FormId: z.number().int(),
    FormName: z.string(),
    CreatedAt: z.string(),
    Items: z.array(submissionItemSchema),
  }),
});

export const delFormData = defineEndpoint({
  method: 'POST',
  path: `${BASE}/DelFormData`,
  permission: SMART_FORM_PERMISSION,
  input: z.strictObject({ Ids: z.array(id).min(1).max(100) }),
  output: z.object({ Deleted: z.number().int() }),
});

export const setFormNotice = defineEndpoint({
  method: 'POST',
  path: `${BASE}/SetFormNotice`,
  permission: SMART_FORM_PERMISSION,
  /** Who is told of new submissions (kept; sending is the messaging service's job). */
  input: formNoticeSchema.extend({ FormId: id }),
  output: z.object({}),
});

/** One form's submissions as a spreadsheet: submitted time, then a column per field label. */
export const exportFormData = defineEndpoint({
  method: 'GET',
  path: `${BASE}/GetExportFormDataDetail`,
  permission: SMART_FORM_PERMISSION,
  input: z.strictObject({ ...submissionFilters, FormId: queryId }).superRefine(dateOrder),
  output: z.object({}),
  binary: true,
});

export const submissionListResource: ListResource = {
  resource: 'smartFormData',
  list: getFormDataList,
  filters: [
    { name: 'form', kind: 'entity', params: ['FormId'] },
    { name: 'created', kind: 'dateRange', params: ['From', 'To'] },
    { name: 'keyword', kind: 'text', params: ['Keyword'] },
  ],
  sortFields: ['createdAt'],
  defaultSort: '-createdAt',
};

/**
 * A buyer's answers, sent by the shop's mini-program server with its X-Storefront-Key. Invalid
 * answers are refused with Errcode -1 and every broken rule in `Errors` (field id, label, rule).
 */
export const submitFormData = defineEndpoint({
  method: 'POST',
  path: '/storefront/SubmitFormData',
  permission: 'public',
  input: z.strictObject({
    FormId: id,
    Values: z.record(z.string().max(24), z.unknown()),
  }),
  output: z.object({ Id: z.number().int() }),
});
