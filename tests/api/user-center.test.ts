import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as enterprise from '../../contract/endpoints/enterprise';
import * as library from '../../contract/endpoints/module-library';
import { LinkType } from '../../contract/link-value';
import { startTestServer, type TestServer } from './harness';

let server: TestServer;
let admin: string;
let site2: string;
beforeAll(async () => {
  server = await startTestServer();
  admin = await server.login('admin');
  site2 = await server.login('site2');
});
afterAll(() => server.close());

const navigate = (linkUrl: string) => ({ linkType: LinkType.navigate, linkUrl });

describe('the user center', () => {
  it('starts from the default menu, saves with a version and refuses a stale save', async () => {
    const first = await server.call(library.getUserCenterMenuList, {}, { token: admin });
    expect(first.body).toMatchObject({ Errcode: 0, Version: 0, HeaderStyle: 'card', ShopType: 0 });
    expect(first.body.Menus.map((menu) => menu.Title)).toContain('我的订单');
    const { Errcode, Errmsg, ErrShowType, Version, ShopType, ...settings } = first.body;
    const menus = [
      ...settings.Menus,
      {
        Id: 'sign',
        Icon: 'gift' as const,
        Title: '每日签到',
        Link: navigate('/pages/points/sign-in'),
        Visible: true,
      },
    ];
    const saved = await server.call(
      library.setUserCenterInfo,
      { ...settings, HeaderStyle: 'banner', Menus: menus, Version: 0 },
      { token: admin },
    );
    expect(saved.body).toMatchObject({ Errcode: 0, Version: 1 });
    const read = await server.call(library.getUserCenterMenuList, {}, { token: admin });
    expect(read.body).toMatchObject({ Version: 1, HeaderStyle: 'banner' });
    expect(read.body.Menus.at(-1)).toMatchObject({ Id: 'sign', Title: '每日签到' });

    const again = await server.call(
      library.setUserCenterInfo,
      { ...settings, Menus: menus.slice(1), Version: 1 },
      { token: admin },
    );
    expect(again.body).toMatchObject({ Errcode: 0, Version: 2 });
    const stale = await server.call(library.setUserCenterInfo, { ...settings, Version: 1 }, { token: admin });
    expect(stale.body).toMatchObject({ Errcode: -1, StaleVersion: true, CurrentVersion: 2 });
    const staleFirst = await server.call(
      library.setUserCenterInfo,
      { ...settings, Version: 0 },
      { token: admin },
    );
    expect(staleFirst.body).toMatchObject({ Errcode: -1, StaleVersion: true, CurrentVersion: 2 });
  });

  it('names the field of bad input', async () => {
    const { body } = await server.call(library.getUserCenterMenuList, {}, { token: site2 });
    const base = {
      HeaderStyle: body.HeaderStyle,
      BackgroundColour: body.BackgroundColour,
      BackgroundImage: body.BackgroundImage,
      Menus: body.Menus,
      Version: body.Version,
    };
    const badPhone = await server.call(
      library.setUserCenterInfo,
      {
        ...base,
        Menus: [
          {
            Id: 'a',
            Icon: 'phone',
            Title: '电话',
            Link: { linkType: LinkType.phone, tel: '12' },
            Visible: true,
          },
        ],
      },
      { token: site2 },
    );
    expect(badPhone.body.Errcode).toBe(-1);
    expect(badPhone.body.Errmsg).toContain('Menus.0.Link.tel');
    const repeated = await server.call(
      library.setUserCenterInfo,
      { ...base, Menus: [body.Menus[0]!, body.Menus[0]!] },
      { token: site2 },
    );
    expect(repeated.body.Errmsg).toContain('Menus.1.Id');
    const noTitle = await server.call(
      library.setUserCenterInfo,
      { ...base, Menus: [{ ...body.Menus[0]!, Title: '' }] },
      { token: site2 },
    );
    expect(noTitle.body.Errmsg).toContain('Menus.0.Title');
    const badColour = await server.call(
      library.setUserCenterInfo,
      { ...base, BackgroundColour: 'red;' },
      { token: site2 },
    );
    expect(badColour.body.Errmsg).toContain('BackgroundColour');
  });

  it('keeps shops apart: links to another shop’s goods are refused and saves stay with their shop', async () => {
    const [foreign] = await server.query<{ id: number; name: string }>(
      sql`select id, name from products where site_id = 1 order by id limit 1`,
    );
    const { body } = await server.call(library.getUserCenterMenuList, {}, { token: site2 });
    const link = {
      linkType: LinkType.product,
      id: foreign!.id,
      linkTitle: foreign!.name,
      shpName: foreign!.name,
      shpPrice: 100,
    };
    const refused = await server.call(
      library.setUserCenterInfo,
      {
        HeaderStyle: body.HeaderStyle,
        BackgroundColour: body.BackgroundColour,
        BackgroundImage: '',
        Menus: [{ Id: 'x', Icon: 'gift', Title: '偷链', Link: link, Visible: true }],
        Version: body.Version,
      },
      { token: site2 },
    );
    expect(refused.body.Errcode).toBe(-1);
    expect(refused.body.Errmsg).toContain('Menus.0.Link');
    const mall = await server.call(library.getUserCenterMenuList, {}, { token: admin });
    const other = await server.call(library.getUserCenterMenuList, {}, { token: site2 });
    expect(other.body.Version).toBe(0);
    expect(mall.body.Version).toBeGreaterThan(0);
  });
});

function layout(name: string) {
  return {
    Name: name,
    Sections: enterprise.defaultSections(),
    BuyButtonText: '马上抢',
    CartButtonText: '加购',
  };
}

describe('goods-detail templates', () => {
  it('adds, edits, makes default and refuses deleting the default', async () => {
    const list = await server.call(enterprise.getProductTemplateList, {}, { token: admin });
    expect(list.body.Data[0]).toMatchObject({ Name: '标准商品详情', IsDefault: true });
    const reversed = enterprise.defaultSections().reverse();
    const added = await server.call(
      enterprise.saveProductTemplate,
      { ...layout('活动详情'), Sections: reversed },
      { token: admin },
    );
    expect(added.body.Errcode).toBe(0);
    const edited = await server.call(
      enterprise.saveProductTemplate,
      {
        ...layout('活动详情页'),
        Id: added.body.Id,
        Sections: reversed.map((section) => ({ ...section, Visible: section.Key !== 'comments' })),
      },
      { token: admin },
    );
    expect(edited.body.Errcode).toBe(0);
    expect(
      (await server.call(enterprise.setProductTemplateDefault, { Id: added.body.Id }, { token: admin })).body
        .Errcode,
    ).toBe(0);
    const after = await server.call(enterprise.getProductTemplateList, {}, { token: admin });
    const row = after.body.Data.find((entry) => entry.Id === added.body.Id)!;
    expect(row).toMatchObject({ Name: '活动详情页', IsDefault: true, BuyButtonText: '马上抢' });
    expect(row.Sections[0]).toEqual({ Key: 'recommended', Visible: true });
    expect(row.Sections.find((section) => section.Key === 'comments')?.Visible).toBe(false);
    expect(after.body.Data.filter((entry) => entry.IsDefault)).toHaveLength(1);
    const refused = await server.call(enterprise.delProductTemplate, { Id: added.body.Id }, { token: admin });
    expect(refused.body.Errmsg).toBe(
      'The default goods-detail template cannot be deleted; make another one the default first',
    );
  });

  it('names bad sections and texts', async () => {
    const sections = enterprise.defaultSections();
    const repeated = await server.call(
      enterprise.saveProductTemplate,
      { ...layout('x'), Sections: [...sections.slice(0, 6), sections[0]!] },
      { token: admin },
    );
    expect(repeated.body.Errmsg).toContain('Sections.6.Key');
    const hiddenPrice = await server.call(
      enterprise.saveProductTemplate,
      {
        ...layout('x'),
        Sections: sections.map((section) => ({ ...section, Visible: section.Key !== 'price' })),
      },
      { token: admin },
    );
    expect(hiddenPrice.body.Errmsg).toContain('Sections.1.Visible');
    const longText = await server.call(
      enterprise.saveProductTemplate,
      { ...layout('x'), BuyButtonText: '一二三四五六七' },
      { token: admin },
    );
    expect(longText.body.Errmsg).toContain('BuyButtonText');
  });

  it('binds categories and goods of the shop only', async () => {
    const added = await server.call(enterprise.saveProductTemplate, layout('分类详情'), { token: admin });
    const [category] = await server.query<{ id: number; name: string }>(
      sql`select id, name from product_categories where site_id = 1 order by id limit 1`,
    );
    const [product] = await server.query<{ id: number; name: string }>(
      sql`select id, name from products where site_id = 1 order by id limit 1`,
    );
    expect(
      (
        await server.call(
          enterprise.setProductTypeTemplate,
          { Id: added.body.Id, CategoryIds: [category!.id] },
          { token: admin },
        )
      ).body.Errcode,
    ).toBe(0);
    expect(
      (
        await server.call(
          enterprise.setProductTemplate,
          { Id: added.body.Id, ProductIds: [product!.id] },
          { token: admin },
        )
      ).body.Errcode,
    ).toBe(0);
    const list = await server.call(enterprise.getProductTemplateList, { Name: '分类详情' }, { token: admin });
    expect(list.body.Data[0]).toMatchObject({
      Categories: [{ Id: category!.id, Name: category!.name }],
      Products: [{ Id: product!.id, Name: product!.name }],
    });

    // Site 2 can neither bind site 1's rows nor touch site 1's templates.
    const own = await server.call(enterprise.saveProductTemplate, layout('官网详情'), { token: site2 });
    const foreignGoods = await server.call(
      enterprise.setProductTemplate,
      { Id: own.body.Id, ProductIds: [product!.id] },
      { token: site2 },
    );
    expect(foreignGoods.body.Errmsg).toBe(`ProductIds: there are no goods ${product!.id} in this shop`);
    const foreignCategory = await server.call(
      enterprise.setProductTypeTemplate,
      { Id: own.body.Id, CategoryIds: [category!.id] },
      { token: site2 },
    );
    expect(foreignCategory.body.Errmsg).toContain('CategoryIds');
    const notFound = `There is no goods-detail template ${added.body.Id} in this shop`;
    for (const response of await Promise.all([
      server.call(enterprise.saveProductTemplate, { ...layout('偷改'), Id: added.body.Id }, { token: site2 }),
      server.call(enterprise.delProductTemplate, { Id: added.body.Id }, { token: site2 }),
      server.call(enterprise.setProductTemplateDefault, { Id: added.body.Id }, { token: site2 }),
      server.call(enterprise.setProductTemplate, { Id: added.body.Id, ProductIds: [] }, { token: site2 }),
      server.call(
        enterprise.setProductTypeTemplate,
        { Id: added.body.Id, CategoryIds: [] },
        { token: site2 },
      ),
    ]))
      expect(response.body).toMatchObject({ Errcode: -1, Errmsg: notFound });
    const site2List = await server.call(enterprise.getProductTemplateList, {}, { token: site2 });
    expect(site2List.body.Data.map((row) => row.Name)).toEqual(['官网详情']);
    expect(site2List.body.Data[0]!.IsDefault).toBe(true);

    // Deleting a template drops its bindings.
    expect(
      (await server.call(enterprise.delProductTemplate, { Id: added.body.Id }, { token: admin })).body
        .Errcode,
    ).toBe(0);
    const [left] = await server.query<{ count: number }>(
      sql`select count(*)::int as count from product_template_products where template_id = ${added.body.Id}`,
    );
    expect(left!.count).toBe(0);
  });

  it('needs the user-template permission', async () => {
    const store = await server.login('store');
    expect((await server.call(enterprise.getProductTemplateList, {}, { token: store })).status).toBe(403);
    expect((await server.call(library.getUserCenterMenuList, {}, { token: store })).status).toBe(403);
  });
});
