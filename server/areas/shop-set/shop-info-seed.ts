import type { Database } from '../../db/client';
import { demoPicture } from '../../db/demo-picture';
import { shopInfos, shopNotices } from './tables';

const DAY = 24 * 60 * 60 * 1000;

/** Shop info of both demo shops and notices in every state, so the screens and the notice block show rows. */
export async function seedShopInfoAndNotices(
  db: Database,
  demo: { mallSiteId: number; secondSiteId: number },
): Promise<void> {
  const mall = demo.mallSiteId;
  const second = demo.secondSiteId;
  await db.insert(shopInfos).values([
    {
      siteId: mall,
      shopName: '演示商城',
      logo: demoPicture('#ff6a00', '商城'),
      copyright: '© 2026 演示商城',
      technicalSupport: '演示科技',
      publicAccountQr: demoPicture('#1aad19', '公众号'),
      promotionTitle: '好物精选，次日达',
      description: '上海本地生活好物商城',
      promotionWord1: '正品保障',
      promotionWord2: '极速退款',
      email: 'service@mall.example.cn',
      phone: '021-64281234',
      fax: '021-64281235',
      showIdOnProfile: true,
      newsComments: true,
      commentAudit: true,
      provinceCode: '310000',
      cityCode: '310100',
      districtCode: '310104',
      address: '漕溪北路88号',
      lng: 121.4368,
      lat: 31.1937,
      servicePhone: '400-820-8820',
      details: '营业时间 09:00-22:00，支持同城配送与到店自提。',
    },
    {
      siteId: second,
      shopName: '演示官网',
      logo: demoPicture('#3f51b5', '官网'),
      copyright: '© 2026 演示官网',
      email: 'hello@site.example.cn',
      phone: '13800138000',
      // Buyers' comments go live at once here; the mall audits them first.
      newsComments: true,
      commentAudit: false,
      provinceCode: '110000',
      cityCode: '110100',
      districtCode: '110105',
      address: '建国路89号',
      lng: 116.46,
      lat: 39.9087,
    },
  ]);
  const now = Date.now();
  await db.insert(shopNotices).values([
    {
      siteId: mall,
      title: '春季上新全场包邮',
      content: '即日起至月底，全场商品包邮，会员再享九五折。',
      mode: 'scroll',
      startsAt: new Date(now - 2 * DAY),
      endsAt: new Date(now + 20 * DAY),
      sort: 1,
    },
    {
      siteId: mall,
      title: '五一营业时间调整',
      content: '5月1日至5日各门店营业时间为10:00-21:00。',
      mode: 'popup',
      startsAt: new Date(now - DAY),
      endsAt: new Date(now + 6 * DAY),
      sort: 2,
    },
    {
      siteId: mall,
      title: '618 大促预告',
      content: '6月18日零点开抢，敬请期待。',
      mode: 'popup',
      startsAt: new Date(now + 10 * DAY),
      endsAt: new Date(now + 15 * DAY),
      sort: 3,
    },
    {
      siteId: mall,
      title: '春节物流暂停通知',
      content: '春节期间快递暂停，节后恢复发货。',
      mode: 'scroll',
      startsAt: new Date(now - 40 * DAY),
      endsAt: new Date(now - 30 * DAY),
      sort: 4,
    },
    {
      siteId: mall,
      title: '系统维护（已暂停）',
      content: '凌晨 2:00-4:00 系统维护。',
      mode: 'scroll',
      startsAt: new Date(now - DAY),
      endsAt: new Date(now + DAY),
      sort: 5,
      status: 'off',
    },
    {
      siteId: second,
      title: '官网改版上线',
      content: '新版官网支持在线预约咨询。',
      mode: 'scroll',
      startsAt: new Date(now - 3 * DAY),
      endsAt: new Date(now + 30 * DAY),
      sort: 1,
    },
    {
      siteId: second,
      title: '年度客户答谢会报名',
      content: '报名截止至下月初，名额有限。',
      mode: 'popup',
      startsAt: new Date(now + 5 * DAY),
      endsAt: new Date(now + 25 * DAY),
      sort: 2,
    },
  ]);
}
