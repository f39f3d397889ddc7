import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as lookups from '../../contract/endpoints/comm-lookups';
import { getPreviewData } from '../../contract/endpoints/module-library';
import { CARRIERS } from '../../contract/machines/order';
import { type ApiResponse, startTestServer, type TestServer } from './harness';

const fieldOf = (response: ApiResponse) =>
  (response.body as unknown as { Errors?: { Field: string }[] }).Errors?.[0]?.Field;

/**
 * A stand-in for Tencent Video's getinfo: it answers only requests carrying the parameters the H5
 * player sends, for one known video, in the `QZOutputJson=…;` form.
 */
function startStandIn(): Promise<{ server: Server; url: string; requests: URLSearchParams[] }> {
  const requests: URLSearchParams[] = [];
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    requests.push(url.searchParams);
    const wellFormed =
      url.pathname === '/getinfo' &&
      url.searchParams.get('otype') === 'json' &&
      url.searchParams.get('platform') === '11001';
    const vid = url.searchParams.get('vid');
    const body = !wellFormed
      ? { s: 'f', em: 1, msg: 'bad request' }
      : vid === 'a0000000001'
        ? {
            s: 'o',
            vl: {
              vi: [
                {
                  vid,
                  ti: '门店宣传片',
                  fn: `${vid}.p712.mp4`,
                  fvkey: 'KEY+1/2',
                  ul: { ui: [{ url: 'https://cdn.stand-in.test/vhot/' }] },
                },
              ],
            },
          }
        : vid === 'r0000000001'
          ? { s: 'f', em: 80, msg: 'copyright' }
          : { s: 'f', em: 62, msg: 'vid is wrong' };
    response.setHeader('content-type', 'application/x-javascript');
    response.end(`QZOutputJson=${JSON.stringify(body)};`);
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, requests }),
    ),
  );
}

let server: TestServer;
let admin: string;
beforeAll(async () => {
  server = await startTestServer();
  admin = await server.login('admin');
});
afterAll(() => server.close());

describe('GetEnumForType', () => {
  it('lists the types, and a machine’s states with both labels', async () => {
    const types = await server.call(lookups.getEnumForType, {}, { token: admin });
    expect(types.body.Types).toEqual(
      expect.arrayContaining([
        'shopType',
        'linkKind',
        'paymentMethod',
        'points.exchange',
        'order.order',
        'order.refund',
      ]),
    );
    const states = await server.call(lookups.getEnumForType, { Type: 'order.order' }, { token: admin });
    expect(states.body.Values).toContainEqual({ Value: 'toPay', Zh: '待付款', En: 'To pay' });
    const shopTypes = await server.call(lookups.getEnumForType, { Type: 'shopType' }, { token: admin });
    expect(shopTypes.body.Values.map((value) => value.Value)).toEqual([0, 1, 2, 3, 4, 7, 8]);
    const kinds = await server.call(lookups.getEnumForType, { Type: 'linkKind' }, { token: admin });
    expect(kinds.body.Values).toContainEqual({ Value: 30, Zh: '服务项目', En: 'Service' });
  });

  it('labels every value of every type in Chinese and English (the delivery kinds included)', async () => {
    const types = await server.call(lookups.getEnumForType, {}, { token: admin });
    expect(types.body.Types).toEqual(
      expect.arrayContaining(['deliveryType', 'paymentMethod', 'ticket.ticket', 'carrier']),
    );
    const unlabelled: string[] = [];
    for (const type of types.body.Types) {
      const response = await server.call(lookups.getEnumForType, { Type: type }, { token: admin });
      expect(response.body.Errcode, type).toBe(0);
      expect(response.body.Values.length, type).toBeGreaterThan(0);
      for (const value of response.body.Values) {
        if (!value.Zh.trim() || !value.En.trim()) unlabelled.push(`${type}:${value.Value}`);
      }
      expect(new Set(response.body.Values.map((value) => value.Value)).size, type).toBe(
        response.body.Values.length,
      );
    }
    expect(unlabelled).toEqual([]);
    const delivery = await server.call(lookups.getEnumForType, { Type: 'deliveryType' }, { token: admin });
    expect(delivery.body.Values).toContainEqual({
      Value: 'virtual',
      Zh: '电子票（无需配送）',
      En: 'Tickets (no delivery)',
    });
    const carriers = await server.call(lookups.getEnumForType, { Type: 'carrier' }, { token: admin });
    expect(carriers.body.Values.map((value) => value.Value)).toEqual([...CARRIERS]);
    expect(carriers.body.Values).toContainEqual({ Value: 'SF', Zh: '顺丰速运', En: 'SF Express' });
  });

  it('labels every state in badge form (the coupon messages keep their sentence form)', async () => {
    const types = await server.call(lookups.getEnumForType, {}, { token: admin });
    const sentenceLike: string[] = [];
    for (const type of types.body.Types) {
      const response = await server.call(lookups.getEnumForType, { Type: type }, { token: admin });
      for (const value of response.body.Values) {
        // A badge starts with a capital ("Draft"); "a draft" is how a message's sentence reads it.
        if (/^[a-z]/.test(value.En)) sentenceLike.push(`${type}:${value.Value}=${value.En}`);
      }
    }
    expect(sentenceLike).toEqual([]);
    const coupon = await server.call(lookups.getEnumForType, { Type: 'coupon.coupon' }, { token: admin });
    expect(coupon.body.Values).toEqual([
      { Value: 'draft', Zh: '草稿', En: 'Draft' },
      { Value: 'active', Zh: '发放中', En: 'On offer' },
      { Value: 'paused', Zh: '已暂停', En: 'Paused' },
      { Value: 'ended', Zh: '已结束', En: 'Ended' },
    ]);
    const codes = await server.call(lookups.getEnumForType, { Type: 'coupon.code' }, { token: admin });
    expect(codes.body.Values).toContainEqual({ Value: 'used', Zh: '已核销', En: 'Written off' });
  });

  it('names an unknown type and the field', async () => {
    const response = await server.call(lookups.getEnumForType, { Type: 'order.nothing' }, { token: admin });
    expect(response.body.Errcode).toBe(-1);
    expect(response.body.Errmsg).toContain('order.nothing');
    expect(fieldOf(response)).toBe('Type');
    const tooLong = await server.call(lookups.getEnumForType, { Type: 'x'.repeat(41) }, { token: admin });
    expect(fieldOf(tooLong)).toBe('Type');
  });

  it('needs a session', async () => {
    const response = await server.call(lookups.getEnumForType, { Type: 'shopType' }, { token: null });
    expect(response.status).toBe(401);
  });
});

describe('GetStoreLinkUrlList', () => {
  it('pages every page and live row of the shop, filtered by kind and searched by title', async () => {
    const all = await server.call(lookups.getStoreLinkUrlList, { pageSize: 100 }, { token: admin });
    expect(all.body.Errcode).toBe(0);
    expect(all.body.Data[0]!.Kind).toBe('customPage');
    const [{ count }] = (await server.query<{ count: number }>(
      sql`select count(*)::int as count from products where site_id = 1 and recycle_state = 'active'`,
    )) as [{ count: number }];
    const goods = await server.call(
      lookups.getStoreLinkUrlList,
      { Kind: 'product', pageSize: 10 },
      { token: admin },
    );
    expect(goods.body.Total).toBe(count);
    expect(
      goods.body.Data.every(
        (row) => row.Kind === 'product' && row.Path === `/pages/product/detail?id=${row.Id}`,
      ),
    ).toBe(true);
    const second = await server.call(
      lookups.getStoreLinkUrlList,
      { Kind: 'product', page: 2, pageSize: 10 },
      { token: admin },
    );
    expect(second.body.Data.map((row) => row.Id)).not.toEqual(goods.body.Data.map((row) => row.Id));
    // Pages run across kinds: the last rows of one kind and the first of the next share a page.
    const across = await server.call(lookups.getStoreLinkUrlList, { page: 2, pageSize: 3 }, { token: admin });
    expect(across.body.Data).toEqual(all.body.Data.slice(3, 6));
    const title = goods.body.Data[0]!.Title;
    const found = await server.call(lookups.getStoreLinkUrlList, { Keyword: title }, { token: admin });
    expect(found.body.Data.every((row) => row.Title.includes(title))).toBe(true);
  });

  it('offers only the kinds of the shop type: technicians for a service shop, never for a mall', async () => {
    const mall = await server.call(lookups.getStoreLinkUrlList, { Kind: 'technician' }, { token: admin });
    expect(mall.body.Total).toBe(0);
    const owner = await server.login('service');
    const shop = await server.call(lookups.getStoreLinkUrlList, { Kind: 'technician' }, { token: owner });
    expect(shop.body.Data.map((row) => row.Title)).toEqual(['李师傅', '王技师', '陈老师', '赵技师']);
    const goods = await server.call(lookups.getStoreLinkUrlList, { Kind: 'product' }, { token: owner });
    expect(goods.body.Total).toBe(0);
  });

  it('names a bad kind', async () => {
    const response = await server.call(lookups.getStoreLinkUrlList, { Kind: 'spaceship' }, { token: admin });
    expect(fieldOf(response)).toBe('Kind');
  });
});

describe('GetTxVideoMp4Url in the sandbox', () => {
  it('resolves a link to the sandbox sample, which plays', async () => {
    const response = await server.call(
      lookups.getTxVideoMp4Url,
      { Link: 'https://v.qq.com/x/page/a0000000001.html' },
      { token: admin },
    );
    expect(response.body).toMatchObject({ Errcode: 0, Vid: 'a0000000001', Sandbox: true });
    const file = await server.app.inject({ method: 'GET', url: response.body.Url });
    expect(file.headers['content-type']).toBe('audio/wav');
    expect(file.rawPayload.subarray(0, 4).toString('ascii')).toBe('RIFF');
  });

  it('names the field of a link without a video id, and refuses what the sandbox lacks', async () => {
    const cover = await server.call(
      lookups.getTxVideoMp4Url,
      { Link: 'https://v.qq.com/x/cover/mzc00200abcdefg.html' },
      { token: admin },
    );
    expect(fieldOf(cover)).toBe('Link');
    const missing = await server.call(lookups.getTxVideoMp4Url, { Link: 'x0000000001' }, { token: admin });
    expect(missing.body.Errcode).toBe(-1);
    expect(fieldOf(missing)).toBe('Link');
  });
});

describe('GetTxVideoMp4Url through the Tencent Video adapter', () => {
  let standIn: Awaited<ReturnType<typeof startStandIn>>;
  let configured: TestServer;
  let token: string;
  beforeAll(async () => {
    standIn = await startStandIn();
    configured = await startTestServer({ env: { TENCENT_VIDEO_URL: standIn.url } });
    token = await configured.login('admin');
  });
  afterAll(async () => {
    await configured.close();
    standIn.server.close();
  });

  it('asks getinfo as the H5 player does and builds the address from its answer', async () => {
    const response = await configured.call(
      lookups.getTxVideoMp4Url,
      { Link: 'https://v.qq.com/x/cover/mzc00200abcdefg/a0000000001.html' },
      { token },
    );
    expect(response.body).toMatchObject({
      Errcode: 0,
      Url: 'https://cdn.stand-in.test/vhot/a0000000001.p712.mp4?vkey=KEY%2B1%2F2',
      Title: '门店宣传片',
      Sandbox: false,
    });
    expect(standIn.requests.at(-1)?.get('vid')).toBe('a0000000001');
  });

  it.each([
    ['b0000000001', 'Tencent Video has no video b0000000001'],
    ['r0000000001', 'does not let others play'],
  ])('says why %s does not play', async (vid, message) => {
    const response = await configured.call(lookups.getTxVideoMp4Url, { Link: vid }, { token });
    expect(response.body.Errcode).toBe(-1);
    expect(response.body.Errmsg).toContain(message);
    expect(fieldOf(response)).toBe('Link');
  });
});

describe('the phone preview of a service shop', () => {
  it('carries the switched-on services of its service-list blocks', async () => {
    const [site] = await server.query<{ id: number }>(sql`select id from sites where shop_type = 7`);
    const preview = await server.call(getPreviewData, { SiteId: site!.id }, { token: null });
    expect(preview.body.Errcode).toBe(0);
    const titles = preview.body.Lookups.flatMap((entry) => entry.Rows.map((row) => row.Title));
    expect(titles).toContain('肩颈推拿');
  });
});
