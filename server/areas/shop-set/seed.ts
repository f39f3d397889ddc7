import { and, eq } from 'drizzle-orm';
import { demoPicture } from '../../db/demo-picture';
import { accounts } from '../../db/schema';
import type { AreaSeed } from '../../db/seed';
import { newsSeed } from './news-seed';
import { seedShopInfoAndNotices } from './shop-info-seed';
import { seedStoreAccounts, seedStores } from './store-seed';
import {
  banquetHalls,
  cases,
  courses,
  dishMenus,
  hotelRooms,
  newsArticles,
  newsColumns,
  quickPayEntries,
} from './tables';

const DAY = 24 * 60 * 60 * 1000;

/** Demo shop content for the mall and the official site: stores, news, cases and the verticals' rows. */
export const shopSetSeed: AreaSeed = async (db, demo) => {
  const now = Date.now();
  const mall = demo.mallSiteId;
  const second = demo.secondSiteId;
  const [flagship, jingan] = await seedStores(db, mall, second);
  // The demo store account (旗舰店) works for the flagship store: it sees that store's orders only.
  await db
    .update(accounts)
    .set({ storeId: flagship!.id })
    .where(and(eq(accounts.siteId, mall), eq(accounts.isStore, true)));
  await seedStoreAccounts(db, mall, jingan!.id);
  const columnImage = demoPicture('#3f51b5', '栏目');
  const [mallNews, , officialNews] = await db
    .insert(newsColumns)
    .values([
      { siteId: mall, title: '店铺公告', image: columnImage, summary: '上新、活动与营业时间通知' },
      { siteId: mall, title: '生活指南', image: columnImage, summary: '好物推荐与使用技巧' },
      { siteId: second, title: '公司动态', image: columnImage, summary: '企业新闻与行业资讯' },
    ])
    .returning();
  const newsImage = demoPicture('#607d8b', '资讯');
  await db.insert(newsArticles).values([
    {
      siteId: mall,
      columnId: mallNews!.id,
      title: '春季新品上市，全场包邮',
      image: newsImage,
      summary: '三月起新品陆续到店，线上下单全场包邮。',
      views: 326,
      publishedAt: new Date(now - 3 * DAY),
    },
    {
      siteId: mall,
      columnId: mallNews!.id,
      title: '五一假期营业时间调整',
      image: newsImage,
      summary: '5月1日至5日各门店营业时间为10:00-21:00。',
      views: 158,
      publishedAt: new Date(now - DAY),
    },
    {
      siteId: mall,
      title: '夏日饮品DIY指南',
      image: newsImage,
      summary: '用一台榨汁杯做出五款清爽饮品。',
      views: 89,
      publishedAt: new Date(now - 2 * DAY),
    },
    {
      siteId: mall,
      columnId: mallNews!.id,
      title: '旧版会员规则说明',
      image: newsImage,
      summary: '已由新规则替代。',
      deleted: true,
    },
    {
      siteId: second,
      columnId: officialNews!.id,
      title: '公司荣获年度创新企业称号',
      image: newsImage,
      summary: '感谢每一位客户与伙伴的信任。',
      views: 512,
      publishedAt: new Date(now - 5 * DAY),
    },
    {
      siteId: second,
      columnId: officialNews!.id,
      title: '新版官网正式上线',
      image: newsImage,
      summary: '全新设计，支持在线预约咨询。',
      views: 201,
      publishedAt: new Date(now - DAY),
    },
  ]);
  const caseImage = demoPicture('#795548', '案例');
  await db.insert(cases).values([
    { siteId: second, title: '某连锁茶饮品牌小程序', image: caseImage, summary: '上线三个月会员增长12万' },
    { siteId: second, title: '智慧园区访客系统', image: caseImage, summary: '访客预约、门禁一体化' },
    { siteId: mall, title: '社区团购运营案例', image: caseImage, summary: '三个月覆盖两百个小区' },
    { siteId: mall, title: '门店陈列改造案例', image: caseImage, summary: '旗舰店坪效提升30%' },
  ]);
  const courseImage = demoPicture('#00bcd4', '课程');
  await db.insert(courses).values([
    {
      siteId: mall,
      title: '零基础学咖啡拉花',
      image: courseImage,
      priceFen: 19900,
      lessons: 8,
      students: 236,
      teacher: '王老师',
    },
    {
      siteId: mall,
      title: '家庭收纳整理入门',
      image: courseImage,
      priceFen: 9900,
      lessons: 5,
      students: 418,
      teacher: '李老师',
    },
    {
      siteId: second,
      title: '小程序运营实战课',
      image: courseImage,
      priceFen: 29900,
      lessons: 12,
      students: 97,
      teacher: '陈老师',
    },
  ]);
  const roomImage = demoPicture('#8bc34a', '客房');
  await db.insert(hotelRooms).values([
    { siteId: mall, title: '豪华大床房', image: roomImage, priceFen: 58800, area: '35㎡', bed: '1.8米大床' },
    { siteId: mall, title: '行政双床房', image: roomImage, priceFen: 66800, area: '40㎡', bed: '1.2米双床' },
    { siteId: second, title: '江景套房', image: roomImage, priceFen: 128800, area: '68㎡', bed: '2米大床' },
  ]);
  const hallImage = demoPicture('#e91e63', '宴会');
  await db.insert(banquetHalls).values([
    { siteId: mall, title: '金色大厅', image: hallImage, priceFen: 388800, tables: 30 },
    { siteId: mall, title: '玫瑰厅', image: hallImage, priceFen: 268800, tables: 12 },
    { siteId: second, title: '水晶宴会厅', image: hallImage, priceFen: 458800, tables: 40 },
  ]);
  const menuImage = demoPicture('#ff5722', '菜单');
  await db.insert(dishMenus).values([
    { siteId: mall, title: '午市套餐', image: menuImage, summary: '11:00-14:00 供应' },
    { siteId: mall, title: '招牌菜单', image: menuImage, summary: '本店招牌与时令菜' },
    { siteId: second, title: '商务宴请菜单', image: menuImage, summary: '8-12人桌' },
  ]);
  const payImage = demoPicture('#1aad19', '买单');
  await db.insert(quickPayEntries).values([
    { siteId: mall, title: '到店买单', image: payImage, summary: '扫码输入金额直接支付' },
    { siteId: mall, title: '会员充值买单', image: payImage, summary: '余额支付享9.5折' },
    { siteId: second, title: '咨询费支付', image: payImage, summary: '按顾问报价支付' },
  ]);
  await newsSeed(db, demo);
  await seedShopInfoAndNotices(db, demo);
};
