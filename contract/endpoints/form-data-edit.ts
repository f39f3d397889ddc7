import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { id, queryId, version } from '../scalars';
import { formFieldSchema } from '../smart-form';

/**
 * Editing one smart-form submission in the back-office (SPEC §2 decorateShop's hidden
 * customFormDataEdit): the answers against the form's current fields and rules, versioned so an
 * edit based on an older copy is refused with `StaleVersion: true`.
 */
export const FORM_DATA_EDIT_PERMISSION = '/shop/decorateShop/customFormDataEdit';

const BASE = '/ModuleLibrary';

export const getFormDataEdit = defineEndpoint({
  method: 'GET',
  path: `${BASE}/GetFormDataEdit`,
  permission: FORM_DATA_EDIT_PERMISSION,
  input: z.strictObject({ id: queryId }),
  output: z.object({
    Id: z.number().int(),
    FormId: z.number().int(),
    FormName: z.string(),
    /** The form's fields now, section titles included, in order. */
    Fields: z.array(formFieldSchema),
    /** The stored answers by field id; answers to fields since removed are left out. */
    Values: z.record(z.string(), z.unknown()),
    Version: z.number().int(),
    CreatedAt: z.string(),
    UpdatedAt: z.string().nullable(),
  }),
});

/**
 * Replaces a submission's answers. Invalid answers are refused as the public submit refuses them:
 * Errcode -1 and every broken rule in `Errors` (field id, label, rule).
 */
export const setFormData = defineEndpoint({
  method: 'POST',
  path: `${BASE}/SetFormData`,
  permission: FORM_DATA_EDIT_PERMISSION,
  input: z.strictObject({
    Id: id,
    Version: version,
    Values: z.record(z.string().max(24), z.unknown()),
  }),
  output: z.object({ Version: z.number().int() }),
});
