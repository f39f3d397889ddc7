import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { queryId } from '../scalars';
import { passwordChangeSchema } from './user';

const empty = z.strictObject({});

export const getVerifyCode = defineEndpoint({
  method: 'GET',
  path: '/Comm/GetVerifyCode',
  permission: 'public',
  /** `r` is the cache-busting random parameter of SPEC §7. */
  input: z.strictObject({ r: z.string().max(64).optional() }),
  output: z.object({}),
  binary: true,
});

export const getSiteName = defineEndpoint({
  method: 'GET',
  path: '/Comm/GetSiteName',
  permission: 'session',
  input: empty,
  output: z.object({ Id: z.number().int(), Text: z.string() }),
});

export const setSiteName = defineEndpoint({
  method: 'POST',
  path: '/Comm/SetSiteName',
  permission: 'session',
  /** An empty Text is refused by the server with SPEC's own message (您还未输入站点名称). */
  input: z.strictObject({ Id: queryId, Text: z.string().trim().max(64) }),
  output: z.object({}),
});

export const updatePassword = defineEndpoint({
  method: 'POST',
  path: '/Comm/UpdatePwd',
  permission: 'session',
  input: passwordChangeSchema,
  output: z.object({}),
});

export const unbindWechat = defineEndpoint({
  method: 'POST',
  path: '/Comm/UnbindWX',
  permission: 'session',
  input: empty,
  output: z.object({}),
});

export const siteRowSchema = z.object({
  Id: z.number().int(),
  Text: z.string(),
  Description: z.string(),
  Url: z.string(),
});

export const getChangeSiteList = defineEndpoint({
  method: 'GET',
  path: '/Comm/GetChangeSiteList',
  permission: 'session',
  input: empty,
  output: z.object({ Data: z.array(siteRowSchema) }),
});

export const changeSite = defineEndpoint({
  method: 'POST',
  path: '/Comm/ChangeSite',
  permission: 'session',
  input: z.strictObject({ Id: queryId }),
  output: z.object({ ResultData: z.string() }),
});

export const getExpirySiteList = defineEndpoint({
  method: 'GET',
  path: '/Comm/GetExpirySiteList',
  permission: 'public',
  input: z.strictObject({ aid: queryId }),
  output: z.object({
    Data: z.array(siteRowSchema.extend({ ExpiresAt: z.string() })),
  }),
});

export const uploadImage = defineEndpoint({
  method: 'POST',
  path: '/Comm/UploadImage1',
  permission: 'session',
  /**
   * Multipart with one file in the field `file` (PNG, JPEG, GIF or WebP, checked by content). The
   * schema covers the text fields sent beside it: the image-library folder (0 or absent: the root).
   */
  input: z.strictObject({ FolderId: z.coerce.number().int().min(0).optional() }),
  output: z.object({
    Url: z.string(),
    Id: z.number().int(),
    Width: z.number().int(),
    Height: z.number().int(),
  }),
});

export const areaSchema = z.object({ Code: z.string(), Name: z.string() });
export type AreaNode = z.infer<typeof areaSchema> & { Children?: AreaNode[] };
export const areaTreeSchema: z.ZodType<AreaNode> = z.lazy(() =>
  areaSchema.extend({ Children: z.array(areaTreeSchema).optional() }),
);

export const initCities = defineEndpoint({
  method: 'GET',
  path: '/Comm/InitCitys',
  permission: 'session',
  input: empty,
  output: z.object({ Data: z.array(areaSchema) }),
});

export const nextCities = defineEndpoint({
  method: 'GET',
  path: '/Comm/NextCitys',
  permission: 'session',
  input: z.strictObject({ code: z.string().regex(/^\d{6}$/, 'six digits') }),
  output: z.object({ Data: z.array(areaSchema) }),
});

export const initArea = defineEndpoint({
  method: 'GET',
  path: '/Comm/InitArea',
  permission: 'session',
  input: empty,
  output: z.object({ Data: z.array(areaTreeSchema) }),
});

/** A path inside this app: one leading slash, no scheme or host of its own. */
const appPath = z
  .string()
  .max(512)
  .regex(/^\/(?![/\\])[^\s\\]*$/, 'a path of this site starting with one /');

/**
 * A QR code of an address of this site (SPEC §7 GetQrCode), such as a page's phone preview. Only
 * paths are accepted, so the server never draws codes pointing at other sites.
 */
export const getQrCode = defineEndpoint({
  method: 'GET',
  path: '/Comm/GetQrCode',
  permission: 'session',
  input: z.strictObject({ path: appPath }),
  /** Url: the full address encoded; Image: a PNG data URL of its QR code. */
  output: z.object({ Url: z.string(), Image: z.string() }),
});
