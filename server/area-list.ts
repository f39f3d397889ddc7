import { accountFeedbackRoutes } from './areas/account/routes';
import { accountSeed } from './areas/account/seed';
import { addedValueRoutes } from './areas/added-value/routes';
import { addedValueSeed } from './areas/added-value/seed';
import { runAddedValueSweeps } from './areas/added-value/sweeps';
import { bookingRoutes } from './areas/booking/booking-routes';
import { formRoutes } from './areas/booking/form-routes';
import { bookingSeed } from './areas/booking/seed';
import { bookingStorefrontRoutes } from './areas/booking/storefront-routes';
import { runBookingSweeps } from './areas/booking/sweeps';
import { commLookupRoutes } from './areas/comm/lookup-routes';
import { commRoutes } from './areas/comm/routes';
import { accountRoutes } from './areas/customer/account-routes';
import { complaintRoutes } from './areas/customer/complaint-routes';
import { gradeRoutes } from './areas/customer/grade-routes';
import { gradeSeed } from './areas/customer/grade-seed';
import { memberDealRoutes } from './areas/customer/member-deal-routes';
import { memberRoutes } from './areas/customer/member-routes';
import { customerRoutes } from './areas/customer/routes';
import { customerSeed } from './areas/customer/seed';
import { storedValueRoutes } from './areas/customer/stored-value-routes';
import { dashboardRoutes } from './areas/dashboard/routes';
import { dashboardSeed } from './areas/dashboard/seed';
import { demoRoutes } from './areas/demo/routes';
import { distributionRoutes } from './areas/distribution/routes';
import { distributionSeed } from './areas/distribution/seed';
import { runDistributionSweeps } from './areas/distribution/sweeps';
import { freeShippingRoutes } from './areas/free-shipping/routes';
import { freeShippingSeed } from './areas/free-shipping/seed';
import { imageLibraryRoutes } from './areas/image-library/routes';
import { liveRoomRoutes } from './areas/live-rooms/routes';
import { liveRoomSeed } from './areas/live-rooms/seed';
import { lotteryRoutes } from './areas/lottery/routes';
import { lotterySeed } from './areas/lottery/seed';
import { couponRoutes } from './areas/marketing/coupon-routes';
import { dealRoutes } from './areas/marketing/deal-routes';
import { dealStorefrontRoutes } from './areas/marketing/deal-storefront-routes';
import { offlineRoutes } from './areas/marketing/offline-routes';
import { ruleRoutes } from './areas/marketing/rule-routes';
import { marketingSeed } from './areas/marketing/seed';
import { sendRoutes } from './areas/marketing/send-routes';
import { couponStorefrontRoutes } from './areas/marketing/storefront-routes';
import { marketingSweep } from './areas/marketing/sweeps';
import { applymentSweep } from './areas/mini-program/applyment';
import { applymentRoutes } from './areas/mini-program/applyment-routes';
import { drainBatchCommits } from './areas/mini-program/batch';
import { batchRoutes } from './areas/mini-program/batch-routes';
import { miniProgramRoutes } from './areas/mini-program/routes';
import { miniProgramSeed } from './areas/mini-program/seed';
import { drainMiniProgramSteps } from './areas/mini-program/service';
import { lookupRoutes } from './areas/module-library/lookup-routes';
import { moduleLibraryRoutes } from './areas/module-library/routes';
import { moduleLibrarySeed } from './areas/module-library/seed';
import { storeLinkRoutes } from './areas/module-library/store-links';
import { orderAreaRoutes } from './areas/order/routes';
import { orderSeed } from './areas/order/seed';
import { runSweeps } from './areas/order/sweeps';
import { drainOutbox } from './areas/payment/outbox';
import { paymentRoutes } from './areas/payment/routes';
import { paymentSeed } from './areas/payment/seed';
import { pointsRoutes } from './areas/points/routes';
import { pointsSeed } from './areas/points/seed';
import { runPointsSweeps } from './areas/points/sweeps';
import { posterRoutes } from './areas/poster/routes';
import { posterSeed } from './areas/poster/seed';
import { productAreaRoutes } from './areas/product/routes';
import { productSeed } from './areas/product/seed';
import { serviceShopRoutes } from './areas/service-shop/routes';
import { serviceShopSeed } from './areas/service-shop/seed';
import { columnRoutes } from './areas/shop-set/column-routes';
import { commentRoutes } from './areas/shop-set/comment-routes';
import { freightRoutes } from './areas/shop-set/freight-routes';
import { newsRoutes } from './areas/shop-set/news-routes';
import { newsStorefrontRoutes } from './areas/shop-set/news-storefront-routes';
import { noticeRoutes } from './areas/shop-set/notice-routes';
import { shopSetSeed } from './areas/shop-set/seed';
import { shopInfoRoutes } from './areas/shop-set/shop-info-routes';
import { shopPageRoutes } from './areas/shop-set/shop-page-routes';
import { storeRoutes } from './areas/shop-set/store-routes';
import { formDataEditRoutes } from './areas/smart-form/form-data-edit-routes';
import { smartFormRoutes } from './areas/smart-form/routes';
import { smartFormSeed } from './areas/smart-form/seed';
import { storefrontKeyRoutes, storefrontRoutes } from './areas/storefront/routes';
import { storefrontSeed } from './areas/storefront/seed';
import { systemLogRoutes } from './areas/system-log/routes';
import { ticketRoutes, ticketStorefrontRoutes, ticketSweep } from './areas/ticket/routes';
import { ticketSeed } from './areas/ticket/seed';
import { userRoutes } from './areas/user/routes';
import { messagesSweep } from './areas/wechat-messages/outbox';
import { messageRoutes } from './areas/wechat-messages/routes';
import { messagesSeed } from './areas/wechat-messages/seed';
import { wechatEnvironment } from './areas/wechat-messages/service';
import { wechatPlatformRoutes } from './areas/wechat-platform/routes';
import { loadConfig, paymentEnvironment } from './config';
import type { Database } from './db/client';
import type { AreaSeed } from './db/seed';
import type { RouteDefinition } from './http/route';

/** Counts of what one run of an area's sweep changed, by kind; all zero when nothing was due. */
export type SweepCounts = Readonly<Record<string, number>>;

/** An area's time-based transitions, safe to run from several instances at once. */
export type AreaSweep = (db: Database, now: Date) => Promise<SweepCounts>;

/** What an area of server/areas brings to the server. */
export interface AreaRegistration {
  /** Its folder under server/areas. */
  folder: string;
  routes: readonly RouteDefinition[];
  /** Its demo data, run once on a fresh database after the foundation seed. */
  seed?: AreaSeed;
  /**
   * Demo data that builds on what areas later in the list seeded (growth for the orders the order
   * seed paid): every area's `lateSeed` runs after every area's `seed`, in list order.
   */
  lateSeed?: AreaSeed;
  sweep?: AreaSweep;
}

/**
 * Every area, the one place the server learns of them. Seeds and sweeps run in this order, so an
 * area comes after the areas whose rows its demo data points at.
 */
export const AREAS: readonly AreaRegistration[] = [
  { folder: 'user', routes: userRoutes },
  { folder: 'comm', routes: [...commRoutes, ...commLookupRoutes] },
  { folder: 'demo', routes: demoRoutes },
  { folder: 'dashboard', routes: dashboardRoutes, seed: dashboardSeed },
  { folder: 'product', routes: productAreaRoutes, seed: productSeed },
  {
    folder: 'module-library',
    routes: [...moduleLibraryRoutes, ...lookupRoutes, ...storeLinkRoutes],
    seed: moduleLibrarySeed,
  },
  { folder: 'image-library', routes: imageLibraryRoutes },
  // Stores before orders: pickup points, walk-in counters and the store account name them.
  {
    folder: 'shop-set',
    routes: [
      ...shopInfoRoutes,
      ...noticeRoutes,
      ...storeRoutes,
      ...shopPageRoutes,
      ...columnRoutes,
      ...newsRoutes,
      ...commentRoutes,
      ...newsStorefrontRoutes,
      ...freightRoutes,
    ],
    seed: shopSetSeed,
  },
  // Before orders: the demo buyers sign up (invited by each other) and then place the order seed's
  // orders; after every seed, they earn growth for what they paid and rise through the grades.
  {
    folder: 'customer',
    routes: [
      ...customerRoutes,
      ...memberRoutes,
      ...memberDealRoutes,
      ...accountRoutes,
      ...complaintRoutes,
      ...gradeRoutes,
      ...storedValueRoutes,
    ],
    seed: customerSeed,
    lateSeed: gradeSeed,
  },
  // Before orders: the order seed's shipments send SMS and its data top-ups take the packages' stock.
  { folder: 'added-value', routes: addedValueRoutes, seed: addedValueSeed, sweep: runAddedValueSweeps },
  { folder: 'order', routes: orderAreaRoutes, seed: orderSeed, sweep: runSweeps },
  // Tickets come from paid orders of virtual goods and are written off at stores.
  {
    folder: 'ticket',
    routes: [...ticketRoutes, ...ticketStorefrontRoutes],
    seed: ticketSeed,
    sweep: ticketSweep,
  },
  // Its late seed has demo buyers review goods they received, earning growth by the grades' rules.
  { folder: 'storefront', routes: [...storefrontRoutes, ...storefrontKeyRoutes], lateSeed: storefrontSeed },
  // After orders: its demo settings leave the orders' seeded walk-in payments alone.
  {
    folder: 'payment',
    routes: paymentRoutes,
    seed: paymentSeed,
    sweep: (db, now) => drainOutbox(db, now, paymentEnvironment()),
  },
  // After orders and payment: its demo deals place, pay and refund orders through them.
  {
    folder: 'marketing',
    routes: [
      ...couponRoutes,
      ...ruleRoutes,
      ...sendRoutes,
      ...offlineRoutes,
      ...couponStorefrontRoutes,
      ...dealRoutes,
      ...dealStorefrontRoutes,
    ],
    seed: marketingSeed,
    sweep: marketingSweep,
  },
  // After payment: its sweep applies what the outbox's transfers answered in the same run.
  {
    folder: 'distribution',
    routes: distributionRoutes,
    seed: distributionSeed,
    sweep: (db, now) => runDistributionSweeps(db, now, paymentEnvironment()),
  },
  // After marketing, orders and tickets: points goods give catalogue goods, exchanges issue tickets.
  { folder: 'points', routes: pointsRoutes, seed: pointsSeed, sweep: runPointsSweeps },
  // After points and coupons: demo buyers draw with the points they earned and win the shop's coupons.
  { folder: 'lottery', routes: lotteryRoutes, seed: lotterySeed },
  // After stores, members, orders and tickets: bookings take deposits through orders that issue tickets.
  {
    folder: 'booking',
    routes: [...formRoutes, ...bookingRoutes, ...bookingStorefrontRoutes],
    seed: bookingSeed,
    sweep: runBookingSweeps,
  },
  // After orders: its demo order to 成都 has its freight waived.
  { folder: 'free-shipping', routes: freeShippingRoutes, seed: freeShippingSeed },
  // After orders and members: rooms sell catalogue goods to the demo buyers.
  { folder: 'live-rooms', routes: liveRoomRoutes, seed: liveRoomSeed },
  // After orders: the shipped message of recent parcels, and mass sends to the members.
  {
    folder: 'wechat-messages',
    routes: messageRoutes,
    seed: messagesSeed,
    sweep: (db, now) => messagesSweep(db, now, wechatEnvironment()),
  },
  { folder: 'wechat-platform', routes: wechatPlatformRoutes },
  // After shop-set, module-library and storefront: a commit's ext config names the published template and key.
  {
    folder: 'mini-program',
    routes: [...miniProgramRoutes, ...batchRoutes, ...applymentRoutes],
    seed: miniProgramSeed,
    sweep: async (db, now) => {
      const config = loadConfig();
      const batches = await drainBatchCommits(db, now, config);
      const steps = await drainMiniProgramSteps(db, now, config);
      const applyments = await applymentSweep(db, now, config);
      return {
        batchItemsSent: batches.sent,
        batchItemsFailed: batches.failed,
        stepsSent: steps.sent,
        stepsFailed: steps.failed,
        applymentsSent: applyments.sent,
        applymentsFailed: applyments.failed,
        applymentsPolled: applyments.polled,
      };
    },
  },
  { folder: 'poster', routes: posterRoutes, seed: posterSeed },
  { folder: 'smart-form', routes: [...smartFormRoutes, ...formDataEditRoutes], seed: smartFormSeed },
  { folder: 'account', routes: accountFeedbackRoutes, seed: accountSeed },
  { folder: 'system-log', routes: systemLogRoutes },
  // After shop-set and marketing: its demo technicians work at a store, services open a booking form.
  { folder: 'service-shop', routes: serviceShopRoutes, seed: serviceShopSeed },
];

export const allRoutes: RouteDefinition[] = AREAS.flatMap((area) => area.routes);

export const areaSeeds: AreaSeed[] = [
  ...AREAS.flatMap((area) => (area.seed ? [area.seed] : [])),
  ...AREAS.flatMap((area) => (area.lateSeed ? [area.lateSeed] : [])),
];

/** Every area's sweep once, with what each changed under its folder's name. */
export async function runAreaSweeps(
  db: Database,
  now = new Date(),
  areas: readonly AreaRegistration[] = AREAS,
): Promise<Record<string, SweepCounts>> {
  const counts: Record<string, SweepCounts> = {};
  for (const area of areas) if (area.sweep) counts[area.folder] = await area.sweep(db, now);
  return counts;
}
