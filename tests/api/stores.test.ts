import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blockDefinition } from '../../components-catalog/registry';
import { lookupEndpoints } from '../../contract/endpoints/link-entities';
import * as library from '../../contract/endpoints/module-library';
import * as stores from '../../contract/endpoints/stores';
import { LinkType } from '../../contract/link-value';
import { parseTemplate, serializeTemplate } from '../../contract/template/codec';
import { insertBlock, setProp } from '../../contract/template/operations';
import { startTestServer, type TestServer } from './harness';
import { storefront, storefrontKey } from './order-helpers';
import { defineIsolationCase, type IsolationContext, runIsolationCases } from './tenant-isolation';

const NEW_STORE = {
  Name: '徐家汇店',
  Logo: '/uploads/demo/logo.png',
  Contact: '周店长',
  Phone: '021-64001234',
  ProvinceCode: '310000',
  CityCode: '310100',
  DistrictCode: '310104',
  Address: '上海市徐汇区肇嘉浜路1111号',
  Lat: 31.1955,
  Lng: 121.4376,
  OpenTime: '22:00',
  CloseTime: '02:00',
  Weekdays: [5, 6, 5],
  Pickup: true,
  Sort: 3,
};

let server: TestServer;
let admin: string;
beforeAll(async () => {
  server = await startTestServer();
  admin = await server.login('admin');
});
afterAll(() => server.close());

async function storeId(title: string): Promise<number> {
  const [row] = await server.query<{ id: number }>(sql`select id from stores where title = ${title}`);
  return row!.id;
}

/** Makes a paid order of the mall a pickup order waiting at the store; returns its number. */
async function waitingPickup(store: number): Promise<string> {
  const [row] = await server.query<{ order_no: string }>(sql`
    update orders set delivery_type = 'pickup', state = 'toShip', store_id = ${store}
     where id = (select id from orders where site_id = 1 and state = 'completed' order by id limit 1)
    returning order_no`);
  return row!.order_no;
}

describe('store list', () => {
  it('lists the live stores of the shop with counts, bound accounts and parsed hours', async () => {
    const list = await server.call(stores.getStoreList, {}, { token: admin });
    expect(list.body).toMatchObject({ Errcode: 0, Total: 3, Counts: { all: 3, on: 2, off: 1 } });
    const names = list.body.Data.map((row) => row.Name);
    expect(names).toEqual(['旗舰店（徐汇店）', '静安寺店', '浦东世纪大道店']);
    expect(names).not.toContain('虹桥店（已撤店）');
    const flagship = list.body.Data[0]!;
    expect(flagship).toMatchObject({
      Phone: '021-64281234',
      Lat: 31.1937,
      Lng: 121.4368,
      OpenTime: '09:00',
      CloseTime: '22:00',
      Weekdays: [1, 2, 3, 4, 5, 6, 7],
      Pickup: true,
      Status: 'on',
      AccountCount: 1,
      Area: { Province: '上海市', District: '徐汇区', DistrictCode: '310104' },
    });
    const off = await server.call(stores.getStoreList, { status: 'off' }, { token: admin });
    expect(off.body.Data.map((row) => row.Name)).toEqual(['浦东世纪大道店']);
    expect(off.body.Total).toBe(1);
    const keyword = await server.call(stores.getStoreList, { keyword: '南京西路' }, { token: admin });
    expect(keyword.body.Data.map((row) => row.Name)).toEqual(['静安寺店']);
    expect(keyword.body.Counts).toEqual({ all: 1, on: 1, off: 0 });
    const oldest = await server.call(
      stores.getStoreList,
      { sort: 'createdAt', pageSize: 1 },
      { token: admin },
    );
    expect(oldest.body.Data[0]!.Name).toBe('旗舰店（徐汇店）');
  });

  it('refuses bad list input naming the parameter', async () => {
    const status = await server.call(stores.getStoreList, { status: 'closed' }, { token: admin });
    expect(status.body.Errcode).toBe(-1);
    expect(status.body.Errmsg).toContain('status');
    const sort = await server.call(stores.getStoreList, { sort: '-title' }, { token: admin });
    expect(sort.body.Errmsg).toContain('sort');
  });
});

describe('saving a store', () => {
  it('adds a store with its area names from the area calls and the map point and hours as stored', async () => {
    const added = await server.call(stores.saveStore, NEW_STORE, { token: admin });
    expect(added.body).toMatchObject({ Errcode: 0, Version: 1 });
    const info = await server.call(stores.getStoreInfo, { id: added.body.Id }, { token: admin });
    expect(info.body).toMatchObject({
      Name: '徐家汇店',
      Area: { Province: '上海市', City: '上海市', District: '徐汇区' },
      Lat: 31.1955,
      Lng: 121.4376,
      OpenTime: '22:00',
      CloseTime: '02:00',
      Weekdays: [5, 6],
      Status: 'on',
      AccountCount: 0,
    });
    const [stored] = await server.query<{ latlng: string; hours: string }>(
      sql`select latlng, hours from stores where id = ${added.body.Id}`,
    );
    expect(stored).toEqual({ latlng: '31.1955,121.4376', hours: '22:00-02:00' });
    const [audit] = await server.query<{ action: string }>(
      sql`select action from audit_log where target = ${`store:${added.body.Id}`}`,
    );
    expect(audit?.action).toBe('store.add');
  });

  it('edits with the version, refuses a stale one and keeps the store without area or map point', async () => {
    const added = await server.call(stores.saveStore, { ...NEW_STORE, Name: '临时店' }, { token: admin });
    const id = added.body.Id;
    const edited = await server.call(
      stores.saveStore,
      {
        ...NEW_STORE,
        Id: id,
        Version: 1,
        Name: '临时店（改）',
        ProvinceCode: '',
        CityCode: '',
        DistrictCode: '',
        Lat: null,
        Lng: null,
      },
      { token: admin },
    );
    expect(edited.body).toMatchObject({ Errcode: 0, Version: 2 });
    const info = await server.call(stores.getStoreInfo, { id }, { token: admin });
    expect(info.body).toMatchObject({ Name: '临时店（改）', Area: null, Lat: null, Lng: null, Version: 2 });
    const stale = await server.call(stores.saveStore, { ...NEW_STORE, Id: id, Version: 1 }, { token: admin });
    expect(stale.body).toMatchObject({ Errcode: -1, StaleVersion: true, CurrentVersion: 2 });
    expect((await server.call(stores.getStoreInfo, { id }, { token: admin })).body.Name).toBe('临时店（改）');
  });

  it('lets exactly one of two saves based on the same version through', async () => {
    const added = await server.call(stores.saveStore, { ...NEW_STORE, Name: '并发店' }, { token: admin });
    const saves = await Promise.all(
      ['并发店A', '并发店B', '并发店C'].map((Name) =>
        server.call(
          stores.saveStore,
          { ...NEW_STORE, Id: added.body.Id, Version: 1, Name },
          { token: admin },
        ),
      ),
    );
    expect(saves.filter((save) => save.body.Errcode === 0)).toHaveLength(1);
    expect(
      saves.filter((save) => (save.body as { StaleVersion?: boolean }).StaleVersion === true),
    ).toHaveLength(2);
    const [row] = await server.query<{ version: number }>(
      sql`select version from stores where id = ${added.body.Id}`,
    );
    expect(row!.version).toBe(2);
  });

  it.each([
    [{ Name: '' }, 'Name'],
    [{ Lat: 90.5 }, 'Lat'],
    [{ Lng: -181 }, 'Lng'],
    [{ Lng: null }, 'Lng'],
    [{ Phone: '64281234' }, 'Phone'],
    [{ OpenTime: '25:00' }, 'OpenTime'],
    [{ CloseTime: '22:00', OpenTime: '22:00' }, 'CloseTime'],
    [{ Weekdays: [] }, 'Weekdays'],
    [{ DistrictCode: '' }, 'DistrictCode'],
    [{ CityCode: '110100', DistrictCode: '110105' }, 'DistrictCode'],
    [{ Id: 1 }, 'Version'],
  ])('refuses %j naming %s', async (change, field) => {
    const before = await server.query(sql`select count(*)::int as n from stores`);
    const refused = await server.call(stores.saveStore, { ...NEW_STORE, ...change }, { token: admin });
    expect(refused.status).toBe(200);
    expect(refused.body.Errcode).toBe(-1);
    const errors = (refused.body as unknown as { Errors?: { Field: string }[] }).Errors ?? [];
    expect([refused.body.Errmsg, ...errors.map((error) => error.Field)].join(' ')).toContain(field);
    expect(await server.query(sql`select count(*)::int as n from stores`)).toEqual(before);
  });

  it('says the cross-field rules in the caller’s language', async () => {
    const same = await server.call(stores.saveStore, { ...NEW_STORE, CloseTime: '22:00' }, { token: admin });
    expect(same.body.Errmsg).toBe('CloseTime: the closing time must differ from the opening time');
    const half = await server.call(
      stores.saveStore,
      { ...NEW_STORE, Lng: null },
      { token: admin, locale: 'zh-CN' },
    );
    expect(half.body.Errmsg).toBe('Lng：经度和纬度需同时填写或同时留空');
  });

  it('answers in Chinese for an area that is not one path', async () => {
    const refused = await server.call(
      stores.saveStore,
      { ...NEW_STORE, CityCode: '110100', DistrictCode: '110105' },
      { token: admin, locale: 'zh-CN' },
    );
    expect(refused.body.Errmsg).toBe('所选省、市、区不属于同一地区，请重新选择');
  });
});

describe('switching stores off and on', () => {
  it('names the pickup orders waiting and switches off only once confirmed', async () => {
    const jingan = await storeId('静安寺店');
    const orderNo = await waitingPickup(jingan);
    const waiting = await server.query<{ order_no: string }>(sql`
      select order_no from orders where store_id = ${jingan} and delivery_type = 'pickup'
         and state in ('toPay', 'toShip', 'shipped') order by created_at, id`);
    expect(waiting.map((row) => row.order_no)).toContain(orderNo);
    const pending = await server.call(
      stores.getStorePendingPickups,
      { Ids: String(jingan) },
      { token: admin },
    );
    expect(pending.body.Stores).toEqual([
      {
        StoreId: jingan,
        StoreName: '静安寺店',
        OrderNos: waiting.map((row) => row.order_no),
        Total: waiting.length,
      },
    ]);

    const refused = await server.call(
      stores.setStoreStatus,
      { Ids: [jingan], Status: 'off' },
      { token: admin },
    );
    expect(refused.body.Errcode).toBe(-1);
    expect(refused.body.Errmsg).toContain(orderNo);
    expect((refused.body as unknown as { Pending: stores.PendingPickups[] }).Pending).toEqual(
      pending.body.Stores,
    );
    expect((await server.call(stores.getStoreInfo, { id: jingan }, { token: admin })).body.Status).toBe('on');

    const confirmed = await server.call(
      stores.setStoreStatus,
      { Ids: [jingan], Status: 'off', Confirmed: true },
      { token: admin },
    );
    expect(confirmed.body).toMatchObject({ Errcode: 0, Changed: [jingan], Unchanged: [] });
    const again = await server.call(stores.setStoreStatus, { Ids: [jingan], Status: 'on' }, { token: admin });
    expect(again.body).toMatchObject({ Changed: [jingan] });
    const same = await server.call(stores.setStoreStatus, { Ids: [jingan], Status: 'on' }, { token: admin });
    expect(same.body).toMatchObject({ Changed: [], Unchanged: [jingan] });
  });

  it('switches off a store with no pickups waiting without asking', async () => {
    const added = await server.call(stores.saveStore, { ...NEW_STORE, Name: '安静店' }, { token: admin });
    const off = await server.call(
      stores.setStoreStatus,
      { Ids: [added.body.Id], Status: 'off' },
      { token: admin },
    );
    expect(off.body).toMatchObject({ Errcode: 0, Changed: [added.body.Id] });
  });

  it('refuses bad input naming the field', async () => {
    const status = await server.call(stores.setStoreStatus, { Ids: [1], Status: 'closed' }, { token: admin });
    expect(status.body.Errmsg).toContain('Status');
    const none = await server.call(stores.setStoreStatus, { Ids: [], Status: 'on' }, { token: admin });
    expect(none.body.Errmsg).toContain('Ids');
    const unknown = await server.call(
      stores.setStoreStatus,
      { Ids: [999999], Status: 'on' },
      { token: admin },
    );
    expect(unknown.body).toMatchObject({ Errcode: -1, Errmsg: 'These stores are not in this shop: 999999' });
    const ids = await server.call(stores.getStorePendingPickups, { Ids: '1,x' }, { token: admin });
    expect(ids.body.Errmsg).toContain('Ids');
  });
});

describe('deleting stores', () => {
  it('refuses a store with accounts bound or pickups waiting, naming them', async () => {
    const flagship = await storeId('旗舰店（徐汇店）');
    const bound = await server.call(stores.delStore, { Ids: [flagship] }, { token: admin });
    expect(bound.body.Errmsg).toBe('旗舰店（徐汇店） has 1 store accounts bound; unbind them first');
    const added = await server.call(stores.saveStore, { ...NEW_STORE, Name: '待撤店' }, { token: admin });
    const orderNo = await waitingPickup(added.body.Id);
    const waiting = await server.call(stores.delStore, { Ids: [added.body.Id] }, { token: admin });
    expect(waiting.body.Errcode).toBe(-1);
    expect(waiting.body.Errmsg).toContain(orderNo);
    expect(
      (await server.call(stores.getStoreInfo, { id: added.body.Id }, { token: admin })).body.Errcode,
    ).toBe(0);
  });

  it('removes a store from the list and the link picker, and the publish check flags links to it', async () => {
    const added = await server.call(stores.saveStore, { ...NEW_STORE, Name: '快闪店' }, { token: admin });
    const id = added.body.Id;
    const picker = await server.call(lookupEndpoints.store, { Keyword: '快闪店' }, { token: admin });
    expect((picker.body.Data as { Id: number }[]).map((row) => row.Id)).toEqual([id]);

    const template = await server.call(library.addMyTemplate, { Name: '门店页' }, { token: admin });
    const read = await server.call(library.getTemplateData, { Id: template.body.Id }, { token: admin });
    const parsed = parseTemplate(read.body.Data, blockDefinition);
    if (!parsed.ok) throw new Error('template');
    const pageId = parsed.document.homePageId;
    const inserted = insertBlock(parsed.document, {
      rules: blockDefinition,
      pageId,
      type: 'title',
      index: 0,
      id: 'heading',
    });
    if (!inserted.ok) throw new Error('insert');
    let document = inserted.document;
    for (const [path, value] of [
      [['text'], '到店自提'],
      [['showMore'], true],
      [['moreLink'], { linkType: LinkType.store, id, linkTitle: '快闪店' }],
    ] as const) {
      const changed = setProp(document, 'heading', [...path], value);
      if (!changed.ok) throw new Error(String(path));
      document = changed.document;
    }
    const saved = await server.call(
      library.saveModule,
      { Id: template.body.Id, Data: serializeTemplate(document), Version: read.body.Version },
      { token: admin },
    );
    expect(saved.body.Errcode).toBe(0);

    const deleted = await server.call(stores.delStore, { Ids: [id] }, { token: admin });
    expect(deleted.body).toMatchObject({ Errcode: 0, Deleted: 1 });
    expect((await server.call(stores.getStoreInfo, { id }, { token: admin })).body.Errmsg).toBe(
      `There is no store ${id} in this shop`,
    );
    expect(
      (await server.call(lookupEndpoints.store, { Keyword: '快闪店' }, { token: admin })).body.Total,
    ).toBe(0);
    const list = await server.call(stores.getStoreList, { keyword: '快闪店' }, { token: admin });
    expect(list.body.Total).toBe(0);

    const published = await server.call(
      library.publishModule,
      { Id: template.body.Id, Version: saved.body.Version },
      { token: admin },
    );
    const body = published.body as unknown as { Errcode: number; Problems: library.PublishProblemRow[] };
    expect(body.Errcode).toBe(-1);
    expect(body.Problems).toEqual([
      expect.objectContaining({
        BlockId: 'heading',
        Kind: 'linkToDeleted',
        Message: expect.stringContaining('快闪店'),
      }),
    ]);
  });
});

describe('store accounts', () => {
  it('lists bound and free accounts, binds and unbinds an existing store account', async () => {
    const jingan = await storeId('静安寺店');
    const accounts = await server.call(stores.getStoreAccounts, { StoreId: jingan }, { token: admin });
    expect(accounts.body.Bound.map((row) => row.UserName)).toEqual(['jingan']);
    expect(accounts.body.Free).toEqual([
      expect.objectContaining({ UserName: 'pudong', StoreName: '' }),
      expect.objectContaining({ UserName: 'store', StoreName: '旗舰店（徐汇店）' }),
    ]);
    const pudong = await server.accountId('pudong');
    const bound = await server.call(
      stores.bindStoreAccount,
      { StoreId: jingan, AccountId: pudong },
      { token: admin },
    );
    expect(bound.body.Errcode).toBe(0);
    const after = await server.call(stores.getStoreAccounts, { StoreId: jingan }, { token: admin });
    expect(after.body.Bound.map((row) => row.UserName)).toEqual(['jingan', 'pudong']);
    const list = await server.call(stores.getStoreList, { keyword: '南京西路' }, { token: admin });
    expect(list.body.Data[0]!.AccountCount).toBe(2);

    const unbound = await server.call(
      stores.unbindStoreAccount,
      { StoreId: jingan, AccountId: pudong },
      { token: admin },
    );
    expect(unbound.body.Errcode).toBe(0);
    const [row] = await server.query<{ store_id: number | null }>(
      sql`select store_id from accounts where id = ${pudong}`,
    );
    expect(row!.store_id).toBeNull();
    const twice = await server.call(
      stores.unbindStoreAccount,
      { StoreId: jingan, AccountId: pudong },
      { token: admin },
    );
    expect(twice.body).toMatchObject({
      Errcode: -1,
      Errmsg: 'Store account pudong is not bound to this store',
    });
  });

  it('binds only store accounts of the shop', async () => {
    const jingan = await storeId('静安寺店');
    const main = await server.call(
      stores.bindStoreAccount,
      { StoreId: jingan, AccountId: await server.accountId('admin') },
      { token: admin },
    );
    expect(main.body.Errcode).toBe(-1);
    expect(main.body.Errmsg).toMatch(/There is no store account \d+ in this shop/);
    const bad = await server.call(
      stores.bindStoreAccount,
      { StoreId: jingan, AccountId: 'x' },
      { token: admin },
    );
    expect(bad.body.Errmsg).toContain('AccountId');
    const missingStore = await server.call(stores.getStoreAccounts, { StoreId: 999999 }, { token: admin });
    expect(missingStore.body.Errmsg).toBe('There is no store 999999 in this shop');
  });
});

describe('the storefront’s stores', () => {
  it('lists the open stores of the key’s shop only, pickup points when asked', async () => {
    const key = await storefrontKey(server, admin);
    const open = await storefront(server, key, stores.getStorefrontStores, {});
    expect(open.body.Errcode).toBe(0);
    const [expected] = await server.query<{ titles: string[] }>(sql`
      select coalesce(array_agg(title order by sort desc, id), '{}') as titles from stores
       where site_id = 1 and not deleted and status = 'on'`);
    expect(open.body.Stores.map((row) => row.Name)).toEqual(expected!.titles);
    expect(open.body.Stores.map((row) => row.Name)).not.toContain('浦东世纪大道店');
    expect(open.body.Stores[0]).not.toHaveProperty('AccountCount');
    const pickup = await storefront(server, key, stores.getStorefrontStores, { Pickup: 'true' });
    expect(pickup.body.Stores.every((row) => row.Pickup)).toBe(true);
    await server.query(sql`update stores set pickup = false where title = '静安寺店'`);
    const fewer = await storefront(server, key, stores.getStorefrontStores, { Pickup: 'true' });
    expect(fewer.body.Stores.map((row) => row.Name)).not.toContain('静安寺店');
    await server.query(sql`update stores set pickup = true where title = '静安寺店'`);

    const site2 = await server.login('site2');
    const other = await storefront(
      server,
      await storefrontKey(server, site2),
      stores.getStorefrontStores,
      {},
    );
    expect(other.body.Stores.map((row) => row.Name)).toEqual(['北京总部展厅']);
  });

  it('refuses a missing key and bad input', async () => {
    expect((await server.call(stores.getStorefrontStores, {})).status).toBe(401);
    const key = await storefrontKey(server, admin);
    const bad = await storefront(server, key, stores.getStorefrontStores, { Pickup: 'maybe' });
    expect(bad.body.Errcode).toBe(-1);
    expect(bad.body.Errmsg).toContain('Pickup');
  });
});

describe('a store account', () => {
  it('sees and edits its own store only, and none of the shop’s store-wide actions', async () => {
    const token = await server.login('store');
    const flagship = await storeId('旗舰店（徐汇店）');
    const jingan = await storeId('静安寺店');
    const list = await server.call(stores.getStoreList, {}, { token });
    expect(list.body.Data.map((row) => row.Id)).toEqual([flagship]);
    expect(list.body.Counts).toEqual({ all: 1, on: 1, off: 0 });
    const other = await server.call(stores.getStoreInfo, { id: jingan }, { token });
    expect(other.body).toMatchObject({
      Errcode: -1,
      Errmsg: 'A store account may only see and edit its own store',
    });
    const own = await server.call(stores.getStoreInfo, { id: flagship }, { token });
    const edited = await server.call(
      stores.saveStore,
      {
        ...NEW_STORE,
        Id: flagship,
        Version: own.body.Version,
        Name: '旗舰店（徐汇店）',
        Phone: '13900001234',
      },
      { token },
    );
    expect(edited.body.Errcode).toBe(0);
    const elsewhere = await server.call(
      stores.saveStore,
      { ...NEW_STORE, Id: jingan, Version: 1 },
      { token },
    );
    expect(elsewhere.body.Errcode).toBe(-1);
    expect((await server.call(stores.getStoreInfo, { id: jingan }, { token: admin })).body.Name).toBe(
      '静安寺店',
    );

    for (const [endpoint, input] of [
      [stores.saveStore, NEW_STORE],
      [stores.setStoreStatus, { Ids: [flagship], Status: 'off' }],
      [stores.delStore, { Ids: [flagship] }],
      [stores.getStorePendingPickups, { Ids: String(flagship) }],
      [stores.getStoreAccounts, { StoreId: flagship }],
      [stores.bindStoreAccount, { StoreId: flagship, AccountId: 1 }],
      [stores.unbindStoreAccount, { StoreId: flagship, AccountId: 1 }],
    ] as const) {
      const refused = await server.call(endpoint, input, { token });
      expect(refused.status, endpoint.path).toBe(403);
      expect(refused.body.Errmsg).toBe(
        'Only the shop’s own accounts may do this; a store account edits its own store',
      );
    }
  });

  it('sees no store while bound to none', async () => {
    const token = await server.login('pudong');
    const list = await server.call(stores.getStoreList, {}, { token });
    expect(list.body).toMatchObject({ Errcode: 0, Total: 0, Data: [] });
  });

  it('is refused by accounts not granted the store menus', async () => {
    const sub = await server.login('sub', { siteId: 1 });
    expect((await server.call(stores.getStoreList, {}, { token: sub })).status).toBe(403);
    expect((await server.call(stores.saveStore, NEW_STORE, { token: sub })).status).toBe(403);
    expect((await server.call(stores.getStoreList, {}, { token: null })).status).toBe(401);
  });
});

async function storeOfB({ server: isolated, siteB }: IsolationContext) {
  const [row] = await isolated.query<{ id: number }>(
    sql`select id from stores where site_id = ${siteB} and not deleted order by id limit 1`,
  );
  // A store account of site B, bound to its store, that a caller of site A must not move.
  const [account] = await isolated.query<{ id: number }>(sql`
    insert into accounts (site_id, user_name, kind, password_hash, is_store, store_id)
    values (${siteB}, ${`b-store-${Date.now()}-${Math.random()}`}, 'store', 'x', true, ${row!.id})
    returning id`);
  return { storeId: row!.id, accountId: account!.id };
}

async function mallStore({ server: isolated, siteA }: IsolationContext) {
  const [row] = await isolated.query<{ id: number }>(
    sql`select id from stores where site_id = ${siteA} and title = '静安寺店'`,
  );
  return row!.id;
}

runIsolationCases('stores', [
  defineIsolationCase({
    name: 'GetStoreList lists only the caller’s stores',
    endpoint: stores.getStoreList,
    setup: storeOfB,
    input: () => ({ pageSize: 100 }),
    verify: (response, _context, { storeId }) => {
      expect((response.body.Data as { Id: number }[]).map((row) => row.Id)).not.toContain(storeId);
    },
  }),
  defineIsolationCase({
    name: 'GetStoreInfo of a store of site B',
    endpoint: stores.getStoreInfo,
    setup: storeOfB,
    input: (_context, { storeId }) => ({ id: storeId }),
    message: /There is no store \d+ in this shop/,
  }),
  defineIsolationCase({
    name: 'SetStoreInfo on a store of site B',
    endpoint: stores.saveStore,
    setup: storeOfB,
    input: (_context, { storeId }) => ({ ...NEW_STORE, Id: storeId, Version: 1 }),
  }),
  defineIsolationCase({
    name: 'SetStoreState with a store of site B',
    endpoint: stores.setStoreStatus,
    setup: storeOfB,
    input: (_context, { storeId }) => ({ Ids: [storeId], Status: 'off', Confirmed: true }),
    message: /These stores are not in this shop/,
  }),
  defineIsolationCase({
    name: 'DelStore with a store of site B',
    endpoint: stores.delStore,
    setup: storeOfB,
    input: (_context, { storeId }) => ({ Ids: [storeId] }),
  }),
  defineIsolationCase({
    name: 'GetStorePendingPickups of a store of site B',
    endpoint: stores.getStorePendingPickups,
    setup: storeOfB,
    input: (_context, { storeId }) => ({ Ids: String(storeId) }),
  }),
  defineIsolationCase({
    name: 'GetStoreAccounts of a store of site B',
    endpoint: stores.getStoreAccounts,
    setup: storeOfB,
    input: (_context, { storeId }) => ({ StoreId: storeId }),
  }),
  defineIsolationCase({
    name: 'BindStoreAccount moving a store account of site B to a store of the caller',
    endpoint: stores.bindStoreAccount,
    setup: async (context) => ({ ...(await storeOfB(context)), mall: await mallStore(context) }),
    input: (_context, { accountId, mall }) => ({ StoreId: mall, AccountId: accountId }),
    message: /There is no store account \d+ in this shop/,
  }),
  defineIsolationCase({
    name: 'UnbindStoreAccount of a store account of site B',
    endpoint: stores.unbindStoreAccount,
    setup: storeOfB,
    input: (_context, { storeId, accountId }) => ({ StoreId: storeId, AccountId: accountId }),
  }),
]);
