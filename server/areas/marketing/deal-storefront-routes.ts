import * as api from '../../../contract/endpoints/deal-storefront';
import { defineRoute } from '../../http/route';
import { storefrontView } from '../order/service';
import { storefrontSite } from '../storefront/service';
import { buy, help, launch, storefrontBargains, storefrontLaunch } from './bargain';
import './deal-registrations';
import { joinTeam, openTeam, storefrontGroupBuys, storefrontTeam } from './group-buy';
import { placeSeckillOrder, storefrontSeckills } from './seckill';

/** The buyer's calls of seckill, group buying and bargains, with the shop's storefront key. */
export const dealStorefrontRoutes = [
  defineRoute(api.getSeckillActivities, async ({ db, request }) => {
    const siteId = await storefrontSite(db, request);
    return { Data: await storefrontSeckills(db, siteId, new Date()) };
  }),
  defineRoute(api.createSeckillOrder, async ({ db, request, input, locale }) => {
    const siteId = await storefrontSite(db, request);
    const order = await placeSeckillOrder(db, { siteId, now: new Date(), locale }, input);
    return { Order: await storefrontView(db, order) };
  }),
  defineRoute(api.getGroupBuyActivities, async ({ db, request }) => {
    const siteId = await storefrontSite(db, request);
    return { Data: await storefrontGroupBuys(db, siteId, new Date()) };
  }),
  defineRoute(api.getGroupBuyTeam, async ({ db, request, input }) => {
    const siteId = await storefrontSite(db, request);
    return { Team: await storefrontTeam(db, siteId, input.id) };
  }),
  defineRoute(api.openGroupBuyTeam, async ({ db, request, input, locale }) => {
    const siteId = await storefrontSite(db, request);
    return db.transaction((tx) => openTeam({ tx, siteId, now: new Date(), locale }, input));
  }),
  defineRoute(api.joinGroupBuyTeam, async ({ db, request, input, locale }) => {
    const siteId = await storefrontSite(db, request);
    return db.transaction((tx) => joinTeam({ tx, siteId, now: new Date(), locale }, input));
  }),
  defineRoute(api.getBargainEvents, async ({ db, request }) => {
    const siteId = await storefrontSite(db, request);
    return { Data: await storefrontBargains(db, siteId, new Date()) };
  }),
  defineRoute(api.getBargainLaunch, async ({ db, request, input }) => {
    const siteId = await storefrontSite(db, request);
    return { Launch: await storefrontLaunch(db, siteId, input.id) };
  }),
  defineRoute(api.launchBargain, async ({ db, request, input, locale }) => {
    const siteId = await storefrontSite(db, request);
    const Launch = await db.transaction((tx) => launch({ tx, siteId, now: new Date(), locale }, input));
    return { Launch };
  }),
  defineRoute(api.helpBargain, async ({ db, request, input, locale }) => {
    const siteId = await storefrontSite(db, request);
    return db.transaction((tx) => help({ tx, siteId, now: new Date(), locale }, input));
  }),
  defineRoute(api.buyBargain, async ({ db, request, input, locale }) => {
    const siteId = await storefrontSite(db, request);
    return db.transaction((tx) => buy({ tx, siteId, now: new Date(), locale }, input));
  }),
];
