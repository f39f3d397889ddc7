import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blockDefinition } from '../../components-catalog/registry';
import { getDealGoods } from '../../contract/endpoints/deal-common';
import { lookupEndpoints } from '../../contract/endpoints/link-entities';
import * as library from '../../contract/endpoints/module-library';
import * as seckill from '../../contract/endpoints/seckill';
import { LinkType } from '../../contract/link-value';
import { parseTemplate, serializeTemplate } from '../../contract/template/codec';
import { insertBlock, type Outcome, setProp } from '../../contract/template/operations';
import type { TemplateDocument } from '../../contract/template-document';
import { DAY, HOUR, ok, prepareGoods, refused, window } from './deal-helpers';
import { startTestServer, type TestServer } from './harness';
import { MALL_SITE } from './order-helpers';

/**
 * The studio sees the deals as they are: the lookups give each activity's real state and figures,
 * and publishing refuses links to activities that ended or were deleted. Also the goods the activity
 * forms offer, and an activity saved without its rules keeping them.
 */

let server: TestServer;
let admin: string;
beforeAll(async () => {
  server = await startTestServer();
  admin = await server.login('admin');
});
afterAll(() => server.close());

function done(outcome: Outcome): TemplateDocument {
  if (!outcome.ok) throw new Error(outcome.problem.key);
  return outcome.document;
}

async function activity(title: string, times: { StartsAt: string; EndsAt: string }) {
  const { Id } = ok(
    await server.call(
      seckill.bindSeckillInfo,
      { Title: title, Image: '', ...times, Sessions: [], Sort: 0, Status: 'on', Rules: '<p>规则</p>' },
      { token: admin },
    ),
  );
  return Id;
}

describe('the seckill lookup', () => {
  it('gives each activity its real state, its cheapest offer and its units', async () => {
    const goods = await prepareGoods(server, MALL_SITE, 50, 3);
    const running = await activity('工作室秒杀甲', window());
    const later = await activity('工作室秒杀乙', window(DAY, 2 * DAY));
    const over = await activity('工作室秒杀丙', window(-2 * DAY, -HOUR));
    await server.call(
      seckill.bindAddSeakillAndProduct,
      {
        ActivityId: running,
        ProductId: goods.productId,
        LimitPerMember: 0,
        Sort: 0,
        Skus: goods.skus.map((sku, index) => ({
          SkuId: sku.id,
          SeckillPriceFen: sku.priceFen - 100 - index,
          Stock: 10,
        })),
      },
      { token: admin },
    );
    await server.query(
      sql`update seckill_skus set stock = 7, sold = 3 where activity_id = ${running} and sku_id = ${goods.skus[0]!.id}`,
    );
    const rows = ok(
      await server.call(lookupEndpoints.seckill, { Keyword: '工作室秒杀' }, { token: admin }),
    ).Data;
    const byId = new Map(rows.map((row) => [row.Id, row]));
    const cheapest = [...goods.skus]
      .map((sku, index) => ({ sku, price: sku.priceFen - 100 - index }))
      .sort((left, right) => left.price - right.price)[0]!;
    expect(byId.get(running)).toMatchObject({
      State: 'running',
      ProductId: goods.productId,
      PriceFen: cheapest.price,
      OriginalPriceFen: cheapest.sku.priceFen,
      Stock: 7 + 10 * (goods.skus.length - 1),
      Sold: 3,
    });
    expect(byId.get(later)).toMatchObject({ State: 'notStarted', ProductId: null, Stock: 0 });
    expect(byId.get(over)).toMatchObject({ State: 'ended' });
    await server.call(
      seckill.bindSeckillUpdateStateAndDel,
      { Ids: [later], Action: 'switchOff' },
      { token: admin },
    );
    const switched = ok(await server.call(lookupEndpoints.seckill, { Ids: String(later) }, { token: admin }));
    expect(switched.Data[0]).toMatchObject({ Status: 'off', State: 'off' });
  });
});

describe('publishing a page linking to deals', () => {
  it('refuses a link to an ended activity and one to a deleted activity, naming each', async () => {
    const live = await activity('发布检查进行中', window());
    const ended = await activity('发布检查已结束', window(-2 * DAY, -HOUR));
    const deleted = await activity('发布检查已删除', window(DAY, 2 * DAY));
    const added = ok(await server.call(library.addMyTemplate, { Name: '秒杀页' }, { token: admin }));
    const read = ok(await server.call(library.getTemplateData, { Id: added.Id }, { token: admin }));
    const parsed = parseTemplate(read.Data, blockDefinition);
    if (!parsed.ok) throw new Error('template');
    const pageId = parsed.document.homePageId;
    let document = parsed.document;
    for (const [index, [id, title]] of (
      [
        [live, '发布检查进行中'],
        [ended, '发布检查已结束'],
        [deleted, '发布检查已删除'],
      ] as const
    ).entries()) {
      const block = `heading${index}`;
      document = done(
        insertBlock(document, { rules: blockDefinition, pageId, type: 'title', index, id: block }),
      );
      document = done(setProp(document, block, ['text'], title));
      document = done(setProp(document, block, ['showMore'], true));
      document = done(
        setProp(document, block, ['moreLink'], {
          linkType: LinkType.seckill,
          id,
          linkTitle: title,
          shpName: title,
          shpPrice: 100,
        }),
      );
    }
    const saved = ok(
      await server.call(
        library.saveModule,
        { Id: added.Id, Data: serializeTemplate(document), Version: read.Version },
        { token: admin },
      ),
    );
    await server.call(
      seckill.bindSeckillUpdateStateAndDel,
      { Ids: [deleted], Action: 'delete' },
      { token: admin },
    );
    const refusal = await server.call(
      library.publishModule,
      { Id: added.Id, Version: saved.Version },
      { token: admin },
    );
    const body = refusal.body as unknown as { Errcode: number; Problems: library.PublishProblemRow[] };
    expect(body.Errcode).toBe(-1);
    expect(body.Problems.map((problem) => [problem.BlockId, problem.Kind])).toEqual([
      ['heading1', 'linkToEnded'],
      ['heading2', 'linkToDeleted'],
    ]);
    expect(body.Problems[0]!.Message).toContain('发布检查已结束');
    const zh = await server.call(
      library.publishModule,
      { Id: added.Id, Version: saved.Version },
      { token: admin, locale: 'zh-CN' },
    );
    expect(JSON.stringify(zh.body)).toContain('链接的“发布检查已结束”已结束');
  });
});

describe('the goods the activity forms offer', () => {
  it('gives a good’s SKUs with their prices and stock, and refuses goods not the shop’s', async () => {
    const goods = await prepareGoods(server, MALL_SITE, 40, 5);
    const read = ok(await server.call(getDealGoods, { productId: goods.productId }, { token: admin }));
    expect(read).toMatchObject({ Id: goods.productId, Name: goods.name, Kind: 'physical' });
    expect(read.Skus.filter((sku) => goods.skus.some((entry) => entry.id === sku.SkuId))).toEqual(
      goods.skus.map((sku) => ({
        SkuId: sku.id,
        SpecText: expect.any(String),
        PriceFen: sku.priceFen,
        Stock: 40,
      })),
    );
    refused(
      await server.call(getDealGoods, { productId: 999_999 }, { token: admin }),
      'productId',
      /no goods 999999/,
    );
    refused(await server.call(getDealGoods, { productId: 'x' }, { token: admin }), 'productId');
    const [theirs] = await server.query<{ id: number }>(
      sql`select id from products where site_id = 2 limit 1`,
    );
    if (theirs)
      refused(await server.call(getDealGoods, { productId: theirs.id }, { token: admin }), 'productId');
    expect((await server.call(getDealGoods, { productId: goods.productId })).status).toBe(401);
  });
});

describe('an activity saved without its rules', () => {
  it('keeps the rules the rules page saved', async () => {
    const id = await activity('规则保留', window());
    const info = ok(await server.call(seckill.getSeckillInfo, { id }, { token: admin }));
    ok(
      await server.call(
        seckill.bindSeckillInfo,
        {
          Id: id,
          Version: info.Version,
          Title: '规则保留·改名',
          Image: '',
          StartsAt: info.StartsAt,
          EndsAt: info.EndsAt,
          Sessions: [],
          Sort: 0,
          Status: 'on',
        },
        { token: admin },
      ),
    );
    expect(ok(await server.call(seckill.getSeckillInfo, { id }, { token: admin })).Rules).toBe('<p>规则</p>');
  });
});
