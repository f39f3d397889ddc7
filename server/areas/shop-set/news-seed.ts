import { and, eq } from 'drizzle-orm';
import { demoPicture } from '../../db/demo-picture';
import type { AreaSeed } from '../../db/seed';
import { newsArticles, newsColumns, newsComments } from './tables';

const DAY = 24 * 60 * 60 * 1000;

const paragraphs = (...texts: string[]) => texts.map((text) => `<p>${text}</p>`).join('');

/**
 * Columns, articles and comments beyond the link targets of shopSetSeed: a second-level column,
 * bodies, authors and flags, a scheduled and a switched-off article, and comments in every state.
 * The mall audits its comments (so its queue has pending ones); the official site does not.
 */
export const newsSeed: AreaSeed = async (db, demo) => {
  const now = Date.now();
  const mall = demo.mallSiteId;
  const second = demo.secondSiteId;
  const [notices] = await db
    .select()
    .from(newsColumns)
    .where(and(eq(newsColumns.siteId, mall), eq(newsColumns.title, '店铺公告')));
  await db
    .update(newsColumns)
    .set({ body: paragraphs('本栏目发布店铺上新、优惠活动与营业时间调整等通知。'), sort: 10 })
    .where(eq(newsColumns.id, notices!.id));
  const columnImage = demoPicture('#3f51b5', '栏目');
  const [promotions] = await db
    .insert(newsColumns)
    .values([
      {
        siteId: mall,
        parentId: notices!.id,
        title: '优惠活动',
        image: columnImage,
        summary: '满减、折扣与会员日',
      },
      {
        siteId: mall,
        parentId: notices!.id,
        title: '闭店通知',
        image: columnImage,
        summary: '节假日与装修闭店',
        status: 'off',
      },
      { siteId: second, title: '行业资讯', image: columnImage, summary: '行业观察与趋势' },
    ])
    .returning();

  await db
    .update(newsArticles)
    .set({
      author: '店长',
      hot: true,
      banner: true,
      sort: 20,
      body: paragraphs('三月起春季新品陆续到店，线上下单全场包邮。', '会员下单再享积分翻倍。'),
    })
    .where(and(eq(newsArticles.siteId, mall), eq(newsArticles.title, '春季新品上市，全场包邮')));
  await db
    .update(newsArticles)
    .set({ author: '客服部', body: paragraphs('5月1日至5日各门店营业时间为10:00-21:00。') })
    .where(and(eq(newsArticles.siteId, mall), eq(newsArticles.title, '五一假期营业时间调整')));
  await db
    .update(newsArticles)
    .set({
      author: '市场部',
      hot: true,
      body: paragraphs('公司荣获年度创新企业称号，感谢每一位客户与伙伴。'),
    })
    .where(and(eq(newsArticles.siteId, second), eq(newsArticles.title, '公司荣获年度创新企业称号')));

  const newsImage = demoPicture('#607d8b', '资讯');
  const [sale, , , officialScheduled] = await db
    .insert(newsArticles)
    .values([
      {
        siteId: mall,
        columnId: promotions!.id,
        title: '周末会员日：满200减30',
        author: '运营部',
        image: newsImage,
        summary: '每周六、周日会员专享。',
        body: paragraphs('每周六、周日，会员下单满200元立减30元。'),
        views: 74,
        publishedAt: new Date(now - 4 * DAY),
      },
      {
        siteId: mall,
        columnId: promotions!.id,
        title: '双十一预告：全场五折起',
        author: '运营部',
        image: newsImage,
        summary: '定时发布的预告。',
        body: paragraphs('十一月十一日零点开抢，全场五折起。'),
        banner: true,
        publishedAt: new Date(now + 3 * DAY),
      },
      {
        siteId: mall,
        columnId: notices!.id,
        title: '门店装修期间暂停营业（草稿）',
        author: '店长',
        image: newsImage,
        summary: '尚未发布。',
        status: 'off',
        publishedAt: new Date(now - DAY),
      },
      {
        siteId: second,
        title: '年度客户答谢会报名开启',
        author: '市场部',
        image: newsImage,
        summary: '下月举行，名额有限。',
        body: paragraphs('年度客户答谢会将于下月举行。'),
        publishedAt: new Date(now + 2 * DAY),
      },
    ])
    .returning();

  const [spring] = await db
    .select()
    .from(newsArticles)
    .where(and(eq(newsArticles.siteId, mall), eq(newsArticles.title, '春季新品上市，全场包邮')));
  const [award] = await db
    .select()
    .from(newsArticles)
    .where(and(eq(newsArticles.siteId, second), eq(newsArticles.title, '公司荣获年度创新企业称号')));
  const ago = (hours: number) => new Date(now - hours * 60 * 60 * 1000);
  const member = (buyerId: string, authorName: string) => ({
    author: 'member' as const,
    buyerId,
    authorName,
  });
  const [liked] = await db
    .insert(newsComments)
    .values([
      {
        siteId: mall,
        articleId: spring!.id,
        ...member('buyer-1001', '小王'),
        content: '新品什么时候到静安寺店？',
        state: 'approved',
        createdAt: ago(50),
      },
      {
        siteId: mall,
        articleId: spring!.id,
        ...member('buyer-1002', '李女士'),
        content: '包邮太好了，已下单。',
        state: 'pending',
        createdAt: ago(5),
      },
      {
        siteId: mall,
        articleId: spring!.id,
        ...member('buyer-1003', '张先生'),
        content: '求问有没有大码？',
        state: 'pending',
        createdAt: ago(3),
      },
      {
        siteId: mall,
        articleId: sale!.id,
        ...member('buyer-1004', '赵同学'),
        content: '会员日可以叠加优惠券吗？',
        state: 'pending',
        createdAt: ago(2),
      },
      {
        siteId: mall,
        articleId: sale!.id,
        ...member('buyer-1005', '路人甲'),
        content: '加微信领红包 xxx',
        state: 'rejected',
        createdAt: ago(30),
      },
      {
        siteId: mall,
        articleId: spring!.id,
        ...member('buyer-1006', '陈阿姨'),
        content: '上次买的有点小瑕疵。',
        state: 'hidden',
        createdAt: ago(70),
      },
      {
        siteId: second,
        articleId: award!.id,
        ...member('guest-2001', '合作伙伴'),
        content: '恭喜！实至名归。',
        state: 'approved',
        createdAt: ago(20),
      },
      {
        siteId: second,
        articleId: officialScheduled!.id,
        ...member('guest-2002', '访客'),
        content: '预约了，期待。',
        state: 'approved',
        createdAt: ago(1),
      },
    ])
    .returning();
  await db.insert(newsComments).values([
    {
      siteId: mall,
      articleId: spring!.id,
      parentId: liked!.id,
      author: 'shop',
      authorName: 'admin',
      content: '本周五到店，欢迎光临！',
      state: 'approved',
      createdAt: ago(48),
    },
    {
      siteId: mall,
      articleId: spring!.id,
      parentId: liked!.id,
      ...member('buyer-1007', '周同学'),
      content: '静安寺店周六也有吗？',
      state: 'pending',
      createdAt: ago(4),
    },
  ]);
};
