import { demoPicture } from '../../db/demo-picture';
import type { AreaSeed } from '../../db/seed';
import { couponSeed } from './coupon-seed';
import { dealSeed } from './deal-seed';
import { marketingActivities, votes } from './tables';

const DAY = 24 * 60 * 60 * 1000;

/**
 * Demo marketing rows for the mall and the official site, so the studio's pickers and blocks show
 * live rows: a few of each, one switched off and one deleted in the mall. Coupons come from their
 * own seed through the coupon functions; points goods and booking forms from their areas' seeds,
 * made through their services; seckill, group buying and bargains are set up and bought through
 * their services (deal-seed.ts).
 */
export const marketingSeed: AreaSeed = async (db, demo) => {
  const now = Date.now();
  const from = new Date(now - 2 * DAY);
  const until = (days: number) => new Date(now + days * DAY);
  const mall = demo.mallSiteId;
  const second = demo.secondSiteId;
  await couponSeed(db, demo);
  const activityImage = demoPicture('#9c27b0', '活动');
  await db.insert(marketingActivities).values([
    {
      siteId: mall,
      title: '幸运大转盘',
      image: activityImage,
      summary: '每日登录抽好礼',
      startsAt: from,
      endsAt: until(30),
    },
    {
      siteId: mall,
      title: '周年庆集卡活动',
      image: activityImage,
      summary: '集齐五张卡瓜分红包',
      startsAt: from,
      endsAt: until(15),
    },
    {
      siteId: second,
      title: '开放日抽奖',
      image: activityImage,
      summary: '到场签到即可抽奖',
      startsAt: from,
      endsAt: until(20),
    },
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
  await dealSeed(db, demo);
};
