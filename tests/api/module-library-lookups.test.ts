import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PALETTE_BLOCKS } from '../../components-catalog/registry';
import * as lookups from '../../contract/endpoints/module-library-lookups';
import { ShopType } from '../../contract/enums';
import { type ApiResponse, startTestServer, type TestServer } from './harness';

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

describe('GetSystemModuleList', () => {
  it('lists the blocks the shop type may add, in palette order, with both names', async () => {
    const mall = await server.call(lookups.getSystemModuleList, {}, { token: admin });
    expect(mall.body.ShopType).toBe(ShopType.mall);
    const types = mall.body.Data.map((row) => row.Type);
    expect(types).toContain('productList');
    // Blocks of other verticals are not offered to a mall, nor the page settings every page has.
    expect(types).not.toContain('serviceList');
    expect(types).not.toContain('pageSettings');
    const paletteOrder = PALETTE_BLOCKS.map((definition) => definition.type).filter((type) =>
      types.includes(type),
    );
    expect(types).toEqual(paletteOrder);
    expect(mall.body.Data.find((row) => row.Type === 'richText')).toMatchObject({
      Zh: '富文本',
      Category: 'basic',
      Placement: 'page',
    });
    expect(mall.body.Data.find((row) => row.Type === 'tabBar')?.Placement).toBe('fixed');

    const service = await server.call(
      lookups.getSystemModuleList,
      { ShopType: ShopType.service },
      { token: admin },
    );
    const serviceTypes = service.body.Data.map((row) => row.Type);
    expect(serviceTypes).toContain('serviceList');
    expect(serviceTypes).not.toContain('productList');
  });

  it('names a shop type that does not exist', async () => {
    for (const ShopType of [5, 9, -1, 'mall']) {
      const response = await server.call(
        lookups.getSystemModuleList,
        { ShopType } as unknown as { ShopType: number },
        { token: admin },
      );
      expect(response.body.Errcode, String(ShopType)).toBe(-1);
      expect(fieldOf(response), String(ShopType)).toBe('ShopType');
    }
  });
});

describe('GetShortcutDataList and GetAddressInfo', () => {
  it('gives the mall’s address from its shop info, and the location entry its point', async () => {
    const address = await server.call(lookups.getAddressInfo, {}, { token: admin });
    expect(address.body).toMatchObject({
      ShopName: '演示商城',
      Area: '上海市 上海市 徐汇区',
      Address: '漕溪北路88号',
      Latlng: '31.1937,121.4368',
      ServicePhone: '400-820-8820',
    });
    const shortcuts = await server.call(lookups.getShortcutDataList, {}, { token: admin });
    expect(shortcuts.body.Data.map((row) => row.Value)).toEqual([
      'contact',
      'share',
      'scan',
      'location',
      'copyText',
      'memberCode',
      'signIn',
    ]);
    const location = shortcuts.body.Data.find((row) => row.Value === 'location');
    expect(location).toMatchObject({
      Zh: '查看位置',
      En: 'Open a map',
      Ready: true,
      Link: {
        linkType: 8,
        linkUrl: 'location',
        latlng: '31.1937,121.4368',
        address: '上海市 上海市 徐汇区 漕溪北路88号',
      },
    });
  });

  it('answers each shop with its own address: site 2 sees Beijing, never the mall', async () => {
    const address = await server.call(lookups.getAddressInfo, {}, { token: site2 });
    expect(address.body.Address).toBe('建国路89号');
    expect(address.body.ShopName).toBe('演示官网');
    const shortcuts = await server.call(lookups.getShortcutDataList, {}, { token: site2 });
    expect(JSON.stringify(shortcuts.body)).not.toContain('漕溪北路');
  });

  it('a shop that never saved its info gets empty fields and a location entry that is not ready', async () => {
    const owner = await server.login('service');
    const address = await server.call(lookups.getAddressInfo, {}, { token: owner });
    expect(address.body).toMatchObject({ Address: '', Latlng: '', Phone: '' });
    expect(address.body.ShopName).not.toBe('');
    const shortcuts = await server.call(lookups.getShortcutDataList, {}, { token: owner });
    expect(shortcuts.body.Data.find((row) => row.Value === 'location')).toMatchObject({
      Ready: false,
      Link: { linkType: 8, linkUrl: 'location' },
    });
  });

  it('refuses unknown parameters by name', async () => {
    const response = await server.call(
      lookups.getAddressInfo,
      { SiteId: 2 } as unknown as Record<string, never>,
      { token: admin },
    );
    expect(response.body.Errcode).toBe(-1);
    expect(fieldOf(response)).toBe('SiteId');
  });
});

describe('text snippets', () => {
  it('adds, lists, searches, edits and deletes a snippet, with an audit row for each write', async () => {
    const seeded = await server.call(lookups.getTextList, {}, { token: admin });
    expect(seeded.body.Data.map((row) => row.Title)).toEqual(
      expect.arrayContaining(['营业时间', '配送说明', '售后承诺']),
    );
    const added = await server.call(
      lookups.addText,
      { Title: '  门店电话 ', Content: '021-64281234' },
      { token: admin },
    );
    expect(added.body.Errcode).toBe(0);
    const id = added.body.Id;
    const listed = await server.call(lookups.getTextList, {}, { token: admin });
    expect(listed.body.Data[0]).toMatchObject({ Id: id, Title: '门店电话', Version: 1 });
    expect(listed.body.Total).toBe(seeded.body.Total + 1);
    const found = await server.call(lookups.getTextList, { Keyword: '6428' }, { token: admin });
    expect(found.body.Data.map((row) => row.Id)).toEqual([id]);

    const saved = await server.call(
      lookups.setText,
      { Id: id, Title: '门店电话', Content: '021-64281234 转 8', Version: 1 },
      { token: admin },
    );
    expect(saved.body).toMatchObject({ Errcode: 0, Version: 2 });
    const info = await server.call(lookups.getTextInfo, { Id: id }, { token: admin });
    expect(info.body.Content).toBe('021-64281234 转 8');

    const stale = await server.call(
      lookups.setText,
      { Id: id, Title: '旧的', Content: '旧内容', Version: 1 },
      { token: admin },
    );
    expect(stale.body).toMatchObject({ Errcode: -1, StaleVersion: true, CurrentVersion: 2 });
    expect((await server.call(lookups.getTextInfo, { Id: id }, { token: admin })).body.Title).toBe(
      '门店电话',
    );

    expect((await server.call(lookups.delText, { Id: id }, { token: admin })).body.Errcode).toBe(0);
    const gone = await server.call(lookups.getTextInfo, { Id: id }, { token: admin });
    expect(gone.body.Errcode).toBe(-1);
    expect(fieldOf(gone)).toBe('Id');
    const actions = await server.query<{ action: string }>(
      sql`select action from audit_log where target = ${`text:${id}`} order by id`,
    );
    expect(actions.map((row) => row.action)).toEqual([
      'libraryLookup.textAdd',
      'libraryLookup.textEdit',
      'libraryLookup.textDelete',
    ]);
  });

  it.each([
    [{ Title: '', Content: '内容' }, 'Title'],
    [{ Title: '   ', Content: '内容' }, 'Title'],
    [{ Title: 'x'.repeat(lookups.TEXT_TITLE_MAX + 1), Content: '内容' }, 'Title'],
    [{ Title: '标题', Content: '' }, 'Content'],
    [{ Title: '标题', Content: 'x'.repeat(lookups.TEXT_CONTENT_MAX + 1) }, 'Content'],
    [{ Title: '标题', Content: '内容', Extra: 1 }, 'Extra'],
  ])('refuses %j naming %s', async (input, field) => {
    const response = await server.call(lookups.addText, input as lookups.TextFields, { token: admin });
    expect(response.body.Errcode).toBe(-1);
    expect(fieldOf(response)).toBe(field);
  });

  it('takes a title and content exactly at their limits', async () => {
    const response = await server.call(
      lookups.addText,
      { Title: 'x'.repeat(lookups.TEXT_TITLE_MAX), Content: 'y'.repeat(lookups.TEXT_CONTENT_MAX) },
      { token: admin },
    );
    expect(response.body.Errcode).toBe(0);
    await server.call(lookups.delText, { Id: response.body.Id }, { token: admin });
  });

  it('keeps each shop’s snippets to itself', async () => {
    const [theirs] = await server.query<{ id: number }>(
      sql`insert into text_snippets (site_id, title, content) values (2, '官网文本', '只属于站点 2') returning id`,
    );
    const id = theirs!.id;
    const mine = await server.call(lookups.getTextList, { pageSize: 100 }, { token: admin });
    expect(mine.body.Data.some((row) => row.Id === id)).toBe(false);
    for (const [endpoint, input] of [
      [lookups.getTextInfo, { Id: id }],
      [lookups.setText, { Id: id, Title: '改', Content: '改', Version: 1 }],
      [lookups.delText, { Id: id }],
    ] as const) {
      const response = await server.call(endpoint as typeof lookups.delText, input as { Id: number }, {
        token: admin,
      });
      expect(response.body.Errcode, endpoint.path).toBe(-1);
      expect(response.body.Errmsg).toContain(String(id));
    }
    const [row] = await server.query<{ title: string; version: number }>(
      sql`select title, version from text_snippets where id = ${id}`,
    );
    expect(row).toEqual({ title: '官网文本', version: 1 });
    const theirList = await server.call(lookups.getTextList, {}, { token: site2 });
    expect(theirList.body.Data.map((row) => row.Id)).toEqual([id]);
  });
});

describe('permissions', () => {
  it('refuses callers who may not edit templates, and callers without a session', async () => {
    const store = await server.login('store');
    const calls = [
      [lookups.getSystemModuleList, {}],
      [lookups.getShortcutDataList, {}],
      [lookups.getAddressInfo, {}],
      [lookups.getTextList, {}],
      [lookups.addText, { Title: '标题', Content: '内容' }],
      [lookups.delText, { Id: 1 }],
    ] as const;
    for (const [endpoint, input] of calls) {
      const call = endpoint as typeof lookups.getAddressInfo;
      expect(
        (await server.call(call, input as Record<string, never>, { token: store })).status,
        endpoint.path,
      ).toBe(403);
      expect(
        (await server.call(call, input as Record<string, never>, { token: null })).status,
        endpoint.path,
      ).toBe(401);
    }
    const [{ count }] = (await server.query<{ count: number }>(
      sql`select count(*)::int as count from text_snippets where title = '标题'`,
    )) as [{ count: number }];
    expect(count).toBe(0);
  });
});
