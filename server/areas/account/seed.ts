import type { AreaSeed } from '../../db/seed';
import { statusCode } from './feedback-rows';
import { feedback } from './tables';

const HOUR = 60 * 60 * 1000;
const SURNAMES = ['王', '李', '张', '刘', '陈', '杨', '赵', '黄', '周', '吴'];
const GIVEN = ['小明', '丽', '伟', '芳', '强', '静', '磊', '敏'];
const TOPICS = [
  '下单后一直没有收到发货通知，麻烦帮忙查一下物流。',
  '小程序首页图片加载有点慢，希望能优化一下。',
  '希望增加货到付款的支付方式。',
  '收到的商品包装有破损，请问怎么申请售后？',
  '会员积分什么时候可以兑换优惠券？',
  '门店营业时间和小程序上显示的不一致。',
  '客服电话一直打不通，请尽快回复。',
  '建议在商品详情页增加更多实拍图片。',
  '优惠券在结算时无法使用，提示不满足条件。',
  '服务很好，希望多搞一些会员活动！',
];
const REPLIES = [
  '您好，已为您核实处理，感谢您的反馈！',
  '感谢建议，我们会尽快安排优化。',
  '已联系您处理售后，请留意来电。',
];

function photo(colour: string): string {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 120"><rect width="120" height="120" fill="${colour}"/></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

/** About twenty feedback entries per demo shop, a third of them already answered. */
export const accountSeed: AreaSeed = async (db, demo) => {
  const now = Date.now();
  const sites = [demo.mallSiteId, demo.secondSiteId, demo.expiredSiteId];
  const rows = sites.flatMap((siteId, siteIndex) =>
    Array.from({ length: 20 }, (_, index) => {
      const handled = index % 3 === 0;
      const createdAt = new Date(now - (index * 13 + siteIndex * 5 + 2) * HOUR);
      return {
        siteId,
        memberName: `${SURNAMES[(index + siteIndex) % SURNAMES.length]}${GIVEN[index % GIVEN.length]}`,
        phone: `139${String(10_000_000 + siteId * 1_000_000 + index * 7_919).slice(-8)}`,
        content: TOPICS[index % TOPICS.length]!,
        images: index % 5 === 1 ? [photo('#f59e0b'), photo('#3b82f6')] : [],
        status: statusCode(handled ? 'handled' : 'new'),
        reply: handled ? REPLIES[index % REPLIES.length]! : '',
        handledBy: handled ? demo.adminAccountId : null,
        handledByName: handled ? 'admin' : '',
        handledAt: handled ? new Date(createdAt.getTime() + 2 * HOUR) : null,
        createdAt,
      };
    }),
  );
  await db.insert(feedback).values(rows);
};
