import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blockDefinition } from '../../components-catalog/registry';
import * as library from '../../contract/endpoints/module-library';
import { SHOP_TYPES } from '../../contract/enums';
import { parseTemplate } from '../../contract/template/codec';
import { publishCheck } from '../../contract/template/publish-check';
import { readPublicTemplateFiles } from '../../server/areas/module-library/public-templates/files';
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

describe('the seeded public template files', () => {
  it('hold one template per shop type that the codec reads and the publish check passes', () => {
    const files = readPublicTemplateFiles();
    expect(files.map((file) => file.shopType)).toEqual([...SHOP_TYPES]);
    for (const file of files) {
      const parsed = parseTemplate(file.data, blockDefinition);
      if (!parsed.ok) throw new Error(`shop type ${file.shopType}: ${JSON.stringify(parsed.errors)}`);
      expect(parsed.warnings).toEqual([]);
      // Entity links are not checked here (no database); the templates use none but pages of their own.
      expect(publishCheck(parsed.document, file.shopType, {}, blockDefinition)).toEqual([]);
      const { pages, blocks } = parsed.document;
      expect(pages.length).toBeGreaterThanOrEqual(2);
      for (const page of pages) {
        expect(blocks[page.fixed.navigationBar!]?.type).toBe('navigationBar');
        expect(blocks[page.fixed.tabBar!]?.type).toBe('tabBar');
        expect(page.blockIds.length).toBeGreaterThan(0);
      }
    }
  });
});

describe('industry types and public templates', () => {
  it('counts the templates of every shop type of SPEC §3', async () => {
    const response = await server.call(library.getIndustryTypeList, {}, { token: admin, locale: 'zh' });
    expect(response.body.Errcode).toBe(0);
    expect(response.body.SiteShopType).toBe(0);
    expect(response.body.Data.map((row) => row.ShopType)).toEqual([0, 1, 2, 3, 4, 7, 8]);
    expect(response.body.Data.every((row) => row.Count >= 1)).toBe(true);
    expect(response.body.Data[0]).toMatchObject({ Name: '商城' });
  });

  it('lists by industry, paged', async () => {
    const hotel = await server.call(library.getPublicTemplateList, { ShopType: 4 }, { token: admin });
    expect(hotel.body).toMatchObject({ Errcode: 0, Total: 1 });
    expect(hotel.body.Data[0]).toMatchObject({ ShopType: 4, Name: '湖畔酒店', PageCount: 2 });
    const all = await server.call(library.getPublicTemplateList, { page: 2, pageSize: 3 }, { token: admin });
    expect(all.body.Total).toBe(7);
    expect(all.body.Data.map((row) => row.ShopType)).toEqual([3, 4, 7]);
    const bad = await server.call(library.getPublicTemplateList, { ShopType: 'x' } as never, {
      token: admin,
    });
    expect(bad.body.Errcode).toBe(-1);
    expect(bad.body.Errmsg).toContain('ShopType');
  });

  it('previews a page with the caller’s own goods', async () => {
    const [mall] = (await server.call(library.getPublicTemplateList, { ShopType: 0 }, { token: admin })).body
      .Data;
    const home = await server.call(library.getPublicTemplatePreview, { Id: mall!.Id }, { token: admin });
    expect(home.body.Errcode).toBe(0);
    expect(home.body.Pages.map((page) => page.Title)).toEqual(['首页', '新品上架']);
    const document = parseTemplate(home.body.Data, blockDefinition);
    expect(document.ok && document.document.pages).toHaveLength(1);
    const goods = home.body.Products.flatMap((entry) => entry.Rows);
    expect(goods.length).toBeGreaterThan(0);
    const [owners] = await server.query<{ sites: number[] }>(
      sql`select array_agg(distinct site_id) as sites from products where id in (${sql.join(
        goods.map((row) => sql`${row.Id}`),
        sql`, `,
      )})`,
    );
    expect(owners!.sites).toEqual([1]);
    const second = await server.call(
      library.getPublicTemplatePreview,
      { Id: mall!.Id, PageId: home.body.Pages[1]!.Id },
      { token: admin },
    );
    expect(second.body.Errcode).toBe(0);
    const missing = await server.call(library.getPublicTemplatePreview, { Id: 999_999 }, { token: admin });
    expect(missing.body).toMatchObject({ Errcode: -1, Errmsg: 'There is no public template 999999' });
  });

  it('copies a template of the shop’s type into its own templates under a new name', async () => {
    const [mall] = (await server.call(library.getPublicTemplateList, { ShopType: 0 }, { token: admin })).body
      .Data;
    const used = await server.call(
      library.usePublicTemplate,
      { Id: mall!.Id, Name: '夏季店铺' },
      { token: admin },
    );
    expect(used.body).toMatchObject({ Errcode: 0, Version: 1 });
    const opened = await server.call(library.getTemplateData, { Id: used.body.Id }, { token: admin });
    expect(opened.body).toMatchObject({ Errcode: 0, Name: '夏季店铺', IsCurrent: false, ShopType: 0 });
    expect(JSON.parse(opened.body.Data).siteId).toBe(1);
    const mine = await server.call(library.getMyTemplateList, { Name: '夏季店铺' }, { token: admin });
    expect(mine.body.Total).toBe(1);
    // The public row is untouched and still usable by others.
    const [row] = await server.query<{ data: string }>(
      sql`select data from public_templates where id = ${mall!.Id}`,
    );
    expect(JSON.parse(row!.data).siteId).toBe(0);

    const [hotel] = (await server.call(library.getPublicTemplateList, { ShopType: 4 }, { token: admin })).body
      .Data;
    const wrong = await server.call(
      library.usePublicTemplate,
      { Id: hotel!.Id, Name: '酒店' },
      { token: admin },
    );
    expect(wrong.body.Errcode).toBe(-1);
    expect(wrong.body.Errmsg).toContain('Hotel');
    const noName = await server.call(
      library.usePublicTemplate,
      { Id: mall!.Id, Name: ' ' },
      { token: admin },
    );
    expect(noName.body.Errcode).toBe(-1);
    expect(noName.body.Errmsg).toContain('Name');
  });

  it('needs the public-template permission', async () => {
    const store = await server.login('store');
    expect((await server.call(library.getIndustryTypeList, {}, { token: store })).status).toBe(403);
    expect((await server.call(library.getPublicTemplateList, {}, { token: null })).status).toBe(401);
  });
});

describe('starting shops', () => {
  it('gave the demo shops without a template the public template of their type', async () => {
    const list = await server.call(library.getMyTemplateList, {}, { token: site2 });
    expect(list.body.Data).toHaveLength(1);
    expect(list.body.Data[0]).toMatchObject({ Name: '企业官网', ShopType: 1, IsCurrent: true });
    const current = await server.call(library.getTemplateData, {}, { token: site2 });
    expect(JSON.parse(current.body.Data).siteId).toBe(2);
  });

  it('keeps each shop’s copies to itself', async () => {
    const [official] = (await server.call(library.getPublicTemplateList, { ShopType: 1 }, { token: site2 }))
      .body.Data;
    const used = await server.call(
      library.usePublicTemplate,
      { Id: official!.Id, Name: '官网副本' },
      { token: site2 },
    );
    expect(used.body.Errcode).toBe(0);
    const adminList = await server.call(library.getMyTemplateList, { pageSize: 100 }, { token: admin });
    expect(adminList.body.Data.some((row) => row.Id === used.body.Id)).toBe(false);
    const foreign = await server.call(library.getTemplateData, { Id: used.body.Id }, { token: admin });
    expect(foreign.body.Errcode).toBe(-1);
  });
});

describe('my templates', () => {
  it('renames, copies, makes current and refuses deleting the current one', async () => {
    const added = await server.call(library.addMyTemplate, { Name: '草稿' }, { token: admin });
    const copy = await server.call(
      library.addMyTemplate,
      { Name: '草稿副本', CopyFromId: added.body.Id },
      { token: admin },
    );
    expect(copy.body.Errcode).toBe(0);
    expect(
      (await server.call(library.setMyTemplate, { Id: copy.body.Id, Name: '新名字' }, { token: admin })).body
        .Errcode,
    ).toBe(0);
    expect(
      (await server.call(library.setMyTemplate, { Id: copy.body.Id, IsCurrent: true }, { token: admin })).body
        .Errcode,
    ).toBe(0);
    const refused = await server.call(library.delMyTemplate, { Id: copy.body.Id }, { token: admin });
    expect(refused.body).toMatchObject({
      Errcode: -1,
      Errmsg: 'The current template cannot be deleted; make another one current first',
    });
    expect(
      (await server.call(library.delMyTemplate, { Id: added.body.Id }, { token: admin })).body.Errcode,
    ).toBe(0);
  });
});
