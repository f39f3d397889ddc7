import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { listQuerySchema, pagedSchema } from '../envelope';
import { POSTER_KINDS } from '../poster-document';
import { queryId as id, version } from '../scalars';

/**
 * Posters and certificates (SPEC §7, base /ModuleLibrary/). A poster document's `Data` is the JSON of
 * contract/poster-document.ts; saves carry the `Version` they were based on and a stale one is refused
 * with `StaleVersion: true` and `CurrentVersion`, like SaveModule. Share posters are the shop's
 * posters its members may share, one of them in use; certificate data are the certificates the shop
 * issued, drawn with its certificate design in use.
 */

export const POSTERS_PERMISSION = '/shop/decorateShop/posterSupervise';
export const EDIT_POSTER_PERMISSION = '/shop/decorateShop/editPoster';
export const EDIT_CERTIFICATE_PERMISSION = '/shop/decorateShop/editCertificate';

export const MAX_POSTERS_PER_SITE = 100;
/** Characters of a poster's JSON; inline pictures make it big, the 1 MB body limit is tighter. */
export const MAX_POSTER_DATA = 2_000_000;

const name = z.string().trim().min(1).max(40);
const kind = z.enum(POSTER_KINDS);

export const posterSummarySchema = z.object({
  Id: z.number().int(),
  Kind: kind,
  Name: z.string(),
  Version: z.number().int(),
  Width: z.number().int(),
  Height: z.number().int(),
  /** A poster: it is the share poster the shop's members get. A certificate: the design in use. */
  InUse: z.boolean(),
  /** A poster: it is in the share-poster list. */
  IsSharePoster: z.boolean(),
  UpdatedAt: z.string(),
});
export type PosterSummary = z.infer<typeof posterSummarySchema>;

export const getPosterList = defineEndpoint({
  method: 'GET',
  path: '/ModuleLibrary/GetPosterList',
  permission: POSTERS_PERMISSION,
  input: listQuerySchema.extend({ Kind: kind, Name: z.string().trim().max(40).optional() }),
  output: pagedSchema(posterSummarySchema),
});

export const getPosterData = defineEndpoint({
  method: 'GET',
  path: '/ModuleLibrary/GetPosterData',
  permission: POSTERS_PERMISSION,
  input: z.strictObject({ Id: id }),
  output: posterSummarySchema.extend({ Data: z.string() }),
});

export const addPoster = defineEndpoint({
  method: 'POST',
  path: '/ModuleLibrary/AddPoster',
  permission: POSTERS_PERMISSION,
  /** A blank design of the kind's default size (or Width × Height), or a copy of CopyFromId. */
  input: z.strictObject({
    Kind: kind,
    Name: name,
    CopyFromId: id.optional(),
    Width: z.number().int().min(100).max(3000).optional(),
    Height: z.number().int().min(100).max(3000).optional(),
  }),
  output: z.object({ Id: z.number().int(), Version: z.number().int() }),
});

/** Saves the document (Data) and/or renames it; Version is the one the caller started from. */
export const setPoster = defineEndpoint({
  method: 'POST',
  path: '/ModuleLibrary/SetPoster',
  permission: EDIT_POSTER_PERMISSION,
  input: z
    .strictObject({
      Id: id,
      Version: version,
      Data: z.string().min(2).max(MAX_POSTER_DATA).optional(),
      Name: name.optional(),
    })
    .refine((input) => input.Data !== undefined || input.Name !== undefined, {
      path: ['Data'],
      message: 'Data or Name is required',
    }),
  output: z.object({ Version: z.number().int() }),
});

export const delPoster = defineEndpoint({
  method: 'POST',
  path: '/ModuleLibrary/DelPoster',
  permission: POSTERS_PERMISSION,
  input: z.strictObject({ Id: id }),
  output: z.object({}),
});

export const sharePosterSchema = z.object({
  Id: z.number().int(),
  PosterId: z.number().int(),
  PosterName: z.string(),
  /** The text members see beside the poster when they share it. */
  Title: z.string(),
  InUse: z.boolean(),
  CreatedAt: z.string(),
});
export type SharePoster = z.infer<typeof sharePosterSchema>;

export const getSharePosterList = defineEndpoint({
  method: 'GET',
  path: '/ModuleLibrary/GetSharePosterList',
  permission: POSTERS_PERMISSION,
  input: listQuerySchema,
  output: pagedSchema(sharePosterSchema),
});

const title = z.string().trim().max(60);

/** Adds one of the shop's posters to its share posters; `Use` makes it the one in use at once. */
export const addMySharePoster = defineEndpoint({
  method: 'POST',
  path: '/ModuleLibrary/AddMySharePoster',
  permission: POSTERS_PERMISSION,
  input: z.strictObject({ PosterId: id, Title: title.optional(), Use: z.boolean().optional() }),
  output: z.object({ Id: z.number().int() }),
});

/** Makes a share poster the one the shop's members get. */
export const useMySharePoster = defineEndpoint({
  method: 'POST',
  path: '/ModuleLibrary/UseMySharePoster',
  permission: POSTERS_PERMISSION,
  input: z.strictObject({ Id: id }),
  output: z.object({}),
});

export const delMySharePoster = defineEndpoint({
  method: 'POST',
  path: '/ModuleLibrary/DelMySharePoster',
  permission: POSTERS_PERMISSION,
  input: z.strictObject({ Id: id }),
  output: z.object({}),
});

/** Changes a share poster's title, or the poster it shows. */
export const updateAccountSharePoster = defineEndpoint({
  method: 'POST',
  path: '/ModuleLibrary/UpadteAccountSharePoster',
  permission: POSTERS_PERMISSION,
  input: z
    .strictObject({ Id: id, Title: title.optional(), PosterId: id.optional() })
    .refine((input) => input.Title !== undefined || input.PosterId !== undefined, {
      path: ['Title'],
      message: 'Title or PosterId is required',
    }),
  output: z.object({}),
});

export const certificateDataSchema = z.object({
  Id: z.number().int(),
  CertificateId: z.number().int(),
  CertificateName: z.string(),
  HolderName: z.string(),
  Number: z.string(),
  /** YYYY-MM-DD */
  IssueDate: z.string(),
  UpdatedAt: z.string(),
});
export type CertificateData = z.infer<typeof certificateDataSchema>;

export const getCertificateDataList = defineEndpoint({
  method: 'GET',
  path: '/ModuleLibrary/GetCertificateDataList',
  permission: POSTERS_PERMISSION,
  input: listQuerySchema.extend({
    CertificateId: id.optional(),
    HolderName: z.string().trim().max(40).optional(),
  }),
  output: pagedSchema(certificateDataSchema),
});

/** Issues a certificate (no Id) or corrects one; numbers are unique in the shop. */
export const setCertificateData = defineEndpoint({
  method: 'POST',
  path: '/ModuleLibrary/SetCertificateData',
  permission: POSTERS_PERMISSION,
  input: z.strictObject({
    Id: id.optional(),
    CertificateId: id,
    HolderName: z.string().trim().min(1).max(40),
    Number: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9-]{1,32}$/),
    IssueDate: z.iso.date(),
  }),
  output: z.object({ Id: z.number().int() }),
});

/** Makes a certificate design the one the shop issues its certificates with. */
export const updateAccountCertificate = defineEndpoint({
  method: 'POST',
  path: '/ModuleLibrary/UpadteAccountCertificate',
  permission: POSTERS_PERMISSION,
  input: z.strictObject({ CertificateId: id }),
  output: z.object({}),
});
