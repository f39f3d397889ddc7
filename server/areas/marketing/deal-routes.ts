import * as bargainApi from '../../../contract/endpoints/bargain';
import { getDealGoods } from '../../../contract/endpoints/deal-common';
import * as groupBuyApi from '../../../contract/endpoints/group-buy';
import * as seckillApi from '../../../contract/endpoints/seckill';
import { defineRoute } from '../../http/route';
import {
  addBargainGoods,
  bargainEventDetail,
  bargainGoodsDetail,
  launchDetail,
  listBargainEvents,
  listBargainGoods,
  listLaunches,
  saveBargainEvent,
  saveBargainGoods,
  saveBargainRules,
  sortBargainEvent,
  switchBargainEvents,
  switchBargainGoods,
} from './bargain';
import { requireGoods } from './deal-goods';
import './deal-registrations';
import { settleEndedTeams } from './deal-sweeps';
import {
  groupBuyDetail,
  listGroupBuys,
  listTeams,
  saveGroupBuy,
  sortGroupBuy,
  switchGroupBuys,
  teamCommand,
  teamDetail,
} from './group-buy';
import {
  addSeckillGoods,
  listSeckillGoods,
  listSeckills,
  removeSeckillGoods,
  saveSeckill,
  saveSeckillGoods,
  saveSeckillRules,
  seckillDetail,
  seckillGoodsDetail,
  sortSeckillGoods,
  switchSeckills,
} from './seckill';

/** The operator's calls of seckill, group buying and bargains (SPEC §7 /DistributorsShopProduct/). */

const seckillRoutes = [
  defineRoute(seckillApi.getSeckillActivityList, ({ db, session, input }) =>
    listSeckills(db, session.siteId, input),
  ),
  defineRoute(seckillApi.getSeckillInfo, ({ db, session, input }) =>
    seckillDetail(db, session.siteId, input.id),
  ),
  defineRoute(seckillApi.bindSeckillInfo, ({ db, session, input }) =>
    db.transaction((tx) => saveSeckill(tx, session, input)),
  ),
  defineRoute(seckillApi.bindSeckillRules, ({ db, session, input }) =>
    db.transaction((tx) => saveSeckillRules(tx, session, input)),
  ),
  defineRoute(seckillApi.bindSeckillUpdateStateAndDel, ({ db, session, input, locale }) =>
    db.transaction((tx) => switchSeckills(tx, session, locale, input)),
  ),
  defineRoute(seckillApi.getSeckillAndProductList, ({ db, session, input }) =>
    listSeckillGoods(db, session.siteId, input),
  ),
  defineRoute(seckillApi.getSeckillAndProduct, ({ db, session, input }) =>
    seckillGoodsDetail(db, session.siteId, input.id),
  ),
  defineRoute(seckillApi.bindAddSeakillAndProduct, ({ db, session, input }) =>
    db.transaction((tx) => addSeckillGoods(tx, session, input)),
  ),
  defineRoute(seckillApi.bindSeckillAndProduct, ({ db, session, input }) =>
    db.transaction((tx) => saveSeckillGoods(tx, session, input)),
  ),
  defineRoute(seckillApi.bindSeckillProductRelateAndDel, async ({ db, session, input }) => ({
    Deleted: await db.transaction((tx) => removeSeckillGoods(tx, session, input.Ids)),
  })),
  defineRoute(seckillApi.setSeckillProductTaxis, ({ db, session, input }) =>
    db.transaction((tx) => sortSeckillGoods(tx, session, input.Id, input.Sort)),
  ),
];

const groupBuyRoutes = [
  defineRoute(groupBuyApi.getGroupBuyActivityList, ({ db, session, input }) =>
    listGroupBuys(db, session.siteId, input),
  ),
  defineRoute(groupBuyApi.getGroupBuyInfo, ({ db, session, input }) =>
    groupBuyDetail(db, session.siteId, input.id),
  ),
  defineRoute(groupBuyApi.bindGroupBuyInfo, ({ db, session, input }) =>
    db.transaction((tx) => saveGroupBuy(tx, session, input)),
  ),
  defineRoute(groupBuyApi.bindGroupBuyUpdateStateAndDel, ({ db, session, input, locale }) =>
    db.transaction((tx) => switchGroupBuys(tx, session, locale, input)),
  ),
  defineRoute(groupBuyApi.setGroupBuyTaxis, ({ db, session, input }) =>
    db.transaction((tx) => sortGroupBuy(tx, session, input.Id, input.Sort)),
  ),
  defineRoute(groupBuyApi.getGroupBuyTeamList, ({ db, session, input }) =>
    listTeams(db, session.siteId, input),
  ),
  defineRoute(groupBuyApi.getGroupBuyTeamInfo, ({ db, session, input }) =>
    teamDetail(db, session.siteId, input.id),
  ),
  defineRoute(groupBuyApi.bindGroupBuyTeamState, async ({ db, session, input, locale }) => {
    await db.transaction((tx) => teamCommand(tx, session, locale, input));
    // The team's orders are settled at once, each in its own transaction as the sweep does.
    await settleEndedTeams(db, new Date(), input.Id);
    const { Members: _members, ...team } = await teamDetail(db, session.siteId, input.Id);
    return team;
  }),
];

const bargainRoutes = [
  defineRoute(bargainApi.getBargainEventList, ({ db, session, input }) =>
    listBargainEvents(db, session.siteId, input),
  ),
  defineRoute(bargainApi.getBargainEventInfo, ({ db, session, input }) =>
    bargainEventDetail(db, session.siteId, input.id),
  ),
  defineRoute(bargainApi.bindBargainEventInfo, ({ db, session, input }) =>
    db.transaction((tx) => saveBargainEvent(tx, session, input)),
  ),
  defineRoute(bargainApi.bindBargainRules, ({ db, session, input }) =>
    db.transaction((tx) => saveBargainRules(tx, session, input)),
  ),
  defineRoute(bargainApi.bindBargainUpdateStateAndDel, ({ db, session, input, locale }) =>
    db.transaction((tx) => switchBargainEvents(tx, session, locale, input)),
  ),
  defineRoute(bargainApi.setBargainEventTaxis, ({ db, session, input }) =>
    db.transaction((tx) => sortBargainEvent(tx, session, input.Id, input.Sort)),
  ),
  defineRoute(bargainApi.getBargainEventAndProductList, ({ db, session, input }) =>
    listBargainGoods(db, session.siteId, input),
  ),
  defineRoute(bargainApi.getBargainEventAndProductInfo, ({ db, session, input }) =>
    bargainGoodsDetail(db, session.siteId, input.id),
  ),
  defineRoute(bargainApi.bindAddBargainEventAndProduct, ({ db, session, input }) =>
    db.transaction((tx) => addBargainGoods(tx, session, input)),
  ),
  defineRoute(bargainApi.bindBargainEventAndProductInfo, ({ db, session, input }) =>
    db.transaction((tx) => saveBargainGoods(tx, session, input)),
  ),
  defineRoute(bargainApi.setBargainEventAndProductInfo, ({ db, session, input, locale }) =>
    db.transaction((tx) => switchBargainGoods(tx, session, locale, input)),
  ),
  defineRoute(bargainApi.getBargainEventAccountList, ({ db, session, input }) =>
    listLaunches(db, session.siteId, input),
  ),
  defineRoute(bargainApi.getBargainEventAccountInfo, ({ db, session, input }) =>
    launchDetail(db, session.siteId, input.id),
  ),
];

const goodsRoute = defineRoute(getDealGoods, async ({ db, session, input }) => {
  const goods = await requireGoods(db, session.siteId, input.productId, 'productId');
  return {
    Id: goods.id,
    Name: goods.name,
    Image: goods.image,
    Kind: goods.kind,
    Skus: goods.skus.map((sku) => ({
      SkuId: sku.id,
      SpecText: sku.specText,
      PriceFen: sku.priceFen,
      Stock: sku.stock,
    })),
  };
});

export const dealRoutes = [goodsRoute, ...seckillRoutes, ...groupBuyRoutes, ...bargainRoutes];
