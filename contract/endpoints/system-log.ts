import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { listQuerySchema, pagedSchema } from '../envelope';
import { type ListResource, queryDate, rangeProblems, sortParam } from '../list-query';
import { exportFormat } from '../scalars';

/**
 * The system log (SPEC §2 systemLog): the audit rows every admin write appends, read-only. A main
 * account sees every operator of its site; sub-accounts and store accounts see their own rows.
 */
export const SYSTEM_LOG_PERMISSION = '/customer/systemLog';

export const AUDIT_OUTCOMES = ['success', 'refused'] as const;
export type AuditOutcome = (typeof AUDIT_OUTCOMES)[number];

export const systemLogRowSchema = z.object({
  Id: z.number().int(),
  OperatorId: z.number().int().nullable(),
  OperatorName: z.string(),
  /** The first part of the action (`feedback` of `feedback.reply`). */
  Area: z.string(),
  Action: z.string(),
  Target: z.string(),
  Before: z.unknown().nullable(),
  After: z.unknown().nullable(),
  Outcome: z.enum(AUDIT_OUTCOMES),
  /** Why a refused write was refused, in the operator's words at the time. */
  Error: z.string(),
  Ip: z.string(),
  At: z.string(),
});
export type SystemLogRow = z.infer<typeof systemLogRowSchema>;

const filterFields = {
  operatorId: z.coerce.number().int().positive().optional(),
  area: z.string().trim().max(40).optional(),
  action: z.string().trim().max(80).optional(),
  outcome: z.enum(AUDIT_OUTCOMES).optional(),
  atFrom: queryDate.optional(),
  atTo: queryDate.optional(),
};

function refineRange(value: Record<string, unknown>, context: z.RefinementCtx) {
  for (const problem of rangeProblems(value, [['atFrom', 'atTo']])) {
    context.addIssue({ code: 'custom', path: [problem.field], message: 'atFrom after atTo' });
  }
}

export const systemLogQuerySchema = listQuerySchema
  .extend({ ...filterFields, sort: sortParam(['at']).default('-at') })
  .superRefine(refineRange);

export const getSystemLogList = defineEndpoint({
  method: 'GET',
  path: '/DistributorsShopAccount/GetSystemLogList',
  permission: SYSTEM_LOG_PERMISSION,
  input: systemLogQuerySchema,
  output: pagedSchema(systemLogRowSchema),
});

export const exportSystemLog = defineEndpoint({
  method: 'GET',
  path: '/DistributorsShopAccount/ExportSystemLog',
  permission: SYSTEM_LOG_PERMISSION,
  input: z.strictObject({ ...filterFields, format: exportFormat }).superRefine(refineRange),
  output: z.object({}),
  binary: true,
});

/** The operators and areas the caller may filter by (a sub-account: only itself). */
export const getSystemLogOptions = defineEndpoint({
  method: 'GET',
  path: '/DistributorsShopAccount/GetSystemLogOptions',
  permission: SYSTEM_LOG_PERMISSION,
  input: z.strictObject({}),
  output: z.object({
    Operators: z.array(z.object({ Id: z.number().int(), Name: z.string() })),
    Areas: z.array(z.string()),
  }),
});

export const systemLogListResource: ListResource = {
  resource: 'systemLog',
  list: getSystemLogList,
  filters: [
    { name: 'operator', kind: 'entity', params: ['operatorId'] },
    { name: 'area', kind: 'entity', params: ['area'] },
    { name: 'action', kind: 'text', params: ['action'] },
    { name: 'outcome', kind: 'select', params: ['outcome'], options: AUDIT_OUTCOMES },
    { name: 'at', kind: 'dateRange', params: ['atFrom', 'atTo'] },
  ],
  sortFields: ['at'],
  defaultSort: '-at',
  export: exportSystemLog,
};
