import { z } from 'zod';
import { defineEndpoint, type EndpointDefinition } from '../endpoint';
import { listQuerySchema, pagedSchema } from '../envelope';
import { FREIGHT_UNIT_MAX } from '../freight';
import { GOODS_KINDS, ticketSettingsProblems, ticketSettingsSchema } from '../goods-kind';
import {
  type FieldProblem,
  type ListResource,
  queryBoolean,
  queryCount,
  queryDate,
  sortParam,
} from '../list-query';
import {
  auditMachine,
  commentMachine,
  GoodsPermission,
  REJECT_REASON_MAX,
  recycleMachine,
  shelfMachine,
} from '../machines/goods';
import { exportFormat, fen, id, queryId, version } from '../scalars';

/**
 * The goods area, SPEC §7 base /DistributorsShopProduct/.
 *
 * Conventions: query parameters (GET) are lowerCamel like `page`/`pageSize`; JSON bodies (POST) and
 * responses are PascalCase like the rest of SPEC §7. Money is integer fen. Editable records carry
 * `Version`: send back the one you loaded; a stale one is refused with Errcode -1 and
 * `Errors: [{ Field: 'Version' }]` (STALE_VERSION_FIELD) so the client can offer a reload.
 *
 * Goods prices live on their SKUs: goods without specs have one SKU with no spec values. The goods'
 * `PriceFen`/`MaxPriceFen` are the lowest/highest SKU price and `TotalStock` the sum of SKU stock.
 *
 * State changes of goods: BindProductState (putOn, takeOff, recycle = delete to the recycle bin,
 * copy), BindRecycledUpdateStateAndDel (restore, purge), UpdateProductAuditByListObj (approve,
 * reject). The machines are in contract/machines/goods.ts. Bulk calls are all-or-nothing: one
 * illegal row refuses the call naming it; rows already in the target state are left as they are
 * and reported in `Unchanged`.
 */

const BASE = '/DistributorsShopProduct';

export const MAX_STOCK = 9_999_999;
export const MAX_SPECS = 3;
export const MAX_SPEC_VALUES = 30;
export const MAX_SKUS = 500;
export const MAX_GALLERY = 15;
export const MAX_BULK = 100;
export const MAX_RELATED = 20;
export const MAX_CATEGORY_DEPTH = 3;
export const DESCRIPTION_MAX = 100_000;

const ids = z.array(id).min(1).max(MAX_BULK);
const sortValue = z.number().int().min(-1_000_000).max(1_000_000);
const empty = z.strictObject({});
const timestamp = z.string();

/** An image or video address: an upload (`/uploads/…`), a web address, or an inline image. */
export const mediaUrlSchema = z
  .string()
  .trim()
  .max(4096)
  .regex(/^(\/uploads\/|https?:\/\/|data:image\/)/);
const optionalMedia = z.union([mediaUrlSchema, z.literal('')]).default('');

// ---------------------------------------------------------------------------------------------
// Categories (goodsClassify)

export interface CategoryNode {
  Id: number;
  ParentId: number | null;
  Name: string;
  Image: string;
  Sort: number;
  Version: number;
  /** Active goods in this category alone (not its descendants). */
  GoodsCount: number;
  /** Set when the list was asked for a store: whether the store sells this category. */
  StoreBound?: boolean;
  Children: CategoryNode[];
}

export const categoryNodeSchema: z.ZodType<CategoryNode> = z.lazy(() =>
  z.object({
    Id: z.number().int(),
    ParentId: z.number().int().nullable(),
    Name: z.string(),
    Image: z.string(),
    Sort: z.number().int(),
    Version: z.number().int(),
    GoodsCount: z.number().int(),
    StoreBound: z.boolean().optional(),
    Children: z.array(categoryNodeSchema),
  }),
);

/** The category tree, siblings in ascending `Sort` (then id). */
export const getCategoryTree = defineEndpoint({
  method: 'GET',
  path: `${BASE}/GetPublishProductTypeList`,
  permission: 'session',
  /** `storeId` (a store account of the site) adds `StoreBound` to each node. */
  input: z.strictObject({ storeId: queryId.optional() }),
  output: z.object({ Data: z.array(categoryNodeSchema) }),
});

export const categorySearchRowSchema = z.object({
  Id: z.number().int(),
  ParentId: z.number().int().nullable(),
  Name: z.string(),
  /** Names from the root, e.g. `服装 / T恤`. */
  Path: z.string(),
  Depth: z.number().int(),
});

export const searchCategories = defineEndpoint({
  method: 'GET',
  path: `${BASE}/GetSearchPublishProductTypeList`,
  permission: 'session',
  input: listQuerySchema.extend({ keyword: z.string().trim().max(30).optional() }),
  output: pagedSchema(categorySearchRowSchema),
});

const categoryName = z.string().trim().min(1).max(30);

/** BindProductType: one call for every change of the tree, told apart by `Action`. */
export const categoryChangeSchema = z.discriminatedUnion('Action', [
  /** Create (no Id) or rename / re-image / re-sort (Id and Version). */
  z.strictObject({
    Action: z.literal('save'),
    Id: id.optional(),
    Version: version.optional(),
    /** Creating: the parent (null: top level). Updating: a different parent moves it to the end there. */
    ParentId: id.nullable().optional(),
    Name: categoryName,
    Image: optionalMedia,
    Sort: sortValue.default(0),
  }),
  /** Drag and drop: under `ParentId` (null: top level) at position `Index` among its siblings. */
  z.strictObject({
    Action: z.literal('move'),
    Id: id,
    Version: version,
    ParentId: id.nullable(),
    Index: z.number().int().min(0).max(10_000),
  }),
  /** Only when the category has no sub-categories and no goods (recycled goods count). */
  z.strictObject({ Action: z.literal('delete'), Id: id, Version: version }),
]);

export type CategoryChange = z.infer<typeof categoryChangeSchema>;

export const bindCategory = defineEndpoint({
  method: 'POST',
  path: `${BASE}/BindProductType`,
  permission: GoodsPermission.classify,
  input: categoryChangeSchema,
  output: z.object({ Id: z.number().int(), Version: z.number().int() }),
});

/** Which categories a store (a store account of the site, SPEC §1 isStore) sells. */
export const bindStoreCategories = defineEndpoint({
  method: 'POST',
  path: `${BASE}/BindStoreProductType`,
  permission: GoodsPermission.classify,
  input: z.strictObject({ StoreId: id, TypeIds: z.array(id).max(1000) }),
  output: z.object({ Count: z.number().int() }),
});

// ---------------------------------------------------------------------------------------------
// Custom types: operator-defined groups (新品, 热销…) besides the category tree; goods join many.

export const customTypeSchema = z.object({
  Id: z.number().int(),
  Name: z.string(),
  Image: z.string(),
  Sort: z.number().int(),
  GoodsCount: z.number().int(),
  CreatedAt: timestamp,
  Version: z.number().int(),
});

export const getCustomList = defineEndpoint({
  method: 'GET',
  path: `${BASE}/GetCustomList`,
  permission: 'session',
  input: listQuerySchema.extend({ keyword: z.string().trim().max(30).optional() }),
  output: pagedSchema(customTypeSchema),
});

export const getCustomInfo = defineEndpoint({
  method: 'GET',
  path: `${BASE}/GetCustomInfo`,
  permission: 'session',
  input: z.strictObject({ id: queryId }),
  output: customTypeSchema.extend({ ProductIds: z.array(z.number().int()) }),
});

export const customTypeFormSchema = z.strictObject({
  Id: id.optional(),
  Version: version.optional(),
  Name: z.string().trim().min(1).max(30),
  Image: optionalMedia,
  Sort: sortValue.default(0),
});

export const saveCustomType = defineEndpoint({
  method: 'POST',
  path: `${BASE}/BindUpdateCustomInfo`,
  permission: GoodsPermission.classify,
  input: customTypeFormSchema,
  output: z.object({ Id: z.number().int(), Version: z.number().int() }),
});

/** Deleting a custom type only ungroups its goods. */
export const deleteCustomTypes = defineEndpoint({
  method: 'POST',
  path: `${BASE}/BindDeleteCustomInfo`,
  permission: GoodsPermission.classify,
  input: z.strictObject({ Ids: ids }),
  output: z.object({ Deleted: z.number().int() }),
});

export const bindProductCustomTypes = defineEndpoint({
  method: 'POST',
  path: `${BASE}/BindProductCustomType`,
  permission: GoodsPermission.classify,
  /** `set` replaces each goods' groups, `add` and `remove` change only the ones given. */
  input: z.strictObject({
    ProductIds: ids,
    CustomTypeIds: z.array(id).max(MAX_BULK),
    Mode: z.enum(['set', 'add', 'remove']).default('set'),
  }),
  output: z.object({ Count: z.number().int() }),
});

// ---------------------------------------------------------------------------------------------
// Freight templates (the editor comes with shop settings)

export const getFreightTemplates = defineEndpoint({
  method: 'GET',
  path: `${BASE}/GetSKUFreightTemplate`,
  permission: 'session',
  input: empty,
  output: z.object({
    Data: z.array(z.object({ Id: z.number().int(), Name: z.string(), IsDefault: z.boolean() })),
  }),
});

// ---------------------------------------------------------------------------------------------
// Goods list (goodsList)

export const PRODUCT_TABS = ['onShelf', 'offShelf', 'pendingAudit', 'soldOut', 'all'] as const;
export type ProductTab = (typeof PRODUCT_TABS)[number];
export const PRODUCT_SORT_FIELDS = [
  'sort',
  'createdAt',
  'updatedAt',
  'price',
  'stock',
  'sales',
  'name',
] as const;
/** Operators' sort value first (larger first), newest next. */
export const PRODUCT_DEFAULT_SORT = '-sort';

/** The filters of the goods list; the export takes the same ones. */
export const productFilterFields = {
  /** Name, goods code or any SKU code contains it. */
  keyword: z.string().trim().max(64).optional(),
  /** The category or any of its descendants. */
  categoryId: queryId.optional(),
  customTypeId: queryId.optional(),
  /** Physical goods ship; virtual ones issue electronic tickets. */
  kind: z.enum(GOODS_KINDS).optional(),
  priceMin: queryCount.optional(),
  priceMax: queryCount.optional(),
  stockMin: queryCount.optional(),
  stockMax: queryCount.optional(),
  createdFrom: queryDate.optional(),
  /** Inclusive: a day means up to its end. */
  createdTo: queryDate.optional(),
  tab: z.enum(PRODUCT_TABS).default('all'),
  sort: sortParam(PRODUCT_SORT_FIELDS).default(PRODUCT_DEFAULT_SORT),
};

/** Pairs whose min must not exceed max (checked by the server, usable by forms). */
export const PRODUCT_FILTER_RANGES = [
  ['priceMin', 'priceMax'],
  ['stockMin', 'stockMax'],
  ['createdFrom', 'createdTo'],
] as const;

export const productListQuerySchema = listQuerySchema.extend(productFilterFields);
export type ProductListQuery = z.infer<typeof productListQuerySchema>;

const shelfState = z.enum(shelfMachine.states);
const auditState = z.enum(auditMachine.states);
const recycleState = z.enum(recycleMachine.states);

export const productRowSchema = z.object({
  Id: z.number().int(),
  Name: z.string(),
  Subtitle: z.string(),
  Code: z.string(),
  CategoryId: z.number().int().nullable(),
  CategoryName: z.string(),
  /** First gallery image, or ''. */
  Image: z.string(),
  PriceFen: z.number().int(),
  MaxPriceFen: z.number().int(),
  MarketPriceFen: z.number().int(),
  TotalStock: z.number().int(),
  SalesBase: z.number().int(),
  /** Shown sales: the base plus goods really sold. */
  Sales: z.number().int(),
  SkuCount: z.number().int(),
  Sort: z.number().int(),
  ShelfState: shelfState,
  AuditState: auditState,
  RejectReason: z.string(),
  RecycleState: recycleState,
  Kind: z.enum(GOODS_KINDS),
  CreatedAt: timestamp,
  UpdatedAt: timestamp,
  Version: z.number().int(),
});
export type ProductRow = z.infer<typeof productRowSchema>;

export const productCountsSchema = z.object(
  Object.fromEntries(PRODUCT_TABS.map((tab) => [tab, z.number().int()])) as Record<ProductTab, z.ZodNumber>,
);

export const getProductList = defineEndpoint({
  method: 'GET',
  path: `${BASE}/GetProductList`,
  permission: GoodsPermission.list,
  input: productListQuerySchema,
  output: pagedSchema(productRowSchema).extend({
    /** Rows per tab for the same filters (the tab itself aside). */
    Counts: productCountsSchema,
    /** The site's goods-audit setting: when on, goods need approval before going on the shelf. */
    AuditRequired: z.boolean(),
  }),
});

/** The goods list with the same filters and sort, as a file; at most EXPORT_MAX_ROWS rows. */
export const exportProductList = defineEndpoint({
  method: 'GET',
  path: `${BASE}/ExportProductList`,
  permission: GoodsPermission.list,
  input: z.strictObject({ ...productFilterFields, format: exportFormat }),
  output: z.object({}),
  binary: true,
});

export const productListResource: ListResource = {
  resource: 'goods',
  list: getProductList,
  filters: [
    { name: 'keyword', kind: 'text', params: ['keyword'] },
    { name: 'category', kind: 'categoryTree', params: ['categoryId'] },
    { name: 'customType', kind: 'entity', params: ['customTypeId'] },
    { name: 'kind', kind: 'select', params: ['kind'], options: GOODS_KINDS },
    { name: 'price', kind: 'moneyRange', params: ['priceMin', 'priceMax'] },
    { name: 'stock', kind: 'numberRange', params: ['stockMin', 'stockMax'] },
    { name: 'created', kind: 'dateRange', params: ['createdFrom', 'createdTo'] },
  ],
  tabs: { param: 'tab', values: PRODUCT_TABS, default: 'all' },
  sortFields: PRODUCT_SORT_FIELDS,
  defaultSort: PRODUCT_DEFAULT_SORT,
  export: exportProductList,
};

// ---------------------------------------------------------------------------------------------
// One goods (issueGoods, editGoodsDetails)

export const specSchema = z.strictObject({
  Name: z.string().trim().min(1).max(20),
  Values: z.array(z.string().trim().min(1).max(30)).min(1).max(MAX_SPEC_VALUES),
});

/** One SKU's weight and volume at most: 1,000 kg and 100 m³, the freight templates' own limits. */
export const MAX_SKU_WEIGHT_G = FREIGHT_UNIT_MAX.weight;
export const MAX_SKU_VOLUME_CM3 = FREIGHT_UNIT_MAX.volume;

export const skuInputSchema = z.strictObject({
  /** Existing SKU; absent for a new spec combination. */
  Id: id.optional(),
  /** One value per spec, in the order of `Specs`; empty for goods without specs. */
  SpecValues: z.array(z.string().trim().min(1).max(30)).max(MAX_SPECS).default([]),
  PriceFen: fen,
  /**
   * New SKUs start with it. For existing ones a different value sets the stock (logged as a
   * change by this edit); use BindProductStock to add to or take from stock.
   */
  Stock: z.number().int().min(0).max(MAX_STOCK),
  Code: z.string().trim().max(40).default(''),
  WeightG: z.number().int().min(0).max(MAX_SKU_WEIGHT_G).default(0),
  /** Volume of one unit in cm³ (freight templates charging by volume). */
  VolumeCm3: z.number().int().min(0).max(MAX_SKU_VOLUME_CM3).default(0),
  Image: optionalMedia,
});

export const productFormSchema = z.strictObject({
  /** Absent: create (needs /goods/issueGoods). Present: update, with the Version loaded. */
  Id: id.optional(),
  Version: version.optional(),
  Name: z.string().trim().min(1).max(60),
  Subtitle: z.string().trim().max(100).default(''),
  Code: z.string().trim().max(40).default(''),
  CategoryId: id,
  CustomTypeIds: z.array(id).max(50).default([]),
  Gallery: z.array(mediaUrlSchema).max(MAX_GALLERY).default([]),
  Video: optionalMedia,
  /** Rich text; the server keeps only safe tags and attributes. */
  Description: z.string().max(DESCRIPTION_MAX).default(''),
  MarketPriceFen: fen.default(0),
  SalesBase: z.number().int().min(0).max(MAX_STOCK).default(0),
  FreightTemplateId: id.nullable().default(null),
  /** Virtual goods do not ship: paying issues one electronic ticket per unit (DESIGN §11). */
  Kind: z.enum(GOODS_KINDS).default('physical'),
  /** Validity and stores of a virtual good's tickets; ignored for physical goods. */
  Ticket: ticketSettingsSchema.default(ticketSettingsSchema.parse({})),
  Sort: sortValue.default(0),
  Specs: z.array(specSchema).max(MAX_SPECS).default([]),
  Skus: z.array(skuInputSchema).max(MAX_SKUS).default([]),
  /**
   * The shelf state wanted after saving; absent keeps the current one (off for new goods). When the
   * site requires audit and the goods are not approved, they stay off the shelf and go on it when
   * approved (`AutoShelf`).
   */
  OnShelf: z.boolean().optional(),
});
export type ProductForm = z.infer<typeof productFormSchema>;

/** Cross-field rules of the goods form (spec names, SKU combinations); server and form share them. */
export function productFormProblems(
  form: Pick<ProductForm, 'Specs' | 'Skus'> & Partial<Pick<ProductForm, 'Kind' | 'Ticket'>>,
): FieldProblem[] {
  const problems: FieldProblem[] =
    form.Kind === 'virtual' && form.Ticket ? ticketSettingsProblems(form.Ticket, 'Ticket') : [];
  const names = new Set<string>();
  form.Specs.forEach((spec, index) => {
    if (names.has(spec.Name))
      problems.push({
        field: `Specs.${index}.Name`,
        key: 'goods.specNameDuplicate',
        params: { name: spec.Name },
      });
    names.add(spec.Name);
    const values = new Set<string>();
    for (const value of spec.Values) {
      if (values.has(value))
        problems.push({ field: `Specs.${index}.Values`, key: 'goods.specValueDuplicate', params: { value } });
      values.add(value);
    }
  });
  const combinations = new Set<string>();
  form.Skus.forEach((sku, index) => {
    const field = `Skus.${index}.SpecValues`;
    if (sku.SpecValues.length !== form.Specs.length) {
      problems.push({ field, key: 'goods.skuSpecCount', params: { count: form.Specs.length } });
      return;
    }
    sku.SpecValues.forEach((value, position) => {
      const spec = form.Specs[position]!;
      if (!spec.Values.includes(value))
        problems.push({ field, key: 'goods.skuSpecUnknown', params: { value, name: spec.Name } });
    });
    const key = JSON.stringify(sku.SpecValues);
    if (combinations.has(key))
      problems.push({ field, key: 'goods.skuDuplicate', params: { values: sku.SpecValues.join('/') } });
    combinations.add(key);
  });
  return problems;
}

/** Every combination of the specs' values, in builder order (first spec varies slowest). */
export function specCombinations(specs: readonly { Values: readonly string[] }[]): string[][] {
  return specs.reduce<string[][]>(
    (combinations, spec) => combinations.flatMap((prefix) => spec.Values.map((value) => [...prefix, value])),
    [[]],
  );
}

export const skuSchema = z.object({
  Id: z.number().int(),
  SpecValues: z.array(z.string()),
  /** Spec values joined with '/', '' without specs. */
  SpecText: z.string(),
  PriceFen: z.number().int(),
  Stock: z.number().int(),
  Code: z.string(),
  WeightG: z.number().int(),
  VolumeCm3: z.number().int(),
  Image: z.string(),
});

export const stockLogRowSchema = z.object({
  Id: z.number().int(),
  SkuId: z.number().int(),
  SpecText: z.string(),
  /** set, add (BindProductStock), edit (BindProductInfo), initial (new SKU), order. */
  Kind: z.string(),
  Delta: z.number().int(),
  After: z.number().int(),
  Reason: z.string(),
  By: z.string(),
  At: timestamp,
});

export const auditHistoryRowSchema = z.object({
  Action: z.string(),
  Reason: z.string(),
  By: z.string(),
  At: timestamp,
});

export const productDetailSchema = productRowSchema.extend({
  CustomTypeIds: z.array(z.number().int()),
  Gallery: z.array(z.string()),
  Video: z.string(),
  Description: z.string(),
  FreightTemplateId: z.number().int().nullable(),
  Ticket: ticketSettingsSchema,
  AutoShelf: z.boolean(),
  Specs: z.array(z.object({ Name: z.string(), Values: z.array(z.string()) })),
  Skus: z.array(skuSchema),
  RelatedIds: z.array(z.number().int()),
  /** Latest audit decisions, newest first. */
  AuditHistory: z.array(auditHistoryRowSchema),
  /** Latest stock changes, newest first (at most 50). */
  StockLog: z.array(stockLogRowSchema),
});
export type ProductDetail = z.infer<typeof productDetailSchema>;

export const getProductInfo = defineEndpoint({
  method: 'GET',
  path: `${BASE}/GetProductInfo`,
  permission: GoodsPermission.list,
  input: z.strictObject({ id: queryId }),
  output: productDetailSchema,
});

export const saveProduct = defineEndpoint({
  method: 'POST',
  path: `${BASE}/BindProductInfo`,
  permission: GoodsPermission.edit,
  input: productFormSchema,
  output: z.object({
    Id: z.number().int(),
    Version: z.number().int(),
    ShelfState: shelfState,
    AuditState: auditState,
    AutoShelf: z.boolean(),
  }),
});

export const PRODUCT_STATE_ACTIONS = ['putOn', 'takeOff', 'recycle', 'copy'] as const;

/**
 * Shelf moves, delete to the recycle bin (`recycle`) and `copy` (needs /goods/issueGoods; the copy
 * is off the shelf, named with a suffix, with the same SKUs and no stock).
 */
export const changeProductState = defineEndpoint({
  method: 'POST',
  path: `${BASE}/BindProductState`,
  permission: GoodsPermission.list,
  input: z.strictObject({ Ids: ids, Action: z.enum(PRODUCT_STATE_ACTIONS) }),
  output: z.object({
    Changed: z.array(z.number().int()),
    Unchanged: z.array(z.number().int()),
    /** Ids of the copies, in the order of `Ids`. */
    CreatedIds: z.array(z.number().int()),
  }),
});

export const setProductSort = defineEndpoint({
  method: 'POST',
  path: `${BASE}/BindProductTaxis`,
  permission: GoodsPermission.list,
  input: z.strictObject({
    Items: z
      .array(z.strictObject({ Id: id, Sort: sortValue, Version: version.optional() }))
      .min(1)
      .max(MAX_BULK),
  }),
  output: z.object({ Versions: z.array(z.object({ Id: z.number().int(), Version: z.number().int() })) }),
});

export const setSalesBase = defineEndpoint({
  method: 'POST',
  path: `${BASE}/BindPubupdateSales`,
  permission: GoodsPermission.list,
  input: z.strictObject({
    Id: id,
    SalesBase: z.number().int().min(0).max(MAX_STOCK),
    Version: version.optional(),
  }),
  output: z.object({ Version: z.number().int() }),
});

export const STOCK_REASON_MAX = 100;

/**
 * `set`: each SKU's stock becomes Quantity. `add`: Quantity is added (negative takes away); a change
 * that would leave a SKU below zero refuses the whole call. Every change writes a stock-log row.
 */
export const changeStock = defineEndpoint({
  method: 'POST',
  path: `${BASE}/BindProductStock`,
  permission: GoodsPermission.list,
  input: z.strictObject({
    ProductId: id,
    Mode: z.enum(['set', 'add']),
    Reason: z.string().trim().min(1).max(STOCK_REASON_MAX),
    Items: z
      .array(z.strictObject({ SkuId: id, Quantity: z.number().int().min(-MAX_STOCK).max(MAX_STOCK) }))
      .min(1)
      .max(MAX_SKUS),
  }),
  output: z.object({
    Skus: z.array(z.object({ SkuId: z.number().int(), Stock: z.number().int() })),
    TotalStock: z.number().int(),
  }),
});

// ---------------------------------------------------------------------------------------------
// Spec templates (formatProperties): attribute types, each with spec names and their values

export const attributeSpecSchema = z.object({
  Id: z.number().int(),
  TypeId: z.number().int(),
  Name: z.string(),
  Values: z.array(z.string()),
  Sort: z.number().int(),
  Version: z.number().int(),
});

export const attributeTypeSchema = z.object({
  Id: z.number().int(),
  Name: z.string(),
  Sort: z.number().int(),
  Version: z.number().int(),
  SpecNames: z.array(z.string()),
});

export const getAttributeTypes = defineEndpoint({
  method: 'GET',
  path: `${BASE}/GetProductAttributeType`,
  permission: 'session',
  input: z.strictObject({ keyword: z.string().trim().max(30).optional() }),
  output: z.object({ Data: z.array(attributeTypeSchema) }),
});

export const getAttributeSpecs = defineEndpoint({
  method: 'GET',
  path: `${BASE}/GetProductStcokAttribute`,
  permission: 'session',
  input: z.strictObject({ typeId: queryId }),
  output: z.object({ Data: z.array(attributeSpecSchema) }),
});

export const saveAttributeType = defineEndpoint({
  method: 'POST',
  path: `${BASE}/BindAttributeValue`,
  permission: GoodsPermission.properties,
  input: z.discriminatedUnion('Action', [
    z.strictObject({
      Action: z.literal('save'),
      Id: id.optional(),
      Version: version.optional(),
      Name: z.string().trim().min(1).max(30),
      Sort: sortValue.default(0),
    }),
    /** Deletes the type with its spec names. */
    z.strictObject({ Action: z.literal('delete'), Id: id, Version: version }),
  ]),
  output: z.object({ Id: z.number().int(), Version: z.number().int() }),
});

export const saveAttributeSpec = defineEndpoint({
  method: 'POST',
  path: `${BASE}/SetAttributeValue`,
  permission: GoodsPermission.properties,
  input: z.discriminatedUnion('Action', [
    z.strictObject({
      Action: z.literal('save'),
      Id: id.optional(),
      Version: version.optional(),
      TypeId: id,
      Name: specSchema.shape.Name,
      Values: specSchema.shape.Values,
      Sort: sortValue.default(0),
    }),
    z.strictObject({ Action: z.literal('delete'), Id: id, Version: version }),
  ]),
  output: z.object({ Id: z.number().int(), Version: z.number().int() }),
});

// ---------------------------------------------------------------------------------------------
// Related goods and the goods picker

export const productPickRowSchema = z.object({
  Id: z.number().int(),
  Name: z.string(),
  Image: z.string(),
  PriceFen: z.number().int(),
  TotalStock: z.number().int(),
  ShelfState: shelfState,
});

export const getRelatedProducts = defineEndpoint({
  method: 'GET',
  path: `${BASE}/GetRelatedProductList`,
  permission: GoodsPermission.list,
  input: z.strictObject({ productId: queryId }),
  output: z.object({ Data: z.array(productPickRowSchema) }),
});

/** Replaces the goods' related goods, in the order given. */
export const bindRelatedProducts = defineEndpoint({
  method: 'POST',
  path: `${BASE}/BindSelectProduct`,
  permission: GoodsPermission.edit,
  input: z.strictObject({ ProductId: id, RelatedIds: z.array(id).max(MAX_RELATED) }),
  output: z.object({ RelatedIds: z.array(z.number().int()) }),
});

/** Active goods to choose from (related goods, decoration links, coupons…). */
export const getSelectProducts = defineEndpoint({
  method: 'GET',
  path: `${BASE}/GetSelectProductList`,
  permission: 'session',
  input: listQuerySchema.extend({
    keyword: z.string().trim().max(64).optional(),
    categoryId: queryId.optional(),
    onShelfOnly: queryBoolean.optional(),
    excludeId: queryId.optional(),
    /** Only physical or only virtual goods (the points mall gives one kind or the other). */
    kind: z.enum(GOODS_KINDS).optional(),
  }),
  output: pagedSchema(productPickRowSchema),
});

// ---------------------------------------------------------------------------------------------
// Comments (goodsComment)

export const COMMENT_SCORE_MAX = 5;
export const COMMENT_CONTENT_MAX = 500;
export const MAX_COMMENT_IMAGES = 9;

const commentState = z.enum(commentMachine.states);

export const commentReplySchema = z.object({
  Id: z.number().int(),
  /** `shop` for replies from the back-office, `buyer` for the buyer's follow-ups. */
  Author: z.enum(['shop', 'buyer']),
  AuthorName: z.string(),
  Content: z.string(),
  CreatedAt: timestamp,
});

export const commentRowSchema = z.object({
  Id: z.number().int(),
  ProductId: z.number().int(),
  ProductName: z.string(),
  ProductImage: z.string(),
  BuyerName: z.string(),
  /** The order a buyer's review is of; empty for comments the shop entered. */
  OrderNo: z.string(),
  Score: z.number().int(),
  Content: z.string(),
  Images: z.array(z.string()),
  State: commentState,
  /** Whether the shop has replied. */
  Replied: z.boolean(),
  ReplyCount: z.number().int(),
  CreatedAt: timestamp,
  Version: z.number().int(),
});

export const COMMENT_SORT_FIELDS = ['createdAt', 'score'] as const;

export const commentListQuerySchema = listQuerySchema.extend({
  productId: queryId.optional(),
  /** Buyer name, content or goods name contains it. */
  keyword: z.string().trim().max(64).optional(),
  score: z.coerce.number().int().min(1).max(COMMENT_SCORE_MAX).optional(),
  hasImages: queryBoolean.optional(),
  replied: queryBoolean.optional(),
  state: z.enum(['visible', 'hidden']).optional(),
  sort: sortParam(COMMENT_SORT_FIELDS).default('-createdAt'),
});

export const getComments = defineEndpoint({
  method: 'GET',
  path: `${BASE}/GetProductCommentList`,
  permission: GoodsPermission.comment,
  input: commentListQuerySchema,
  output: pagedSchema(commentRowSchema),
});

export const commentListResource: ListResource = {
  resource: 'goodsComment',
  list: getComments,
  filters: [
    { name: 'keyword', kind: 'text', params: ['keyword'] },
    { name: 'product', kind: 'entity', params: ['productId'] },
    { name: 'score', kind: 'select', params: ['score'], options: ['1', '2', '3', '4', '5'] },
    { name: 'hasImages', kind: 'boolean', params: ['hasImages'] },
    { name: 'replied', kind: 'boolean', params: ['replied'] },
    { name: 'state', kind: 'select', params: ['state'], options: ['visible', 'hidden'] },
  ],
  sortFields: COMMENT_SORT_FIELDS,
  defaultSort: '-createdAt',
};

export const getCommentInfo = defineEndpoint({
  method: 'GET',
  path: `${BASE}/GetProductCommentInfo`,
  permission: GoodsPermission.comment,
  input: z.strictObject({ id: queryId }),
  output: commentRowSchema.extend({ Replies: z.array(commentReplySchema) }),
});

export const getCommentReplies = defineEndpoint({
  method: 'GET',
  path: `${BASE}/GetCommentReply`,
  permission: GoodsPermission.comment,
  input: z.strictObject({ commentId: queryId }),
  output: z.object({ Data: z.array(commentReplySchema) }),
});

export const replyToComment = defineEndpoint({
  method: 'POST',
  path: `${BASE}/BindProductCommentReply`,
  permission: GoodsPermission.comment,
  input: z.strictObject({ CommentId: id, Content: z.string().trim().min(1).max(COMMENT_CONTENT_MAX) }),
  output: z.object({ Id: z.number().int() }),
});

export const changeCommentState = defineEndpoint({
  method: 'POST',
  path: `${BASE}/BindCommentUpdateStateAndDel`,
  permission: GoodsPermission.comment,
  input: z.strictObject({ Ids: ids, Action: z.enum(['show', 'hide', 'delete']) }),
  output: z.object({ Changed: z.array(z.number().int()), Unchanged: z.array(z.number().int()) }),
});

/** The shop adds a comment (e.g. one received offline) or edits one it added. */
export const commentFormSchema = z.strictObject({
  Id: id.optional(),
  Version: version.optional(),
  ProductId: id,
  BuyerName: z.string().trim().min(1).max(30),
  Score: z.number().int().min(1).max(COMMENT_SCORE_MAX),
  Content: z.string().trim().min(1).max(COMMENT_CONTENT_MAX),
  Images: z.array(mediaUrlSchema).max(MAX_COMMENT_IMAGES).default([]),
  Visible: z.boolean().default(true),
});

export const saveComment = defineEndpoint({
  method: 'POST',
  path: `${BASE}/BindProductCommentInfo`,
  permission: GoodsPermission.comment,
  input: commentFormSchema,
  output: z.object({ Id: z.number().int(), Version: z.number().int() }),
});

// ---------------------------------------------------------------------------------------------
// Recycle bin (recycledList)

export const recycledRowSchema = z.object({
  Id: z.number().int(),
  Name: z.string(),
  Code: z.string(),
  Image: z.string(),
  CategoryName: z.string(),
  PriceFen: z.number().int(),
  TotalStock: z.number().int(),
  RecycledAt: timestamp,
  Version: z.number().int(),
});

export const getRecycledProducts = defineEndpoint({
  method: 'GET',
  path: `${BASE}/GetProductRecycledList`,
  permission: GoodsPermission.recycled,
  input: listQuerySchema.extend({
    keyword: z.string().trim().max(64).optional(),
    categoryId: queryId.optional(),
    sort: sortParam(['recycledAt', 'name'] as const).default('-recycledAt'),
  }),
  output: pagedSchema(recycledRowSchema),
});

/** `purge` is refused while unfinished orders reference the goods. */
export const changeRecycledState = defineEndpoint({
  method: 'POST',
  path: `${BASE}/BindRecycledUpdateStateAndDel`,
  permission: GoodsPermission.recycled,
  input: z.strictObject({ Ids: ids, Action: z.enum(['restore', 'purge']) }),
  output: z.object({ Changed: z.array(z.number().int()), Unchanged: z.array(z.number().int()) }),
});

// ---------------------------------------------------------------------------------------------
// Audit

export const getWaitAuditProducts = defineEndpoint({
  method: 'GET',
  path: `${BASE}/GetWaitAuditProductList`,
  permission: GoodsPermission.list,
  input: listQuerySchema.extend({
    keyword: z.string().trim().max(64).optional(),
    categoryId: queryId.optional(),
    auditState: z.enum(['pending', 'rejected']).default('pending'),
  }),
  output: pagedSchema(productRowSchema).extend({ AuditRequired: z.boolean() }),
});

export const auditDecisionSchema = z.strictObject({
  Id: id,
  Action: z.enum(['approve', 'reject']),
  /** Required to reject (the `auditRejectForm` of the audit machine). */
  Reason: z.string().trim().max(REJECT_REASON_MAX).default(''),
});

export const auditProducts = defineEndpoint({
  method: 'POST',
  path: `${BASE}/UpdateProductAuditByListObj`,
  permission: GoodsPermission.list,
  input: z.strictObject({ List: z.array(auditDecisionSchema).min(1).max(MAX_BULK) }),
  output: z.object({
    Changed: z.array(z.number().int()),
    /** Approved goods that went on the shelf because they were saved with OnShelf. */
    ShelvedIds: z.array(z.number().int()),
  }),
});

// ---------------------------------------------------------------------------------------------
// From a machine action to the call that performs it, so list screens can post any row or bulk
// action drawn from contract/machines/goods.ts without knowing each endpoint.

export interface ActionRequest {
  endpoint: EndpointDefinition;
  input: Record<string, unknown>;
}

/** The call for `action` of `machine` on `ids`; `form` is the action's small form (e.g. a reject reason). */
export function goodsActionRequest(
  machine: string,
  action: string,
  ids: readonly number[],
  form: { Reason?: string } = {},
): ActionRequest | null {
  const Ids = [...ids];
  switch (`${machine}:${action}`) {
    case 'goods.shelf:putOn':
    case 'goods.shelf:takeOff':
    case 'goods.recycle:recycle':
      return { endpoint: changeProductState, input: { Ids, Action: action } };
    case 'goods.recycle:restore':
    case 'goods.recycle:purge':
      return { endpoint: changeRecycledState, input: { Ids, Action: action } };
    case 'goods.audit:approve':
    case 'goods.audit:reject':
      return {
        endpoint: auditProducts,
        input: {
          List: Ids.map((Id) => ({ Id, Action: action, ...(form.Reason ? { Reason: form.Reason } : {}) })),
        },
      };
    case 'goods.comment:show':
    case 'goods.comment:hide':
    case 'goods.comment:delete':
      return { endpoint: changeCommentState, input: { Ids, Action: action } };
    default:
      return null;
  }
}

export const recycledListResource: ListResource = {
  resource: 'goodsRecycled',
  list: getRecycledProducts,
  filters: [
    { name: 'keyword', kind: 'text', params: ['keyword'] },
    { name: 'category', kind: 'categoryTree', params: ['categoryId'] },
  ],
  sortFields: ['recycledAt', 'name'],
  defaultSort: '-recycledAt',
};

export const waitAuditListResource: ListResource = {
  resource: 'goodsAudit',
  list: getWaitAuditProducts,
  filters: [
    { name: 'keyword', kind: 'text', params: ['keyword'] },
    { name: 'category', kind: 'categoryTree', params: ['categoryId'] },
  ],
  tabs: { param: 'auditState', values: ['pending', 'rejected'], default: 'pending' },
  sortFields: [],
  defaultSort: '',
};
