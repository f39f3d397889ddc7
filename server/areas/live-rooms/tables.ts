import { boolean, index, integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { linkEntityColumns, linkEntityIndex } from '../../db/link-entity-columns';
import { sites } from '../../db/schema';
import { products } from '../product/tables';

/**
 * Mini-program live rooms (livePlayer): `image` is the cover. Rooms made on the create screen were
 * created on WeChat's live broadcast (or the sandbox) first and carry its room id; the studio's
 * live-room block links to them.
 */
export const liveRooms = pgTable(
  'live_rooms',
  {
    ...linkEntityColumns(),
    anchor: text('anchor').notNull().default(''),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    shareImage: text('share_image').notNull().default(''),
    anchorWechat: text('anchor_wechat').notNull().default(''),
    type: text('type', { enum: ['phone', 'push'] })
      .notNull()
      .default('phone'),
    closeComment: boolean('close_comment').notNull().default(false),
    closeShare: boolean('close_share').notNull().default(false),
    wechatRoomId: integer('wechat_room_id').notNull().default(0),
    provider: text('provider', { enum: ['wechat', 'sandbox'] })
      .notNull()
      .default('sandbox'),
  },
  (table) => [linkEntityIndex('live_rooms', table)],
);

/** Catalogue goods submitted to WeChat's live goods library, with their audit state. */
export const liveGoods = pgTable(
  'live_goods',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    name: text('name').notNull(),
    cover: text('cover').notNull().default(''),
    priceFen: integer('price_fen').notNull(),
    state: text('state', { enum: ['auditing', 'approved', 'rejected'] })
      .notNull()
      .default('auditing'),
    wechatGoodsId: integer('wechat_goods_id').notNull().default(0),
    auditId: integer('audit_id').notNull().default(0),
    provider: text('provider', { enum: ['wechat', 'sandbox'] })
      .notNull()
      .default('sandbox'),
    deleted: boolean('deleted').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('live_goods_site').on(table.siteId, table.deleted, table.state)],
);

/** Goods placed in a room (room/addgoods). */
export const liveRoomGoods = pgTable(
  'live_room_goods',
  {
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    roomId: integer('room_id')
      .notNull()
      .references(() => liveRooms.id),
    goodsId: integer('goods_id')
      .notNull()
      .references(() => liveGoods.id),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.roomId, table.goodsId] })],
);
