import { and, asc, eq } from 'drizzle-orm';
import { demoPicture } from '../../db/demo-picture';
import type { AreaSeed } from '../../db/seed';
import { products } from '../product/tables';
import { couponSeed } from './coupon-seed';
import { bargainEvents, bookingForms, groupBuyActivities, seckillActivities, votes } from './tables';

const DAY = 24 * 60 * 60 * 1000;

/**
 * Demo marketing rows for the mall and the official site, so the studio's pickers and blocks show
 * live rows: a few of each, one switched off and one deleted in the mall. Coupons come from their
 * own seed through the coupon functions, points goods from the points area's seed and service,
 * lucky draws from the lottery area's seed.
 */
export const marketingSeed: AreaSeed = async (db, demo) => {
  const now = Date.now();
  const from = new Date(now - 2 * DAY);
  const until = (days: number) => new Date(now + days * DAY);
  const mall = demo.mallSiteId;
  const second = demo.secondSiteId;
  const goods = await db
    .select({ id: products.id, name: products.name, priceFen: products.priceFen, gallery: products.gallery })
    .from(products)
    .where(and(eq(products.siteId, mall), eq(products.recycleState, 'active')))
    .orderBy(asc(products.id))
    .limit(9);
  const good = (index: number) => goods[index % Math.max(goods.length, 1)];
  const offer = (index: number, title: string, percent: number) => {
    const product = good(index);
    const original = product?.priceFen || 9900;
    return {
      siteId: mall,
      productId: product?.id ?? null,
      title,
      image: product?.gallery[0] ?? demoPicture('#e4393c', title.slice(0, 2)),
      priceFen: Math.max(1, Math.round((original * percent) / 100)),
      originalPriceFen: original,
      startsAt: from,
      endsAt: until(7 + index),
    };
  };

  await couponSeed(db, demo);
  await db.insert(seckillActivities).values([
    { ...offer(0, '限时秒杀·爆款直降', 60), stock: 50 },
    { ...offer(1, '整点秒杀·每日10点', 70), stock: 30 },
    { ...offer(2, '周末秒杀·清仓特惠', 50), stock: 20, deleted: true },
  ]);
  await db.insert(groupBuyActivities).values([
    { ...offer(3, '两人拼团·立省一半', 55), groupSize: 2 },
    { ...offer(4, '三人团·家庭装', 65), groupSize: 3 },
    { ...offer(5, '老带新拼团', 75), groupSize: 2, status: 'off' },
  ]);
  await db
    .insert(bargainEvents)
    .values([{ ...offer(6, '好友助力砍到底', 10) }, { ...offer(7, '砍价0元领', 1) }]);
  const formImage = demoPicture('#2196f3', '预约');
  await db.insert(bookingForms).values([
    { siteId: mall, title: '到店自提预约', image: formImage, summary: '选择到店时间' },
    { siteId: mall, title: '私人定制咨询', image: formImage, summary: '填写需求，专属顾问联系您' },
    { siteId: second, title: '免费咨询预约', image: formImage, summary: '留下联系方式，顾问一小时内回电' },
    { siteId: second, title: '参观展厅预约', image: formImage, summary: '周一至周五 9:00-17:00' },
  ]);
  const voteImage = demoPicture('#009688', '投票');
  await db.insert(votes).values([
    {
      siteId: mall,
      title: '你最想要的新品',
      image: voteImage,
      options: ['便携榨汁杯', '香薰加湿器', '无线充电器'],
      optionVotes: [128, 86, 203],
      endsAt: until(10),
    },
    {
      siteId: mall,
      title: '门店装修风格投票',
      image: voteImage,
      options: ['北欧简约', '新中式', '工业风'],
      optionVotes: [57, 91, 34],
      endsAt: until(7),
    },
    {
      siteId: second,
      title: '年度最佳案例评选',
      image: voteImage,
      options: ['智慧园区', '品牌官网改版', '连锁门店小程序'],
      optionVotes: [45, 38, 72],
      endsAt: until(20),
    },
    {
      siteId: second,
      title: '活动时间征集',
      image: voteImage,
      options: ['周六上午', '周六下午', '周日全天'],
      optionVotes: [12, 27, 19],
      endsAt: until(5),
    },
  ]);
};
