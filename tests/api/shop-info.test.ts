import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as shopInfo from '../../contract/endpoints/shop-info';
import { shopCommentFlags } from '../../server/areas/shop-set/service';
import { type ApiResponse, startTestServer, type TestServer } from './harness';
import { expectError, MALL_SITE, SECOND_SITE, storefront, storefrontKey } from './order-helpers';
import { siteFingerprint } from './tenant-isolation';

let server: TestServer;
let admin: string;

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.login('admin');
});
afterAll(() => server.close());

type Form = shopInfo.ShopInfo & { Version: number };

async function current(token = admin): Promise<Form> {
  const response = await server.call(shopInfo.getShopInfo, {}, { token });
  expect(response.body.Errcode).toBe(0);
  const {
    AreaText: _area,
    SameCityDelivery: _sameCity,
    GeocoderConfigured: _geocoder,
    ...form
  } = response.body.Data;
  return form;
}

function fieldOf(response: ApiResponse): string | undefined {
  return (response.body as unknown as { Errors?: { Field: string }[] }).Errors?.[0]?.Field;
}

async function setSameCity(siteId: number, enabled: boolean) {
  await server.query(sql`
    insert into order_delivery_settings (site_id, setting)
    values (${siteId}, ${JSON.stringify({
      Express: { Enabled: true },
      SameCity: { Enabled: enabled, FeeFen: 0, MinOrderFen: 0, RangeKm: 5, Latitude: null, Longitude: null },
      Pickup: { Enabled: false, Points: [] },
    })}::jsonb)
    on conflict (site_id) do update set setting = jsonb_set(order_delivery_settings.setting, '{SameCity,Enabled}', ${JSON.stringify(enabled)}::jsonb)`);
}

describe('GetShopInfo / SetShopInfo', () => {
  it('reads the seeded info with the area names and says no map service is configured', async () => {
    const response = await server.call(shopInfo.getShopInfo, {}, { token: admin });
    expect(response.body.Data).toMatchObject({
      ShopName: '演示商城',
      Phone: '021-64281234',
      ProvinceCode: '310000',
      CityCode: '310100',
      DistrictCode: '310104',
      AreaText: '上海市 上海市 徐汇区',
      GeocoderConfigured: false,
      Version: 1,
    });
  });

  it('saves every field, audits the change and refuses a stale save with the reload dialog', async () => {
    const before = await current();
    const changed: Form = {
      ...before,
      ShopName: '演示商城（新）',
      Logo: '/uploads/logo.png',
      Copyright: '© 演示',
      TechnicalSupport: '技术支持',
      PublicAccountQr: '/uploads/qr.png',
      PromotionTitle: '标题',
      Description: '描述',
      PromotionWord1: '词一',
      PromotionWord2: '词二',
      Email: 'new@mall.example.cn',
      Phone: '13900139000',
      Fax: '021-1234567',
      ShowIdOnProfile: false,
      ClosingPoster: true,
      NewsComments: true,
      CommentAudit: false,
      Address: '新地址1号',
      Lng: 121.5,
      Lat: 31.2,
      ServicePhone: '021-64281234',
      Details: '详细说明',
    };
    const saved = await server.call(shopInfo.setShopInfo, changed, { token: admin });
    expect(saved.body).toMatchObject({ Errcode: 0, Version: before.Version + 1 });
    expect(await current()).toEqual({ ...changed, Version: before.Version + 1 });
    const [audited] = await server.query<{ summary: { after: { ShopName: string } } }>(
      sql`select summary from audit_log where action = 'shop.info' and site_id = ${MALL_SITE} order by id desc limit 1`,
    );
    expect(audited!.summary.after.ShopName).toBe('演示商城（新）');

    const stale = await server.call(shopInfo.setShopInfo, { ...changed, ShopName: 'x' }, { token: admin });
    expectError(stale, /changed by someone else/);
    expect(stale.body.ErrShowType).toBe(0);
    expect(fieldOf(stale)).toBe('Version');
    expect((await current()).ShopName).toBe('演示商城（新）');
  });

  it.each([
    [{ ShopName: '' }, 'ShopName', 'Shop name cannot be empty'],
    [{ Phone: '' }, 'Phone', 'Phone cannot be empty'],
    [{ Phone: '12345' }, 'Phone', 'Enter a mainland mobile number or a landline with its area code'],
    [{ Email: '' }, 'Email', 'Email cannot be empty'],
    [{ Email: 'mall@' }, 'Email', 'Enter a valid email address'],
    [{ Address: '' }, 'Address', 'The detailed address must be 1–64 characters'],
    [{ Address: '路'.repeat(65) }, 'Address', 'The detailed address must be 1–64 characters'],
    [
      { DistrictCode: '', Lng: 121, Lat: 31 },
      'DistrictCode',
      'The map address must include the city and district',
    ],
    [{ Lng: 180.5 }, 'Lng', 'Longitude must be between -180 and 180'],
    [{ Lat: -91 }, 'Lat', 'Latitude must be between -90 and 90'],
    [{ CityCode: '320100' }, 'CityCode', 'Choose the area from the list'],
    [{ DistrictCode: '999999' }, 'DistrictCode', 'Choose the area from the list'],
  ])('refuses %j naming %s', async (change, field, message) => {
    // The demo mall delivers in its city, which would ask for the area before the rule under test.
    await setSameCity(MALL_SITE, false);
    const before = await current();
    const response = await server.call(shopInfo.setShopInfo, { ...before, ...change }, { token: admin });
    expectError(response, message);
    expect(fieldOf(response)).toBe(field);
    expect(await current()).toEqual(before);
  });

  it('says the SPEC messages in Chinese too', async () => {
    const before = await current();
    const response = await server.call(
      shopInfo.setShopInfo,
      { ...before, ShopName: '' },
      { token: admin, locale: 'zh-CN' },
    );
    expectError(response, '店铺名称不能为空');
  });

  it('requires the whole area while same-city delivery is on', async () => {
    const before = await current();
    const noArea = { ...before, ProvinceCode: '', CityCode: '', DistrictCode: '', Lng: null, Lat: null };
    await setSameCity(MALL_SITE, true);
    const refused = await server.call(shopInfo.setShopInfo, noArea, { token: admin });
    expectError(refused, 'same-city delivery is on');
    expect(fieldOf(refused)).toBe('ProvinceCode');
    expect((await server.call(shopInfo.getShopInfo, {}, { token: admin })).body.Data.SameCityDelivery).toBe(
      true,
    );
    await setSameCity(MALL_SITE, false);
    const saved = await server.call(shopInfo.setShopInfo, noArea, { token: admin });
    expect(saved.body.Errcode).toBe(0);
  });

  it('refuses a wrong type or an unknown field by name', async () => {
    const before = await current();
    expectError(
      await server.call(shopInfo.setShopInfo, { ...before, NewsComments: 'yes' }, { token: admin }),
      /NewsComments/,
    );
    expectError(await server.call(shopInfo.setShopInfo, { ...before, Extra: 1 }, { token: admin }), /Extra/);
    expectError(await server.call(shopInfo.setShopInfo, { ...before, Lng: 'east' }, { token: admin }), /Lng/);
  });

  it('starts a shop without saved info from its site name at version 0, and creates the row once', async () => {
    await server.query(sql`delete from shop_infos where site_id = ${SECOND_SITE}`);
    const token = await server.login('site2');
    const empty = await current(token);
    expect(empty).toMatchObject({ ShopName: '演示官网', Phone: '', Version: 0 });
    const form = { ...empty, Phone: '010-65881234', Email: 'a@site.example.cn', Address: '建国路89号' };
    const [first, second] = await Promise.all([
      server.call(shopInfo.setShopInfo, form, { token }),
      server.call(shopInfo.setShopInfo, form, { token }),
    ]);
    // Both were based on version 0: one creates the row, the other is stale.
    expect([first.body.Errcode, second.body.Errcode].sort()).toEqual([-1, 0]);
    expect((await current(token)).Version).toBe(1);
  });

  it('lets one of several parallel saves of the same version through', async () => {
    await setSameCity(MALL_SITE, false);
    const before = await current();
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        server.call(shopInfo.setShopInfo, { ...before, Fax: `021-700000${index}` }, { token: admin }),
      ),
    );
    expect(answers.filter((answer) => answer.body.Errcode === 0)).toHaveLength(1);
    expect(answers.filter((answer) => fieldOf(answer) === 'Version')).toHaveLength(7);
    const after = await current();
    expect(after.Version).toBe(before.Version + 1);
    const [audits] = await server.query<{ count: number }>(
      sql`select count(*)::int as count from audit_log where action = 'shop.info' and summary->'after'->>'Fax' like '021-700000%'`,
    );
    expect(audits!.count).toBe(1);
  });

  it('keeps each shop to its own info', async () => {
    const token = await server.login('site2');
    const otherBefore = await siteFingerprint(server, SECOND_SITE);
    const mall = await current();
    expect(
      (await server.call(shopInfo.setShopInfo, { ...mall, Fax: '021-7654321' }, { token: admin })).body
        .Errcode,
    ).toBe(0);
    expect(await siteFingerprint(server, SECOND_SITE)).toEqual(otherBefore);
    expect((await current(token)).ShopName).toBe('演示官网');
  });

  it('is refused to accounts without the shop info menu', async () => {
    const sub = await server.login('sub', { siteId: MALL_SITE });
    const store = await server.login('store');
    for (const token of [sub, store]) {
      expect((await server.call(shopInfo.getShopInfo, {}, { token })).status).toBe(403);
      const before = await current();
      const saved = await server.call(shopInfo.setShopInfo, { ...before, ShopName: 'x' }, { token });
      expect(saved.status).toBe(403);
      expect((await current()).ShopName).toBe(before.ShopName);
    }
    expect((await server.call(shopInfo.getShopInfo, {}, { token: null })).status).toBe(401);
  });

  it('gives the news helper the comment flags', async () => {
    const before = await current();
    await server.call(
      shopInfo.setShopInfo,
      { ...before, NewsComments: true, CommentAudit: true },
      { token: admin },
    );
    expect(await shopCommentFlags(server.database.db, MALL_SITE)).toEqual({
      commentsOn: true,
      auditOn: true,
    });
    const next = await current();
    await server.call(
      shopInfo.setShopInfo,
      { ...next, NewsComments: false, CommentAudit: false },
      { token: admin },
    );
    expect(await shopCommentFlags(server.database.db, MALL_SITE)).toEqual({
      commentsOn: false,
      auditOn: false,
    });
  });
});

describe('GET /storefront/GetShopInfo', () => {
  it('gives the buyer side the shop of the key, with the flags it needs', async () => {
    const mallKey = await storefrontKey(server, admin);
    const mall = await storefront(server, mallKey, shopInfo.getStorefrontShopInfo, {});
    const info = await current();
    expect(mall.body).toMatchObject({
      Errcode: 0,
      Name: info.ShopName,
      Phone: info.Phone,
      ShowIdOnProfile: info.ShowIdOnProfile,
      NewsComments: info.NewsComments,
      ClosingPoster: info.ClosingPoster,
    });
    expect(mall.body.Address).toContain(info.Address);
    const site2Key = await storefrontKey(server, await server.login('site2'));
    const other = await storefront(server, site2Key, shopInfo.getStorefrontShopInfo, {});
    expect(other.body.Name).toBe('演示官网');
  });

  it('refuses a call without a valid key', async () => {
    expect((await server.call(shopInfo.getStorefrontShopInfo, {}, {})).status).toBe(401);
    expect((await storefront(server, 'sk_wrong', shopInfo.getStorefrontShopInfo, {})).status).toBe(401);
  });
});

describe('GET /Comm/GetQQLocaiton', () => {
  it('is refused, naming the address, when no map service is configured', async () => {
    const response = await server.call(
      shopInfo.getQqLocation,
      { address: '上海市徐汇区漕溪北路88号' },
      { token: admin },
    );
    expectError(response, 'No map service is configured');
    expect(fieldOf(response)).toBe('address');
  });
});

/** A stand-in of Tencent's WebService geocoder that checks the key and the SK signature as published. */
function tencentStandIn(key: string, secretKey: string) {
  const requests: URL[] = [];
  const stand = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    requests.push(url);
    const reply = (body: unknown) => {
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify(body));
    };
    if (url.pathname !== '/ws/geocoder/v1/') return reply({ status: 404, message: 'no such service' });
    const parameters = [...url.searchParams.entries()].filter(([name]) => name !== 'sig');
    const raw = parameters
      .sort(([left], [right]) => (left < right ? -1 : 1))
      .map(([name, value]) => `${name}=${value}`)
      .join('&');
    const expected = createHash('md5').update(`${url.pathname}?${raw}${secretKey}`).digest('hex');
    if (url.searchParams.get('key') !== key) return reply({ status: 311, message: 'key格式错误' });
    if (url.searchParams.get('sig') !== expected) return reply({ status: 111, message: '签名验证失败' });
    if (url.searchParams.get('address') === '不存在的地方')
      return reply({ status: 347, message: '查询无结果' });
    return reply({
      status: 0,
      message: 'query ok',
      result: {
        location: { lng: 121.436525, lat: 31.19441 },
        address_components: { province: '上海市', city: '上海市', district: '徐汇区', street: '漕溪北路' },
      },
    });
  });
  return { stand, requests };
}

describe('GET /Comm/GetQQLocaiton with Tencent configured', () => {
  let stand: Server;
  let requests: URL[];
  let configured: TestServer;
  let wrongSk: TestServer;

  beforeAll(async () => {
    ({ stand, requests } = tencentStandIn('TEST-KEY', 'TEST-SK'));
    await new Promise<void>((resolve) => stand.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(stand.address() as AddressInfo).port}`;
    configured = await startTestServer({
      env: { TENCENT_MAP_KEY: 'TEST-KEY', TENCENT_MAP_SK: 'TEST-SK', TENCENT_MAP_URL: url },
    });
    wrongSk = await startTestServer({
      env: { TENCENT_MAP_KEY: 'TEST-KEY', TENCENT_MAP_SK: 'OTHER', TENCENT_MAP_URL: url },
    });
  });
  afterAll(async () => {
    await configured.close();
    await wrongSk.close();
    await new Promise((resolve) => stand.close(resolve));
  });

  it('answers the map point and area of an address through a signed request', async () => {
    const token = await configured.login('admin');
    const response = await configured.call(
      shopInfo.getQqLocation,
      { address: '上海市徐汇区漕溪北路88号' },
      { token },
    );
    expect(response.body).toMatchObject({
      Errcode: 0,
      Lng: 121.436525,
      Lat: 31.19441,
      City: '上海市',
      District: '徐汇区',
    });
    expect(requests.at(-1)!.searchParams.get('address')).toBe('上海市徐汇区漕溪北路88号');
    const info = await configured.call(shopInfo.getShopInfo, {}, { token });
    expect(info.body.Data.GeocoderConfigured).toBe(true);
  });

  it('says what went wrong: no result, a refused signature, bad input', async () => {
    const token = await configured.login('admin');
    expectError(
      await configured.call(shopInfo.getQqLocation, { address: '不存在的地方' }, { token }),
      'found no point',
    );
    expectError(
      await wrongSk.call(
        shopInfo.getQqLocation,
        { address: '上海' },
        { token: await wrongSk.login('admin') },
      ),
      'TENCENT_MAP_SK',
    );
    const blank = await configured.call(shopInfo.getQqLocation, { address: '' }, { token });
    expectError(blank, /address/);
    expect((await configured.call(shopInfo.getQqLocation, { address: '上海' }, { token: null })).status).toBe(
      401,
    );
  });
});
