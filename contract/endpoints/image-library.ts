import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { listQuerySchema, pagedSchema } from '../envelope';
import { queryId as id } from '../scalars';

/**
 * The shop's image library (SPEC §2 imagesSupervise, base /ModuleLibrary/): folders and the images
 * uploaded through /Comm/UploadImage1. Browsing is open to every session because every image field
 * (studio, goods, posters) picks from the library; changing folders and images needs the menu.
 */
export const IMAGE_LIBRARY_PERMISSION = '/shop/decorateShop/imagesSupervise';

export const MAX_IMAGE_FOLDERS = 100;
/** Ids per bulk move or delete. */
export const MAX_BULK_IMAGES = 100;

const folderName = z.string().trim().min(1).max(30);
const imageName = z.string().trim().min(1).max(100);
/** 0 is the root ("not in a folder"). */
const folderTarget = z.coerce.number().int().min(0);
const ids = z.array(id).min(1).max(MAX_BULK_IMAGES);

export const imageFolderSchema = z.object({
  Id: z.number().int(),
  Name: z.string(),
  ImageCount: z.number().int(),
});
export type ImageFolder = z.infer<typeof imageFolderSchema>;

export const getImageFolderList = defineEndpoint({
  method: 'GET',
  path: '/ModuleLibrary/GetImageFolderList',
  permission: 'session',
  input: z.strictObject({}),
  output: z.object({
    Data: z.array(imageFolderSchema),
    /** Images not in any folder. */
    RootCount: z.number().int(),
    /** Every image of the shop. */
    TotalCount: z.number().int(),
  }),
});

/** Adds a folder (no Id) or renames one. Names are unique in a shop. */
export const setImageFolder = defineEndpoint({
  method: 'POST',
  path: '/ModuleLibrary/SetImageFolder',
  permission: IMAGE_LIBRARY_PERMISSION,
  input: z.strictObject({ Id: id.optional(), Name: folderName }),
  output: z.object({ Id: z.number().int() }),
});

/** Deletes a folder; its images are kept and moved to the root, so nothing in use disappears. */
export const delImageFolder = defineEndpoint({
  method: 'POST',
  path: '/ModuleLibrary/DelImageFolder',
  permission: IMAGE_LIBRARY_PERMISSION,
  input: z.strictObject({ Id: id }),
  output: z.object({ MovedImages: z.number().int() }),
});

export const libraryImageSchema = z.object({
  Id: z.number().int(),
  Name: z.string(),
  Url: z.string(),
  Width: z.number().int(),
  Height: z.number().int(),
  /** Bytes. */
  Size: z.number().int(),
  /** 0 when in the root. */
  FolderId: z.number().int(),
  CreatedAt: z.string(),
});
export type LibraryImage = z.infer<typeof libraryImageSchema>;

export const getImageList = defineEndpoint({
  method: 'GET',
  path: '/ModuleLibrary/GetImageList',
  permission: 'session',
  input: listQuerySchema.extend({
    /** Absent: every image; 0: the root only; otherwise that folder. */
    FolderId: folderTarget.optional(),
    Name: z.string().trim().max(100).optional(),
  }),
  output: pagedSchema(libraryImageSchema),
});

/** Renames one image (Name with a single id) and/or moves several to a folder (0: the root). */
export const setImage = defineEndpoint({
  method: 'POST',
  path: '/ModuleLibrary/SetImage',
  permission: IMAGE_LIBRARY_PERMISSION,
  input: z
    .strictObject({ Ids: ids, Name: imageName.optional(), FolderId: folderTarget.optional() })
    .refine((value) => value.Name !== undefined || value.FolderId !== undefined, {
      message: 'a Name or a FolderId',
      path: ['Name'],
    })
    .refine((value) => value.Name === undefined || value.Ids.length === 1, {
      message: 'one image at a time',
      path: ['Ids'],
    }),
  output: z.object({ Updated: z.number().int() }),
});

export const imageUseSchema = z.object({
  Kind: z.enum(['template', 'poster', 'goods']),
  Id: z.number().int(),
  Name: z.string(),
});
export type ImageUse = z.infer<typeof imageUseSchema>;

/**
 * Deletes images. When some are still used by a template, poster or goods and Force is not true, nothing
 * is deleted and `Usages` says which (Deleted is 0); the caller confirms and repeats with Force.
 */
export const delImage = defineEndpoint({
  method: 'POST',
  path: '/ModuleLibrary/DelImage',
  permission: IMAGE_LIBRARY_PERMISSION,
  input: z.strictObject({ Ids: ids, Force: z.boolean().optional() }),
  output: z.object({
    Deleted: z.number().int(),
    Usages: z.array(z.object({ Id: z.number().int(), Url: z.string(), Uses: z.array(imageUseSchema) })),
  }),
});
