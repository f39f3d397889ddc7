import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  getIndexDataInfo,
  getIndexOrderSaleReport,
  getNewNews,
  getQcodeImg,
} from '../../contract/endpoints/dashboard';
import { getUserInfo, switchRole } from '../../contract/endpoints/user';
import { shopDate } from '../../contract/shop-time';
import {
  dashboardFigureProviders,
  figurePeriods,
  salesReportProviders,
} from '../../server/areas/dashboard/service';
import { platformNotices } from '../../server/areas/dashboard/tables';
import { startTestServer, type TestServer } from './harness';

const CJK = /[\u4e00-\u9fff]/;

let server: TestServer;
// Modules register their providers when imported; each test here starts from none and adds its own.
// The registries are module state, shared with the files that run after this one in the same worker
// (API tests are not isolated), so what the modules registered is put back afterwards.
const registered = { figures: [...dashboardFigureProviders], sales: [...salesReportProviders] };
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  dashboardFigureProviders.splice(0, dashboardFigureProviders.length, ...registered.figures);
  salesReportProviders.splice(0, salesReportProviders.length, ...registered.sales);
  await server.close();
});
beforeEach(() => {
  dashboardFigureProviders.length = 0;
  salesReportProviders.length = 0;
});

describe('GetIndexDataInfo', () => {
  it('answers zeros, not invented numbers, while no module provides figures', async () => {
    const token = await server.login('admin');
    const response = await server.call(getIndexDataInfo, {}, { token });
    expect(response.body.Errcode).toBe(0);
    expect(response.body.Data).toEqual({
      TodayOrders: 0,
      TodaySales: 0,
      WeekOrders: 0,
      WeekSales: 0,
      TodayNewCustomers: 0,
      WeekNewCustomers: 0,
      GoodsOnSale: 0,
      OrdersToShip: 0,
    });
  });

  it('adds up what registered providers report for the caller’s own site', async () => {
    const seen: number[] = [];
    dashboardFigureProviders.push(async ({ siteId }) => {
      seen.push(siteId);
      return siteId === 1 ? { TodayOrders: 3, TodaySales: 12_345 } : { TodayOrders: 99 };
    });
    dashboardFigureProviders.push(async () => ({ TodayOrders: 2, GoodsOnSale: 7 }));
    const token = await server.login('admin');
    const response = await server.call(getIndexDataInfo, {}, { token });
    expect(response.body.Data).toMatchObject({
      TodayOrders: 5,
      TodaySales: 12_345,
      GoodsOnSale: 7,
      WeekSales: 0,
    });
    expect(seen).toEqual([1]);
  });

  it('refuses a caller without a token with HTTP 401', async () => {
    const response = await server.call(getIndexDataInfo, {}, {});
    expect(response.status).toBe(401);
    expect(response.body.Errcode).toBe(-1);
  });
});

describe('figure periods', () => {
  it.each([
    // 2024-05-15 is a Wednesday; 01:00 Beijing time is 17:00 UTC the day before.
    ['2024-05-14T17:00:00Z', '2024-05-14T16:00:00.000Z', '2024-05-12T16:00:00.000Z'],
    ['2024-05-15T15:59:59Z', '2024-05-14T16:00:00.000Z', '2024-05-12T16:00:00.000Z'],
    // A Monday just after midnight Beijing time starts a new week.
    ['2024-05-19T16:00:00Z', '2024-05-19T16:00:00.000Z', '2024-05-19T16:00:00.000Z'],
    // A Sunday still belongs to the week that began on Monday.
    ['2024-05-19T15:59:59Z', '2024-05-18T16:00:00.000Z', '2024-05-12T16:00:00.000Z'],
  ])('at %s today starts %s and the week %s', (now, today, week) => {
    const periods = figurePeriods(new Date(now));
    expect(periods.todayStart.toISOString()).toBe(today);
    expect(periods.weekStart.toISOString()).toBe(week);
  });
});

describe('GetIndexOrderSaleReport', () => {
  it('gives one zero row per day of the last week by default', async () => {
    const token = await server.login('admin');
    const response = await server.call(getIndexOrderSaleReport, {}, { token });
    expect(response.body.Errcode).toBe(0);
    expect(response.body.Data).toHaveLength(7);
    expect(response.body.Data.at(-1)).toEqual({ Date: shopDate(new Date()), OrderCount: 0, Sales: 0 });
    expect(response.body.Data.every((day) => day.Sales === 0 && day.OrderCount === 0)).toBe(true);
  });

  it('covers an explicit range inclusively and merges provider rows into their days', async () => {
    salesReportProviders.push(async ({ from, to, siteId }) => {
      expect(from.toISOString()).toBe('2024-02-27T16:00:00.000Z');
      expect(to.toISOString()).toBe('2024-03-02T16:00:00.000Z');
      expect(siteId).toBe(1);
      return [
        { Date: '2024-02-29', OrderCount: 2, Sales: 5_000 },
        { Date: '2024-03-02', OrderCount: 1, Sales: 199 },
      ];
    });
    const token = await server.login('admin');
    const response = await server.call(
      getIndexOrderSaleReport,
      { startDate: '2024-02-28', endDate: '2024-03-02' },
      { token },
    );
    expect(response.body.Data).toEqual([
      { Date: '2024-02-28', OrderCount: 0, Sales: 0 },
      { Date: '2024-02-29', OrderCount: 2, Sales: 5_000 },
      { Date: '2024-03-01', OrderCount: 0, Sales: 0 },
      { Date: '2024-03-02', OrderCount: 1, Sales: 199 },
    ]);
  });

  it('refuses an inverted range, a range over a year and a malformed date, naming the field', async () => {
    const token = await server.login('admin');
    const inverted = await server.call(
      getIndexOrderSaleReport,
      { startDate: '2024-03-02', endDate: '2024-03-01' },
      { token },
    );
    expect(inverted.body.Errcode).toBe(-1);
    expect(inverted.body.Errmsg).toBe('The start date must not be after the end date');
    const long = await server.call(
      getIndexOrderSaleReport,
      { startDate: '2022-01-01', endDate: '2024-01-01' },
      { token, locale: 'zh-CN' },
    );
    expect(long.body.Errmsg).toBe('日期范围最多 366 天');
    const malformed = await server.call(getIndexOrderSaleReport, { startDate: '2024/01/01' }, { token });
    expect(malformed.body.Errcode).toBe(-1);
    expect(malformed.body.Errmsg).toContain('startDate');
  });
});

describe('GetNewNews', () => {
  it('lists the seeded platform notices newest first', async () => {
    const token = await server.login('admin');
    const response = await server.call(getNewNews, {}, { token });
    expect(response.body.Errcode).toBe(0);
    expect(response.body.Data).toHaveLength(3);
    expect(response.body.Data[0]!.Title).toContain('New: smart forms');
    const times = response.body.Data.map((notice) => Date.parse(notice.CreatedAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it('answers each notice in the caller’s language, never both in one text', async () => {
    const token = await server.login('admin');
    const zh = await server.call(getNewNews, {}, { token, locale: 'zh-CN' });
    const en = await server.call(getNewNews, {}, { token, locale: 'en-US,en;q=0.9' });
    expect(zh.body.Data.map((notice) => notice.Id)).toEqual(en.body.Data.map((notice) => notice.Id));
    for (const notice of en.body.Data) {
      expect(notice.Title).not.toMatch(CJK);
      expect(notice.Content).not.toMatch(CJK);
      expect(notice.Title).toMatch(/[A-Za-z]/);
    }
    for (const notice of zh.body.Data) {
      expect(notice.Title).toMatch(CJK);
      expect(notice.Title).not.toMatch(/[A-Za-z]/);
      expect(notice.Content).toMatch(CJK);
    }
    expect(zh.body.Data[0]!.Title).toBe('新功能：智能表单与海报编辑器');
    expect(en.body.Data[0]!.Title).toBe('New: smart forms and the poster editor');
  });

  it('falls back to the Chinese text where a notice has no English one', async () => {
    await server.database.db
      .insert(platformNotices)
      .values([{ siteId: 1, title: '仅有中文的公告', content: '内容', titleEn: 'Half translated' }]);
    const token = await server.login('admin');
    const en = await server.call(getNewNews, { limit: 1 }, { token, locale: 'en' });
    expect(en.body.Data[0]).toMatchObject({ Title: 'Half translated', Content: '内容' });
    const zh = await server.call(getNewNews, { limit: 1 }, { token, locale: 'zh-CN' });
    expect(zh.body.Data[0]).toMatchObject({ Title: '仅有中文的公告', Content: '内容' });
  });

  it('shows a site its own notices but never another site’s', async () => {
    await server.database.db.insert(platformNotices).values([
      { siteId: 1, title: 'Only for the mall' },
      { siteId: 2, title: 'Only for the official site' },
    ]);
    const mall = await server.call(getNewNews, { limit: 50 }, { token: await server.login('admin') });
    const titles = mall.body.Data.map((notice) => notice.Title);
    expect(titles).toContain('Only for the mall');
    expect(titles).not.toContain('Only for the official site');
    const second = await server.call(getNewNews, { limit: 50 }, { token: await server.login('site2') });
    const secondTitles = second.body.Data.map((notice) => notice.Title);
    expect(secondTitles).toContain('Only for the official site');
    expect(secondTitles).not.toContain('Only for the mall');
  });

  it('honours the limit and refuses one over 50', async () => {
    const token = await server.login('admin');
    expect((await server.call(getNewNews, { limit: 1 }, { token })).body.Data).toHaveLength(1);
    const refused = await server.call(getNewNews, { limit: 51 }, { token });
    expect(refused.body.Errcode).toBe(-1);
    expect(refused.body.Errmsg).toContain('limit');
  });
});

describe('GetQcodeImg', () => {
  it('returns a PNG QR code of the site’s mini-program preview address', async () => {
    const token = await server.login('site2');
    const response = await server.call(getQcodeImg, {}, { token, headers: { host: 'shop.example.com' } });
    expect(response.body.Errcode).toBe(0);
    expect(response.body.Url).toBe('http://shop.example.com/preview/2');
    expect(response.body.Image.startsWith('data:image/png;base64,')).toBe(true);
    const png = Buffer.from(response.body.Image.split(',')[1]!, 'base64');
    expect(png.subarray(1, 4).toString('ascii')).toBe('PNG');
    expect(png.length).toBeGreaterThan(200);
  });
});

describe('SwitchRole', () => {
  it('gives an admin a token whose session holds only the chosen role and revokes the old one', async () => {
    const token = await server.login('admin');
    const switched = await server.call(switchRole, { role: 'editor' }, { token });
    expect(switched.body.Errcode).toBe(0);
    const info = await server.call(getUserInfo, {}, { token: switched.body.AccessToken });
    expect(info.body.roles).toEqual(['editor']);
    expect((await server.call(getUserInfo, {}, { token })).status).toBe(401);
    const back = await server.call(switchRole, { role: 'admin' }, { token: switched.body.AccessToken });
    const again = await server.call(getUserInfo, {}, { token: back.body.AccessToken });
    expect(again.body.roles).toEqual(['admin']);
  });

  it('refuses an account that does not hold admin, and an unknown role', async () => {
    const editor = await server.login('editor');
    const refused = await server.call(switchRole, { role: 'admin' }, { token: editor });
    expect(refused.status).toBe(403);
    expect(refused.body.Errmsg).toBe('Only an account holding the admin role can switch roles');
    const admin = await server.login('admin');
    const unknown = await server.call(switchRole, { role: 'owner' }, { token: admin });
    expect(unknown.body.Errcode).toBe(-1);
    expect(unknown.body.Errmsg).toContain('role');
  });
});
