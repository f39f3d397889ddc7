import { sql } from 'drizzle-orm';
import { saveFreightTemplateSchema } from '../../../contract/endpoints/freight-templates';
import { specCombinations } from '../../../contract/endpoints/goods';
import type { Executor } from '../../db/client';
import { queryRows } from '../../db/query';
import type { AreaSeed } from '../../db/seed';
import { insertFreightTemplate, lockShopTemplates } from '../shop-set/service';
import {
  DEMO_BUYER_FOLLOW_UPS,
  DEMO_BUYERS,
  DEMO_CATALOGUE,
  DEMO_COMMENTS,
  DEMO_CUSTOM_TYPES,
  DEMO_FREIGHT_TEMPLATES,
  DEMO_REJECT_REASONS,
  DEMO_SHOP_REPLIES,
  type DemoCategory,
  type DemoSubcategory,
} from './demo-catalogue';
import { SKU_CODE_SEARCH } from './product-list';
import {
  attributeSpecs,
  attributeTypes,
  commentReplies,
  customTypes,
  productCategories,
  productComments,
  productCustomTypes,
  productSettings,
  productSpecs,
  products,
  relatedProducts,
  skus,
  storeCategories,
} from './tables';

const GOODS_PER_SUBCATEGORY = 13;
const BATCH = 1000;
const DAY = 24 * 60 * 60 * 1000;

/** A small deterministic generator, so every fresh database holds the same demo catalogue. */
function randomSource(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
  const between = (low: number, high: number) => low + Math.floor(next() * (high - low + 1));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  const chance = (probability: number) => next() < probability;
  const subset = <T>(items: readonly T[], count: number): T[] => {
    const pool = [...items];
    const chosen: T[] = [];
    while (chosen.length < count && pool.length > 0)
      chosen.push(pool.splice(Math.floor(next() * pool.length), 1)[0]!);
    return items.filter((item) => chosen.includes(item));
  };
  return { next, between, pick, chance, subset };
}

/** A tiny square picture as an inline SVG: the category colour, a highlight and a short label. */
function demoImage(color: string, label: string, variant: number): string {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40"><rect width="40" height="40" fill="${color}"/>` +
    `<circle cx="${11 + variant * 9}" cy="13" r="7" fill="#fff" opacity=".3"/>` +
    `<text x="20" y="28" font-size="8" text-anchor="middle" fill="#fff">${label}</text></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

async function insertInBatches<Row>(
  rows: readonly Row[],
  insert: (batch: Row[]) => Promise<unknown>,
): Promise<void> {
  for (let start = 0; start < rows.length; start += BATCH) await insert(rows.slice(start, start + BATCH));
}

interface PlannedGoods {
  code: string;
  category: DemoCategory;
  subcategory: DemoSubcategory;
  categoryId: number;
}

async function seedSite(
  tx: Executor,
  siteId: number,
  owner: { id: number; userName: string },
  options: { auditRequired: boolean; storeId: number | null; seed: number },
): Promise<void> {
  const random = randomSource(options.seed);
  const now = Date.now();
  await tx.insert(productSettings).values({ siteId, auditRequired: options.auditRequired });

  const templates = await seedFreightTemplates(tx, siteId);
  const groups = await tx
    .insert(customTypes)
    .values(DEMO_CUSTOM_TYPES.map((name, index) => ({ siteId, name, sort: index * 10 })))
    .returning({ id: customTypes.id });

  const tops = await tx
    .insert(productCategories)
    .values(
      DEMO_CATALOGUE.map((category, index) => ({
        siteId,
        name: category.name,
        image: demoImage(category.color, category.name.slice(0, 2), 1),
        sort: (index + 1) * 10,
      })),
    )
    .returning({ id: productCategories.id, name: productCategories.name });
  const topIds = new Map(tops.map((row) => [row.name, row.id]));
  const subs = await tx
    .insert(productCategories)
    .values(
      DEMO_CATALOGUE.flatMap((category) =>
        category.children.map((child, index) => ({
          siteId,
          parentId: topIds.get(category.name)!,
          name: child.name,
          image: demoImage(category.color, child.name.slice(0, 2), 1),
          sort: (index + 1) * 10,
        })),
      ),
    )
    .returning({
      id: productCategories.id,
      name: productCategories.name,
      parentId: productCategories.parentId,
    });
  const subIds = new Map(subs.map((row) => [`${row.parentId}/${row.name}`, row.id]));

  if (options.storeId !== null) {
    await tx
      .insert(storeCategories)
      .values(tops.slice(0, 2).map((top) => ({ siteId, storeId: options.storeId!, categoryId: top.id })));
  }

  const typeRows = await tx
    .insert(attributeTypes)
    .values(DEMO_CATALOGUE.map((category, index) => ({ siteId, name: category.name, sort: index * 10 })))
    .returning({ id: attributeTypes.id, name: attributeTypes.name });
  await tx.insert(attributeSpecs).values(
    typeRows.flatMap((type) => {
      const category = DEMO_CATALOGUE.find((entry) => entry.name === type.name)!;
      const specs = new Map(
        category.children.flatMap((child) => child.specs).map((spec) => [spec.name, spec]),
      );
      return [...specs.values()].map((spec, index) => ({
        siteId,
        typeId: type.id,
        name: spec.name,
        values: [...spec.values],
        sort: index * 10,
      }));
    }),
  );

  // Goods, with their specs and SKUs planned first so that each table is written in a few batches.
  const planned: PlannedGoods[] = [];
  const goodsRows: (typeof products.$inferInsert)[] = [];
  const specPlans: { code: string; specs: { name: string; values: string[] }[] }[] = [];
  for (const category of DEMO_CATALOGUE) {
    for (const subcategory of category.children) {
      const categoryId = subIds.get(`${topIds.get(category.name)}/${subcategory.name}`)!;
      for (let index = 0; index < GOODS_PER_SUBCATEGORY; index += 1) {
        const code = `SP${siteId}${String(planned.length + 1).padStart(5, '0')}`;
        const item = subcategory.items[index % subcategory.items.length]!;
        const name = `${random.pick(category.prefixes)}${item}${random.pick(category.suffixes)}`.trim();
        const specs = subcategory.specs.map((spec) => ({
          name: spec.name,
          values: random.subset(spec.values, random.between(spec.pick[0], spec.pick[1])),
        }));
        const recycled = random.chance(0.03);
        const auditRoll = random.next();
        const auditState =
          !options.auditRequired || auditRoll > 0.12 ? 'approved' : auditRoll > 0.04 ? 'pending' : 'rejected';
        const onShelf = !recycled && auditState === 'approved' && random.chance(0.8);
        const created = new Date(now - random.between(1, 180) * DAY - random.between(0, DAY));
        const gallery = [1, 0, 2]
          .slice(0, random.between(2, 3))
          .map((variant) => demoImage(category.color, item.slice(-2), variant));
        planned.push({ code, category, subcategory, categoryId });
        specPlans.push({ code, specs });
        goodsRows.push({
          siteId,
          name,
          subtitle: random.pick(category.highlights),
          code,
          categoryId,
          gallery,
          description: `<p><strong>${name}</strong></p><p>${category.highlights.join('；')}。</p>`,
          marketPriceFen: 0,
          salesBase: random.chance(0.7) ? random.between(10, 5000) : 0,
          freightTemplateId: random.pick(templates).id,
          sort: random.chance(0.15) ? random.between(1, 100) : 0,
          shelfState: onShelf ? 'on' : 'off',
          auditState,
          rejectReason: auditState === 'rejected' ? random.pick(DEMO_REJECT_REASONS) : '',
          recycleState: recycled ? 'recycled' : 'active',
          recycledAt: recycled ? new Date(now - random.between(1, 10) * DAY) : null,
          createdAt: created,
          updatedAt: created,
        });
      }
    }
  }
  const inserted: { id: number; code: string }[] = [];
  await insertInBatches(goodsRows, async (batch) => {
    inserted.push(
      ...(await tx.insert(products).values(batch).returning({ id: products.id, code: products.code })),
    );
  });
  const idByCode = new Map(inserted.map((row) => [row.code, row.id]));

  const specRows = specPlans.flatMap((plan) =>
    plan.specs.map((spec, position) => ({ siteId, productId: idByCode.get(plan.code)!, position, ...spec })),
  );
  await insertInBatches(specRows, (batch) => tx.insert(productSpecs).values(batch));

  const skuRows: (typeof skus.$inferInsert)[] = [];
  specPlans.forEach((plan, index) => {
    const { subcategory, code } = planned[index]!;
    const basePrice = Math.round(random.between(subcategory.price[0], subcategory.price[1]) / 100) * 100 - 10;
    const soldOut = random.chance(0.06);
    specCombinations(plan.specs.map((spec) => ({ Values: spec.values }))).forEach((values, position) => {
      skuRows.push({
        siteId,
        productId: idByCode.get(code)!,
        specValues: values,
        specText: values.join('/'),
        priceFen: basePrice + (position % 3) * 1000,
        stock: soldOut ? 0 : random.chance(0.1) ? random.between(0, 5) : random.between(10, 300),
        code: `${code}-${String(position + 1).padStart(2, '0')}`,
        weightG: subcategory.weightG,
        // Packed goods take about 3 cm³ a gram: enough for the volume template to have something to count.
        volumeCm3: subcategory.weightG * 3,
        position,
      });
    });
  });
  await insertInBatches(skuRows, (batch) => tx.insert(skus).values(batch));
  // Every first stock is a ledger row, as for SKUs created through the API.
  await tx.execute(sql`insert into stock_log (site_id, product_id, sku_id, kind, delta, after, reason, account_id, account_name)
      select site_id, product_id, id, 'initial', stock, stock, '', ${owner.id}, ${owner.userName}
        from skus where site_id = ${siteId} and stock > 0`);
  // Totals, counts and price ranges come from the SKUs, as for goods saved through the API.
  await tx.execute(sql`update products p
      set total_stock = s.total, sku_count = s.count, price_fen = s.low, max_price_fen = s.high,
          market_price_fen = round(s.high * 1.3 / 100) * 100, sku_code_search = s.codes
     from (select product_id, sum(stock)::int as total, count(*)::int as count, min(price_fen) as low,
                  max(price_fen) as high, ${SKU_CODE_SEARCH} as codes
             from skus where site_id = ${siteId} group by product_id) s
    where p.id = s.product_id`);

  const productIds = inserted.map((row) => row.id);
  await tx
    .insert(productCustomTypes)
    .values(
      productIds.flatMap((productId) =>
        random.chance(0.3) ? [{ siteId, productId, customTypeId: random.pick(groups).id }] : [],
      ),
    );
  const relatedRows = planned.flatMap((goods, index) => {
    if (!random.chance(0.2)) return [];
    const productId = productIds[index]!;
    const siblings = planned
      .map((other, otherIndex) => ({ other, id: productIds[otherIndex]! }))
      .filter(({ other, id }) => other.categoryId === goods.categoryId && id !== productId);
    return random
      .subset(siblings, 3)
      .map(({ id }, position) => ({ siteId, productId, relatedId: id, position }));
  });
  await insertInBatches(relatedRows, (batch) => tx.insert(relatedProducts).values(batch));

  const commentRows: (typeof productComments.$inferInsert)[] = [];
  planned.forEach((goods, index) => {
    const count = random.between(0, 5);
    for (let number = 0; number < count; number += 1) {
      const scoreRoll = random.next();
      const score =
        scoreRoll < 0.6 ? 5 : scoreRoll < 0.82 ? 4 : scoreRoll < 0.92 ? 3 : scoreRoll < 0.97 ? 2 : 1;
      commentRows.push({
        siteId,
        productId: productIds[index]!,
        buyerName: random.pick(DEMO_BUYERS),
        score,
        content: random.pick(DEMO_COMMENTS[score]!),
        images: random.chance(0.3)
          ? [0, 2]
              .slice(0, random.between(1, 2))
              .map((variant) => demoImage(goods.category.color, '实拍', variant))
          : [],
        state: random.chance(0.1) ? 'hidden' : 'visible',
        createdAt: new Date(now - random.between(0, 60) * DAY - random.between(0, DAY)),
      });
    }
  });
  const comments: { id: number; score: number; createdAt: Date }[] = [];
  await insertInBatches(commentRows, async (batch) => {
    comments.push(
      ...(await tx.insert(productComments).values(batch).returning({
        id: productComments.id,
        score: productComments.score,
        createdAt: productComments.createdAt,
      })),
    );
  });
  const replyRows: (typeof commentReplies.$inferInsert)[] = [];
  for (const comment of comments) {
    if (random.chance(0.5)) {
      replyRows.push({
        siteId,
        commentId: comment.id,
        author: 'shop',
        authorName: owner.userName,
        accountId: owner.id,
        content:
          comment.score >= 4
            ? random.pick(DEMO_SHOP_REPLIES.slice(0, 2))
            : random.pick(DEMO_SHOP_REPLIES.slice(2)),
        createdAt: new Date(comment.createdAt.getTime() + random.between(1, 48) * 60 * 60 * 1000),
      });
      if (comment.score >= 4 && random.chance(0.2)) {
        replyRows.push({
          siteId,
          commentId: comment.id,
          author: 'buyer',
          authorName: '买家追评',
          content: random.pick(DEMO_BUYER_FOLLOW_UPS),
          createdAt: new Date(comment.createdAt.getTime() + random.between(3, 20) * DAY),
        });
      }
    }
  }
  await insertInBatches(replyRows, (batch) => tx.insert(commentReplies).values(batch));
  await tx.execute(sql`update product_comments m
      set reply_count = r.count, shop_replied = r.shop
     from (select comment_id, count(*)::int as count, bool_or(author = 'shop') as shop
             from product_comment_replies where site_id = ${siteId} group by comment_id) r
    where m.id = r.comment_id`);
}

/** The demo templates through the same checks and writes as the freight editor's save. */
async function seedFreightTemplates(tx: Executor, siteId: number): Promise<{ id: number }[]> {
  await lockShopTemplates(tx, siteId);
  const rows: { id: number }[] = [];
  for (const { IsDefault, ...template } of DEMO_FREIGHT_TEMPLATES) {
    const { Id: _id, Version: _version, ...fields } = saveFreightTemplateSchema.parse(template);
    rows.push(await insertFreightTemplate(tx, siteId, fields, { isDefault: IsDefault }));
  }
  return rows;
}

/** Both demo sites get a catalogue; the mall site requires goods audit so the audit screens have work. */
export const productSeed: AreaSeed = async (db, demo) => {
  const owners = await queryRows<{ id: number; user_name: string; site_id: number; kind: string }>(
    db,
    sql`select id, user_name, site_id, kind from accounts
         where site_id in (${demo.mallSiteId}, ${demo.secondSiteId}) and kind in ('main', 'store') order by id`,
  );
  const ownerOf = (siteId: number) => {
    const owner = owners.find((row) => row.site_id === siteId && row.kind === 'main')!;
    return { id: owner.id, userName: owner.user_name };
  };
  const store = owners.find((row) => row.site_id === demo.mallSiteId && row.kind === 'store');
  await db.transaction(async (tx) => {
    await seedSite(tx, demo.mallSiteId, ownerOf(demo.mallSiteId), {
      auditRequired: true,
      storeId: store?.id ?? null,
      seed: 20240501,
    });
    await seedSite(tx, demo.secondSiteId, ownerOf(demo.secondSiteId), {
      auditRequired: false,
      storeId: null,
      seed: 20240502,
    });
  });
};
