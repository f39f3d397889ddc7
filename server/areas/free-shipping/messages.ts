import { extendMessages } from '../../i18n/messages';

const en = {
  'freeShipping.notFound': 'There is no free-shipping activity {id} in this shop',
  'freeShipping.stale':
    'This activity was changed meanwhile (your version {yours}, now {current}); reload it',
  'freeShipping.productNotFound': 'Goods {id} are not in this shop’s catalogue',
  'freeShipping.unknownRegion': '{code} is not a province or city of the area list',
  'freeShipping.overlaps':
    '“{other}” already gives free shipping on some of these goods to {region} at the same time; change the regions, the goods or the dates, or switch one off',
  'freeShipping.everywhere': 'every region',
  'freeShipping.rule.minimumFenRequired': 'Enter the amount from which goods ship free',
  'freeShipping.rule.minimumQuantityRequired': 'Enter the number of pieces from which goods ship free',
  'freeShipping.rule.regionsRequired': 'Choose at least one region, or every region',
  'freeShipping.rule.goodsRequired': 'Choose at least one good',
  'freeShipping.rule.endsAfterStart': 'must be after the start',
};

const zh: Record<keyof typeof en, string> = {
  'freeShipping.notFound': '本店没有包邮活动 {id}',
  'freeShipping.stale': '该活动已被修改（你的版本 {yours}，当前 {current}），请重新加载',
  'freeShipping.productNotFound': '商品 {id} 不在本店商品库中',
  'freeShipping.unknownRegion': '{code} 不是地区列表中的省份或城市',
  'freeShipping.overlaps':
    '“{other}”在同一时间已对部分相同商品在{region}包邮；请修改地区、商品或时间，或关闭其中一个活动',
  'freeShipping.everywhere': '全部地区',
  'freeShipping.rule.minimumFenRequired': '请填写包邮的起始金额',
  'freeShipping.rule.minimumQuantityRequired': '请填写包邮的起始件数',
  'freeShipping.rule.regionsRequired': '请至少选择一个地区，或选择全部地区',
  'freeShipping.rule.goodsRequired': '请至少选择一件商品',
  'freeShipping.rule.endsAfterStart': '必须晚于开始时间',
};

extendMessages({ en, zh });
