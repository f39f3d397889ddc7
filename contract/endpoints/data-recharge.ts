import { z } from 'zod';
import { defineEndpoint } from '../endpoint';
import { listQuerySchema, pagedSchema } from '../envelope';
import { type ListResource, sortParam } from '../list-query';
import { AddedValuePermission } from '../machines/added-value';
import { fen, id, version } from '../scalars';
import { ADDED_VALUE_BASE, purchaseRowSchema } from './recharge-records';

/**
 * Mobile data packages (SPEC §2 flowRecharge): what the shop offers its members to top up a mobile
 * with, by carrier, at its own price. The platform tops the numbers up from stock the shop buys from
 * it at the platform's price (its catalogue of products); a member's data top-up order (the orders
 * module's recharge orders) takes one unit of stock when paid and gives it back if refunded before
 * it is delivered.
 */

export const DATA_CARRIERS = ['chinaMobile', 'chinaUnicom', 'chinaTelecom'] as const;
export type DataCarrier = (typeof DATA_CARRIERS)[number];

/** The code a member's order names (e.g. CM-1G): letters, digits and hyphens. */
export const DATA_PACKAGE_CODE_PATTERN = /^[A-Za-z0-9-]{2,16}$/;
export const MAX_DATA_STOCK_PURCHASE = 10_000;
export const MAX_BULK_DATA_PACKAGES = 100;

/** A size as shops sell it: megabytes under a gigabyte, else gigabytes (1536 MB is 1.5GB). */
export function dataSizeLabel(sizeMb: number): string {
  if (sizeMb < 1024) return `${sizeMb}MB`;
  const gigabytes = sizeMb / 1024;
  return `${Number.isInteger(gigabytes) ? gigabytes : gigabytes.toFixed(1)}GB`;
}

export const dataProductSchema = z.object({
  Id: z.number().int(),
  Carrier: z.enum(DATA_CARRIERS),
  SizeMb: z.number().int(),
  /** The platform's price of one unit of stock. */
  CostFen: z.number().int(),
});
export type DataProduct = z.infer<typeof dataProductSchema>;

/** The platform's data products the shop may offer. */
export const getDataProducts = defineEndpoint({
  method: 'GET',
  path: `${ADDED_VALUE_BASE}/GetDataProducts`,
  permission: AddedValuePermission.data,
  input: z.strictObject({}),
  output: z.object({ Data: z.array(dataProductSchema) }),
});

export const dataPackageRowSchema = z.object({
  Id: z.number().int(),
  Code: z.string(),
  ProductId: z.number().int(),
  Carrier: z.enum(DATA_CARRIERS),
  SizeMb: z.number().int(),
  /** What a unit of stock costs the shop. */
  CostFen: z.number().int(),
  /** What members pay. */
  PriceFen: z.number().int(),
  Enabled: z.boolean(),
  Sort: z.number().int(),
  /** Units bought and not yet sold. */
  Stock: z.number().int(),
  /** Units sold to members and not given back. */
  Sold: z.number().int(),
  CreatedAt: z.string(),
  Version: z.number().int(),
});
export type DataPackageRow = z.infer<typeof dataPackageRowSchema>;

export const DATA_PACKAGE_TABS = ['all', ...DATA_CARRIERS] as const;
export const DATA_PACKAGE_STATUSES = ['on', 'off'] as const;
export const DATA_PACKAGE_SORTS = ['sort', 'createdAt', 'price'] as const;

export const getDataPackages = defineEndpoint({
  method: 'GET',
  path: `${ADDED_VALUE_BASE}/GetDataPackageList`,
  permission: AddedValuePermission.data,
  input: listQuerySchema.extend({
    carrier: z.enum(DATA_PACKAGE_TABS).default('all'),
    status: z.enum(DATA_PACKAGE_STATUSES).optional(),
    /** Code contains it. */
    keyword: z.string().trim().max(32).optional(),
    sort: sortParam(DATA_PACKAGE_SORTS).default('-sort'),
  }),
  output: pagedSchema(dataPackageRowSchema).extend({
    Counts: z.object(Object.fromEntries(DATA_PACKAGE_TABS.map((tab) => [tab, z.number().int()]))),
  }),
});

export const dataPackageListResource: ListResource = {
  resource: 'dataPackages',
  list: getDataPackages,
  filters: [
    { name: 'keyword', kind: 'text', params: ['keyword'] },
    { name: 'status', kind: 'select', params: ['status'], options: DATA_PACKAGE_STATUSES },
  ],
  tabs: { param: 'carrier', values: DATA_PACKAGE_TABS, default: 'all' },
  sortFields: DATA_PACKAGE_SORTS,
  defaultSort: '-sort',
};

export const dataPackageFormSchema = z
  .strictObject({
    Id: id.optional(),
    Version: version.optional(),
    Code: z.string().trim().regex(DATA_PACKAGE_CODE_PATTERN),
    /** The platform product (carrier and size) it sells. */
    ProductId: id,
    PriceFen: fen.min(1),
    Enabled: z.boolean(),
    Sort: z.number().int().min(0).max(9_999),
  })
  .superRefine((value, context) => {
    if (value.Id !== undefined && value.Version === undefined)
      context.addIssue({ code: 'custom', path: ['Version'], message: 'required when editing' });
  });
export type DataPackageForm = z.infer<typeof dataPackageFormSchema>;

export const saveDataPackage = defineEndpoint({
  method: 'POST',
  path: `${ADDED_VALUE_BASE}/SaveDataPackage`,
  permission: AddedValuePermission.data,
  input: dataPackageFormSchema,
  output: z.object({ Package: dataPackageRowSchema }),
});

export const setDataPackageStatus = defineEndpoint({
  method: 'POST',
  path: `${ADDED_VALUE_BASE}/SetDataPackageStatus`,
  permission: AddedValuePermission.data,
  input: z.strictObject({
    Ids: z.array(id).min(1).max(MAX_BULK_DATA_PACKAGES),
    Enabled: z.boolean(),
  }),
  output: z.object({ Changed: z.array(z.number().int()) }),
});

/** Deletes packages: members can no longer order them; stock left is lost with them, so it is refused. */
export const deleteDataPackages = defineEndpoint({
  method: 'POST',
  path: `${ADDED_VALUE_BASE}/DelDataPackages`,
  permission: AddedValuePermission.data,
  input: z.strictObject({ Ids: z.array(id).min(1).max(MAX_BULK_DATA_PACKAGES) }),
  output: z.object({ Changed: z.array(z.number().int()) }),
});

/** Buys units of a package's stock from the platform; the stock grows when the payment is confirmed. */
export const buyDataStock = defineEndpoint({
  method: 'POST',
  path: `${ADDED_VALUE_BASE}/BuyDataStock`,
  permission: AddedValuePermission.data,
  input: z.strictObject({ PackageId: id, Quantity: z.number().int().min(1).max(MAX_DATA_STOCK_PURCHASE) }),
  output: z.object({ Purchase: purchaseRowSchema }),
});

/** The packages a member may order now: on, in stock, by sort. */
export const storefrontGetDataPackages = defineEndpoint({
  method: 'GET',
  path: '/storefront/GetDataPackages',
  permission: 'public',
  input: z.strictObject({}),
  output: z.object({
    Data: z.array(
      z.object({
        Code: z.string(),
        Carrier: z.enum(DATA_CARRIERS),
        SizeMb: z.number().int(),
        PriceFen: z.number().int(),
      }),
    ),
  }),
});
