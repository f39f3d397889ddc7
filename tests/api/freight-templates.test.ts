import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as freight from '../../contract/endpoints/freight-templates';
import { getFreightTemplates, saveProduct } from '../../contract/endpoints/goods';
import {
  FREIGHT_FEE_MAX_FEN,
  FREIGHT_NAME_MAX,
  FREIGHT_REGIONS_MAX,
  FREIGHT_RULES_MAX,
  FREIGHT_UNIT_MAX,
  type FreightRule,
} from '../../contract/freight';
import { chinaAreas } from '../../server/areas/comm/china-areas';
import { createGoods, goodsForm, leafCategory } from './goods-helpers';
import { type ApiResponse, startTestServer, type TestServer } from './harness';
import { expectError, MALL_SITE, perUnit, SECOND_SITE } from './order-helpers';
import { defineIsolationCase, runIsolationCases } from './tenant-isolation';

let server: TestServer;
let admin: string;

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.login('admin');
});
afterAll(() => server.close());

const rule = (changes: Partial<FreightRule> = {}): FreightRule => ({ ...perUnit(800, 200), ...changes });

let names = 0;
/** A valid template of its own name: by weight, one region rule with free shipping, one region not delivered to. */
function template(changes: Record<string, unknown> = {}) {
  names += 1;
  return {
    Name: `测试模板 ${names}`,
    ChargeMode: 'weight',
    DefaultRule: rule({ First: 1000, FirstFen: 1000, Next: 500, NextFen: 300 }),
    Rules: [
      {
        ...rule({ First: 1000, FirstFen: 600, Next: 1000, NextFen: 200 }),
        FreeWhen: 'amount',
        FreeAmountFen: 9900,
        Regions: ['440000', '330100'],
      },
    ],
    Undeliverable: ['540000'],
    ...changes,
  };
}

function fieldsOf(response: ApiResponse): string[] {
  return ((response.body as unknown as { Errors?: { Field: string }[] }).Errors ?? []).map(
    (error) => error.Field,
  );
}

async function create(changes: Record<string, unknown> = {}, token = admin) {
  const response = await server.call(freight.saveFreightTemplate, template(changes), { token });
  expect(response.body.Errmsg).toBe('');
  return response.body;
}

async function list(input: Record<string, unknown> = {}, token = admin) {
  const response = await server.call(freight.getFreightTemplateList, { pageSize: 100, ...input }, { token });
  expect(response.body.Errmsg).toBe('');
  return response.body;
}

async function goodsUsing(templateId: number): Promise<number> {
  const [row] = await server.query<{ count: number }>(
    sql`select count(*)::int as count from products where freight_template_id = ${templateId} and recycle_state <> 'purged'`,
  );
  return row!.count;
}

async function templateId(siteId: number, name: string): Promise<number> {
  const [row] = await server.query<{ id: number }>(
    sql`select id from freight_templates where site_id = ${siteId} and name = ${name}`,
  );
  return row!.id;
}

async function auditActions(id: number): Promise<string[]> {
  const rows = await server.query<{ action: string }>(
    sql`select action from audit_log where target = ${`freight:${id}`} order by id`,
  );
  return rows.map((row) => row.action);
}

describe('GetFreightTemplateList', () => {
  it('lists the seeded templates with their charge mode, default and the goods that use each', async () => {
    const page = await list({ sort: 'updatedAt' });
    expect(page.Data.map((row) => [row.Name, row.ChargeMode, row.IsDefault])).toEqual([
      ['全国包邮', 'piece', true],
      ['按件计费', 'piece', false],
      ['偏远地区加价', 'piece', false],
      ['按重量计费', 'weight', false],
      ['大件按体积', 'volume', false],
      ['同城满件包邮', 'piece', false],
    ]);
    for (const row of page.Data) expect(row.GoodsCount).toBe(await goodsUsing(row.Id));
    expect(page.Data.every((row) => row.GoodsCount > 0)).toBe(true);
    const weight = page.Data.find((row) => row.Name === '按重量计费')!;
    expect(weight).toMatchObject({ RuleCount: 2, UndeliverableCount: 3, FreeShipping: true });
    expect(weight.DefaultRule).toMatchObject({ First: 1000, FirstFen: 1000 });
    expect(page.Data.find((row) => row.Name === '按件计费')).toMatchObject({
      RuleCount: 0,
      FreeShipping: false,
    });
    expect(page.Counts).toEqual({ all: 6, piece: 4, weight: 1, volume: 1 });
    expect(page.Total).toBe(6);
  });

  it('filters by charge mode and name, and sorts by the goods that use them', async () => {
    expect((await list({ chargeMode: 'weight' })).Data.map((row) => row.Name)).toEqual(['按重量计费']);
    expect((await list({ chargeMode: 'volume' })).Total).toBe(1);
    expect((await list({ keyword: '包邮' })).Data.map((row) => row.Name).sort()).toEqual(
      ['全国包邮', '同城满件包邮'].sort(),
    );
    const byGoods = (await list({ sort: '-goods' })).Data.map((row) => row.GoodsCount);
    expect(byGoods).toEqual([...byGoods].sort((left, right) => right - left));
    const fewestFirst = (await list({ sort: 'goods' })).Data.map((row) => row.GoodsCount);
    expect(fewestFirst).toEqual([...byGoods].reverse());
  });

  it('refuses bad filters by name', async () => {
    expectError(
      await server.call(freight.getFreightTemplateList, { chargeMode: 'distance' }, { token: admin }),
      /chargeMode/,
    );
    expectError(
      await server.call(freight.getFreightTemplateList, { sort: 'name' }, { token: admin }),
      /sort/,
    );
    expectError(
      await server.call(
        freight.getFreightTemplateList,
        { keyword: 'x'.repeat(FREIGHT_NAME_MAX + 1) },
        { token: admin },
      ),
      /keyword/,
    );
  });
});

describe('GetFreightTemplateInfo', () => {
  it('reads a template with its regions named from the area list', async () => {
    const id = await templateId(MALL_SITE, '按重量计费');
    const response = await server.call(freight.getFreightTemplateInfo, { id }, { token: admin });
    expect(response.body).toMatchObject({
      Errcode: 0,
      Name: '按重量计费',
      ChargeMode: 'weight',
      IsDefault: false,
      GoodsCount: await goodsUsing(id),
      Undeliverable: [
        { Code: '810000', Name: '香港特别行政区' },
        { Code: '820000', Name: '澳门特别行政区' },
        { Code: '710000', Name: '台湾省' },
      ],
    });
    expect(response.body.Rules[0]).toMatchObject({
      FreeWhen: 'amount',
      FreeAmountFen: 9900,
      Regions: [
        { Code: '310000', Name: '上海市' },
        { Code: '320000', Name: '江苏省' },
        { Code: '330000', Name: '浙江省' },
      ],
    });
  });

  it('says a template is not there on the id field', async () => {
    const response = await server.call(freight.getFreightTemplateInfo, { id: 999_999 }, { token: admin });
    expectError(response, 'There is no freight template 999999 in this shop');
    expect(fieldsOf(response)).toEqual(['id']);
  });
});

describe('SetFreightTemplate', () => {
  it('adds a template, reads it back, edits it with its version and refuses a stale save', async () => {
    const added = await create({ Name: '华南快递' });
    expect(added.Version).toBe(1);
    const read = await server.call(freight.getFreightTemplateInfo, { id: added.Id }, { token: admin });
    expect(read.body).toMatchObject({
      Name: '华南快递',
      ChargeMode: 'weight',
      GoodsCount: 0,
      Rules: [
        {
          Regions: [
            { Code: '440000', Name: '广东省' },
            { Code: '330100', Name: '杭州市' },
          ],
        },
      ],
      Undeliverable: [{ Code: '540000', Name: '西藏自治区' }],
      Version: 1,
    });

    const edited = await server.call(
      freight.saveFreightTemplate,
      template({ Id: added.Id, Version: 1, Name: '华南快递', ChargeMode: 'piece', DefaultRule: rule() }),
      { token: admin },
    );
    expect(edited.body).toMatchObject({ Errcode: 0, Id: added.Id, Version: 2 });

    const stale = await server.call(
      freight.saveFreightTemplate,
      template({ Id: added.Id, Version: 1, Name: '华南快递（旧）' }),
      { token: admin },
    );
    expect(stale.body).toMatchObject({ Errcode: -1, StaleVersion: true, CurrentVersion: 2 });
    expect(stale.body.Errmsg).toBe(
      'This freight template was changed by someone else meanwhile (your version 1, now 2); reload it and edit again',
    );
    const after = await server.call(freight.getFreightTemplateInfo, { id: added.Id }, { token: admin });
    expect(after.body).toMatchObject({ Name: '华南快递', ChargeMode: 'piece', Version: 2 });
    expect(await auditActions(added.Id)).toEqual(['freight.add', 'freight.edit']);
  });

  it.each([
    ['no name', { Name: '  ' }, 'Name', /Name: is required/],
    ['a name one too long', { Name: 'x'.repeat(FREIGHT_NAME_MAX + 1) }, 'Name', /Name/],
    ['an unknown charge mode', { ChargeMode: 'distance' }, 'ChargeMode', /ChargeMode/],
    [
      'a negative fee',
      { DefaultRule: rule({ FirstFen: -1 }) },
      'DefaultRule.FirstFen',
      /DefaultRule.FirstFen/,
    ],
    [
      'a fee of a fraction of a fen',
      { DefaultRule: rule({ NextFen: 1.5 }) },
      'DefaultRule.NextFen',
      /NextFen/,
    ],
    [
      'a fee one fen past the limit',
      { DefaultRule: rule({ FirstFen: FREIGHT_FEE_MAX_FEN + 1 }) },
      'DefaultRule.FirstFen',
      /FirstFen/,
    ],
    ['no further amount', { DefaultRule: rule({ Next: 0 }) }, 'DefaultRule.Next', /DefaultRule.Next/],
    [
      'a weight one gram past 1,000 kg',
      { DefaultRule: rule({ First: FREIGHT_UNIT_MAX.weight + 1 }) },
      'DefaultRule.First',
      'DefaultRule.First: at most 1000 kg',
    ],
    [
      'pieces past the limit',
      {
        ChargeMode: 'piece',
        Rules: [{ ...rule({ Next: FREIGHT_UNIT_MAX.piece + 1 }), Regions: ['440000'] }],
      },
      'Rules.0.Next',
      'Rules.0.Next: at most 9999 pieces',
    ],
    [
      'free shipping by quantity without the quantity',
      { DefaultRule: rule({ First: 1000, Next: 1000, FreeWhen: 'quantity' }) },
      'DefaultRule.FreeQuantity',
      'DefaultRule.FreeQuantity: enter the number of pieces from which it ships free',
    ],
    [
      'free shipping by both without the amount',
      { DefaultRule: rule({ First: 1000, Next: 1000, FreeWhen: 'both', FreeQuantity: 2 }) },
      'DefaultRule.FreeAmountFen',
      /FreeAmountFen: enter the goods amount/,
    ],
    [
      'a province two rules cover',
      {
        Rules: [
          { ...rule({ First: 1000 }), Regions: ['440000'] },
          { ...rule({ First: 1000 }), Regions: ['440000'] },
        ],
      },
      'Rules.1.Regions',
      'Rules.1.Regions: 440000 is already covered by rule 1',
    ],
    [
      'a city of a province another rule covers',
      {
        Rules: [
          { ...rule({ First: 1000 }), Regions: ['440000'] },
          { ...rule({ First: 1000 }), Regions: ['440300'] },
        ],
      },
      'Rules.1.Regions',
      'Rules.1.Regions: 440300 is already covered by rule 1',
    ],
    [
      'an undeliverable city of a priced province',
      { Undeliverable: ['440300'] },
      'Undeliverable',
      'Undeliverable: 440300 is already covered by rule 1',
    ],
    [
      'a region listed twice as undeliverable',
      { Undeliverable: ['540000', '540000'] },
      'Undeliverable',
      /already listed as not delivered to/,
    ],
    [
      'a rule without regions',
      { Rules: [{ ...rule({ First: 1000 }), Regions: [] }] },
      'Rules.0.Regions',
      /Rules.0.Regions/,
    ],
    ['a district instead of a city', { Undeliverable: ['440305'] }, 'Undeliverable.0', /Undeliverable.0/],
    [
      'one rule past the limit',
      {
        Rules: Array.from({ length: FREIGHT_RULES_MAX + 1 }, (_, index) => ({
          ...rule({ First: 1000 }),
          Regions: [`${String(11 + index).padStart(2, '0')}0100`],
        })),
      },
      'Rules',
      /Rules: must have at most 50 items/,
    ],
    [
      'one region past the limit',
      { Undeliverable: Array.from({ length: FREIGHT_REGIONS_MAX + 1 }, () => '540000') },
      'Undeliverable',
      /Undeliverable: must have at most 400 items/,
    ],
    ['an unknown field', { Shipping: 'fast' }, 'Shipping', /Shipping/],
  ])('refuses %s, naming the field', async (_name, changes, field, message) => {
    const response = await server.call(freight.saveFreightTemplate, template(changes), { token: admin });
    expectError(response, message);
    expect(fieldsOf(response)).toContain(field);
    expect(response.status).toBe(200);
  });

  it('takes every limit itself', async () => {
    const saved = await create({
      Name: '限'.repeat(FREIGHT_NAME_MAX),
      ChargeMode: 'volume',
      DefaultRule: rule({
        First: FREIGHT_UNIT_MAX.volume,
        FirstFen: FREIGHT_FEE_MAX_FEN,
        Next: FREIGHT_UNIT_MAX.volume,
        NextFen: 0,
        FreeWhen: 'both',
        FreeQuantity: 9999,
        FreeAmountFen: 100_000_000,
      }),
      // Fifty cities of the area list, one rule each: none overlaps another.
      Rules: chinaAreas()
        .provinces.flatMap((province) => province.Children ?? [])
        .slice(0, FREIGHT_RULES_MAX)
        .map((city) => ({ ...rule(), Regions: [city.Code] })),
      Undeliverable: [],
    });
    expect(saved.Version).toBe(1);
  });

  it('says the rules in the caller’s language', async () => {
    const response = await server.call(
      freight.saveFreightTemplate,
      template({
        Rules: [
          { ...rule({ First: 1000 }), Regions: ['440000'] },
          { ...rule({ First: 1000 }), Regions: ['440300'] },
        ],
      }),
      { token: admin, locale: 'zh-CN' },
    );
    expectError(response, 'Rules.1.Regions：440300 已在第 1 条规则中');
  });

  it('refuses a region the area list does not have, and a name the shop already uses', async () => {
    const unknown = await server.call(
      freight.saveFreightTemplate,
      template({ Rules: [{ ...rule({ First: 1000 }), Regions: ['440000', '990100'] }] }),
      { token: admin },
    );
    expectError(unknown, 'Region 990100 is not a province or city of the area list');
    expect(fieldsOf(unknown)).toEqual(['Rules.0.Regions']);
    const taken = await server.call(freight.saveFreightTemplate, template({ Name: '按件计费' }), {
      token: admin,
    });
    expectError(taken, 'The shop already has a freight template named “按件计费”');
    expect(fieldsOf(taken)).toEqual(['Name']);
    // Another shop's names are no concern of this one.
    const site2 = await server.login('site2');
    const [theirs] = await server.query<{ name: string }>(
      sql`select name from freight_templates where site_id = ${SECOND_SITE} order by id limit 1`,
    );
    const renamed = await create({ Name: `${theirs!.name}二` });
    expect(renamed.Version).toBe(1);
    expect((await list({}, site2)).Data.map((row) => row.Name)).not.toContain(`${theirs!.name}二`);
  });

  it('refuses an edit without the version it was read at', async () => {
    const added = await create();
    const response = await server.call(freight.saveFreightTemplate, template({ Id: added.Id }), {
      token: admin,
    });
    expectError(response, /Version/);
    expect(fieldsOf(response)).toEqual(['Version']);
  });
});

describe('DelFreightTemplate', () => {
  it('refuses a template goods use, naming how many', async () => {
    const id = await templateId(MALL_SITE, '按件计费');
    const count = await goodsUsing(id);
    expect(count).toBeGreaterThan(0);
    const response = await server.call(freight.delFreightTemplate, { Id: id }, { token: admin });
    expectError(
      response,
      `“按件计费” is used by ${count} goods: give them another freight template before deleting it`,
    );
    expect(fieldsOf(response)).toEqual(['Id']);
    const zh = await server.call(freight.delFreightTemplate, { Id: id }, { token: admin, locale: 'zh-CN' });
    expectError(zh, `“按件计费”正被 ${count} 件商品使用，请先为这些商品更换运费模板再删除`);
    expect(await goodsUsing(id)).toBe(count);
  });

  it('counts recycled goods (they may come back) but not purged ones, and deletes once none use it', async () => {
    const added = await create({ Name: '待删除模板' });
    const goods = await createGoods(server, admin, { FreightTemplateId: added.Id });
    await server.query(sql`update products set recycle_state = 'recycled' where id = ${goods.Id}`);
    expectError(
      await server.call(freight.delFreightTemplate, { Id: added.Id }, { token: admin }),
      /used by 1 goods/,
    );
    await server.query(sql`update products set recycle_state = 'purged' where id = ${goods.Id}`);
    const deleted = await server.call(freight.delFreightTemplate, { Id: added.Id }, { token: admin });
    expect(deleted.body.Errcode).toBe(0);
    expect((await list()).Data.map((row) => row.Id)).not.toContain(added.Id);
    const [purged] = await server.query<{ freight_template_id: number | null }>(
      sql`select freight_template_id from products where id = ${goods.Id}`,
    );
    expect(purged!.freight_template_id).toBeNull();
    expect(await auditActions(added.Id)).toEqual(['freight.add', 'freight.delete']);
    expectError(
      await server.call(freight.delFreightTemplate, { Id: added.Id }, { token: admin }),
      /no freight template/,
    );
  });
});

describe('SetFreightTemplateDefault and CopyFreightTemplate', () => {
  it('keeps one default, which the goods form lists first', async () => {
    const id = await templateId(MALL_SITE, '按重量计费');
    expect(
      (await server.call(freight.setDefaultFreightTemplate, { Id: id }, { token: admin })).body.Errcode,
    ).toBe(0);
    const defaults = (await list()).Data.filter((row) => row.IsDefault).map((row) => row.Name);
    expect(defaults).toEqual(['按重量计费']);
    const options = await server.call(getFreightTemplates, {}, { token: admin });
    expect(options.body.Data[0]).toMatchObject({ Id: id, Name: '按重量计费', IsDefault: true });
    expect(await auditActions(id)).toEqual(['freight.default']);
    // Setting the default again changes nothing.
    await server.call(freight.setDefaultFreightTemplate, { Id: id }, { token: admin });
    expect((await list()).Data.filter((row) => row.IsDefault)).toHaveLength(1);
    await server.call(
      freight.setDefaultFreightTemplate,
      { Id: await templateId(MALL_SITE, '全国包邮') },
      { token: admin },
    );
  });

  it('copies a template with its rules under a free name, never as the default', async () => {
    const id = await templateId(MALL_SITE, '全国包邮');
    const first = await server.call(freight.copyFreightTemplate, { Id: id }, { token: admin });
    expect(first.body).toMatchObject({ Errcode: 0, Name: '全国包邮 (copy)' });
    const second = await server.call(freight.copyFreightTemplate, { Id: id }, { token: admin });
    expect(second.body.Name).toBe('全国包邮 (copy) 2');
    const zh = await server.call(freight.copyFreightTemplate, { Id: id }, { token: admin, locale: 'zh-CN' });
    expect(zh.body.Name).toBe('全国包邮 副本');
    const original = (await server.call(freight.getFreightTemplateInfo, { id }, { token: admin })).body;
    const copy = (await server.call(freight.getFreightTemplateInfo, { id: first.body.Id }, { token: admin }))
      .body;
    expect(copy).toMatchObject({
      ChargeMode: original.ChargeMode,
      DefaultRule: original.DefaultRule,
      Rules: original.Rules,
      Undeliverable: original.Undeliverable,
      IsDefault: false,
      GoodsCount: 0,
      Version: 1,
    });
    expect(await auditActions(first.body.Id)).toEqual(['freight.copy']);
  });

  it('cuts a long name so the copy fits', async () => {
    const long = await create({ Name: '长'.repeat(FREIGHT_NAME_MAX) });
    const copy = await server.call(freight.copyFreightTemplate, { Id: long.Id }, { token: admin });
    expect(copy.body.Name).toBe(`${'长'.repeat(FREIGHT_NAME_MAX - 7)} (copy)`);
  });
});

describe('permissions', () => {
  it('leaves the template screens to the shop: sub-accounts and store accounts are refused', async () => {
    const id = await templateId(MALL_SITE, '按件计费');
    for (const token of [await server.login('sub', { siteId: MALL_SITE }), await server.login('store')]) {
      expect((await server.call(freight.getFreightTemplateList, {}, { token })).status).toBe(403);
      expect((await server.call(freight.getFreightTemplateInfo, { id }, { token })).status).toBe(403);
      expect((await server.call(freight.saveFreightTemplate, template(), { token })).status).toBe(403);
      expect((await server.call(freight.delFreightTemplate, { Id: id }, { token })).status).toBe(403);
      expect((await server.call(freight.setDefaultFreightTemplate, { Id: id }, { token })).status).toBe(403);
      expect((await server.call(freight.copyFreightTemplate, { Id: id }, { token })).status).toBe(403);
      // The goods form still lists them to choose from.
      const options = await server.call(getFreightTemplates, {}, { token });
      expect(options.body.Data.map((row) => row.Id)).toContain(id);
    }
    expect(await auditActions(id)).toEqual([]);
  });
});

describe('at once (run on PostgreSQL to see the race)', () => {
  it('ten parallel set-defaults leave exactly one default', async () => {
    const ids = (await list()).Data.slice(0, 5).map((row) => row.Id);
    const responses = await Promise.all(
      [...ids, ...ids].map((Id) => server.call(freight.setDefaultFreightTemplate, { Id }, { token: admin })),
    );
    expect(responses.every((response) => response.body.Errcode === 0)).toBe(true);
    const [row] = await server.query<{ count: number }>(
      sql`select count(*)::int as count from freight_templates where site_id = ${MALL_SITE} and is_default`,
    );
    expect(row!.count).toBe(1);
  });

  it('eight parallel copies get eight names of their own', async () => {
    const id = await templateId(MALL_SITE, '按件计费');
    const responses = await Promise.all(
      Array.from({ length: 8 }, () => server.call(freight.copyFreightTemplate, { Id: id }, { token: admin })),
    );
    const copied = responses.map((response) => response.body.Name);
    expect(new Set(copied).size).toBe(8);
    expect(copied).toContain('按件计费 (copy)');
  });

  it('a delete racing a goods save that picks the template: one of them is refused, never both pass', async () => {
    const category = await leafCategory(server, MALL_SITE);
    for (let round = 0; round < 4; round += 1) {
      const added = await create();
      const [deleted, saved] = await Promise.all([
        server.call(freight.delFreightTemplate, { Id: added.Id }, { token: admin }),
        server.call(
          saveProduct,
          goodsForm(category, { FreightTemplateId: added.Id, Code: `RACE-${round}` }),
          {
            token: admin,
          },
        ),
      ]);
      expect([deleted.status, saved.status]).toEqual([200, 200]);
      expect([deleted.body.Errcode, saved.body.Errcode].sort()).toEqual([-1, 0]);
      if (deleted.body.Errcode === 0)
        expect(saved.body.Errmsg).toBe(`Freight template ${added.Id} does not exist`);
      else expect(deleted.body.Errmsg).toMatch(/is used by 1 goods/);
    }
  });
});

runIsolationCases('freight templates', [
  defineIsolationCase({
    name: 'GetFreightTemplateInfo of a template of site B',
    endpoint: freight.getFreightTemplateInfo,
    setup: async ({ server, siteB }) => ({ id: await someTemplateOfOn(server, siteB) }),
    input: (_context, { id }) => ({ id }),
    message: /no freight template/,
  }),
  defineIsolationCase({
    name: 'SetFreightTemplate editing a template of site B',
    endpoint: freight.saveFreightTemplate,
    setup: async ({ server, siteB }) => ({ id: await someTemplateOfOn(server, siteB) }),
    input: (_context, { id }) => template({ Id: id, Version: 1 }),
    message: /no freight template/,
  }),
  defineIsolationCase({
    name: 'DelFreightTemplate of a template of site B',
    endpoint: freight.delFreightTemplate,
    setup: async ({ server, siteB }) => ({ id: await unusedTemplateOn(server, siteB) }),
    input: (_context, { id }) => ({ Id: id }),
    message: /no freight template/,
  }),
  defineIsolationCase({
    name: 'SetFreightTemplateDefault with a template of site B',
    endpoint: freight.setDefaultFreightTemplate,
    setup: async ({ server, siteB }) => ({ id: await someTemplateOfOn(server, siteB) }),
    input: (_context, { id }) => ({ Id: id }),
    message: /no freight template/,
  }),
  defineIsolationCase({
    name: 'CopyFreightTemplate of a template of site B',
    endpoint: freight.copyFreightTemplate,
    setup: async ({ server, siteB }) => ({ id: await someTemplateOfOn(server, siteB) }),
    input: (_context, { id }) => ({ Id: id }),
    message: /no freight template/,
  }),
  defineIsolationCase({
    name: 'GetFreightTemplateList never lists site B',
    endpoint: freight.getFreightTemplateList,
    input: () => ({ pageSize: 100 }),
    verify: async (response, { server, siteB }) => {
      const theirs = await server.query<{ id: number }>(
        sql`select id from freight_templates where site_id = ${siteB}`,
      );
      const ids = (response.body as unknown as { Data: { Id: number }[] }).Data.map((row) => row.Id);
      expect(theirs.length).toBeGreaterThan(0);
      for (const row of theirs) expect(ids).not.toContain(row.id);
    },
  }),
]);

async function someTemplateOfOn(on: TestServer, siteId: number): Promise<number> {
  const [row] = await on.query<{ id: number }>(
    sql`select id from freight_templates where site_id = ${siteId} order by id limit 1`,
  );
  return row!.id;
}

/** A template of the site no goods use, so only the site check can refuse deleting it. */
async function unusedTemplateOn(on: TestServer, siteId: number): Promise<number> {
  const [row] = await on.query<{ id: number }>(
    sql`insert into freight_templates (site_id, name, rules)
        values (${siteId}, 'unused', ${JSON.stringify({ DefaultRule: rule(), Rules: [], Undeliverable: [] })}::jsonb)
        returning id`,
  );
  return row!.id;
}
