import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as enterprise from '../../contract/endpoints/enterprise';
import * as library from '../../contract/endpoints/module-library';
import * as api from '../../contract/endpoints/shop-templates';
import { ShopType } from '../../contract/enums';
import { LinkType } from '../../contract/link-value';
import { type ApiResponse, startTestServer, type TestServer } from './harness';
import { storefront, storefrontKey } from './order-helpers';

const fieldOf = (response: ApiResponse) =>
  (response.body as unknown as { Errors?: { Field: string }[] }).Errors?.[0]?.Field;

let server: TestServer;
let admin: string;
let site2: string;
beforeAll(async () => {
  server = await startTestServer();
  admin = await server.login('admin');
  site2 = await server.login('site2');
});
afterAll(() => server.close());

const rowOf = (response: { body: { Data: api.ShopTemplateRow[] } }, kind: api.PageKind) =>
  response.body.Data.find((row) => row.Kind === kind)!;

describe('GetShopTemplateList and SetShopTemplate', () => {
  it('lists each page kind with what it uses and may use', async () => {
    const list = await server.call(api.getShopTemplateList, {}, { token: admin });
    expect(list.body.Data.map((row) => row.Kind)).toEqual(['home', 'goodsDetail', 'userCenter', 'category']);
    const home = rowOf(list, 'home');
    const current = await server.call(library.getTemplateData, {}, { token: admin });
    expect(home.Value).toBe(current.body.Id);
    expect(home.Options).toContainEqual({ Value: current.body.Id, Name: current.body.Name });
    expect(rowOf(list, 'goodsDetail').Options.map((option) => option.Name)).toContain('标准商品详情');
    expect(rowOf(list, 'userCenter').Options.map((option) => option.Value)).toEqual([
      ...library.USER_CENTER_HEADER_STYLES,
    ]);
    expect(rowOf(list, 'category')).toMatchObject({ Value: 'sidebar' });
  });

  it('sets the home template: the studio, the preview and the template list all follow', async () => {
    const before = await server.call(api.getShopTemplateList, {}, { token: admin });
    const added = await server.call(library.addMyTemplate, { Name: '春季首页' }, { token: admin });
    const set = await server.call(
      api.setShopTemplate,
      { Kind: 'home', TemplateId: added.body.Id },
      { token: admin },
    );
    expect(set.body.Errcode).toBe(0);
    const after = await server.call(api.getShopTemplateList, {}, { token: admin });
    expect(rowOf(after, 'home').Value).toBe(added.body.Id);
    expect((await server.call(library.getTemplateData, {}, { token: admin })).body.Id).toBe(added.body.Id);
    const mine = await server.call(library.getMyTemplateList, { pageSize: 100 }, { token: admin });
    expect(mine.body.Data.filter((row) => row.IsCurrent).map((row) => row.Id)).toEqual([added.body.Id]);
    // SetMyTemplate goes through the same place: back to the old one.
    const old = rowOf(before, 'home').Value as number;
    await server.call(library.setMyTemplate, { Id: old, IsCurrent: true }, { token: admin });
    expect(rowOf(await server.call(api.getShopTemplateList, {}, { token: admin }), 'home').Value).toBe(old);
    const audits = await server.query<{ action: string }>(
      sql`select action from audit_log where target = ${`template:${added.body.Id}`} and action = 'moduleLibrary.current'`,
    );
    expect(audits).toHaveLength(1);
  });

  it('sets the default goods-detail template, as SetProductTemplateDefault does', async () => {
    const added = await server.call(
      enterprise.saveProductTemplate,
      {
        Name: '简洁详情',
        Sections: enterprise.defaultSections(),
        BuyButtonText: '马上买',
        CartButtonText: '加购',
      },
      { token: admin },
    );
    await server.call(
      api.setShopTemplate,
      { Kind: 'goodsDetail', TemplateId: added.body.Id },
      { token: admin },
    );
    const list = await server.call(enterprise.getProductTemplateList, {}, { token: admin });
    expect(list.body.Data.filter((row) => row.IsDefault).map((row) => row.Id)).toEqual([added.body.Id]);
    expect(rowOf(await server.call(api.getShopTemplateList, {}, { token: admin }), 'goodsDetail').Value).toBe(
      added.body.Id,
    );
  });

  it('sets the user centre’s style, making an open user-centre editor stale, and the category layout', async () => {
    const opened = await server.call(library.getUserCenterMenuList, {}, { token: admin });
    await server.call(api.setShopTemplate, { Kind: 'userCenter', Style: 'banner' }, { token: admin });
    const reread = await server.call(library.getUserCenterMenuList, {}, { token: admin });
    expect(reread.body.HeaderStyle).toBe('banner');
    expect(reread.body.Version).toBe(opened.body.Version + 1);
    const {
      Version,
      ShopType: _type,
      Errcode: _code,
      Errmsg: _message,
      ErrShowType: _show,
      ...settings
    } = opened.body;
    const stale = await server.call(library.setUserCenterInfo, { ...settings, Version }, { token: admin });
    expect(stale.body).toMatchObject({ Errcode: -1, StaleVersion: true });

    await server.call(api.setShopTemplate, { Kind: 'category', Style: 'grid' }, { token: admin });
    await server.call(api.setShopTemplate, { Kind: 'category', Style: 'list' }, { token: admin });
    const list = await server.call(api.getShopTemplateList, {}, { token: admin });
    expect(rowOf(list, 'category').Value).toBe('list');
    expect(rowOf(list, 'userCenter').Value).toBe('banner');
    // Site 2's choices are its own.
    const theirs = await server.call(api.getShopTemplateList, {}, { token: site2 });
    expect(rowOf(theirs, 'category').Value).toBe('sidebar');
  });

  it.each([
    [{ Kind: 'home' }, 'TemplateId'],
    [{ Kind: 'home', TemplateId: 0 }, 'TemplateId'],
    [{ Kind: 'home', TemplateId: 'x' }, 'TemplateId'],
    [{ Kind: 'userCenter', Style: 'fancy' }, 'Style'],
    [{ Kind: 'category', Style: '' }, 'Style'],
    [{ Kind: 'category', Style: 'grid', TemplateId: 1 }, 'TemplateId'],
    [{ Kind: 'footer', Style: 'grid' }, 'Kind'],
  ])('refuses %j naming %s', async (input, field) => {
    const response = await server.call(api.setShopTemplate, input as api.SetShopTemplateInput, {
      token: admin,
    });
    expect(response.body.Errcode).toBe(-1);
    expect(fieldOf(response)).toBe(field);
  });

  it('never lets one shop choose or see another’s templates', async () => {
    const [theirs] = await server.query<{ id: number }>(
      sql`select id from module_templates where site_id = 2 order by id limit 1`,
    );
    const [theirsCurrent] = await server.query<{ id: number }>(
      sql`select id from module_templates where site_id = 2 and is_current`,
    );
    const mine = await server.call(api.getShopTemplateList, {}, { token: admin });
    expect(rowOf(mine, 'home').Options.some((option) => option.Value === theirs!.id)).toBe(false);
    const refused = await server.call(
      api.setShopTemplate,
      { Kind: 'home', TemplateId: theirs!.id },
      { token: admin },
    );
    expect(refused.body.Errcode).toBe(-1);
    expect(fieldOf(refused)).toBe('TemplateId');
    const [productOfMall] = await server.query<{ id: number }>(
      sql`select id from product_templates where site_id = 1 order by id limit 1`,
    );
    const crossed = await server.call(
      api.setShopTemplate,
      { Kind: 'goodsDetail', TemplateId: productOfMall!.id },
      { token: site2 },
    );
    expect(crossed.body.Errcode).toBe(-1);
    const [still] = await server.query<{ id: number }>(
      sql`select id from module_templates where site_id = 2 and is_current`,
    );
    expect(still).toEqual(theirsCurrent);
  });

  it('refuses accounts without the templates menu', async () => {
    const store = await server.login('store');
    expect((await server.call(api.getShopTemplateList, {}, { token: store })).status).toBe(403);
    const set = await server.call(api.setShopTemplate, { Kind: 'category', Style: 'grid' }, { token: store });
    expect(set.status).toBe(403);
    expect((await server.call(api.getShopTemplateList, {}, { token: null })).status).toBe(401);
  });
});

describe('the storefront follows the chosen templates', () => {
  it('draws the category page in the chosen layout, with the shop’s own categories, parents first', async () => {
    const key = await storefrontKey(server, admin);
    await server.call(api.setShopTemplate, { Kind: 'category', Style: 'grid' }, { token: admin });
    const grid = await storefront(server, key, api.getStorefrontCategoryPage, {});
    expect(grid.body.Errcode).toBe(0);
    expect(grid.body.Style).toBe('grid');
    await server.call(api.setShopTemplate, { Kind: 'category', Style: 'sidebar' }, { token: admin });
    const sidebar = await storefront(server, key, api.getStorefrontCategoryPage, {});
    expect(sidebar.body.Style).toBe('sidebar');

    const mine = await server.query<{ id: number }>(
      sql`select id from product_categories where site_id = 1 order by id`,
    );
    const ids = sidebar.body.Categories.map((category) => category.Id);
    expect([...ids].sort((a, b) => a - b)).toEqual(mine.map((row) => row.id));
    for (const [index, category] of sidebar.body.Categories.entries())
      if (category.ParentId !== null) expect(ids.indexOf(category.ParentId)).toBeLessThan(index);
  });

  it('draws the user centre in the chosen header style, with its visible menus only', async () => {
    const key = await storefrontKey(server, admin);
    await server.call(api.setShopTemplate, { Kind: 'userCenter', Style: 'simple' }, { token: admin });
    const simple = await storefront(server, key, api.getStorefrontUserCenter, {});
    expect(simple.body.Errcode).toBe(0);
    expect(simple.body.HeaderStyle).toBe('simple');
    await server.call(api.setShopTemplate, { Kind: 'userCenter', Style: 'card' }, { token: admin });
    const card = await storefront(server, key, api.getStorefrontUserCenter, {});
    expect(card.body.HeaderStyle).toBe('card');

    const editor = await server.call(library.getUserCenterMenuList, {}, { token: admin });
    const { Version, Menus, BackgroundColour, BackgroundImage, HeaderStyle } = editor.body;
    const hidden = Menus[0]!;
    const saved = await server.call(
      library.setUserCenterInfo,
      {
        Version,
        HeaderStyle,
        BackgroundColour,
        BackgroundImage,
        Menus: Menus.map((menu) => (menu.Id === hidden.Id ? { ...menu, Visible: false } : menu)),
      },
      { token: admin },
    );
    expect(saved.body.Errcode).toBe(0);
    const drawn = await storefront(server, key, api.getStorefrontUserCenter, {});
    expect(drawn.body.Menus.map((menu) => menu.Id)).toEqual(
      Menus.filter((menu) => menu.Visible && menu.Id !== hidden.Id).map((menu) => menu.Id),
    );
  });

  it('answers each shop only the menu items its shop type has', async () => {
    const menus: library.UserCenterMenu[] = [
      {
        Id: 'orders',
        Icon: 'order',
        Title: '我的订单',
        Link: { linkType: LinkType.navigate, linkUrl: '/pages/order/list' },
        Visible: true,
      },
      {
        Id: 'cart',
        Icon: 'gift',
        Title: '购物车',
        Link: { linkType: LinkType.navigate, linkUrl: '/pages/cart/index' },
        Visible: true,
      },
      {
        Id: 'card',
        Icon: 'member',
        Title: '会员卡',
        Link: { linkType: LinkType.navigate, linkUrl: '/pages/member/card' },
        Visible: true,
      },
      {
        Id: 'call',
        Icon: 'service',
        Title: '客服',
        Link: { linkType: LinkType.quickEntry, linkUrl: 'contact' },
        Visible: true,
      },
    ];
    // The same menu saved by a mall and by an official site (site 2).
    for (const token of [admin, site2]) {
      const editor = await server.call(library.getUserCenterMenuList, {}, { token });
      const { Version, BackgroundColour, BackgroundImage, HeaderStyle } = editor.body;
      const saved = await server.call(
        library.setUserCenterInfo,
        { Version, HeaderStyle, BackgroundColour, BackgroundImage, Menus: menus },
        { token },
      );
      expect(saved.body.Errcode).toBe(0);
    }
    const [mallType] = await server.query<{ shop_type: number }>(
      sql`select shop_type from sites where id = 1`,
    );
    const [siteType] = await server.query<{ shop_type: number }>(
      sql`select shop_type from sites where id = 2`,
    );
    expect([mallType!.shop_type, siteType!.shop_type]).toEqual([ShopType.mall, ShopType.officialSite]);

    const mall = await storefront(
      server,
      await storefrontKey(server, admin),
      api.getStorefrontUserCenter,
      {},
    );
    expect(mall.body.Menus.map((menu) => menu.Id)).toEqual(['orders', 'cart', 'card', 'call']);
    const site = await storefront(
      server,
      await storefrontKey(server, site2),
      api.getStorefrontUserCenter,
      {},
    );
    expect(site.body.Menus.map((menu) => menu.Id)).toEqual(['card', 'call']);
    // The shop's own editor still lists every item it saved.
    const editor = await server.call(library.getUserCenterMenuList, {}, { token: site2 });
    expect(editor.body.Menus.map((menu) => menu.Id)).toEqual(['orders', 'cart', 'card', 'call']);
  });

  it('answers each shop with its own choice', async () => {
    const mine = await storefrontKey(server, admin);
    const theirs = await storefrontKey(server, site2);
    await server.call(api.setShopTemplate, { Kind: 'category', Style: 'list' }, { token: admin });
    await server.call(api.setShopTemplate, { Kind: 'category', Style: 'grid' }, { token: site2 });
    expect((await storefront(server, mine, api.getStorefrontCategoryPage, {})).body.Style).toBe('list');
    const page = await storefront(server, theirs, api.getStorefrontCategoryPage, {});
    expect(page.body.Style).toBe('grid');
    const [mall] = await server.query<{ id: number }>(
      sql`select id from product_categories where site_id = 1 order by id limit 1`,
    );
    expect(page.body.Categories.map((category) => category.Id)).not.toContain(mall!.id);
  });

  it('needs the shop’s key, and names an unknown field', async () => {
    const missing = await server.call(api.getStorefrontUserCenter, {}, { token: null });
    expect(missing.status).toBe(401);
    const key = await storefrontKey(server, admin);
    const extra = await storefront(server, key, api.getStorefrontCategoryPage, { Style: 'grid' });
    expect(extra.body.Errcode).toBe(-1);
    expect(fieldOf(extra)).toBe('Style');
  });
});
