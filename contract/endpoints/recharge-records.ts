import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { listQuerySchema, pagedSchema } from '../envelope';
import { type ListResource, queryDate, rangeProblems, sortParam } from '../list-query';
import {
  AddedValuePermission,
  INVOICE_STATES,
  PURCHASE_STATES,
  purchaseMachine,
} from '../machines/added-value';
import { id, queryId } from '../scalars';
import { wechatNotificationSchema } from './payment';

/**
 * What a shop buys from the platform (SPEC §2 rechargeRecord): SMS packages and data package stock,
 * paid through the platform's own merchant (DESIGN §11), each with its payment state and, once paid,
 * an invoice the shop may ask for.
 */
export const ADDED_VALUE_BASE = '/DistributorsShopAddedValue';

export const PURCHASE_KINDS = ['sms', 'data'] as const;
export type PurchaseKind = (typeof PURCHASE_KINDS)[number];
/** Who takes the money: WeChat Pay (a QR code to scan) or the sandbox (paid at once). */
export const PLATFORM_PAY_PROVIDERS = ['sandbox', 'wechat'] as const;
export type PlatformPayProvider = (typeof PLATFORM_PAY_PROVIDERS)[number];

/** A WeChat Pay code may be paid for this long; the purchase then closes unpaid. */
export const PURCHASE_PAY_MINUTES = 120;

export const INVOICE_TITLE_MAX = 100;
/** 统一社会信用代码 (18) or an older taxpayer number (15 or 20): digits and capital letters. */
export const TAX_NO_PATTERN = /^[0-9A-Z]{15,20}$/;

export const invoiceSchema = z.object({
  Id: z.number().int(),
  State: z.enum(INVOICE_STATES),
  Title: z.string(),
  TaxNo: z.string(),
  Email: z.string(),
  /** The platform's invoice number, once issued. */
  InvoiceNo: z.string(),
  RequestedAt: z.string(),
  IssuedAt: z.string().nullable(),
});
export type InvoiceView = z.infer<typeof invoiceSchema>;

export const purchaseRowSchema = z.object({
  Id: z.number().int(),
  PurchaseNo: z.string(),
  Kind: z.enum(PURCHASE_KINDS),
  /** The package bought, as named when bought. */
  ItemName: z.string(),
  /** Messages for an SMS package; units of stock for a data package. */
  Quantity: z.number().int(),
  AmountFen: z.number().int(),
  State: z.enum(PURCHASE_STATES),
  Provider: z.enum(PLATFORM_PAY_PROVIDERS),
  /** The WeChat Pay code to scan while unpaid; null otherwise. */
  CodeUrl: z.string().nullable(),
  TransactionId: z.string(),
  PayDueAt: z.string().nullable(),
  PaidAt: z.string().nullable(),
  CreatedAt: z.string(),
  /** The invoice asked for (the latest, withdrawn ones aside), or null. */
  Invoice: invoiceSchema.nullable(),
  Version: z.number().int(),
});
export type PurchaseRow = z.infer<typeof purchaseRowSchema>;

export const RECHARGE_RECORD_TABS = ['all', ...PURCHASE_STATES] as const;
export const RECHARGE_RECORD_SORTS = ['createdAt', 'amount'] as const;

export const rechargeRecordQuerySchema = listQuerySchema
  .extend({
    state: z.enum(RECHARGE_RECORD_TABS).default('all'),
    kind: z.enum(PURCHASE_KINDS).optional(),
    /** Purchase number or package name contains it. */
    keyword: z.string().trim().max(64).optional(),
    createdFrom: queryDate.optional(),
    createdTo: queryDate.optional(),
    sort: sortParam(RECHARGE_RECORD_SORTS).default('-createdAt'),
  })
  .superRefine((value, context) => {
    for (const problem of rangeProblems(value, [['createdFrom', 'createdTo']])) {
      context.addIssue({ code: 'custom', path: [problem.field], message: 'createdFrom after createdTo' });
    }
  });

export const getRechargeRecords = defineEndpoint({
  method: 'GET',
  path: `${ADDED_VALUE_BASE}/GetRechargeRecordList`,
  permission: AddedValuePermission.records,
  input: rechargeRecordQuerySchema,
  output: pagedSchema(purchaseRowSchema).extend({
    Counts: z.object(Object.fromEntries(RECHARGE_RECORD_TABS.map((tab) => [tab, z.number().int()]))),
  }),
});

export const rechargeRecordListResource: ListResource = {
  resource: 'rechargeRecords',
  list: getRechargeRecords,
  filters: [
    { name: 'keyword', kind: 'text', params: ['keyword'] },
    { name: 'kind', kind: 'select', params: ['kind'], options: PURCHASE_KINDS },
    { name: 'created', kind: 'dateRange', params: ['createdFrom', 'createdTo'] },
  ],
  tabs: { param: 'state', values: RECHARGE_RECORD_TABS, default: 'all' },
  sortFields: RECHARGE_RECORD_SORTS,
  defaultSort: '-createdAt',
};

/**
 * One purchase, for the payment dialog to follow until WeChat Pay's notification pays it. Any
 * screen that buys may read it: the caller needs one of the added-value screens.
 */
export const getPurchase = defineEndpoint({
  method: 'GET',
  path: `${ADDED_VALUE_BASE}/GetPurchase`,
  permission: 'session',
  input: z.strictObject({ id: queryId }),
  output: z.object({ Purchase: purchaseRowSchema }),
});

/** Closes an unpaid purchase (the code is not paid any more). */
export const cancelPurchase = defineEndpoint({
  method: 'POST',
  path: `${ADDED_VALUE_BASE}/CancelPurchase`,
  permission: purchaseMachine.actions.find((action) => action.name === 'cancel')!.permission,
  input: z.strictObject({ Id: id }),
  output: z.object({ Purchase: purchaseRowSchema }),
});

export const invoiceRequestSchema = z.strictObject({
  PurchaseId: id,
  /** The company (or person) the invoice is made out to. */
  Title: z.string().trim().min(1).max(INVOICE_TITLE_MAX),
  /** Required for a company; empty for a person. */
  TaxNo: z.string().trim().toUpperCase().regex(TAX_NO_PATTERN).or(z.literal('')),
  /** Where the platform sends the electronic invoice. */
  Email: z.string().trim().email().max(100),
});
export type InvoiceRequest = z.infer<typeof invoiceRequestSchema>;

/** Asks the platform for an invoice of a paid purchase; one at a time per purchase. */
export const requestInvoice = defineEndpoint({
  method: 'POST',
  path: `${ADDED_VALUE_BASE}/RequestInvoice`,
  permission: AddedValuePermission.records,
  input: invoiceRequestSchema,
  output: z.object({ Purchase: purchaseRowSchema }),
});

/** Withdraws a purchase's invoice request the platform has not issued yet. */
export const withdrawInvoice = defineEndpoint({
  method: 'POST',
  path: `${ADDED_VALUE_BASE}/WithdrawInvoice`,
  permission: AddedValuePermission.records,
  input: z.strictObject({ PurchaseId: id }),
  output: z.object({ Purchase: purchaseRowSchema }),
});

export const PLATFORM_NOTIFY_PATH = `${ADDED_VALUE_BASE}/PlatformPayNotify`;

/** WeChat Pay's notification of a payment to the platform's own merchant (no site: the purchase number says). */
export const platformPayNotify = defineEndpoint({
  method: 'POST',
  path: PLATFORM_NOTIFY_PATH,
  permission: 'public',
  input: wechatNotificationSchema,
  output: z.object({}),
});
