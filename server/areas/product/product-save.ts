import { sql } from 'drizzle-orm';
import { type ProductForm, productFormProblems } from '../../../contract/endpoints/goods';
import {
  type AuditState,
  auditStateAfterSave,
  type ShelfBlocker,
  type ShelfDecision,
  shelfAfterSave,
} from '../../../contract/machines/goods';
import { audit } from '../../audit';
import type { Session } from '../../auth/session';
import type { Executor } from '../../db/client';
import { queryRows } from '../../db/query';
import { AppError } from '../../http/errors';
import { type Locale, translate } from '../../i18n/messages';
import { sanitizeRichText } from '../../rich-text/sanitize';
import { notFound, productTarget, requireVersion, staleVersion, throwProblems } from './errors';
import { auditRequired } from './product-detail';
import { SKU_CODE_SEARCH } from './product-list';
import { missingIds } from './sql-helpers';
import { changeSkuStock, lockProduct } from './stock';
import { productCustomTypes, productSpecs, products, skus, stockLog } from './tables';

const NAME_MAX = 60;

export interface SaveResult {
  Id: number;
  Version: number;
  ShelfState: 'on' | 'off';
  AuditState: AuditState;
  AutoShelf: boolean;
}

export function shelfBlockedError(locale: Locale, name: string, blockers: readonly ShelfBlocker[]): AppError {
  const separator = locale === 'zh' ? '；' : '; ';
  const reasons = blockers.map((blocker) => translate(locale, `goods.blocker.${blocker}`)).join(separator);
  return new AppError('product.shelfBlocked', { name, reasons }, { field: 'OnShelf' });
}

function priceRange(form: ProductForm): { min: number; max: number } {
  const prices = form.Skus.map((sku) => sku.PriceFen);
  return prices.length === 0 ? { min: 0, max: 0 } : { min: Math.min(...prices), max: Math.max(...prices) };
}

/** Category, freight template and custom types must be the site's own. */
async function checkReferences(tx: Executor, siteId: number, form: ProductForm): Promise<void> {
  const [category] = await missingIds(tx, 'product_categories', siteId, [form.CategoryId]);
  if (category !== undefined) throw notFound('product.categoryNotFound', category, 'CategoryId');
  if (form.FreightTemplateId !== null) {
    // Key-share locked: a delete of the template waits for this save, or this save finds it gone.
    const [template] = await queryRows<{ id: number }>(
      tx,
      sql`select id from freight_templates where id = ${form.FreightTemplateId} and site_id = ${siteId} for key share`,
    );
    if (!template)
      throw notFound('product.freightTemplateNotFound', form.FreightTemplateId, 'FreightTemplateId');
  }
  const [customType] = await missingIds(tx, 'product_custom_types', siteId, [...new Set(form.CustomTypeIds)]);
  if (customType !== undefined) throw notFound('product.customTypeNotFound', customType, 'CustomTypeIds');
  if (form.Kind === 'virtual') {
    const [store] = await missingIds(tx, 'stores', siteId, [...new Set(form.Ticket.StoreIds)]);
    if (store !== undefined) throw notFound('product.ticketStoreNotFound', store, 'Ticket.StoreIds');
  }
}

function shelfDecision(
  locale: Locale,
  form: ProductForm,
  current: { shelf: 'on' | 'off'; autoShelf: boolean },
  auditState: AuditState,
  required: boolean,
): ShelfDecision {
  const decision = shelfAfterSave(form.OnShelf, current, {
    recycleState: 'active',
    auditState,
    auditRequired: required,
    skuCount: form.Skus.length,
    priceFen: priceRange(form).min,
  });
  if (decision.blockers.length > 0) throw shelfBlockedError(locale, form.Name, decision.blockers);
  return decision;
}

function productColumns(form: ProductForm, description: string) {
  const prices = priceRange(form);
  return {
    name: form.Name,
    subtitle: form.Subtitle,
    code: form.Code,
    categoryId: form.CategoryId,
    gallery: form.Gallery,
    video: form.Video,
    description,
    priceFen: prices.min,
    maxPriceFen: prices.max,
    marketPriceFen: form.MarketPriceFen,
    salesBase: form.SalesBase,
    freightTemplateId: form.FreightTemplateId,
    kind: form.Kind,
    ticketSettings: form.Kind === 'virtual' ? form.Ticket : null,
    sort: form.Sort,
    skuCount: form.Skus.length,
  };
}

async function writeSpecsAndLinks(tx: Executor, siteId: number, productId: number, form: ProductForm) {
  await tx.execute(sql`delete from product_specs where product_id = ${productId}`);
  if (form.Specs.length > 0) {
    await tx.insert(productSpecs).values(
      form.Specs.map((spec, position) => ({
        siteId,
        productId,
        position,
        name: spec.Name,
        values: spec.Values,
      })),
    );
  }
  await tx.execute(sql`delete from product_custom_type_links where product_id = ${productId}`);
  const customTypeIds = [...new Set(form.CustomTypeIds)];
  if (customTypeIds.length > 0) {
    await tx
      .insert(productCustomTypes)
      .values(customTypeIds.map((customTypeId) => ({ siteId, productId, customTypeId })));
  }
}

type SkuInput = ProductForm['Skus'][number];

/** Inserts new SKUs with their first stock, each first stock a stock-log row. */
async function insertSkus(
  tx: Executor,
  session: Session,
  productId: number,
  entries: readonly { sku: SkuInput; position: number }[],
): Promise<void> {
  if (entries.length === 0) return;
  const inserted = await tx
    .insert(skus)
    .values(
      entries.map(({ sku, position }) => ({
        siteId: session.siteId,
        productId,
        specValues: sku.SpecValues,
        specText: sku.SpecValues.join('/'),
        priceFen: sku.PriceFen,
        stock: sku.Stock,
        code: sku.Code,
        weightG: sku.WeightG,
        volumeCm3: sku.VolumeCm3,
        image: sku.Image,
        position,
      })),
    )
    .returning({ id: skus.id, stock: skus.stock });
  const stocked = inserted.filter((row) => row.stock > 0);
  if (stocked.length > 0) {
    await tx.insert(stockLog).values(
      stocked.map((row) => ({
        siteId: session.siteId,
        productId,
        skuId: row.id,
        kind: 'initial' as const,
        delta: row.stock,
        after: row.stock,
        reason: '',
        accountId: session.accountId,
        accountName: session.userName,
      })),
    );
  }
}

async function refreshTotals(tx: Executor, productId: number): Promise<void> {
  await tx.execute(sql`update products
      set total_stock = (select coalesce(sum(stock), 0) from skus where product_id = ${productId}),
          sku_count = (select count(*) from skus where product_id = ${productId}),
          sku_code_search = (select ${SKU_CODE_SEARCH} from skus where product_id = ${productId})
    where id = ${productId}`);
}

/** Creates goods (needs /goods/issueGoods, checked by the caller) or updates them at the loaded Version. */
export async function saveProduct(
  db: Executor,
  session: Session,
  locale: Locale,
  form: ProductForm,
): Promise<SaveResult> {
  throwProblems(productFormProblems(form));
  const description = sanitizeRichText(form.Description);
  return db.transaction(async (tx) => {
    await checkReferences(tx, session.siteId, form);
    const required = await auditRequired(tx, session.siteId);
    if (form.Id === undefined) return createProduct(tx, session, locale, form, description, required);
    return updateProduct(tx, session, locale, form, form.Id, description, required);
  });
}

async function createProduct(
  tx: Executor,
  session: Session,
  locale: Locale,
  form: ProductForm,
  description: string,
  required: boolean,
): Promise<SaveResult> {
  const auditState = auditStateAfterSave(null, required, false);
  const shelf = shelfDecision(locale, form, { shelf: 'off', autoShelf: false }, auditState, required);
  const [created] = await tx
    .insert(products)
    .values({
      siteId: session.siteId,
      ...productColumns(form, description),
      shelfState: shelf.shelf,
      autoShelf: shelf.autoShelf,
      auditState,
    })
    .returning({ id: products.id, version: products.version });
  const productId = created!.id;
  await writeSpecsAndLinks(tx, session.siteId, productId, form);
  await insertSkus(
    tx,
    session,
    productId,
    form.Skus.map((sku, position) => ({ sku, position })),
  );
  await refreshTotals(tx, productId);
  await audit(tx, session, 'product.create', productTarget(productId), {
    name: form.Name,
    shelf: shelf.shelf,
    audit: auditState,
  });
  return {
    Id: productId,
    Version: created!.version,
    ShelfState: shelf.shelf,
    AuditState: auditState,
    AutoShelf: shelf.autoShelf,
  };
}

interface ExistingSku extends Record<string, unknown> {
  id: number;
  spec_text: string;
  price_fen: number;
  stock: number;
}

function auditedSnapshot(
  name: string,
  description: string,
  gallery: readonly string[],
  prices: readonly (readonly [string, number])[],
): string {
  const sortedPrices = [...prices].sort(
    (left, right) => left[0].localeCompare(right[0]) || left[1] - right[1],
  );
  return JSON.stringify([name, description, gallery, sortedPrices]);
}

async function updateProduct(
  tx: Executor,
  session: Session,
  locale: Locale,
  form: ProductForm,
  productId: number,
  description: string,
  required: boolean,
): Promise<SaveResult> {
  const expectedVersion = requireVersion(form.Version);
  const locked = await lockProduct(tx, session.siteId, productId);
  if (!locked) throw notFound('product.notFound', productId);
  if (locked.recycle_state !== 'active')
    throw new AppError('product.recycledReadOnly', { name: locked.name });
  if (locked.version !== expectedVersion) throw staleVersion();

  const [before] = await queryRows<{ name: string; description: string; gallery: string[] }>(
    tx,
    sql`select name, description, gallery from products where id = ${productId}`,
  );
  const existing = await queryRows<ExistingSku>(
    tx,
    sql`select id, spec_text, price_fen, stock from skus where product_id = ${productId} order by id for update`,
  );
  const existingById = new Map(existing.map((sku) => [sku.id, sku]));
  form.Skus.forEach((sku, index) => {
    if (sku.Id !== undefined && !existingById.has(sku.Id))
      throw notFound('product.skuNotFound', sku.Id, `Skus.${index}.Id`);
  });

  const changed =
    auditedSnapshot(
      before!.name,
      before!.description,
      before!.gallery,
      existing.map((sku) => [sku.spec_text, sku.price_fen] as const),
    ) !==
    auditedSnapshot(
      form.Name,
      description,
      form.Gallery,
      form.Skus.map((sku) => [sku.SpecValues.join('/'), sku.PriceFen] as const),
    );
  const auditState = auditStateAfterSave(locked.audit_state, required, changed);
  const shelf = shelfDecision(
    locale,
    form,
    { shelf: locked.shelf_state, autoShelf: locked.auto_shelf },
    auditState,
    required,
  );

  const [updated] = await tx
    .update(products)
    .set({
      ...productColumns(form, description),
      auditState,
      ...(auditState === locked.audit_state ? {} : { rejectReason: '' }),
      shelfState: shelf.shelf,
      autoShelf: shelf.autoShelf,
      version: sql`${products.version} + 1`,
      updatedAt: sql`now()`,
    })
    .where(sql`${products.id} = ${productId}`)
    .returning({ version: products.version });
  await writeSpecsAndLinks(tx, session.siteId, productId, form);

  const kept = new Set(form.Skus.flatMap((sku) => (sku.Id === undefined ? [] : [sku.Id])));
  const product = { id: productId, name: form.Name };
  for (const sku of existing) {
    if (kept.has(sku.id)) continue;
    // Removed SKUs leave the ledger balanced: their stock goes out before the row does.
    await changeSkuStock(tx, session, product, {
      skuId: sku.id,
      mode: 'set',
      quantity: 0,
      kind: 'edit',
      reason: '',
    });
    await tx.execute(sql`delete from skus where id = ${sku.id}`);
  }
  for (const [position, sku] of form.Skus.entries()) {
    if (sku.Id === undefined) continue;
    await tx.execute(sql`update skus set spec_values = ${JSON.stringify(sku.SpecValues)}::jsonb,
        spec_text = ${sku.SpecValues.join('/')}, price_fen = ${sku.PriceFen}, code = ${sku.Code},
        weight_g = ${sku.WeightG}, volume_cm3 = ${sku.VolumeCm3}, image = ${sku.Image}, position = ${position}
      where id = ${sku.Id}`);
    await changeSkuStock(tx, session, product, {
      skuId: sku.Id,
      mode: 'set',
      quantity: sku.Stock,
      kind: 'edit',
      reason: '',
    });
  }
  await insertSkus(
    tx,
    session,
    productId,
    form.Skus.flatMap((sku, position) => (sku.Id === undefined ? [{ sku, position }] : [])),
  );
  await refreshTotals(tx, productId);

  await audit(tx, session, 'product.update', productTarget(productId), {
    name: form.Name,
    auditedFieldsChanged: changed,
    ...(auditState !== locked.audit_state ? { audit: [locked.audit_state, auditState] } : {}),
    ...(shelf.shelf !== locked.shelf_state ? { shelf: [locked.shelf_state, shelf.shelf] } : {}),
  });
  return {
    Id: productId,
    Version: updated!.version,
    ShelfState: shelf.shelf,
    AuditState: auditState,
    AutoShelf: shelf.autoShelf,
  };
}

/** A copy of active goods: off the shelf, audited afresh, same specs and SKUs without stock. */
export async function copyProduct(
  tx: Executor,
  session: Session,
  locale: Locale,
  sourceId: number,
): Promise<number> {
  const required = await auditRequired(tx, session.siteId);
  const suffix = translate(locale, 'product.copySuffix');
  const [created] = await queryRows<{ id: number }>(
    tx,
    sql`insert into products (site_id, name, subtitle, code, category_id, gallery, video, description, price_fen,
          max_price_fen, market_price_fen, sales_base, freight_template_id, sort, shelf_state, audit_state,
          sku_count, sku_code_search, total_stock)
        select site_id, left(name, ${NAME_MAX - suffix.length}) || ${suffix}, subtitle, code, category_id, gallery,
          video, description, price_fen, max_price_fen, market_price_fen, 0, freight_template_id, sort, 'off',
          ${auditStateAfterSave(null, required, false)}, sku_count, sku_code_search, 0
          from products where id = ${sourceId} and site_id = ${session.siteId}
        returning id`,
  );
  const copyId = created!.id;
  await tx.execute(sql`insert into product_specs (site_id, product_id, position, name, "values")
      select site_id, ${copyId}, position, name, "values" from product_specs where product_id = ${sourceId}`);
  await tx.execute(sql`insert into skus (site_id, product_id, spec_values, spec_text, price_fen, stock, code, weight_g,
        volume_cm3, image, position)
      select site_id, ${copyId}, spec_values, spec_text, price_fen, 0, code, weight_g, volume_cm3, image, position
        from skus where product_id = ${sourceId} order by position, id`);
  await tx.execute(sql`insert into product_custom_type_links (site_id, product_id, custom_type_id)
      select site_id, ${copyId}, custom_type_id from product_custom_type_links where product_id = ${sourceId}`);
  await audit(tx, session, 'product.copy', productTarget(copyId), { from: sourceId });
  return copyId;
}
