import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as freight from '../../contract/endpoints/freight-templates';
import { createOrder, getOrder, quoteExpressFreight } from '../../contract/endpoints/storefront';
import type { FreightRule } from '../../contract/freight';
import { startTestServer, type TestServer } from './harness';
import {
  ADDRESS,
  expectError,
  MALL_SITE,
  perUnit,
  prepareSku,
  skuStock,
  storefront,
  storefrontKey,
  type TestSku,
} from './order-helpers';

/**
 * Issue 15 §2 end to end: a template saved through the editor's call, given to goods, prices the
 * storefront's orders and quotes: region rules, further units, free shipping met and not, regions
 * not delivered to, several templates and charge modes in one order.
 */

let server: TestServer;
let token: string;
let key: string;
let byPiece: TestSku;
let byWeight: TestSku;
let pieceTemplate: number;

const rule = (changes: Partial<FreightRule>): FreightRule => ({ ...perUnit(0, 0), ...changes });

async function saveTemplate(input: Record<string, unknown>): Promise<number> {
  const response = await server.call(freight.saveFreightTemplate, input, { token });
  expect(response.body.Errmsg).toBe('');
  return response.body.Id;
}

/** Gives the SKU's goods the template, as the goods form's select would. */
async function useTemplate(sku: TestSku, templateId: number): Promise<void> {
  await server.query(
    sql`update products set freight_template_id = ${templateId} where id = ${sku.productId}`,
  );
}

const address = (Province: string, City: string, District = '') => ({ ...ADDRESS, Province, City, District });

let buyers = 0;
function order(lines: [TestSku, number][], to: ReturnType<typeof address>, locale?: string) {
  buyers += 1;
  return storefront(
    server,
    key,
    createOrder,
    {
      Buyer: { Id: `freight-buyer-${buyers}`, Name: '运费测试', Phone: '13800000009' },
      DeliveryType: 'express',
      Address: to,
      Lines: lines.map(([sku, Quantity]) => ({ SkuId: sku.skuId, Quantity })),
    },
    locale,
  );
}

function quote(lines: [TestSku, number][], to: ReturnType<typeof address>) {
  return storefront(server, key, quoteExpressFreight, {
    Lines: lines.map(([sku, Quantity]) => ({ SkuId: sku.skuId, Quantity })),
    Address: { Province: to.Province, City: to.City },
  });
}

beforeAll(async () => {
  server = await startTestServer();
  token = await server.login('admin');
  key = await storefrontKey(server, token);
  byPiece = await prepareSku(server, MALL_SITE, 100, { skip: 3 });
  byWeight = await prepareSku(server, MALL_SITE, 100, { skip: 4 });
  await server.query(sql`update skus set weight_g = 1200 where id = ${byWeight.skuId}`);
  pieceTemplate = await saveTemplate({
    Name: '运费测试·按件',
    ChargeMode: 'piece',
    DefaultRule: rule({ FirstFen: 1000, NextFen: 500 }),
    Rules: [
      {
        // 广东省: the first two pieces 6 yuan, each further one 2 yuan, free from four pieces' worth.
        ...rule({
          First: 2,
          FirstFen: 600,
          NextFen: 200,
          FreeWhen: 'amount',
          FreeAmountFen: byPiece.priceFen * 4,
        }),
        Regions: ['440000'],
      },
      {
        // 杭州市: 8 yuan, then 3 yuan for each further two pieces; free from five pieces.
        ...rule({ FirstFen: 800, Next: 2, NextFen: 300, FreeWhen: 'quantity', FreeQuantity: 5 }),
        Regions: ['330100'],
      },
    ],
    Undeliverable: ['650000'],
  });
  await useTemplate(byPiece, pieceTemplate);
  await useTemplate(
    byWeight,
    await saveTemplate({
      Name: '运费测试·按重量',
      ChargeMode: 'weight',
      DefaultRule: rule({ First: 1000, FirstFen: 1000, Next: 500, NextFen: 300 }),
    }),
  );
});
afterAll(() => server.close());

describe('an express order’s freight follows the goods’ template', () => {
  it.each([
    ['a region rule: two pieces within the first', address('广东省', '深圳市'), 2, 600],
    ['a region rule: one further piece', address('广东省', '广州市'), 3, 600 + 200],
    ['a region rule, free shipping by amount met', address('广东', '深圳'), 4, 0],
    ['a city rule: further pieces by twos', address('浙江省', '杭州市'), 4, 800 + 2 * 300],
    ['a city rule, free shipping by quantity met', address('浙江省', '杭州市'), 5, 0],
    ['another city of that province: the default rule', address('浙江省', '宁波市'), 2, 1000 + 500],
    ['a province no rule names: the default rule', address('上海市', '上海市'), 3, 1000 + 2 * 500],
  ])('%s', async (_name, to, quantity, freightFen) => {
    const quoted = await quote([[byPiece, quantity]], to);
    expect(quoted.body.Errmsg).toBe('');
    expect(quoted.body.FreightFen).toBe(freightFen);
    const placed = await order([[byPiece, quantity]], to);
    expect(placed.body.Errmsg).toBe('');
    expect(placed.body.Order).toMatchObject({
      GoodsFen: byPiece.priceFen * quantity,
      FreightFen: freightFen,
      TotalFen: byPiece.priceFen * quantity + freightFen,
    });
  });

  it('names the rule that applied and whether it shipped free', async () => {
    const free = await quote([[byPiece, 5]], address('浙江省', '杭州市'));
    expect(free.body.Parts).toEqual([{ TemplateId: pieceTemplate, FreightFen: 0, Rule: 2, Free: true }]);
    const charged = await quote([[byPiece, 1]], address('江苏省', '南京市'));
    expect(charged.body.Parts).toEqual([
      { TemplateId: pieceTemplate, FreightFen: 1000, Rule: null, Free: false },
    ]);
  });

  it('charges each template of a mixed order by its own mode and adds them up', async () => {
    // 2 × 1.2 kg = 2.4 kg: the first kilo, then three further half kilos.
    const weightFen = 1000 + 3 * 300;
    const lines: [TestSku, number][] = [
      [byWeight, 2],
      [byPiece, 3],
    ];
    const quoted = await quote(lines, address('广东省', '深圳市'));
    expect(quoted.body.FreightFen).toBe(weightFen + 800);
    const placed = await order(lines, address('广东省', '深圳市'));
    expect(placed.body.Order.FreightFen).toBe(weightFen + 800);
    expect(placed.body.Order.TotalFen).toBe(byWeight.priceFen * 2 + byPiece.priceFen * 3 + weightFen + 800);
  });

  it('refuses a region the template does not deliver to, naming the goods and the region, and takes nothing', async () => {
    const stock = await skuStock(server, byPiece.skuId);
    const [{ count: before } = { count: -1 }] = await server.query<{ count: number }>(
      sql`select count(*)::int as count from orders`,
    );
    const [goods] = await server.query<{ name: string }>(
      sql`select name from products where id = ${byPiece.productId}`,
    );
    const refused = await order([[byPiece, 1]], address('新疆维吾尔自治区', '乌鲁木齐市'));
    expectError(refused, `“${goods!.name}” is not delivered to 新疆维吾尔自治区`);
    expect((refused.body as unknown as { Errors: { Field: string }[] }).Errors[0]!.Field).toBe('Address');
    const zh = await order([[byPiece, 1]], address('新疆', '乌鲁木齐'), 'zh-CN');
    expectError(zh, `「${goods!.name}」不配送至新疆维吾尔自治区`);
    expectError(
      await quote([[byPiece, 1]], address('新疆', '喀什地区')),
      /is not delivered to 新疆维吾尔自治区/,
    );
    expect(await skuStock(server, byPiece.skuId)).toBe(stock);
    const [{ count: after } = { count: -2 }] = await server.query<{ count: number }>(
      sql`select count(*)::int as count from orders`,
    );
    expect(after).toBe(before);
    // Goods whose template has no such refusal still ship there.
    const weightOnly = await order([[byWeight, 1]], address('新疆维吾尔自治区', '乌鲁木齐市'));
    expect(weightOnly.body.Order.FreightFen).toBe(1000 + 300);
  });

  it('refuses an address whose province or city the template cannot place', async () => {
    const province = await order([[byPiece, 1]], address('火星', '深圳市'));
    expectError(province, /province “火星” is not in the area list/);
    expect((province.body as unknown as { Errors: { Field: string }[] }).Errors[0]!.Field).toBe(
      'Address.Province',
    );
    const city = await order([[byPiece, 1]], address('浙江省', '西湖区'));
    expectError(city, /city “西湖区” is not in the area list/);
    expect((city.body as unknown as { Errors: { Field: string }[] }).Errors[0]!.Field).toBe('Address.City');
    // The weight template names no region: any address will do.
    expect((await order([[byWeight, 1]], address('火星', '深圳市'))).body.Order.FreightFen).toBe(1300);
  });

  it('keeps the freight an order stored when the template changes afterwards', async () => {
    const placed = await order([[byPiece, 1]], address('江苏省', '南京市'));
    expect(placed.body.Order.FreightFen).toBe(1000);
    const info = (await server.call(freight.getFreightTemplateInfo, { id: pieceTemplate }, { token })).body;
    const saved = await server.call(
      freight.saveFreightTemplate,
      {
        Id: pieceTemplate,
        Version: info.Version,
        Name: info.Name,
        ChargeMode: info.ChargeMode,
        DefaultRule: { ...info.DefaultRule, FirstFen: 2500 },
        Rules: info.Rules.map((entry) => ({ ...entry, Regions: entry.Regions.map((region) => region.Code) })),
        Undeliverable: info.Undeliverable.map((region) => region.Code),
      },
      { token },
    );
    expect(saved.body.Errmsg).toBe('');
    const reread = await storefront(server, key, getOrder, {
      orderNo: placed.body.Order.OrderNo,
      buyerId: `freight-buyer-${buyers}`,
    });
    expect(reread.body.Order.FreightFen).toBe(1000);
    expect((await quote([[byPiece, 1]], address('江苏省', '南京市'))).body.FreightFen).toBe(2500);
  });

  it('refuses a quote without the key, of another shop’s SKU or with a bad field, naming it', async () => {
    expectError(
      await storefront(server, key, quoteExpressFreight, {
        Lines: [],
        Address: { Province: '广东省', City: '深圳市' },
      }),
      /Lines/,
    );
    expectError(
      await storefront(server, key, quoteExpressFreight, {
        Lines: [{ SkuId: byPiece.skuId, Quantity: 1 }],
        Address: { Province: '', City: '深圳市' },
      }),
      /Address.Province/,
    );
    const [foreign] = await server.query<{ id: number }>(
      sql`select id from skus where site_id = 2 order by id limit 1`,
    );
    expectError(
      await storefront(server, key, quoteExpressFreight, {
        Lines: [{ SkuId: foreign!.id, Quantity: 1 }],
        Address: { Province: '广东省', City: '深圳市' },
      }),
      `SKU ${foreign!.id} does not exist`,
    );
    const withoutKey = await server.call(quoteExpressFreight, {
      Lines: [{ SkuId: byPiece.skuId, Quantity: 1 }],
      Address: { Province: '广东省', City: '深圳市' },
    });
    expect(withoutKey.status).toBe(401);
  });
});
