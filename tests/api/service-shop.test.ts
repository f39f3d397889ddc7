import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lookupEndpoints } from '../../contract/endpoints/link-entities';
import * as api from '../../contract/endpoints/service-shop';
import { type ApiResponse, startTestServer, type TestServer } from './harness';

let server: TestServer;
let owner: string;
let admin: string;
let serviceSite: number;

beforeAll(async () => {
  server = await startTestServer();
  owner = await server.login('service');
  admin = await server.login('admin');
  const [site] = await server.query<{ id: number }>(sql`select id from sites where shop_type = 7`);
  serviceSite = site!.id;
});
afterAll(() => server.close());

const fieldOf = (response: ApiResponse) =>
  (response.body as unknown as { Errors?: { Field: string }[] }).Errors?.[0]?.Field;

function ok<T extends { body: { Errcode: number; Errmsg: string } }>(response: T): T['body'] {
  expect(response.body.Errcode, response.body.Errmsg).toBe(0);
  return response.body;
}

const technician = {
  Name: '周技师',
  Image: '',
  Sort: 5,
  Status: 'on' as const,
  Rating: 45,
  JobTitle: '理疗师',
  Skills: ['推拿'],
  StoreId: null,
};

async function firstOf(table: 'technicians' | 'services' | 'stores' | 'booking_forms', siteId: number) {
  const [row] = await server.query<{ id: number }>(
    sql`select id from ${sql.identifier(table)} where site_id = ${siteId} and not deleted order by id limit 1`,
  );
  return row!.id;
}

describe('the demo service shop', () => {
  it('lists its technicians with their store and the services they give, and its services with who gives them', async () => {
    const people = ok(await server.call(api.getTechnicianList, { pageSize: 100 }, { token: owner }));
    expect(people.Total).toBe(4);
    expect(people.Counts).toEqual({ all: 4, on: 4, off: 0 });
    const li = people.Data.find((row) => row.Name === '李师傅')!;
    expect(li).toMatchObject({
      StoreName: '静安养生馆',
      Skills: ['推拿', '正骨'],
      Rating: 49,
      ServiceCount: 1,
    });
    const menu = ok(await server.call(api.getServiceList, { pageSize: 100 }, { token: owner }));
    expect(menu.Data.map((row) => row.Name)).toEqual([
      '肩颈推拿',
      '全身精油SPA',
      '中式足疗',
      '艾灸调理',
      '面部深层护理',
    ]);
    expect(menu.Data[0]).toMatchObject({
      PriceFen: 12800,
      Minutes: 45,
      TechnicianNames: ['李师傅', '王技师'],
    });
    expect(menu.Data[0]!.BookingFormTitle).toBe('到店预约');
  });

  it('filters services by technician and technicians by keyword and status tab', async () => {
    const wang = await server.query<{ id: number }>(
      sql`select id from technicians where site_id = ${serviceSite} and title = '王技师'`,
    );
    const given = ok(await server.call(api.getServiceList, { TechnicianId: wang[0]!.id }, { token: owner }));
    expect(given.Data.map((row) => row.Name).sort()).toEqual(['全身精油SPA', '肩颈推拿', '艾灸调理'].sort());
    const found = ok(await server.call(api.getTechnicianList, { keyword: '陈' }, { token: owner }));
    expect(found.Data.map((row) => row.Name)).toEqual(['陈老师']);
    const off = ok(await server.call(api.getTechnicianList, { status: 'off' }, { token: owner }));
    expect(off.Total).toBe(0);
  });
});

describe('saving technicians and services', () => {
  it('adds a technician, saves it at its version, refuses a stale save and audits both', async () => {
    const created = ok(await server.call(api.saveTechnician, technician, { token: owner }));
    const saved = ok(
      await server.call(
        api.saveTechnician,
        { ...technician, Id: created.Id, Version: created.Version, Name: '周师傅' },
        { token: owner },
      ),
    );
    expect(saved.Version).toBe(created.Version + 1);
    const stale = await server.call(
      api.saveTechnician,
      { ...technician, Id: created.Id, Version: created.Version },
      { token: owner },
    );
    expect(stale.body.Errcode).toBe(-1);
    const info = ok(await server.call(api.getTechnicianInfo, { id: created.Id }, { token: owner }));
    expect(info.Name).toBe('周师傅');
    const audits = await server.query<{ action: string }>(
      sql`select action from audit_log where target = ${`technician:${created.Id}`} order by id`,
    );
    expect(audits.map((row) => row.action)).toEqual(['technician.create', 'technician.update']);
  });

  it('adds a service given by the shop’s technicians that opens its booking form', async () => {
    const person = await firstOf('technicians', serviceSite);
    const form = await firstOf('booking_forms', serviceSite);
    const created = ok(
      await server.call(
        api.saveService,
        {
          Name: '头疗',
          Image: '',
          Sort: 0,
          Status: 'on',
          Rating: 50,
          PriceFen: 8800,
          Minutes: 30,
          TechnicianIds: [person],
          BookingFormId: form,
        },
        { token: owner },
      ),
    );
    const info = ok(await server.call(api.getServiceInfo, { id: created.Id }, { token: owner }));
    expect(info).toMatchObject({ PriceFen: 8800, TechnicianIds: [person], BookingFormTitle: '到店预约' });
  });

  it.each([
    ['Name', { Name: '' }],
    ['Name', { Name: 'x'.repeat(api.NAME_MAX + 1) }],
    ['Rating', { Rating: api.RATING_MAX + 1 }],
    ['Rating', { Rating: -1 }],
    ['Sort', { Sort: api.SORT_MAX + 1 }],
    ['Skills', { Skills: Array.from({ length: api.SKILLS_MAX + 1 }, (_, index) => `技能${index}`) }],
    ['Status', { Status: 'maybe' }],
  ])('refuses a technician with a bad %s, naming it', async (field, change) => {
    const response = await server.call(api.saveTechnician, { ...technician, ...change }, { token: owner });
    expect(response.body.Errcode).toBe(-1);
    expect(fieldOf(response)).toContain(field);
  });

  it('keeps the limits themselves', async () => {
    const edge = {
      ...technician,
      Name: 'x'.repeat(api.NAME_MAX),
      Rating: api.RATING_MAX,
      Sort: api.SORT_MAX,
    };
    ok(await server.call(api.saveTechnician, edge, { token: owner }));
  });

  it.each([
    ['PriceFen', { PriceFen: -1 }],
    ['Minutes', { Minutes: api.MINUTES_MIN - 1 }],
    ['Minutes', { Minutes: api.MINUTES_MAX + 1 }],
    ['TechnicianIds', { TechnicianIds: [0] }],
  ])('refuses a service with a bad %s, naming it', async (field, change) => {
    const base = {
      Name: '刮痧',
      Image: '',
      Sort: 0,
      Status: 'on',
      Rating: 50,
      PriceFen: 100,
      Minutes: 30,
      TechnicianIds: [],
      BookingFormId: null,
    };
    const response = await server.call(api.saveService, { ...base, ...change }, { token: owner });
    expect(response.body.Errcode).toBe(-1);
    expect(fieldOf(response)).toContain(field);
  });

  it('refuses a technician named twice, and rows of another shop in a service or technician', async () => {
    const own = await firstOf('technicians', serviceSite);
    const mallPerson = await firstOf('technicians', 1);
    const mallForm = await firstOf('booking_forms', 1);
    const mallStore = await firstOf('stores', 1);
    const base = { Name: '拔罐', Image: '', Sort: 0, Status: 'on', Rating: 50, PriceFen: 100, Minutes: 30 };
    const twice = await server.call(
      api.saveService,
      { ...base, TechnicianIds: [own, own], BookingFormId: null },
      { token: owner },
    );
    expect(fieldOf(twice)).toBe('TechnicianIds');
    const foreignPerson = await server.call(
      api.saveService,
      { ...base, TechnicianIds: [mallPerson], BookingFormId: null },
      { token: owner },
    );
    expect(fieldOf(foreignPerson)).toBe('TechnicianIds');
    expect(foreignPerson.body.Errmsg).toContain(String(mallPerson));
    const foreignForm = await server.call(
      api.saveService,
      { ...base, TechnicianIds: [], BookingFormId: mallForm },
      { token: owner },
    );
    expect(fieldOf(foreignForm)).toBe('BookingFormId');
    const foreignStore = await server.call(
      api.saveTechnician,
      { ...technician, StoreId: mallStore },
      { token: owner },
    );
    expect(fieldOf(foreignStore)).toBe('StoreId');
  });
});

describe('switching and deleting', () => {
  it('switches rows off and on, counting only those that changed', async () => {
    const id = await firstOf('services', serviceSite);
    const off = ok(await server.call(api.setServiceStatus, { Ids: [id], Status: 'off' }, { token: owner }));
    expect(off.Changed).toBe(1);
    const again = ok(await server.call(api.setServiceStatus, { Ids: [id], Status: 'off' }, { token: owner }));
    expect(again.Changed).toBe(0);
    const lookup = ok(await server.call(lookupEndpoints.service, { Ids: String(id) }, { token: owner }));
    expect(lookup.Data[0]!.Status).toBe('off');
    ok(await server.call(api.setServiceStatus, { Ids: [id], Status: 'on' }, { token: owner }));
  });

  it('refuses to delete a technician who still gives services, then deletes once they are free', async () => {
    const [person] = await server.query<{ id: number }>(
      sql`select id from technicians where site_id = ${serviceSite} and title = '陈老师'`,
    );
    const refused = await server.call(api.delTechnicians, { Ids: [person!.id] }, { token: owner });
    expect(refused.body.Errcode).toBe(-1);
    expect(refused.body.Errmsg).toContain('陈老师');
    const [footBath] = await server.query<{ id: number }>(
      sql`select id from services where site_id = ${serviceSite} and title = '中式足疗'`,
    );
    ok(await server.call(api.delServices, { Ids: [footBath!.id] }, { token: owner }));
    const deleted = ok(await server.call(api.delTechnicians, { Ids: [person!.id] }, { token: owner }));
    expect(deleted.Deleted).toBe(1);
    const lookup = ok(await server.call(lookupEndpoints.technician, { Keyword: '陈老师' }, { token: owner }));
    expect(lookup.Total).toBe(0);
  });
});

describe('tenant isolation and permissions', () => {
  it('never shows or changes another shop’s technicians or services', async () => {
    const theirs = await firstOf('technicians', serviceSite);
    const theirService = await firstOf('services', serviceSite);
    const before = await server.query<{ digest: string }>(
      sql`select md5(string_agg(t::text, '|' order by id)) as digest from technicians t where site_id = ${serviceSite}`,
    );
    const list = ok(await server.call(api.getTechnicianList, { pageSize: 100 }, { token: admin }));
    expect(list.Data.some((row) => row.Id === theirs)).toBe(false);
    const info = await server.call(api.getTechnicianInfo, { id: theirs }, { token: admin });
    expect(fieldOf(info)).toBe('id');
    for (const [endpoint, input] of [
      [api.saveTechnician, { ...technician, Id: theirs, Version: 1 }],
      [api.setTechnicianStatus, { Ids: [theirs], Status: 'off' }],
      [api.delTechnicians, { Ids: [theirs] }],
      [api.setServiceStatus, { Ids: [theirService], Status: 'off' }],
      [api.delServices, { Ids: [theirService] }],
    ] as const) {
      const response = await server.call(endpoint, input, { token: admin });
      expect(response.body.Errcode, endpoint.path).toBe(-1);
    }
    const after = await server.query<{ digest: string }>(
      sql`select md5(string_agg(t::text, '|' order by id)) as digest from technicians t where site_id = ${serviceSite}`,
    );
    expect(after).toEqual(before);
  });

  it('refuses accounts without the menus: a sub-account and a store account', async () => {
    for (const userName of ['sub', 'store']) {
      const token = await server.login(userName, userName === 'sub' ? { siteId: 1 } : {});
      const list = await server.call(api.getServiceList, {}, { token });
      expect(list.status, userName).toBe(403);
      const save = await server.call(api.saveTechnician, technician, { token });
      expect(save.status, userName).toBe(403);
    }
  });
});
