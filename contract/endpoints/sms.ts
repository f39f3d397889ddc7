import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { listQuerySchema, pagedSchema, tabCountsSchema } from '../envelope';
import { type ListResource, queryDate, rangeProblems, sortParam } from '../list-query';
import { AddedValuePermission, REVIEW_STATES, SEND_STATES } from '../machines/added-value';
import { exportFormat, id, version } from '../scalars';
import { SCENE_VARIABLES, SMS_MOBILE_PATTERN, SMS_SCENES, templateFitsScene } from '../sms';
import { ADDED_VALUE_BASE, PLATFORM_PAY_PROVIDERS, purchaseRowSchema } from './recharge-records';

/**
 * Text messages (SPEC §2 messageRecharge, sendMessageRecord). The platform sells SMS packages; a
 * shop's balance (in billed parts) grows when a purchase is paid and shrinks by each message's parts
 * when it is queued, coming back if the provider refuses it. Messages go out under the shop's
 * signature with templates the provider has approved: order shipped, storefront verification codes,
 * booking reminders and manual sends to members of a tag or grade.
 */

export const SMS_PROVIDERS = ['sandbox', 'tencent'] as const;

/** Tencent's rule for a signature: 2 to 12 Chinese characters, letters or digits. */
export const SIGN_NAME_PATTERN = /^[\u4e00-\u9fa5A-Za-z0-9]{2,12}$/;
export const TEMPLATE_NAME_MAX = 30;
export const TEMPLATE_CONTENT_MAX = 300;
/** A variable's value in a manual send. */
export const SMS_VALUE_MAX = 20;
/** Members one manual send reaches at most; a larger audience is refused, naming it. */
export const MAX_SMS_AUDIENCE = 5_000;
export const MAX_BULK_TEMPLATES = 100;
/** How long a storefront verification code holds, and the tries it allows. */
export const VERIFY_CODE_MINUTES = 5;
export const VERIFY_CODE_ATTEMPTS = 5;
/** One code per mobile per minute, ten a day; a client address may ask thirty times an hour. */
export const VERIFY_CODE_RESEND_SECONDS = 60;
export const VERIFY_CODE_DAILY_LIMIT = 10;
export const VERIFY_CODE_HOURLY_PER_ADDRESS = 30;

const mobile = z.string().trim().regex(SMS_MOBILE_PATTERN);

export const smsPackageSchema = z.object({
  Id: z.number().int(),
  Name: z.string(),
  /** Messages (billed parts) the package adds. */
  Count: z.number().int(),
  PriceFen: z.number().int(),
});
export type SmsPackage = z.infer<typeof smsPackageSchema>;

export const smsSignatureSchema = z.object({
  Name: z.string(),
  /** The proof image as uploaded (an /uploads/ URL). */
  ProofImage: z.string(),
  State: z.enum(REVIEW_STATES),
  /** The reviewers' reply when rejected. */
  Reason: z.string(),
  AppliedAt: z.string(),
  ReviewedAt: z.string().nullable(),
  Version: z.number().int(),
});
export type SmsSignature = z.infer<typeof smsSignatureSchema>;

export const getSmsOverview = defineEndpoint({
  method: 'GET',
  path: `${ADDED_VALUE_BASE}/GetSmsOverview`,
  permission: AddedValuePermission.sms,
  input: z.strictObject({}),
  output: z.object({
    /** Billed parts left. */
    Balance: z.number().int(),
    /** Who sends: Tencent Cloud SMS, or the sandbox (nothing reaches a phone). */
    SmsProvider: z.enum(SMS_PROVIDERS),
    /** Who takes the platform's money: WeChat Pay, or the sandbox (paid at once, nothing charged). */
    PayProvider: z.enum(PLATFORM_PAY_PROVIDERS),
    Signature: smsSignatureSchema.nullable(),
    Packages: z.array(smsPackageSchema),
    /** Messages queued, sent and failed since the shop's day began. */
    Today: z.object({ Queued: z.number().int(), Sent: z.number().int(), Failed: z.number().int() }),
  }),
});

/** Buys a platform SMS package; the balance grows when the payment is confirmed. */
export const buySmsPackage = defineEndpoint({
  method: 'POST',
  path: `${ADDED_VALUE_BASE}/BuySmsPackage`,
  permission: AddedValuePermission.sms,
  input: z.strictObject({ PackageId: id }),
  output: z.object({ Purchase: purchaseRowSchema }),
});

export const SMS_LEDGER_REASONS = ['purchase', 'send', 'giveBack'] as const;

export const smsLedgerRowSchema = z.object({
  Id: z.number().int(),
  Delta: z.number().int(),
  BalanceAfter: z.number().int(),
  Reason: z.enum(SMS_LEDGER_REASONS),
  /** The purchase number, or the masked mobile of the message. */
  Reference: z.string(),
  CreatedAt: z.string(),
});
export type SmsLedgerRow = z.infer<typeof smsLedgerRowSchema>;

export const getSmsLedger = defineEndpoint({
  method: 'GET',
  path: `${ADDED_VALUE_BASE}/GetSmsLedger`,
  permission: AddedValuePermission.sms,
  input: listQuerySchema.extend({
    reason: z.enum(SMS_LEDGER_REASONS).optional(),
    sort: sortParam(['createdAt']).default('-createdAt'),
  }),
  output: pagedSchema(smsLedgerRowSchema),
});

export const smsLedgerResource: ListResource = {
  resource: 'smsLedger',
  list: getSmsLedger,
  filters: [{ name: 'reason', kind: 'select', params: ['reason'], options: SMS_LEDGER_REASONS }],
  sortFields: ['createdAt'],
  defaultSort: '-createdAt',
};

/**
 * Applies for the shop's signature (or changes it, which is reviewed again): the name buyers see in
 * 【】 and a business licence image proving the right to it. Refused while a review is under way.
 */
export const applySmsSignature = defineEndpoint({
  method: 'POST',
  path: `${ADDED_VALUE_BASE}/ApplySmsSignature`,
  permission: AddedValuePermission.sms,
  input: z.strictObject({
    Name: z.string().trim().regex(SIGN_NAME_PATTERN),
    ProofImage: z
      .string()
      .trim()
      .regex(/^\/uploads\/[A-Za-z0-9._/-]+$/),
    /** The version read; left out for the first application. */
    Version: version.optional(),
  }),
  output: z.object({ Signature: smsSignatureSchema }),
});

export const TEMPLATE_TABS = ['all', ...REVIEW_STATES] as const;

export const smsTemplateRowSchema = z.object({
  Id: z.number().int(),
  Name: z.string(),
  Scene: z.enum(SMS_SCENES),
  Content: z.string(),
  /** Placeholders the content uses ({1}…). */
  Variables: z.number().int(),
  /** The provider's id once submitted; '' before. */
  ProviderTemplateId: z.string(),
  State: z.enum(REVIEW_STATES),
  Reason: z.string(),
  CreatedAt: z.string(),
  ReviewedAt: z.string().nullable(),
  Version: z.number().int(),
});
export type SmsTemplateRow = z.infer<typeof smsTemplateRowSchema>;

export const getSmsTemplates = defineEndpoint({
  method: 'GET',
  path: `${ADDED_VALUE_BASE}/GetSmsTemplateList`,
  permission: AddedValuePermission.sms,
  input: listQuerySchema.extend({
    state: z.enum(TEMPLATE_TABS).default('all'),
    scene: z.enum(SMS_SCENES).optional(),
    /** Name or content contains it. */
    keyword: z.string().trim().max(64).optional(),
    sort: sortParam(['createdAt']).default('-createdAt'),
  }),
  output: pagedSchema(smsTemplateRowSchema).extend({
    Counts: tabCountsSchema(TEMPLATE_TABS),
  }),
});

export const smsTemplateListResource: ListResource = {
  resource: 'smsTemplates',
  list: getSmsTemplates,
  filters: [
    { name: 'keyword', kind: 'text', params: ['keyword'] },
    { name: 'scene', kind: 'select', params: ['scene'], options: SMS_SCENES },
  ],
  tabs: { param: 'state', values: TEMPLATE_TABS, default: 'all' },
  sortFields: ['createdAt'],
  defaultSort: '-createdAt',
};

/**
 * A template as the form sends it: no `Id` to apply for a new one, `Id` with the `Version` read to
 * change an approved or rejected one (reviewed again). The content's placeholders must run {1}…{n}
 * within what the scene fills (`params.key` names the rule for the form and the server alike).
 */
export const smsTemplateFormSchema = z
  .strictObject({
    Id: id.optional(),
    Version: version.optional(),
    Name: z.string().trim().min(1).max(TEMPLATE_NAME_MAX),
    Scene: z.enum(SMS_SCENES),
    Content: z.string().trim().min(2).max(TEMPLATE_CONTENT_MAX),
  })
  .superRefine((value, context) => {
    if (value.Id !== undefined && value.Version === undefined)
      context.addIssue({ code: 'custom', path: ['Version'], message: 'required when editing' });
    if (!templateFitsScene(value.Content, value.Scene))
      context.addIssue({
        code: 'custom',
        path: ['Content'],
        params: { key: 'smsTemplates.rule.variables', values: { max: SCENE_VARIABLES[value.Scene].length } },
      });
  });
export type SmsTemplateForm = z.infer<typeof smsTemplateFormSchema>;

export const saveSmsTemplate = defineEndpoint({
  method: 'POST',
  path: `${ADDED_VALUE_BASE}/SaveSmsTemplate`,
  permission: AddedValuePermission.sms,
  input: smsTemplateFormSchema,
  output: z.object({ Template: smsTemplateRowSchema }),
});

/** Deletes templates: they no longer send; the messages already sent keep their text. */
export const deleteSmsTemplates = defineEndpoint({
  method: 'POST',
  path: `${ADDED_VALUE_BASE}/DelSmsTemplates`,
  permission: AddedValuePermission.sms,
  input: z.strictObject({ Ids: z.array(id).min(1).max(MAX_BULK_TEMPLATES) }),
  output: z.object({ Changed: z.array(z.number().int()) }),
});

export const audienceSchema = z.object({
  Tags: z.array(z.object({ Name: z.string(), Mobiles: z.number().int() })),
  Grades: z.array(z.object({ Id: z.number().int(), Name: z.string(), Mobiles: z.number().int() })),
});

/** Tags and grades with how many active members of each have a mobile to send to. */
export const getSmsAudiences = defineEndpoint({
  method: 'GET',
  path: `${ADDED_VALUE_BASE}/GetSmsAudiences`,
  permission: AddedValuePermission.sms,
  input: z.strictObject({}),
  output: audienceSchema,
});

export const AUDIENCE_KINDS = ['tag', 'grade'] as const;

export const sendSmsSchema = z
  .strictObject({
    /** An approved template of the manual scene. */
    TemplateId: id,
    AudienceKind: z.enum(AUDIENCE_KINDS),
    /** With AudienceKind tag. */
    Tag: z.string().trim().min(1).max(20).optional(),
    /** With AudienceKind grade. */
    GradeId: id.optional(),
    /** The template's variables, {1} first. */
    Values: z.array(z.string().trim().min(1).max(SMS_VALUE_MAX)).max(SCENE_VARIABLES.manual.length),
  })
  .superRefine((value, context) => {
    if (value.AudienceKind === 'tag' && value.Tag === undefined)
      context.addIssue({ code: 'custom', path: ['Tag'], message: 'required for a tag' });
    if (value.AudienceKind === 'grade' && value.GradeId === undefined)
      context.addIssue({ code: 'custom', path: ['GradeId'], message: 'required for a grade' });
  });

/** Sends a manual message to every active member of a tag or grade with a mobile. */
export const sendSms = defineEndpoint({
  method: 'POST',
  path: `${ADDED_VALUE_BASE}/SendSms`,
  permission: AddedValuePermission.sms,
  input: sendSmsSchema,
  output: z.object({ Queued: z.number().int(), Parts: z.number().int(), Balance: z.number().int() }),
});

export const SEND_TABS = ['all', ...SEND_STATES] as const;

export const smsSendRowSchema = z.object({
  Id: z.number().int(),
  /** Masked: 138****0001. */
  Mobile: z.string(),
  Scene: z.enum(SMS_SCENES),
  /** What the recipient reads; a verification code is masked. */
  Content: z.string(),
  Parts: z.number().int(),
  State: z.enum(SEND_STATES),
  ProviderMessageId: z.string(),
  /** Why it failed (the provider's code and message, or the balance). */
  Error: z.string(),
  /** What sent it: the order number, the booking, the operator. */
  Reference: z.string(),
  CreatedAt: z.string(),
  SentAt: z.string().nullable(),
});
export type SmsSendRow = z.infer<typeof smsSendRowSchema>;

const sendFilterFields = {
  state: z.enum(SEND_TABS).default('all'),
  scene: z.enum(SMS_SCENES).optional(),
  /** Digits of the mobile, or words of the content or reference. */
  keyword: z.string().trim().max(64).optional(),
  createdFrom: queryDate.optional(),
  createdTo: queryDate.optional(),
};

function checkRange(value: { createdFrom?: string; createdTo?: string }, context: z.RefinementCtx) {
  for (const problem of rangeProblems(value, [['createdFrom', 'createdTo']])) {
    context.addIssue({ code: 'custom', path: [problem.field], message: 'createdFrom after createdTo' });
  }
}

export const getSmsSends = defineEndpoint({
  method: 'GET',
  path: `${ADDED_VALUE_BASE}/GetSmsSendList`,
  permission: AddedValuePermission.sends,
  input: listQuerySchema
    .extend({ ...sendFilterFields, sort: sortParam(['createdAt']).default('-createdAt') })
    .superRefine(checkRange),
  output: pagedSchema(smsSendRowSchema).extend({
    Counts: tabCountsSchema(SEND_TABS),
  }),
});

export const exportSmsSends = defineEndpoint({
  method: 'GET',
  path: `${ADDED_VALUE_BASE}/ExportSmsSendList`,
  permission: AddedValuePermission.sends,
  input: z.strictObject({ ...sendFilterFields, format: exportFormat }).superRefine(checkRange),
  output: z.object({}),
  binary: true,
});

export const smsSendListResource: ListResource = {
  resource: 'smsSends',
  list: getSmsSends,
  filters: [
    { name: 'keyword', kind: 'text', params: ['keyword'] },
    { name: 'scene', kind: 'select', params: ['scene'], options: SMS_SCENES },
    { name: 'created', kind: 'dateRange', params: ['createdFrom', 'createdTo'] },
  ],
  tabs: { param: 'state', values: SEND_TABS, default: 'all' },
  sortFields: ['createdAt'],
  defaultSort: '-createdAt',
  export: exportSmsSends,
};

// ---------------------------------------------------------------------------------------------
// Storefront: verification codes for the shop's own sign-up and binding pages

/** Sends a verification code to a mobile with the shop's approved verification template. */
export const storefrontSendSmsCode = defineEndpoint({
  method: 'POST',
  path: '/storefront/SendSmsCode',
  permission: 'public',
  input: z.strictObject({ Mobile: mobile }),
  output: z.object({ ExpiresInSeconds: z.number().int(), ResendInSeconds: z.number().int() }),
});

/** Checks a code: right once, within its minutes and tries; the code is then used up. */
export const storefrontCheckSmsCode = defineEndpoint({
  method: 'POST',
  path: '/storefront/CheckSmsCode',
  permission: 'public',
  input: z.strictObject({
    Mobile: mobile,
    Code: z
      .string()
      .trim()
      .regex(/^\d{6}$/),
  }),
  output: z.object({ Valid: z.literal(true) }),
});
