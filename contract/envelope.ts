import { z } from 'zod';

/** Errcode values of SPEC §7/§8. 0 is success, -1 an error with a human message. */
export const ErrorCode = { ok: 0, error: -1 } as const;

/** ErrShowType of SPEC §8: 0 shows a toast, any other value a modal dialog titled 提示. */
export const ShowType = { toast: 0, dialog: 1 } as const;

export const envelopeSchema = z.object({
  Errcode: z.number().int(),
  Errmsg: z.string(),
  ErrShowType: z.number().int(),
});
export type EnvelopeHeader = z.infer<typeof envelopeSchema>;
export type Envelope<T> = EnvelopeHeader & T;

/** A paged list response: `{ Data: rows, Total }` (DESIGN §4). */
export function pagedSchema<T extends z.ZodType>(row: T) {
  return z.object({ Data: z.array(row), Total: z.number().int() });
}

/** The row count of every tab of a tabbed list, for the same search (`Counts` beside `Data`). */
export function tabCountsSchema<T extends string>(tabs: readonly T[]) {
  return z.object(Object.fromEntries(tabs.map((tab) => [tab, z.number().int()])) as Record<T, z.ZodNumber>);
}

export const MAX_PAGE_SIZE = 100;

/** Common list query: page, pageSize (max 100), sort. Modules extend it with their filters. */
export const listQuerySchema = z.strictObject({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(20),
  sort: z.string().max(64).optional(),
});
