import { type SQL, sql } from 'drizzle-orm';
import {
  PRODUCT_FILTER_RANGES,
  type ProductListQuery,
  type ProductRow,
  type ProductTab,
} from '../../../contract/endpoints/goods';
import type { GoodsKind } from '../../../contract/goods-kind';
import { dateBound, parseSort, rangeProblems } from '../../../contract/list-query';
import type { AuditState, RecycleState, ShelfState } from '../../../contract/machines/goods';
import type { Executor } from '../../db/client';
import { readListPage, tabCounters } from '../../db/list-page';
import { containsPattern, queryRows } from '../../db/query';
import { throwProblems } from './errors';

export type ProductFilters = Omit<ProductListQuery, 'page' | 'pageSize'>;

/**
 * Aggregate over a goods' `skus` rows: their codes for products.sku_code_search, which every SKU
 * write refreshes with the totals so that the search reads one row per goods.
 */
export const SKU_CODE_SEARCH = sql`coalesce(string_agg(lower(code), chr(10) order by position, id), '')`;

/**
 * A "contains" match. ILIKE lower-cases every row, which is several times slower on Chinese text,
 * so a keyword without upper/lower case letters (Chinese, digits) uses plain LIKE.
 */
export function contains(column: SQL, keyword: string): SQL {
  const pattern = containsPattern(keyword);
  return keyword.toLowerCase() === keyword.toUpperCase()
    ? sql`${column} like ${pattern}`
    : sql`${column} ilike ${pattern}`;
}

/**
 * Goods whose name, code or a SKU code contains the keyword, in any case. The lower-cased columns
 * are kept by the database (search_text) or with the SKUs (sku_code_search), so a row costs a plain
 * LIKE. A keyword of two characters or more first goes through the GIN index of pair hashes
 * (search_grams), which holds every pair of every text the keyword can be found in: the index only
 * narrows the rows, the LIKE still decides.
 */
function keywordCondition(keyword: string): SQL {
  const text = keyword.toLowerCase();
  const pattern = containsPattern(text);
  const found = sql`(p.search_text like ${pattern} or p.sku_code_search like ${pattern})`;
  if ([...text].length < 2) return found;
  return sql`(p.search_grams @> search_gram_hashes(${text}::text) and ${found})`;
}

/** A category and all of its descendants, within the site. */
export function categorySubtree(siteId: number, categoryId: number): SQL {
  return sql`(with recursive tree as (
      select id from product_categories where id = ${categoryId} and site_id = ${siteId}
      union all
      select child.id from product_categories child join tree on child.parent_id = tree.id
    ) select id from tree)`;
}

/** Conditions for the filters (the tab aside) on active goods of one site; `p` is the goods table. */
export function productFilterConditions(siteId: number, filters: Partial<ProductFilters>): SQL[] {
  throwProblems(rangeProblems(filters, PRODUCT_FILTER_RANGES));
  const conditions = [sql`p.site_id = ${siteId}`, sql`p.recycle_state = 'active'`];
  if (filters.keyword) conditions.push(keywordCondition(filters.keyword));
  if (filters.categoryId !== undefined) {
    conditions.push(sql`p.category_id in ${categorySubtree(siteId, filters.categoryId)}`);
  }
  if (filters.customTypeId !== undefined) {
    conditions.push(sql`exists (select 1 from product_custom_type_links l
      where l.product_id = p.id and l.custom_type_id = ${filters.customTypeId})`);
  }
  if (filters.kind !== undefined) conditions.push(sql`p.kind = ${filters.kind}`);
  if (filters.priceMin !== undefined) conditions.push(sql`p.price_fen >= ${filters.priceMin}`);
  if (filters.priceMax !== undefined) conditions.push(sql`p.price_fen <= ${filters.priceMax}`);
  if (filters.stockMin !== undefined) conditions.push(sql`p.total_stock >= ${filters.stockMin}`);
  if (filters.stockMax !== undefined) conditions.push(sql`p.total_stock <= ${filters.stockMax}`);
  if (filters.createdFrom)
    conditions.push(sql`p.created_at >= ${dateBound(filters.createdFrom, false).toISOString()}::timestamptz`);
  if (filters.createdTo)
    conditions.push(sql`p.created_at < ${dateBound(filters.createdTo, true).toISOString()}::timestamptz`);
  return conditions;
}

const TAB_CONDITIONS: Record<ProductTab, SQL> = {
  onShelf: sql`p.shelf_state = 'on'`,
  offShelf: sql`p.shelf_state = 'off'`,
  pendingAudit: sql`p.audit_state = 'pending'`,
  soldOut: sql`p.total_stock = 0`,
  all: sql`true`,
};

const SORT_COLUMNS: Record<string, SQL> = {
  sort: sql`p.sort`,
  createdAt: sql`p.created_at`,
  updatedAt: sql`p.updated_at`,
  price: sql`p.price_fen`,
  stock: sql`p.total_stock`,
  sales: sql`(p.sales_base + p.sold_count)`,
  name: sql`p.name`,
};

/** ORDER BY for a sort parameter, with the id as tie-breaker so pages never overlap. */
export function productOrder(sort: ProductFilters['sort']): SQL {
  const { field, descending } = parseSort(sort);
  const direction = descending ? sql`desc` : sql`asc`;
  return sql`${SORT_COLUMNS[field]!} ${direction}, p.id ${direction}`;
}

export function where(conditions: readonly SQL[]): SQL {
  return sql.join([...conditions], sql` and `);
}

const TAB_COUNTERS = tabCounters(TAB_CONDITIONS);

/** The site's goods-audit setting (off when the site never set it). */
export function auditRequiredSetting(siteId: number): SQL {
  return sql`coalesce((select audit_required from product_settings where site_id = ${siteId}), false)`;
}

interface ProductRowRecord extends Record<string, unknown> {
  id: number;
  name: string;
  subtitle: string;
  code: string;
  category_id: number | null;
  category_name: string | null;
  image: string | null;
  price_fen: number;
  max_price_fen: number;
  market_price_fen: number;
  total_stock: number;
  sales_base: number;
  sold_count: number;
  sku_count: number;
  sort: number;
  shelf_state: ShelfState;
  audit_state: AuditState;
  reject_reason: string;
  recycle_state: RecycleState;
  kind: GoodsKind;
  created_at: Date | string;
  updated_at: Date | string;
  version: number;
}

export const PRODUCT_ROW_COLUMNS = sql`p.id, p.name, p.subtitle, p.code, p.category_id, c.name as category_name,
  p.gallery->>0 as image, p.price_fen, p.max_price_fen, p.market_price_fen, p.total_stock, p.sales_base,
  p.sold_count, p.sku_count, p.sort, p.shelf_state, p.audit_state, p.reject_reason, p.recycle_state,
  p.kind, p.created_at, p.updated_at, p.version`;

export const PRODUCT_ROW_FROM = sql`products p left join product_categories c on c.id = p.category_id`;

export function isoTime(value: Date | string | null): string {
  if (value === null) return '';
  return (value instanceof Date ? value : new Date(value)).toISOString();
}

export function toProductRow(record: ProductRowRecord): ProductRow {
  return {
    Id: record.id,
    Name: record.name,
    Subtitle: record.subtitle,
    Code: record.code,
    CategoryId: record.category_id,
    CategoryName: record.category_name ?? '',
    Image: record.image ?? '',
    PriceFen: record.price_fen,
    MaxPriceFen: record.max_price_fen,
    MarketPriceFen: record.market_price_fen,
    TotalStock: record.total_stock,
    SalesBase: record.sales_base,
    Sales: record.sales_base + record.sold_count,
    SkuCount: record.sku_count,
    Sort: record.sort,
    ShelfState: record.shelf_state,
    AuditState: record.audit_state,
    RejectReason: record.reject_reason,
    RecycleState: record.recycle_state,
    Kind: record.kind,
    CreatedAt: isoTime(record.created_at),
    UpdatedAt: isoTime(record.updated_at),
    Version: record.version,
  };
}

export interface ProductListPage {
  rows: ProductRow[];
  counts: Record<ProductTab, number>;
  auditRequired: boolean;
}

type ListCounts = Record<ProductTab, number> & { audit_required: boolean };

/**
 * What the goods list shows, in one statement: the page (chosen on narrow rows, as in
 * readProductRows), the rows per tab for the same filters and the audit setting. One round trip
 * instead of three, and PGlite runs statements one at a time anyway.
 */
export async function readProductList(
  db: Executor,
  siteId: number,
  filters: ProductFilters,
  offset: number,
  limit: number,
): Promise<ProductListPage> {
  const conditions = productFilterConditions(siteId, filters);
  const order = productOrder(filters.sort);
  const list = await readListPage<ProductRowRecord, ListCounts>(db, {
    alias: 'p',
    page: sql`select p.id from products p where ${where([...conditions, TAB_CONDITIONS[filters.tab]])}
               order by ${order} limit ${limit} offset ${offset}`,
    counts: sql`select ${TAB_COUNTERS}, ${auditRequiredSetting(siteId)} as audit_required
                  from products p where ${where(conditions)}`,
    rows: sql`select ${PRODUCT_ROW_COLUMNS} from page join products p on p.id = page.id
                left join product_categories c on c.id = p.category_id`,
    order,
    prepareAs: 'goods_list',
  });
  const { audit_required: auditRequired, ...counts } = list.counts;
  return { rows: list.rows.map(toProductRow), counts, auditRequired };
}

/** One page of goods for the filters and tab, in the requested order. */
export async function readProductPage(
  db: Executor,
  siteId: number,
  filters: ProductFilters,
  offset: number,
  limit: number,
): Promise<ProductRow[]> {
  const conditions = [...productFilterConditions(siteId, filters), TAB_CONDITIONS[filters.tab]];
  return readProductRows(db, conditions, productOrder(filters.sort), limit, offset);
}

/**
 * Rows of goods matching `conditions` (on `p`), same shape as the list. The page is chosen on
 * narrow rows first so that deep pages and unindexed sorts never carry galleries and joins through
 * the sort; only the page's rows are then read in full.
 */
export async function readProductRows(
  db: Executor,
  conditions: readonly SQL[],
  order: SQL,
  limit: number,
  offset: number,
): Promise<ProductRow[]> {
  const records = await queryRows<ProductRowRecord>(
    db,
    sql`with page as materialized (
          select p.id from products p where ${where(conditions)} order by ${order} limit ${limit} offset ${offset}
        )
        select ${PRODUCT_ROW_COLUMNS} from page join products p on p.id = page.id
          left join product_categories c on c.id = p.category_id
         order by ${order}`,
    { prepareAs: 'goods_rows' },
  );
  return records.map(toProductRow);
}

export async function countRows(db: Executor, table: SQL, conditions: readonly SQL[]): Promise<number> {
  const [row] = await queryRows<{ total: number }>(
    db,
    sql`select count(*)::int as total from ${table} where ${where(conditions)}`,
  );
  return row?.total ?? 0;
}
