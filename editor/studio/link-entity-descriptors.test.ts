import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { ENTITY_DATA_SOURCES } from '../../components-catalog/data-rows';
import { lookupRowSchemas } from '../../contract/endpoints/link-entities';
import { EDIT_TEMPLATE_PERMISSION } from '../../contract/endpoints/module-library';
import { ENTITY_LINK_KINDS, type EntityLinkKind, LINK_TARGETS } from '../../contract/link-targets';
import { linkKindOf, linkValueSchema } from '../../contract/link-value';
import { linkPickerEn } from '../i18n/link-picker-en';
import { linkPickerZh } from '../i18n/link-picker-zh';
import { ENTITY_SOURCES, entityQuery, entityRows } from './entity-block-rows';
import { descriptorOf, ENTITY_DESCRIPTORS } from './link-entity-descriptors';

/** Every field any lookup row has; each kind's schema keeps its own. */
const SUPERSET = {
  Id: 7,
  Title: '满199减30',
  Image: '/img/7.png',
  Status: 'on',
  CreatedAt: '2026-11-01T00:00:00.000Z',
  Subtitle: '爆款',
  Summary: '每日登录抽好礼',
  PriceFen: 9900,
  MarketPriceFen: 12900,
  OriginalPriceFen: 19900,
  Sales: 3,
  ParentId: null,
  ProductId: 4,
  GroupSize: 3,
  Stock: 5,
  Sold: 15,
  Points: 800,
  ColumnId: 2,
  Views: 10,
  PublishedAt: '2026-11-02T00:00:00.000Z',
  Lessons: 8,
  Students: 20,
  Teacher: '王老师',
  Area: '35㎡',
  Bed: '1.8米大床',
  Tables: 12,
  Votes: [3, 4],
  CouponType: 'amount',
  Value: 3000,
  ThresholdFen: 19900,
  Validity: { kind: 'fixed', from: '2026-11-01', until: '2026-12-01' },
  StartsAt: '2026-11-01T00:00:00.000Z',
  EndsAt: '2026-12-01T00:00:00.000Z',
  Address: '上海市徐汇区漕溪北路88号',
  Tel: '021-64281234',
  Latlng: '31.1937,121.4368',
  Hours: '09:00-22:00',
  Anchor: '小美',
  Options: ['甲', '乙'],
  EntryMode: 'points',
  PointsCost: 10,
  JobTitle: '高级理疗师',
  Skills: ['推拿', '艾灸'],
  StoreId: null,
  Rating: 48,
  Minutes: 60,
  TechnicianIds: [3],
  BookingFormId: null,
  Price: 'deposit',
};

// A coupon's state is its own machine's; an activity's comes from its time and switch.
const sample = (kind: EntityLinkKind) =>
  lookupRowSchemas[kind].parse({ ...SUPERSET, State: kind === 'coupon' ? 'active' : 'running' });
const intl = (locale: 'en' | 'zh') =>
  createIntl({ locale, messages: locale === 'en' ? linkPickerEn : linkPickerZh });

describe('link picker descriptors', () => {
  it('cover every entity link target except the template’s own pages', () => {
    const entityKinds = LINK_TARGETS.filter((target) => target.entity && target.kind !== 'customPage').map(
      (target) => target.kind,
    );
    expect(Object.keys(ENTITY_DESCRIPTORS).sort()).toEqual([...entityKinds].sort());
    expect([...ENTITY_LINK_KINDS].sort()).toEqual([...entityKinds].sort());
  });

  it.each(ENTITY_LINK_KINDS.map((kind) => ({ kind })))(
    '$kind: reads a ModuleLibrary lookup the studio may call and makes a valid link of its kind',
    ({ kind }) => {
      const descriptor = descriptorOf(kind);
      expect(descriptor.endpoint.path).toMatch(/^\/ModuleLibrary\/Get\w+List$/);
      expect(descriptor.endpoint.permission).toBe(EDIT_TEMPLATE_PERMISSION);
      const link = linkValueSchema.parse(descriptor.toLink(sample(kind)));
      expect(linkKindOf(link)).toBe(kind);
      expect(link).toMatchObject({ id: 7, linkTitle: '满199减30', img: '/img/7.png' });
      for (const fact of descriptor.facts(sample(kind))) {
        expect(linkPickerEn[fact.id]).toBeDefined();
        expect(linkPickerZh[fact.id]).toBeDefined();
        expect(intl('en').formatMessage({ id: fact.id }, fact.values)).not.toMatch(/[{}]/);
      }
      expect(linkPickerEn[`studio.link.pick.${kind}`]).toBeDefined();
      expect(linkPickerZh[`studio.link.pick.${kind}`]).toBeDefined();
    },
  );

  it.each([
    ['coupon', 'en', '¥30.00 off orders over ¥199.00'],
    ['coupon', 'zh', '满 ¥199.00 减 ¥30.00'],
    ['seckill', 'en', '¥99.00 (was ¥199.00)'],
    ['seckill', 'en', 'Running now'],
    ['bargain', 'zh', '进行中'],
    ['pointsProduct', 'zh', '800 积分 + ¥99.00'],
    ['course', 'en', '¥99.00'],
    ['hall', 'zh', '可容纳 12 桌'],
    ['activity', 'zh', '进行中'],
    ['activity', 'en', 'Running now'],
    ['service', 'zh', '60 分钟'],
    ['technician', 'en', '推拿 · 艾灸'],
    ['bookingForm', 'zh', '进行中'],
    ['bookingForm', 'en', '2026-11-01 – 2026-12-01'],
  ] as const)('%s in %s shows “%s”', (kind, locale, expected) => {
    const lines = descriptorOf(kind)
      .facts(sample(kind))
      .map((fact) => intl(locale).formatMessage({ id: fact.id }, fact.values));
    expect(lines).toContain(expected);
  });

  it('states a discount coupon per language and leaves out a missing threshold', () => {
    const row = { ...sample('coupon'), CouponType: 'discount' as const, Value: 85, ThresholdFen: 0 };
    const [fact] = descriptorOf('coupon').facts(row);
    expect(intl('en').formatMessage({ id: fact!.id }, fact!.values)).toBe('15% off');
    expect(intl('zh').formatMessage({ id: fact!.id }, fact!.values)).toBe('8.5 折');
  });

  it.each([
    ['en', 5900, 'Free shipping on orders over ¥59.00'],
    ['en', 0, 'Free shipping'],
    ['zh', 5900, '满 ¥59.00 包邮'],
  ] as const)('states a free-shipping coupon in %s over %i fen as “%s”', (locale, ThresholdFen, expected) => {
    const row = { ...sample('coupon'), CouponType: 'freeShipping' as const, Value: 0, ThresholdFen };
    const [fact] = descriptorOf('coupon').facts(row);
    expect(intl(locale).formatMessage({ id: fact!.id }, fact!.values)).toBe(expected);
  });

  it('keeps the goods card snapshot and the store’s place in the link', () => {
    expect(descriptorOf('seckill').toLink(sample('seckill'))).toMatchObject({
      shpName: '满199减30',
      shpPrice: 9900,
    });
    expect(descriptorOf('product').toLink(sample('product'))).toMatchObject({ shpMaiDian: '爆款' });
    expect(descriptorOf('store').toLink(sample('store'))).toMatchObject({
      address: '上海市徐汇区漕溪北路88号',
      latlng: '31.1937,121.4368',
      tel: '021-64281234',
    });
  });

  it('leaves out an image too long for a link', () => {
    const link = descriptorOf('news').toLink({
      ...sample('news'),
      Image: `data:image/png;base64,${'A'.repeat(3000)}`,
    });
    expect(link).not.toHaveProperty('img');
    expect(linkValueSchema.safeParse(link).success).toBe(true);
  });
});

describe('block rows from the lookups', () => {
  it.each([
    [
      { source: 'coupons', ids: [3, 1], limit: 2 },
      { page: 1, pageSize: 100, Ids: '3,1' },
    ],
    [
      { source: 'news', ids: [], filter: { columnId: 4 }, limit: 5 },
      { page: 1, pageSize: 5, ColumnId: 4 },
    ],
    [
      { source: 'seckill', ids: [], filter: { state: 'ongoing' }, limit: 3 },
      { page: 1, pageSize: 100 },
    ],
    [
      { source: 'stores', ids: [], filter: { order: 'distance' }, limit: 0 },
      { page: 1, pageSize: 1 },
    ],
  ] as const)('%j asks for %j', (request, query) => {
    expect(entityQuery({ ...request, ids: [...request.ids] })).toEqual(query);
  });

  it('keeps the designer’s order for chosen rows and drops missing ones', () => {
    const coupon = sample('coupon');
    const rows = entityRows({ source: 'coupons', ids: [9, 7], limit: 2 }, [coupon]);
    expect(rows).toEqual([
      {
        id: 7,
        name: '满199减30',
        type: 'amount',
        value: 3000,
        threshold: 19900,
        validText: '2026.11.01-2026.12.01',
      },
    ]);
  });

  it('gives a coupon valid for days from its claim its days instead of dates', () => {
    const coupon = {
      ...sample('coupon'),
      Validity: { kind: 'relative' as const, days: 7, fromTomorrow: false },
    };
    expect(entityRows({ source: 'coupons', ids: [7], limit: 1 }, [coupon])).toEqual([
      expect.objectContaining({ id: 7, validText: '', validDays: 7 }),
    ]);
  });

  it('shows only offers running now, as the server says, up to the limit', () => {
    const row = (Id: number, State: string) => ({ ...sample('seckill'), Id, State });
    const rows = entityRows({ source: 'seckill', ids: [], filter: { state: 'ongoing' }, limit: 2 }, [
      row(1, 'off'),
      row(2, 'ended'),
      row(3, 'running'),
      row(4, 'notStarted'),
      row(5, 'running'),
      row(6, 'running'),
    ] as never) as { id: number; stock: number; originalPrice: number }[];
    expect(rows.map((entry) => entry.id)).toEqual([3, 5]);
    expect(rows[0]).toMatchObject({
      stock: 5,
      soldPercent: 75,
      originalPrice: 19900,
      price: 9900,
      state: 'running',
    });
  });

  it('draws lucky draws from the activity lookup with their state and entry cost, running ones when ongoing', () => {
    const draw = (Id: number, State: string) => ({ ...sample('activity'), Id, State });
    const rows = [draw(1, 'ended'), draw(2, 'running'), draw(3, 'notStarted'), draw(4, 'running')] as never;
    const ongoing = entityRows(
      { source: 'lotteries', ids: [], filter: { state: 'ongoing' }, limit: 1 },
      rows,
    );
    expect(ongoing).toEqual([
      {
        id: 2,
        title: '满199减30',
        image: '/img/7.png',
        summary: '每日登录抽好礼',
        state: 'running',
        entryMode: 'points',
        pointsCost: 10,
        startsAt: '2026-11-01T00:00:00.000Z',
        endsAt: '2026-12-01T00:00:00.000Z',
      },
    ]);
    // Chosen by hand, a draw shows whatever state it is in, in the designer's order.
    const chosen = entityRows({ source: 'lotteries', ids: [3, 1], limit: 2 }, rows) as { state: string }[];
    expect(chosen.map((row) => row.state)).toEqual(['notStarted', 'ended']);
    expect(entityQuery({ source: 'lotteries', ids: [], filter: { state: 'ongoing' }, limit: 3 })).toEqual({
      page: 1,
      pageSize: 100,
    });
  });

  it('tells live, upcoming and ended live rooms apart', () => {
    const now = Date.parse('2026-11-15T00:00:00.000Z');
    const room = (Id: number, StartsAt: string, EndsAt: string) => ({
      ...sample('liveRoom'),
      Id,
      StartsAt,
      EndsAt,
    });
    const rows = entityRows(
      { source: 'liveRooms', ids: [], limit: 3 },
      [
        room(1, '2026-11-14T00:00:00.000Z', '2026-11-16T00:00:00.000Z'),
        room(2, '2026-11-16T00:00:00.000Z', '2026-11-17T00:00:00.000Z'),
        room(3, '2026-11-01T00:00:00.000Z', '2026-11-02T00:00:00.000Z'),
      ],
      now,
    ) as { status: string }[];
    expect(rows.map((entry) => entry.status)).toEqual(['live', 'upcoming', 'ended']);
  });

  it('draws services with their minutes and technicians with their title and skills', () => {
    expect(entityRows({ source: 'services', ids: [], limit: 3 }, [sample('service')])).toEqual([
      { id: 7, name: '满199减30', image: '/img/7.png', price: 9900, minutes: 60, rating: 4.8, subtitle: '' },
    ]);
    const [technician] = entityRows({ source: 'technicians', ids: [], limit: 3 }, [sample('technician')]) as {
      subtitle: string;
      rating: number;
    }[];
    expect(technician).toMatchObject({ subtitle: '高级理疗师 · 推拿 · 艾灸', rating: 4.8 });
  });

  it('reads each data source from the lookup the server preview reads it from', () => {
    expect(
      Object.fromEntries(Object.entries(ENTITY_SOURCES).map(([source, entity]) => [source, entity!.kind])),
    ).toEqual(ENTITY_DATA_SOURCES);
  });

  it('has no rows for sources the lookups do not serve', () => {
    expect(entityRows({ source: 'products', ids: [], limit: 3 }, [sample('course')])).toEqual([]);
  });
});
