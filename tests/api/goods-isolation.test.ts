import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import * as goods from '../../contract/endpoints/goods';
import type { ApiResponse, TestServer } from './harness';
import { defineIsolationCase, type IsolationContext, runIsolationCases } from './tenant-isolation';

/** The first row id of a table for site B (optionally narrowed). */
async function idOf(server: TestServer, table: string, siteId: number, where = sql`true`): Promise<number> {
  const [row] = await server.query<{ id: number }>(
    sql`select id from ${sql.identifier(table)} where site_id = ${siteId} and ${where} order by id limit 1`,
  );
  if (!row) throw new Error(`no ${table} row for site ${siteId}`);
  return row.id;
}

const productB = ({ server, siteB }: IsolationContext) =>
  idOf(server, 'products', siteB, sql`recycle_state = 'active'`).then((id) => ({ id }));
const categoryB = ({ server, siteB }: IsolationContext) =>
  idOf(server, 'product_categories', siteB, sql`parent_id is not null`).then((id) => ({ id }));
const commentB = ({ server, siteB }: IsolationContext) =>
  idOf(server, 'product_comments', siteB).then((id) => ({ id }));
const customTypeB = ({ server, siteB }: IsolationContext) =>
  idOf(server, 'product_custom_types', siteB).then((id) => ({ id }));
const attributeTypeB = ({ server, siteB }: IsolationContext) =>
  idOf(server, 'attribute_types', siteB).then((id) => ({ id }));

async function siteAIds(server: TestServer, table: string, siteA: number): Promise<Set<number>> {
  const rows = await server.query<{ id: number }>(
    sql`select id from ${sql.identifier(table)} where site_id = ${siteA}`,
  );
  return new Set(rows.map((row) => row.id));
}

/** A list call answers Errcode 0 with only site A's rows. */
function onlyOwnRows(table: string) {
  return async (response: ApiResponse, { server, siteA }: IsolationContext) => {
    expect(response.body.Errcode).toBe(0);
    const own = await siteAIds(server, table, siteA);
    const rows = (response.body as unknown as { Data: { Id: number }[] }).Data;
    expect(rows.every((row) => own.has(row.Id))).toBe(true);
  };
}

const form = (categoryId: number, overrides: Record<string, unknown> = {}) => ({
  Name: '越权商品',
  CategoryId: categoryId,
  Specs: [],
  Skus: [{ SpecValues: [], PriceFen: 100, Stock: 1 }],
  ...overrides,
});

runIsolationCases('goods', [
  defineIsolationCase({
    name: 'GetProductInfo of site B goods',
    endpoint: goods.getProductInfo,
    setup: productB,
    input: (_, { id }) => ({ id }),
    message: /^Goods \d+ do not exist$/,
  }),
  defineIsolationCase({
    name: 'BindProductInfo updating site B goods',
    endpoint: goods.saveProduct,
    setup: async (context) => ({
      ...(await productB(context)),
      own: await idOf(context.server, 'product_categories', context.siteA),
    }),
    input: (_, { id, own }) => form(own as number, { Id: id, Version: 1 }),
  }),
  defineIsolationCase({
    name: 'BindProductInfo creating goods in a site B category',
    endpoint: goods.saveProduct,
    setup: categoryB,
    input: (_, { id }) => form(id),
    message: /^Category \d+ does not exist$/,
  }),
  ...(['putOn', 'takeOff', 'recycle', 'copy'] as const).map((action) =>
    defineIsolationCase({
      name: `BindProductState ${action} of site B goods`,
      endpoint: goods.changeProductState,
      setup: productB,
      input: (_, { id }) => ({ Ids: [id], Action: action }),
    }),
  ),
  defineIsolationCase({
    name: 'BindProductTaxis of site B goods',
    endpoint: goods.setProductSort,
    setup: productB,
    input: (_, { id }) => ({ Items: [{ Id: id, Sort: 99 }] }),
  }),
  defineIsolationCase({
    name: 'BindPubupdateSales of site B goods',
    endpoint: goods.setSalesBase,
    setup: productB,
    input: (_, { id }) => ({ Id: id, SalesBase: 99 }),
  }),
  defineIsolationCase({
    name: 'BindProductStock of a site B SKU',
    endpoint: goods.changeStock,
    setup: async (context) => {
      const { id } = await productB(context);
      return { id, sku: await idOf(context.server, 'skus', context.siteB, sql`product_id = ${id}`) };
    },
    input: (_, { id, sku }) => ({
      ProductId: id,
      Mode: 'set',
      Reason: '越权',
      Items: [{ SkuId: sku, Quantity: 0 }],
    }),
  }),
  defineIsolationCase({
    name: 'GetRelatedProductList of site B goods',
    endpoint: goods.getRelatedProducts,
    setup: productB,
    input: (_, { id }) => ({ productId: id }),
  }),
  defineIsolationCase({
    name: 'BindSelectProduct on site B goods',
    endpoint: goods.bindRelatedProducts,
    setup: productB,
    input: (_, { id }) => ({ ProductId: id, RelatedIds: [] }),
  }),
  defineIsolationCase({
    name: 'BindSelectProduct relating site B goods',
    endpoint: goods.bindRelatedProducts,
    setup: async (context) => ({
      ...(await productB(context)),
      own: await idOf(context.server, 'products', context.siteA),
    }),
    input: (_, { id, own }) => ({ ProductId: own, RelatedIds: [id] }),
  }),
  defineIsolationCase({
    name: 'GetProductList filtered by a site B category',
    endpoint: goods.getProductList,
    setup: categoryB,
    input: (_, { id }) => ({ categoryId: id }),
    verify: (response) => {
      expect(response.body).toMatchObject({ Errcode: 0, Total: 0, Data: [] });
    },
  }),
  defineIsolationCase({
    name: 'GetProductList shows only site A goods',
    endpoint: goods.getProductList,
    input: () => ({ pageSize: 100 }),
    verify: onlyOwnRows('products'),
  }),
  defineIsolationCase({
    name: 'GetSelectProductList shows only site A goods',
    endpoint: goods.getSelectProducts,
    input: () => ({ pageSize: 100 }),
    verify: onlyOwnRows('products'),
  }),
  defineIsolationCase({
    name: 'BindProductType renaming a site B category',
    endpoint: goods.bindCategory,
    setup: categoryB,
    input: (_, { id }) => ({ Action: 'save', Id: id, Version: 1, Name: '越权改名' }),
  }),
  defineIsolationCase({
    name: 'BindProductType moving a site B category',
    endpoint: goods.bindCategory,
    setup: categoryB,
    input: (_, { id }) => ({ Action: 'move', Id: id, Version: 1, ParentId: null, Index: 0 }),
  }),
  defineIsolationCase({
    name: 'BindProductType deleting a site B category',
    endpoint: goods.bindCategory,
    setup: categoryB,
    input: (_, { id }) => ({ Action: 'delete', Id: id, Version: 1 }),
  }),
  defineIsolationCase({
    name: 'BindProductType creating under a site B category',
    endpoint: goods.bindCategory,
    setup: categoryB,
    input: (_, { id }) => ({ Action: 'save', ParentId: id, Name: '越权子类' }),
  }),
  defineIsolationCase({
    name: 'BindStoreProductType with site B categories',
    endpoint: goods.bindStoreCategories,
    setup: async (context) => ({
      ...(await categoryB(context)),
      store: await context.server.accountId('store'),
    }),
    input: (_, { id, store }) => ({ StoreId: store, TypeIds: [id] }),
  }),
  defineIsolationCase({
    name: 'GetPublishProductTypeList shows only site A categories',
    endpoint: goods.getCategoryTree,
    input: () => ({}),
    verify: onlyOwnRows('product_categories'),
  }),
  defineIsolationCase({
    name: 'GetSearchPublishProductTypeList shows only site A categories',
    endpoint: goods.searchCategories,
    input: () => ({ pageSize: 100 }),
    verify: onlyOwnRows('product_categories'),
  }),
  defineIsolationCase({
    name: 'GetCustomInfo of a site B custom type',
    endpoint: goods.getCustomInfo,
    setup: customTypeB,
    input: (_, { id }) => ({ id }),
  }),
  defineIsolationCase({
    name: 'BindUpdateCustomInfo of a site B custom type',
    endpoint: goods.saveCustomType,
    setup: customTypeB,
    input: (_, { id }) => ({ Id: id, Version: 1, Name: '越权' }),
  }),
  defineIsolationCase({
    name: 'BindDeleteCustomInfo of a site B custom type',
    endpoint: goods.deleteCustomTypes,
    setup: customTypeB,
    input: (_, { id }) => ({ Ids: [id] }),
  }),
  defineIsolationCase({
    name: 'BindProductCustomType with a site B custom type',
    endpoint: goods.bindProductCustomTypes,
    setup: async (context) => ({
      ...(await customTypeB(context)),
      own: await idOf(context.server, 'products', context.siteA),
    }),
    input: (_, { id, own }) => ({ ProductIds: [own], CustomTypeIds: [id] }),
  }),
  defineIsolationCase({
    name: 'GetCustomList shows only site A custom types',
    endpoint: goods.getCustomList,
    input: () => ({}),
    verify: onlyOwnRows('product_custom_types'),
  }),
  defineIsolationCase({
    name: 'GetSKUFreightTemplate shows only site A templates',
    endpoint: goods.getFreightTemplates,
    input: () => ({}),
    verify: onlyOwnRows('freight_templates'),
  }),
  defineIsolationCase({
    name: 'GetProductAttributeType shows only site A templates',
    endpoint: goods.getAttributeTypes,
    input: () => ({}),
    verify: onlyOwnRows('attribute_types'),
  }),
  defineIsolationCase({
    name: 'GetProductStcokAttribute of a site B template',
    endpoint: goods.getAttributeSpecs,
    setup: attributeTypeB,
    input: (_, { id }) => ({ typeId: id }),
  }),
  defineIsolationCase({
    name: 'BindAttributeValue renaming a site B template',
    endpoint: goods.saveAttributeType,
    setup: attributeTypeB,
    input: (_, { id }) => ({ Action: 'save', Id: id, Version: 1, Name: '越权' }),
  }),
  defineIsolationCase({
    name: 'BindAttributeValue deleting a site B template',
    endpoint: goods.saveAttributeType,
    setup: attributeTypeB,
    input: (_, { id }) => ({ Action: 'delete', Id: id, Version: 1 }),
  }),
  defineIsolationCase({
    name: 'SetAttributeValue changing a site B spec',
    endpoint: goods.saveAttributeSpec,
    setup: async (context) => ({
      id: await idOf(context.server, 'attribute_specs', context.siteB),
      type: await idOf(context.server, 'attribute_types', context.siteA),
    }),
    input: (_, { id, type }) => ({
      Action: 'save',
      Id: id,
      Version: 1,
      TypeId: type,
      Name: '越权',
      Values: ['x'],
    }),
  }),
  defineIsolationCase({
    name: 'SetAttributeValue deleting a site B spec',
    endpoint: goods.saveAttributeSpec,
    setup: async (context) => ({ id: await idOf(context.server, 'attribute_specs', context.siteB) }),
    input: (_, { id }) => ({ Action: 'delete', Id: id, Version: 1 }),
  }),
  defineIsolationCase({
    name: 'GetProductCommentList for site B goods',
    endpoint: goods.getComments,
    setup: productB,
    input: (_, { id }) => ({ productId: id }),
    verify: (response) => {
      expect(response.body).toMatchObject({ Errcode: 0, Total: 0 });
    },
  }),
  defineIsolationCase({
    name: 'GetProductCommentInfo of a site B comment',
    endpoint: goods.getCommentInfo,
    setup: commentB,
    input: (_, { id }) => ({ id }),
  }),
  defineIsolationCase({
    name: 'GetCommentReply of a site B comment',
    endpoint: goods.getCommentReplies,
    setup: commentB,
    input: (_, { id }) => ({ commentId: id }),
  }),
  defineIsolationCase({
    name: 'BindProductCommentReply to a site B comment',
    endpoint: goods.replyToComment,
    setup: commentB,
    input: (_, { id }) => ({ CommentId: id, Content: '越权回复' }),
  }),
  ...(['hide', 'show', 'delete'] as const).map((action) =>
    defineIsolationCase({
      name: `BindCommentUpdateStateAndDel ${action} of a site B comment`,
      endpoint: goods.changeCommentState,
      setup: commentB,
      input: (_, { id }) => ({ Ids: [id], Action: action }),
    }),
  ),
  defineIsolationCase({
    name: 'BindProductCommentInfo for site B goods',
    endpoint: goods.saveComment,
    setup: productB,
    input: (_, { id }) => ({ ProductId: id, BuyerName: '越权', Score: 5, Content: '越权评价' }),
  }),
  defineIsolationCase({
    name: 'BindProductCommentInfo editing a site B comment',
    endpoint: goods.saveComment,
    setup: async (context) => ({
      ...(await commentB(context)),
      own: await idOf(context.server, 'products', context.siteA),
    }),
    input: (_, { id, own }) => ({
      Id: id,
      Version: 1,
      ProductId: own,
      BuyerName: '越权',
      Score: 1,
      Content: '越权',
    }),
  }),
  defineIsolationCase({
    name: 'GetProductRecycledList shows only site A goods',
    endpoint: goods.getRecycledProducts,
    input: () => ({ pageSize: 100 }),
    verify: onlyOwnRows('products'),
  }),
  ...(['restore', 'purge'] as const).map((action) =>
    defineIsolationCase({
      name: `BindRecycledUpdateStateAndDel ${action} of site B goods`,
      endpoint: goods.changeRecycledState,
      setup: ({ server, siteB }) =>
        idOf(server, 'products', siteB, sql`recycle_state = 'recycled'`).then((id) => ({ id })),
      input: (_, { id }) => ({ Ids: [id], Action: action }),
    }),
  ),
  defineIsolationCase({
    name: 'GetWaitAuditProductList shows only site A goods',
    endpoint: goods.getWaitAuditProducts,
    input: () => ({ pageSize: 100 }),
    verify: onlyOwnRows('products'),
  }),
  ...(['approve', 'reject'] as const).map((action) =>
    defineIsolationCase({
      name: `UpdateProductAuditByListObj ${action} of site B goods`,
      endpoint: goods.auditProducts,
      setup: productB,
      input: (_, { id }) => ({ List: [{ Id: id, Action: action, Reason: '越权' }] }),
    }),
  ),
]);
