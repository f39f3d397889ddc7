import { type LookupRow, lookupEndpoints } from '../../contract/endpoints/link-entities';
import { ENTITY_LINK_KINDS, type EntityLinkKind } from '../../contract/link-targets';
import { LinkType, type LinkValue } from '../../contract/link-value';
import { fenToYuan } from '../../src/lib/format';

/**
 * How the link picker lists each entity kind: the ModuleLibrary lookup it reads, the facts it shows
 * under a row's title, and the link value choosing the row makes. One descriptor per kind, so a new
 * kind is a new entry here rather than a new dialog.
 */

/** A line under a row's title, as a message of the studio's catalogue. */
export interface Fact {
  id: string;
  values: Record<string, string | number>;
}

export interface EntityDescriptor<K extends EntityLinkKind = EntityLinkKind> {
  kind: K;
  endpoint: (typeof lookupEndpoints)[K];
  facts: (row: LookupRow<K>) => Fact[];
  toLink: (row: LookupRow<K>) => LinkValue;
}

/** Image snapshots longer than a link may keep are left out; the mini-program reads the entity. */
const MAX_IMAGE = 2048;

const price = (fen: number): Fact => ({ id: 'studio.link.fact.price', values: { price: fenToYuan(fen) } });
const text = (value: string): Fact[] =>
  value ? [{ id: 'studio.link.fact.text', values: { text: value } }] : [];
const day = (instant: string) => instant.slice(0, 10);
const period = (row: { StartsAt: string; EndsAt: string }): Fact => ({
  id: 'studio.link.fact.period',
  values: { from: day(row.StartsAt), until: day(row.EndsAt) },
});

function entityLink(linkType: number, row: { Id: number; Title: string; Image: string }) {
  return {
    linkType,
    id: row.Id,
    linkTitle: row.Title,
    ...(row.Image && row.Image.length <= MAX_IMAGE ? { img: row.Image } : {}),
  };
}

/** Goods-like links keep the card snapshot: name, selling point, price in fen. */
function goodsLink(linkType: number, row: { Id: number; Title: string; Image: string }, priceFen: number) {
  return { ...entityLink(linkType, row), shpName: row.Title, shpPrice: priceFen };
}

function plain<K extends EntityLinkKind>(
  kind: K,
  facts: EntityDescriptor<K>['facts'] = () => [],
): EntityDescriptor<K> {
  return {
    kind,
    endpoint: lookupEndpoints[kind],
    facts,
    toLink: (row) => entityLink(LinkType[kind], row) as LinkValue,
  };
}

function offer<K extends 'groupBuy' | 'seckill' | 'bargain'>(kind: K): EntityDescriptor<K> {
  return {
    kind,
    endpoint: lookupEndpoints[kind],
    facts: (row) => [
      {
        id: 'studio.link.fact.offer',
        values: { price: fenToYuan(row.PriceFen), was: fenToYuan(row.OriginalPriceFen) },
      },
      period(row),
      { id: 'studio.link.fact.state', values: { state: row.State } },
    ],
    toLink: (row) => goodsLink(LinkType[kind], row, row.PriceFen) as LinkValue,
  };
}

const summary = (row: { Summary: string }) => text(row.Summary);

export const ENTITY_DESCRIPTORS: { [K in EntityLinkKind]: EntityDescriptor<K> } = {
  product: {
    kind: 'product',
    endpoint: lookupEndpoints.product,
    facts: (row) => [price(row.PriceFen)],
    toLink: (row) =>
      ({
        ...goodsLink(LinkType.product, row, row.PriceFen),
        ...(row.Subtitle ? { shpMaiDian: row.Subtitle.slice(0, 200) } : {}),
      }) as LinkValue,
  },
  category: plain('category'),
  activity: plain('activity', (row) => [
    ...summary(row),
    period(row),
    { id: 'studio.link.fact.state', values: { state: row.State } },
  ]),
  groupBuy: offer('groupBuy'),
  seckill: offer('seckill'),
  news: plain('news', (row) => [
    ...summary(row),
    { id: 'studio.link.fact.published', values: { date: day(row.PublishedAt) } },
  ]),
  column: plain('column', summary),
  bookingForm: plain('bookingForm', (row) => [
    ...summary(row),
    period(row),
    { id: 'studio.link.fact.state', values: { state: row.State } },
  ]),
  course: plain('course', (row) => [
    price(row.PriceFen),
    { id: 'studio.link.fact.lessons', values: { lessons: row.Lessons, teacher: row.Teacher } },
  ]),
  case: plain('case', summary),
  hotel: plain('hotel', (row) => [
    price(row.PriceFen),
    ...text([row.Area, row.Bed].filter(Boolean).join(' · ')),
  ]),
  hall: plain('hall', (row) => [
    price(row.PriceFen),
    { id: 'studio.link.fact.tables', values: { tables: row.Tables } },
  ]),
  coupon: plain('coupon', (row) => [
    row.CouponType === 'freeShipping'
      ? {
          id: 'studio.link.fact.couponFreeShipping',
          values: {
            threshold: fenToYuan(row.ThresholdFen),
            hasThreshold: row.ThresholdFen > 0 ? 'yes' : 'no',
          },
        }
      : row.CouponType === 'amount'
        ? {
            id: 'studio.link.fact.couponAmount',
            values: {
              amount: fenToYuan(row.Value),
              threshold: fenToYuan(row.ThresholdFen),
              hasThreshold: row.ThresholdFen > 0 ? 'yes' : 'no',
            },
          }
        : {
            id: 'studio.link.fact.couponDiscount',
            values: {
              discount: row.Value / 10,
              off: 100 - row.Value,
              threshold: fenToYuan(row.ThresholdFen),
              hasThreshold: row.ThresholdFen > 0 ? 'yes' : 'no',
            },
          },
    period(row),
  ]),
  store: {
    kind: 'store',
    endpoint: lookupEndpoints.store,
    facts: (row) => text(row.Address),
    toLink: (row) =>
      ({
        ...entityLink(LinkType.store, row),
        ...(row.Address ? { address: row.Address.slice(0, 200) } : {}),
        ...(row.Latlng ? { latlng: row.Latlng.slice(0, 64) } : {}),
        ...(row.Tel ? { tel: row.Tel.slice(0, 32) } : {}),
      }) as LinkValue,
  },
  quickPay: plain('quickPay', summary),
  menu: plain('menu', summary),
  bargain: offer('bargain'),
  pointsProduct: {
    kind: 'pointsProduct',
    endpoint: lookupEndpoints.pointsProduct,
    facts: (row) => [
      {
        id: 'studio.link.fact.points',
        values: {
          points: row.Points,
          price: fenToYuan(row.PriceFen),
          hasPrice: row.PriceFen > 0 ? 'yes' : 'no',
        },
      },
    ],
    toLink: (row) => goodsLink(LinkType.pointsProduct, row, row.PriceFen) as LinkValue,
  },
  liveRoom: plain('liveRoom', (row) => [...text(row.Anchor), period(row)]),
  vote: plain('vote', (row) => [{ id: 'studio.link.fact.until', values: { date: day(row.EndsAt) } }]),
  technician: plain('technician', (row) => [...text(row.JobTitle), ...text(row.Skills.join(' · '))]),
  service: {
    kind: 'service',
    endpoint: lookupEndpoints.service,
    facts: (row) => [
      price(row.PriceFen),
      { id: 'studio.link.fact.minutes', values: { minutes: row.Minutes } },
    ],
    toLink: (row) => goodsLink(LinkType.service, row, row.PriceFen) as LinkValue,
  },
};

export function isPickableKind(kind: string): kind is EntityLinkKind {
  return (ENTITY_LINK_KINDS as readonly string[]).includes(kind);
}

/** The descriptor of a kind, typed for code that handles every kind alike. */
export function descriptorOf(kind: EntityLinkKind): EntityDescriptor {
  return ENTITY_DESCRIPTORS[kind] as unknown as EntityDescriptor;
}
