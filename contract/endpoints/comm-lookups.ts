import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { listQuerySchema, pagedSchema } from '../envelope';
import { LINK_KINDS } from '../link-targets';

/**
 * The common look-ups of SPEC §7 that no route group names: the values of an enum or state machine
 * with their labels, every page and live row of the shop a link can point to, and the playable
 * address of a Tencent Video link.
 */

export const ENUM_TYPE_MAX = 40;

export const enumValueSchema = z.object({
  /** The value as the calls send it: a state or kind name, or a number for numbered enums. */
  Value: z.union([z.string(), z.number().int()]),
  Zh: z.string(),
  En: z.string(),
});
export type EnumValue = z.infer<typeof enumValueSchema>;

/**
 * `Type` is a machine id of contract/machines (`order.order`, `ticket.ticket`…) or a named enum
 * (`shopType`, `linkKind`, `paymentMethod`); `Type` absent lists the type names.
 */
export const getEnumForType = defineEndpoint({
  method: 'GET',
  path: '/Comm/GetEnumForType',
  permission: 'session',
  input: z.strictObject({ Type: z.string().trim().min(1).max(ENUM_TYPE_MAX).optional() }),
  output: z.object({ Types: z.array(z.string()), Values: z.array(enumValueSchema) }),
});

export const STORE_LINK_KEYWORD_MAX = 40;

export const storeLinkRowSchema = z.object({
  Title: z.string(),
  /** A kind of contract/link-targets.ts. */
  Kind: z.enum(LINK_KINDS),
  /** The mini-program page with its query, e.g. `/pages/product/detail?id=12`. */
  Path: z.string(),
  /** The row's id, or the template page's id for custom pages. */
  Id: z.union([z.number().int(), z.string()]),
});
export type StoreLinkRow = z.infer<typeof storeLinkRowSchema>;

/**
 * Every page of the shop's current template and every live row a link can point to, as title, kind
 * and path: the list the studio's link picker and an outside mini-program both read. Kinds outside
 * the shop type's catalogue are left out.
 */
export const getStoreLinkUrlList = defineEndpoint({
  method: 'GET',
  path: '/Comm/GetStoreLinkUrlList',
  permission: 'session',
  input: listQuerySchema.omit({ sort: true }).extend({
    Kind: z.enum(LINK_KINDS).optional(),
    Keyword: z.string().trim().max(STORE_LINK_KEYWORD_MAX).optional(),
  }),
  output: pagedSchema(storeLinkRowSchema),
});

/** A Tencent Video page address (v.qq.com/x/page/…, /x/cover/…/<vid>.html, ?vid=…) or an 11-character video id. */
export const TX_VIDEO_ID_PATTERN = /^[a-z0-9]{11}$/;

/** The video id of a Tencent Video link or id; null when it names none (a cover page without a video). */
export function txVideoId(link: string): string | null {
  const text = link.trim();
  if (TX_VIDEO_ID_PATTERN.test(text)) return text;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (!/(^|\.)v\.qq\.com$/.test(url.hostname) && !/(^|\.)video\.qq\.com$/.test(url.hostname)) return null;
  const fromQuery = url.searchParams.get('vid');
  if (fromQuery && TX_VIDEO_ID_PATTERN.test(fromQuery)) return fromQuery;
  const page = /\/x\/(?:page|cover\/[a-z0-9]+)\/([a-z0-9]{11})\.html$/.exec(url.pathname);
  return page ? page[1]! : null;
}

export const getTxVideoMp4Url = defineEndpoint({
  method: 'GET',
  path: '/Comm/GetTxVideoMp4Url',
  permission: 'session',
  input: z.strictObject({ Link: z.string().trim().min(1).max(2048) }),
  output: z.object({
    Vid: z.string(),
    Url: z.string(),
    Title: z.string(),
    /** True when no video service is configured: the address is the built-in sandbox's sample. */
    Sandbox: z.boolean(),
  }),
});

/** The sandbox's sample behind the addresses it resolves to (see server/areas/comm/tencent-video.ts). */
export const getTxVideoSandboxFile = defineEndpoint({
  method: 'GET',
  path: '/Comm/GetTxVideoSandboxFile',
  // The public phone preview plays it too.
  permission: 'public',
  input: z.strictObject({ vid: z.string().regex(TX_VIDEO_ID_PATTERN, 'an 11-character video id') }),
  output: z.object({}),
  binary: true,
});
