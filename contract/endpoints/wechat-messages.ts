import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { listQuerySchema, pagedSchema } from '../envelope';
import type { ListResource } from '../list-query';
import { id, queryId, version } from '../scalars';

/**
 * The mini-program's messages (SPEC §2 /smallRoutine): subscribe messages bound to the shop's
 * scenes (subscribeMsg, settingSubscribeMsg), the shop's templates picked from WeChat's library
 * (templateMessage, settingTemplateMessage), mass sends with per-member results (sendMessage,
 * addSend, sendDetails), and customer-service messages (customerMessage, customerMessageSetting,
 * customerMessageList). Everything that reaches WeChat goes through the messages adapter.
 */

export const MessagePermission = {
  subscribe: '/smallRoutine/subscribeMsg',
  subscribeSetting: '/smallRoutine/settingSubscribeMsg',
  templates: '/smallRoutine/templateMessage',
  templateSetting: '/smallRoutine/settingTemplateMessage',
  sends: '/smallRoutine/sendMessage',
  addSend: '/smallRoutine/addSend',
  sendDetails: '/smallRoutine/sendDetails',
  autoReplies: '/smallRoutine/customerMessage',
  customerSetting: '/smallRoutine/customerMessageSetting',
  customerLog: '/smallRoutine/customerMessageList',
} as const;

const BASE = '/SmallRoutineMessage';

/** Where a provider answer came from: WeChat itself, or the built-in sandbox (unconfigured shop). */
export const WECHAT_PROVIDERS = ['wechat', 'sandbox'] as const;
export type WechatProvider = (typeof WECHAT_PROVIDERS)[number];

// ---------------------------------------------------------------------------------------------
// The shop's WeChat connection and customer-service settings (customerMessageSetting)

export const REPLY_KINDS = ['text', 'image', 'card'] as const;
export type ReplyKind = (typeof REPLY_KINDS)[number];
export const REPLY_TEXT_MAX = 600;

/** What a reply says: text, an image of the library, or a mini-program card. */
export const replyContentSchema = z.strictObject({
  Kind: z.enum(REPLY_KINDS),
  Text: z.string().trim().max(REPLY_TEXT_MAX).default(''),
  Image: z.string().trim().max(2000).default(''),
  CardTitle: z.string().trim().max(40).default(''),
  CardPage: z.string().trim().max(200).default(''),
});
export type ReplyContent = z.infer<typeof replyContentSchema>;

/** The field a reply of its kind must fill, or null when it is complete. */
export function replyProblem(content: ReplyContent): { field: keyof ReplyContent; key: string } | null {
  if (content.Kind === 'text' && content.Text === '')
    return { field: 'Text', key: 'message.rule.textRequired' };
  if (content.Kind === 'image' && content.Image === '')
    return { field: 'Image', key: 'message.rule.imageRequired' };
  if (content.Kind === 'card' && content.CardTitle === '')
    return { field: 'CardTitle', key: 'message.rule.cardTitleRequired' };
  if (content.Kind === 'card' && (content.CardPage === '' || content.Image === ''))
    return { field: content.CardPage === '' ? 'CardPage' : 'Image', key: 'message.rule.cardIncomplete' };
  return null;
}

const replySchema = replyContentSchema.superRefine((value, issues) => {
  const problem = replyProblem(value);
  if (problem) issues.addIssue({ code: 'custom', path: [problem.field], params: { key: problem.key } });
});

/**
 * The customer-service settings. The mini-program itself is the one authorised to the platform
 * (smallRoutineSupervise): its token makes every call and its pushes arrive at the platform's message
 * URL, so nothing of the connection is typed here.
 */
export const messageSettingsSchema = z.object({
  Provider: z.enum(WECHAT_PROVIDERS),
  /** The authorised mini-program's app id, '' while none is authorised (or in the sandbox). */
  AppId: z.string(),
  DefaultReplyOn: z.boolean(),
  DefaultReply: replyContentSchema,
  /** The sandbox answers every send with this errcode (0: accepts), so refusals can be tried. */
  SandboxErrcode: z.number().int(),
  Version: z.number().int(),
});
export type MessageSettings = z.infer<typeof messageSettingsSchema>;

/**
 * Whether the shop's WeChat calls can go anywhere: with the platform configured they need the shop's
 * mini-program authorised to it (the message and live-room screens say so until it is).
 */
export const getMiniProgramReach = defineEndpoint({
  method: 'GET',
  path: `${BASE}/GetMiniProgramReach`,
  permission: 'session',
  input: z.strictObject({}),
  output: z.object({ Provider: z.enum(WECHAT_PROVIDERS), AuthoriseFirst: z.boolean() }),
});

export const getMessageSettings = defineEndpoint({
  method: 'GET',
  path: `${BASE}/GetMessageSettings`,
  permission: MessagePermission.customerSetting,
  input: z.strictObject({}),
  output: messageSettingsSchema,
});

export const APP_ID_PATTERN = /^wx[0-9a-f]{16}$/;
/** Errcodes the sandbox can be told to answer, each mapped to a clear message. */
export const SANDBOX_ERRCODES = [0, 43101, 47003, 40037, 45015, -1] as const;

export const setMessageSettings = defineEndpoint({
  method: 'POST',
  path: `${BASE}/SetMessageSettings`,
  permission: MessagePermission.customerSetting,
  input: z.strictObject({
    DefaultReplyOn: z.boolean(),
    DefaultReply: replySchema,
    SandboxErrcode: z
      .number()
      .int()
      .refine((code) => (SANDBOX_ERRCODES as readonly number[]).includes(code)),
    Version: version,
  }),
  output: z.object({ Version: z.number().int() }),
});

// ---------------------------------------------------------------------------------------------
// Templates from WeChat's library (templateMessage, settingTemplateMessage)

export const libraryTitleSchema = z.object({
  Tid: z.number().int(),
  Title: z.string(),
  /** 2 one-time, 3 long-term. */
  Type: z.number().int(),
  CategoryId: z.string(),
});

export const getLibraryTitles = defineEndpoint({
  method: 'GET',
  path: `${BASE}/GetLibraryTitles`,
  permission: MessagePermission.templateSetting,
  input: z.strictObject({
    page: z.coerce.number().int().min(1).max(100).default(1),
    pageSize: z.coerce.number().int().min(1).max(30).default(10),
    Keyword: z.string().trim().max(20).optional(),
  }),
  output: z.object({
    Data: z.array(libraryTitleSchema),
    Total: z.number().int(),
    Provider: z.enum(WECHAT_PROVIDERS),
  }),
});

export const libraryKeywordSchema = z.object({
  Kid: z.number().int(),
  Name: z.string(),
  Example: z.string(),
  Rule: z.string(),
});
export type LibraryKeyword = z.infer<typeof libraryKeywordSchema>;

export const getLibraryKeywords = defineEndpoint({
  method: 'GET',
  path: `${BASE}/GetLibraryKeywords`,
  permission: MessagePermission.templateSetting,
  input: z.strictObject({ Tid: queryId }),
  output: z.object({ Data: z.array(libraryKeywordSchema) }),
});

/** WeChat takes 2 to 5 keywords per template. */
export const KEYWORDS_MIN = 2;
export const KEYWORDS_MAX = 5;
export const SCENE_DESC_MAX = 15;

export const addMessageTemplate = defineEndpoint({
  method: 'POST',
  path: `${BASE}/AddMessageTemplate`,
  permission: MessagePermission.templateSetting,
  input: z.strictObject({
    Tid: id,
    Title: z.string().trim().min(1).max(40),
    Kids: z
      .array(z.number().int().positive())
      .min(KEYWORDS_MIN)
      .max(KEYWORDS_MAX)
      .refine((kids) => new Set(kids).size === kids.length),
    SceneDesc: z.string().trim().min(1).max(SCENE_DESC_MAX),
  }),
  output: z.object({ Id: z.number().int(), PriTmplId: z.string() }),
});

export const templateKeywordSchema = z.object({ Key: z.string(), Name: z.string(), Rule: z.string() });
export type TemplateKeyword = z.infer<typeof templateKeywordSchema>;

export const messageTemplateRowSchema = z.object({
  Id: z.number().int(),
  PriTmplId: z.string(),
  Tid: z.number().int(),
  Title: z.string(),
  SceneDesc: z.string(),
  Keywords: z.array(templateKeywordSchema),
  /** Scenes bound to it. */
  Scenes: z.array(z.string()),
  Provider: z.enum(WECHAT_PROVIDERS),
  CreatedAt: z.string(),
});
export type MessageTemplateRow = z.infer<typeof messageTemplateRowSchema>;

export const getMessageTemplateList = defineEndpoint({
  method: 'GET',
  path: `${BASE}/GetMessageTemplateList`,
  permission: MessagePermission.templates,
  input: listQuerySchema.extend({ keyword: z.string().trim().max(40).optional() }),
  output: pagedSchema(messageTemplateRowSchema),
});

export const messageTemplateListResource: ListResource = {
  resource: 'messageTemplates',
  list: getMessageTemplateList,
  filters: [{ name: 'keyword', kind: 'text', params: ['keyword'] }],
  sortFields: [],
  defaultSort: '',
};

/** Templates for the scene and send forms (not paged: a shop holds at most 50 on WeChat). */
export const getMessageTemplateOptions = defineEndpoint({
  method: 'GET',
  path: `${BASE}/GetMessageTemplateOptions`,
  permission: 'session',
  input: z.strictObject({}),
  output: z.object({ Data: z.array(messageTemplateRowSchema) }),
});

export const delMessageTemplate = defineEndpoint({
  method: 'POST',
  path: `${BASE}/DelMessageTemplate`,
  permission: MessagePermission.templates,
  input: z.strictObject({ Ids: z.array(id).min(1).max(50) }),
  output: z.object({ Deleted: z.number().int() }),
});

// ---------------------------------------------------------------------------------------------
// Scenes (subscribeMsg, settingSubscribeMsg)

export const MESSAGE_SCENES = [
  'orderPaid',
  'orderShipped',
  'refundResult',
  'bookingReminder',
  'groupResult',
  'bargainResult',
  'couponExpiring',
] as const;
export type MessageScene = (typeof MESSAGE_SCENES)[number];

/** What each scene can put in a keyword; a mapping names one of these per keyword, or a fixed text. */
export const SCENE_FIELDS: Record<MessageScene, readonly string[]> = {
  orderPaid: ['orderNo', 'goodsName', 'amount', 'paidAt'],
  orderShipped: ['orderNo', 'goodsName', 'carrier', 'trackingNo', 'shippedAt', 'receiver'],
  refundResult: ['orderNo', 'amount', 'result', 'reason'],
  bookingReminder: ['bookingName', 'bookingTime', 'storeName'],
  groupResult: ['goodsName', 'result', 'amount'],
  bargainResult: ['goodsName', 'result', 'amount'],
  couponExpiring: ['couponName', 'couponValue', 'expiresAt', 'remark'],
};

/** Each keyword's source: a scene field, or `text` with a fixed value. */
export const keywordMappingSchema = z.strictObject({
  Key: z.string().regex(/^[a-z_]+\d+$/),
  Field: z.string().min(1).max(32),
  Text: z.string().trim().max(40).default(''),
});
export type KeywordMapping = z.infer<typeof keywordMappingSchema>;

export const messageSceneRowSchema = z.object({
  Scene: z.enum(MESSAGE_SCENES),
  TemplateId: z.number().int().nullable(),
  TemplateTitle: z.string(),
  PriTmplId: z.string(),
  Keywords: z.array(templateKeywordSchema),
  Mapping: z.array(keywordMappingSchema),
  Page: z.string(),
  Enabled: z.boolean(),
  /** Messages of this scene sent and refused (no consent) in the last 30 days. */
  Sent: z.number().int(),
  Refused: z.number().int(),
  Version: z.number().int(),
});
export type MessageSceneRow = z.infer<typeof messageSceneRowSchema>;

export const getMessageSceneList = defineEndpoint({
  method: 'GET',
  path: `${BASE}/GetMessageSceneList`,
  permission: MessagePermission.subscribe,
  input: listQuerySchema,
  output: pagedSchema(messageSceneRowSchema),
});

export const messageSceneListResource: ListResource = {
  resource: 'messageScenes',
  list: getMessageSceneList,
  filters: [],
  sortFields: [],
  defaultSort: '',
};

export const getMessageScene = defineEndpoint({
  method: 'GET',
  path: `${BASE}/GetMessageScene`,
  permission: MessagePermission.subscribeSetting,
  input: z.strictObject({ Scene: z.enum(MESSAGE_SCENES) }),
  output: messageSceneRowSchema,
});

export const setMessageScene = defineEndpoint({
  method: 'POST',
  path: `${BASE}/SetMessageScene`,
  permission: MessagePermission.subscribeSetting,
  input: z.strictObject({
    Scene: z.enum(MESSAGE_SCENES),
    TemplateId: id,
    Mapping: z.array(keywordMappingSchema).min(1).max(KEYWORDS_MAX),
    Page: z
      .string()
      .trim()
      .max(200)
      .regex(/^[A-Za-z0-9_\-/.?=&]*$/),
    Enabled: z.boolean(),
    /** The version read; absent for a scene never set. */
    Version: z.number().int().min(0),
  }),
  output: z.object({ Version: z.number().int() }),
});

export const setMessageSceneState = defineEndpoint({
  method: 'POST',
  path: `${BASE}/SetMessageSceneState`,
  permission: MessagePermission.subscribe,
  input: z.strictObject({ Scenes: z.array(z.enum(MESSAGE_SCENES)).min(1), Enabled: z.boolean() }),
  output: z.object({ Changed: z.number().int() }),
});

// ---------------------------------------------------------------------------------------------
// Mass sends (sendMessage, addSend, sendDetails)

export const SEND_TARGETS = ['all', 'tag', 'grade'] as const;
export const MESSAGE_SEND_STATES = ['scheduled', 'running', 'done', 'cancelled'] as const;
export type MessageSendState = (typeof MESSAGE_SEND_STATES)[number];
export const DELIVERY_STATES = ['pending', 'sending', 'sent', 'refused', 'failed'] as const;
export type DeliveryState = (typeof DELIVERY_STATES)[number];

export const messageTargetSchema = z.discriminatedUnion('Kind', [
  z.strictObject({ Kind: z.literal('all') }),
  z.strictObject({ Kind: z.literal('tag'), Tag: z.string().trim().min(1).max(20) }),
  z.strictObject({ Kind: z.literal('grade'), GradeId: id }),
]);
export type MessageTarget = z.infer<typeof messageTargetSchema>;

export const createMessageSend = defineEndpoint({
  method: 'POST',
  path: `${BASE}/CreateMessageSend`,
  permission: MessagePermission.addSend,
  input: z.strictObject({
    TemplateId: id,
    /** The text of each keyword, by data key. */
    Values: z.record(z.string().regex(/^[a-z_]+\d+$/), z.string().trim().min(1).max(40)),
    Page: z
      .string()
      .trim()
      .max(200)
      .regex(/^[A-Za-z0-9_\-/.?=&]*$/),
    Target: messageTargetSchema,
    /** Absent: at once. */
    ScheduledAt: z.iso.datetime({ offset: true }).optional(),
    RequestKey: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/),
  }),
  output: z.object({ Id: z.number().int() }),
});

export const messageSendRowSchema = z.object({
  Id: z.number().int(),
  TemplateTitle: z.string(),
  TargetLabel: z.string(),
  Target: z.enum(SEND_TARGETS),
  State: z.enum(MESSAGE_SEND_STATES),
  ScheduledAt: z.string(),
  Total: z.number().int(),
  Sent: z.number().int(),
  Refused: z.number().int(),
  Failed: z.number().int(),
  CreatedBy: z.string(),
  CreatedAt: z.string(),
  FinishedAt: z.string().nullable(),
});
export type MessageSendRow = z.infer<typeof messageSendRowSchema>;

export const MESSAGE_SEND_TABS = ['all', ...MESSAGE_SEND_STATES] as const;

export const getMessageSendList = defineEndpoint({
  method: 'GET',
  path: `${BASE}/GetMessageSendList`,
  permission: MessagePermission.sends,
  input: listQuerySchema.extend({ state: z.enum(MESSAGE_SEND_TABS).default('all') }),
  output: pagedSchema(messageSendRowSchema).extend({
    Counts: z.record(z.enum(MESSAGE_SEND_TABS), z.number().int()),
  }),
});

export const messageSendListResource: ListResource = {
  resource: 'messageSends',
  list: getMessageSendList,
  filters: [],
  tabs: { param: 'state', values: MESSAGE_SEND_TABS, default: 'all' },
  sortFields: [],
  defaultSort: '',
};

export const cancelMessageSend = defineEndpoint({
  method: 'POST',
  path: `${BASE}/CancelMessageSend`,
  permission: MessagePermission.sends,
  input: z.strictObject({ Ids: z.array(id).min(1).max(100) }),
  output: z.object({ Changed: z.number().int() }),
});

export const getMessageSendOptions = defineEndpoint({
  method: 'GET',
  path: `${BASE}/GetMessageSendOptions`,
  permission: MessagePermission.addSend,
  input: z.strictObject({}),
  output: z.object({
    Grades: z.array(z.object({ Id: z.number().int(), Name: z.string(), Members: z.number().int() })),
    Tags: z.array(z.object({ Tag: z.string(), Members: z.number().int() })),
    Members: z.number().int(),
  }),
});

export const deliveryRowSchema = z.object({
  Id: z.number().int(),
  MemberName: z.string(),
  MemberNo: z.string(),
  Scene: z.string(),
  State: z.enum(DELIVERY_STATES),
  Errcode: z.number().int(),
  /** The errcode's meaning in the reader's language; '' when sent. */
  Reason: z.string(),
  SentAt: z.string().nullable(),
  CreatedAt: z.string(),
});
export type DeliveryRow = z.infer<typeof deliveryRowSchema>;

export const DELIVERY_TABS = ['all', ...DELIVERY_STATES] as const;

/** sendDetails: one send's members (`?id=`), or with no id the scene messages the events sent. */
export const getMessageDeliveryList = defineEndpoint({
  method: 'GET',
  path: `${BASE}/GetMessageDeliveryList`,
  permission: MessagePermission.sendDetails,
  input: listQuerySchema.extend({
    id: queryId.optional(),
    state: z.enum(DELIVERY_TABS).default('all'),
    keyword: z.string().trim().max(40).optional(),
  }),
  output: pagedSchema(deliveryRowSchema).extend({
    Counts: z.record(z.enum(DELIVERY_TABS), z.number().int()),
    Send: messageSendRowSchema.nullable(),
  }),
});

export const messageDeliveryListResource: ListResource = {
  resource: 'messageDeliveries',
  list: getMessageDeliveryList,
  filters: [{ name: 'keyword', kind: 'text', params: ['keyword'] }],
  tabs: { param: 'state', values: DELIVERY_TABS, default: 'all' },
  sortFields: [],
  defaultSort: '',
};

// ---------------------------------------------------------------------------------------------
// Customer-service messages (customerMessage, customerMessageList)

export const MATCH_MODES = ['exact', 'contains'] as const;
export type MatchMode = (typeof MATCH_MODES)[number];

export const autoReplyRowSchema = z.object({
  Id: z.number().int(),
  Keyword: z.string(),
  Match: z.enum(MATCH_MODES),
  Reply: replyContentSchema,
  Status: z.enum(['on', 'off']),
  Hits: z.number().int(),
  Version: z.number().int(),
  CreatedAt: z.string(),
});
export type AutoReplyRow = z.infer<typeof autoReplyRowSchema>;

export const getAutoReplyList = defineEndpoint({
  method: 'GET',
  path: `${BASE}/GetAutoReplyList`,
  permission: MessagePermission.autoReplies,
  input: listQuerySchema.extend({ keyword: z.string().trim().max(30).optional() }),
  output: pagedSchema(autoReplyRowSchema),
});

export const autoReplyListResource: ListResource = {
  resource: 'autoReplies',
  list: getAutoReplyList,
  filters: [{ name: 'keyword', kind: 'text', params: ['keyword'] }],
  sortFields: [],
  defaultSort: '',
};

export const getAutoReply = defineEndpoint({
  method: 'GET',
  path: `${BASE}/GetAutoReply`,
  permission: MessagePermission.autoReplies,
  input: z.strictObject({ Id: queryId }),
  output: autoReplyRowSchema,
});

export const bindAutoReply = defineEndpoint({
  method: 'POST',
  path: `${BASE}/BindAutoReply`,
  permission: MessagePermission.autoReplies,
  input: z.strictObject({
    Id: id.optional(),
    Version: version.optional(),
    Keyword: z.string().trim().min(1).max(30),
    Match: z.enum(MATCH_MODES),
    Reply: replySchema,
    Status: z.enum(['on', 'off']),
  }),
  output: z.object({ Id: z.number().int(), Version: z.number().int() }),
});

export const delAutoReply = defineEndpoint({
  method: 'POST',
  path: `${BASE}/DelAutoReply`,
  permission: MessagePermission.autoReplies,
  input: z.strictObject({ Ids: z.array(id).min(1).max(100) }),
  output: z.object({ Deleted: z.number().int() }),
});

/** WeChat lets a shop answer a buyer for 48 hours after the buyer's last message. */
export const REPLY_WINDOW_HOURS = 48;

export const customerMessageRowSchema = z.object({
  Id: z.number().int(),
  /** in: the buyer wrote; out: the shop answered (auto-reply or operator). */
  Direction: z.enum(['in', 'out']),
  OpenId: z.string(),
  MemberName: z.string(),
  MsgType: z.string(),
  Content: z.string(),
  /** For answers: queued, sent or failed with the errcode's meaning. */
  State: z.string(),
  Reason: z.string(),
  /** For incoming messages: whether the 48-hour window is still open. */
  CanReply: z.boolean(),
  CreatedAt: z.string(),
});
export type CustomerMessageRow = z.infer<typeof customerMessageRowSchema>;

export const getCustomerMessageList = defineEndpoint({
  method: 'GET',
  path: `${BASE}/GetCustomerMessageList`,
  permission: MessagePermission.customerLog,
  input: listQuerySchema.extend({
    direction: z.enum(['all', 'in', 'out']).default('all'),
    keyword: z.string().trim().max(40).optional(),
  }),
  output: pagedSchema(customerMessageRowSchema).extend({
    Counts: z.object({ all: z.number().int(), in: z.number().int(), out: z.number().int() }),
  }),
});

export const customerMessageListResource: ListResource = {
  resource: 'customerMessages',
  list: getCustomerMessageList,
  filters: [{ name: 'keyword', kind: 'text', params: ['keyword'] }],
  tabs: { param: 'direction', values: ['all', 'in', 'out'], default: 'all' },
  sortFields: [],
  defaultSort: '',
};

export const replyCustomerMessage = defineEndpoint({
  method: 'POST',
  path: `${BASE}/ReplyCustomerMessage`,
  permission: MessagePermission.customerLog,
  input: z.strictObject({ Id: id, Reply: replySchema }),
  output: z.object({ Id: z.number().int() }),
});

// ---------------------------------------------------------------------------------------------
// WeChat's side and the storefront's

export const SUBSCRIBE_RESULTS = ['accept', 'reject', 'ban'] as const;

/**
 * What wx.requestSubscribeMessage answered the buyer's mini-program, passed on by the shop's
 * server: each accepted one-time template allows one message to this buyer.
 */
export const reportMessageSubscribe = defineEndpoint({
  method: 'POST',
  path: '/storefront/ReportMessageSubscribe',
  permission: 'public',
  input: z.strictObject({
    BuyerId: z.string().trim().min(1).max(64),
    Results: z
      .array(
        z.strictObject({ TemplateId: z.string().trim().min(1).max(64), Result: z.enum(SUBSCRIBE_RESULTS) }),
      )
      .min(1)
      .max(20),
  }),
  output: z.object({
    Consents: z.array(z.object({ TemplateId: z.string(), Remaining: z.number().int() })),
  }),
});
