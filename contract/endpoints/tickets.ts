import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { listQuerySchema, pagedSchema } from '../envelope';
import { type ListResource, queryDate, rangeProblems, sortParam } from '../list-query';
import { INVALIDATE_REASON_MAX, TICKET_STATES, TicketPermission } from '../machines/ticket';
import { exportFormat, id, queryId, version } from '../scalars';

/**
 * Electronic tickets and write-offs (SPEC §2 ticketSupervise, writeoffSupervise, writeoffLog; calls
 * under /DistributorsShopAccount/ "verification, electronic tickets"). Tickets are issued by paid
 * order lines of virtual goods; a verifier (a member, through the storefront, or a store account)
 * or an operator writes one off by its code at a store. Store accounts see and act at their store only.
 */
const BASE = '/DistributorsShopAccount';

export const TICKET_TABS = ['all', ...TICKET_STATES] as const;
export const WRITE_OFF_KINDS = ['ticket', 'pickup', 'coupon'] as const;
export type WriteOffKind = (typeof WRITE_OFF_KINDS)[number];
export const VERIFIER_KINDS = ['member', 'account'] as const;
export type VerifierKind = (typeof VERIFIER_KINDS)[number];

/** What a verifier types or scans: the code, possibly grouped with spaces or dashes. */
export const typedCode = z.string().trim().min(1).max(32);

export const ticketRowSchema = z.object({
  Id: z.number().int(),
  Code: z.string(),
  State: z.enum(TICKET_STATES),
  MemberId: z.number().int(),
  MemberNo: z.string(),
  MemberName: z.string(),
  GoodsName: z.string(),
  OrderNo: z.string(),
  UnitFen: z.number().int(),
  /** Instants the ticket is valid from and until (exclusive); null: no bound. */
  ValidFrom: z.string().nullable(),
  ValidUntil: z.string().nullable(),
  /** Stores where it may be used; empty: any store of the shop. */
  Stores: z.array(z.object({ Id: z.number().int(), Title: z.string() })),
  UsedAt: z.string().nullable(),
  UsedStoreTitle: z.string(),
  EndReason: z.string(),
  CreatedAt: z.string(),
  Version: z.number().int(),
});
export type TicketRow = z.infer<typeof ticketRowSchema>;

export const ticketCountsSchema = z.object({
  all: z.number().int(),
  unused: z.number().int(),
  used: z.number().int(),
  expired: z.number().int(),
  refunded: z.number().int(),
});

export const ticketListQuerySchema = listQuerySchema
  .extend({
    state: z.enum(TICKET_TABS).default('all'),
    /** Code, member (name, number, mobile) or goods name contains it. */
    keyword: z.string().trim().max(64).optional(),
    storeId: queryId.optional(),
    createdFrom: queryDate.optional(),
    createdTo: queryDate.optional(),
    sort: sortParam(['createdAt', 'validUntil']).default('-createdAt'),
  })
  .superRefine((value, context) => {
    for (const problem of rangeProblems(value, [['createdFrom', 'createdTo']])) {
      context.addIssue({ code: 'custom', path: [problem.field], message: 'createdFrom after createdTo' });
    }
  });

export const getTicketList = defineEndpoint({
  method: 'GET',
  path: `${BASE}/GetTicketList`,
  permission: TicketPermission.tickets,
  input: ticketListQuerySchema,
  output: pagedSchema(ticketRowSchema).extend({ Counts: ticketCountsSchema }),
});

export const ticketListResource: ListResource = {
  resource: 'tickets',
  list: getTicketList,
  filters: [
    { name: 'keyword', kind: 'text', params: ['keyword'] },
    { name: 'store', kind: 'entity', params: ['storeId'] },
    { name: 'created', kind: 'dateRange', params: ['createdFrom', 'createdTo'] },
  ],
  tabs: { param: 'state', values: TICKET_TABS, default: 'all' },
  sortFields: ['createdAt', 'validUntil'],
  defaultSort: '-createdAt',
};

/** Ends an unused ticket early (lost, mistaken sale); it reads as expired with the reason. */
export const invalidateTicket = defineEndpoint({
  method: 'POST',
  path: `${BASE}/InvalidateTicket`,
  permission: TicketPermission.tickets,
  input: z.strictObject({
    Id: id,
    Reason: z.string().trim().min(1).max(INVALIDATE_REASON_MAX),
    /** The version the operator saw; a changed ticket is refused as stale. */
    Version: version.optional(),
  }),
  output: z.object({ Ticket: ticketRowSchema }),
});

/** The shop's stores a ticket may name (a store account: its own only). */
export const getTicketStores = defineEndpoint({
  method: 'GET',
  path: `${BASE}/GetTicketStores`,
  permission: 'session',
  input: z.strictObject({}),
  output: z.object({ Data: z.array(z.object({ Id: z.number().int(), Title: z.string() })) }),
});

export const writeOffResultSchema = z.object({
  WriteOffId: z.number().int(),
  Ticket: ticketRowSchema,
});

/**
 * An operator writes a ticket off by its code at a store. Main and sub-accounts name the store;
 * a store account writes off at its own store and must be one of its verifiers.
 */
export const writeOffTicket = defineEndpoint({
  method: 'POST',
  path: `${BASE}/WriteOffTicket`,
  permission: TicketPermission.writeOff,
  input: z.strictObject({ Code: typedCode, StoreId: id.optional() }),
  output: writeOffResultSchema,
});

export const verifierRowSchema = z.object({
  Id: z.number().int(),
  Kind: z.enum(VERIFIER_KINDS),
  /** Member's nickname and number, or the account's user name. */
  Name: z.string(),
  MemberNo: z.string(),
  StoreId: z.number().int(),
  StoreTitle: z.string(),
  CreatedAt: z.string(),
});
export type VerifierRow = z.infer<typeof verifierRowSchema>;

export const verifierListQuerySchema = listQuerySchema.extend({
  keyword: z.string().trim().max(64).optional(),
  storeId: queryId.optional(),
  sort: sortParam(['createdAt']).default('-createdAt'),
});

export const getVerifierList = defineEndpoint({
  method: 'GET',
  path: `${BASE}/GetVerifierList`,
  permission: TicketPermission.writeOff,
  input: verifierListQuerySchema,
  output: pagedSchema(verifierRowSchema),
});

export const verifierListResource: ListResource = {
  resource: 'verifiers',
  list: getVerifierList,
  filters: [
    { name: 'keyword', kind: 'text', params: ['keyword'] },
    { name: 'store', kind: 'entity', params: ['storeId'] },
  ],
  sortFields: ['createdAt'],
  defaultSort: '-createdAt',
};

/** A member (by member number or mobile) or a store account (by user name) may write off at a store. */
export const addVerifierSchema = z.strictObject({
  Kind: z.enum(VERIFIER_KINDS),
  /** Member number or mobile for a member, user name for a store account. */
  Who: z.string().trim().min(1).max(64),
  StoreId: id,
});

export const addVerifier = defineEndpoint({
  method: 'POST',
  path: `${BASE}/AddVerifier`,
  permission: TicketPermission.writeOff,
  input: addVerifierSchema,
  output: z.object({ Verifier: verifierRowSchema }),
});

export const MAX_BULK_VERIFIERS = 100;

export const removeVerifiers = defineEndpoint({
  method: 'POST',
  path: `${BASE}/RemoveVerifiers`,
  permission: TicketPermission.writeOff,
  input: z.strictObject({ Ids: z.array(id).min(1).max(MAX_BULK_VERIFIERS) }),
  output: z.object({ Removed: z.array(z.number().int()) }),
});

export const writeOffRowSchema = z.object({
  Id: z.number().int(),
  Kind: z.enum(WRITE_OFF_KINDS),
  /** The ticket code, pickup code or coupon code written off. */
  Reference: z.string(),
  Title: z.string(),
  MemberName: z.string(),
  StoreId: z.number().int(),
  StoreTitle: z.string(),
  VerifierKind: z.enum(['member', 'account']),
  VerifierName: z.string(),
  CreatedAt: z.string(),
});
export type WriteOffRow = z.infer<typeof writeOffRowSchema>;

const writeOffFilterFields = {
  kind: z.enum(WRITE_OFF_KINDS).optional(),
  /** Reference, goods, member or verifier contains it. */
  keyword: z.string().trim().max(64).optional(),
  storeId: queryId.optional(),
  createdFrom: queryDate.optional(),
  createdTo: queryDate.optional(),
};

function checkRange(value: { createdFrom?: string; createdTo?: string }, context: z.RefinementCtx) {
  for (const problem of rangeProblems(value, [['createdFrom', 'createdTo']])) {
    context.addIssue({ code: 'custom', path: [problem.field], message: 'createdFrom after createdTo' });
  }
}

export const writeOffListQuerySchema = listQuerySchema
  .extend({ ...writeOffFilterFields, sort: sortParam(['createdAt']).default('-createdAt') })
  .superRefine(checkRange);

export const getWriteOffLog = defineEndpoint({
  method: 'GET',
  path: `${BASE}/GetWriteOffLog`,
  permission: TicketPermission.log,
  input: writeOffListQuerySchema,
  output: pagedSchema(writeOffRowSchema),
});

export const exportWriteOffLog = defineEndpoint({
  method: 'GET',
  path: `${BASE}/ExportWriteOffLog`,
  permission: TicketPermission.log,
  input: z.strictObject({ ...writeOffFilterFields, format: exportFormat }).superRefine(checkRange),
  output: z.object({}),
  binary: true,
});

export const writeOffLogResource: ListResource = {
  resource: 'writeOffs',
  list: getWriteOffLog,
  filters: [
    { name: 'keyword', kind: 'text', params: ['keyword'] },
    { name: 'kind', kind: 'select', params: ['kind'], options: WRITE_OFF_KINDS },
    { name: 'store', kind: 'entity', params: ['storeId'] },
    { name: 'created', kind: 'dateRange', params: ['createdFrom', 'createdTo'] },
  ],
  sortFields: ['createdAt'],
  defaultSort: '-createdAt',
  export: exportWriteOffLog,
};

// Storefront -------------------------------------------------------------------------------------

const buyerId = z.string().trim().min(1).max(64);

/**
 * A verifier member scans a buyer's ticket at a store (the mini-program's server calls with the
 * shop's key). `VerifierId` is the verifier's open id; they must be a verifier of that store.
 */
export const storefrontWriteOffTicket = defineEndpoint({
  method: 'POST',
  path: '/storefront/WriteOffTicket',
  permission: 'public',
  input: z.strictObject({ VerifierId: buyerId, StoreId: id, Code: typedCode }),
  output: z.object({
    WriteOffId: z.number().int(),
    Code: z.string(),
    GoodsName: z.string(),
    MemberName: z.string(),
    UsedAt: z.string(),
  }),
});

/** A buyer's own tickets, newest first. */
export const storefrontGetTickets = defineEndpoint({
  method: 'GET',
  path: '/storefront/GetTickets',
  permission: 'public',
  input: z.strictObject({ buyerId }),
  output: z.object({
    Data: z.array(
      z.object({
        Code: z.string(),
        State: z.enum(TICKET_STATES),
        GoodsName: z.string(),
        OrderNo: z.string(),
        ValidFrom: z.string().nullable(),
        ValidUntil: z.string().nullable(),
        UsedAt: z.string().nullable(),
      }),
    ),
  }),
});
