import type { AreaSeed } from '../../db/seed';
import { platformNotices } from './tables';

const DAY = 24 * 60 * 60 * 1000;

/** Three platform-wide notices so a new shop's dashboard shows what the notice list looks like. */
export const dashboardSeed: AreaSeed = async (db) => {
  const now = Date.now();
  await db.insert(platformNotices).values([
    {
      title: '欢迎使用小程序管理系统',
      content: '装修店铺、上架商品、配置支付后即可发布小程序。',
      titleEn: 'Welcome to the mini-program management system',
      contentEn: 'Decorate your shop, list goods and set up payment, then publish your mini-program.',
      createdAt: new Date(now - 2 * DAY),
    },
    {
      title: '微信支付商户号配置指引',
      content: '在 店铺 › 支付配置 中填写商户号与 API 密钥。',
      titleEn: 'Setting up your WeChat Pay merchant id',
      contentEn: 'Fill in the merchant id and API key under Shop › Payment settings.',
      createdAt: new Date(now - DAY),
    },
    {
      title: '新功能：智能表单与海报编辑器',
      content: '在 店铺装修 中可以创建预约表单并设计分享海报。',
      titleEn: 'New: smart forms and the poster editor',
      contentEn: 'Create booking forms and design share posters under Shop decoration.',
      createdAt: new Date(now - 60 * 60 * 1000),
    },
  ]);
};
