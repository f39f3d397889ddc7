import { extendMessages } from '../../i18n/messages';

const en = {
  'stores.notFound': 'There is no store {id} in this shop',
  'stores.someNotFound': 'These stores are not in this shop: {ids}',
  'stores.stale':
    'This store was changed by someone else meanwhile (your version {yours}, now {current}); reload it and edit again',
  'stores.unknownArea': 'The province, city and district are not one area of the list; choose them again',
  'stores.shopOnly': 'Only the shop’s own accounts may do this; a store account edits its own store',
  'stores.otherStore': 'A store account may only see and edit its own store',
  'stores.pendingPickups':
    '{store} still has {count} pickup orders to hand over: {orders}. Confirm to switch it off anyway',
  'stores.hasAccounts': '{store} has {count} store accounts bound; unbind them first',
  'stores.hasPickups': '{store} still has {count} pickup orders to hand over: {orders}',
  'stores.accountNotFound': 'There is no store account {id} in this shop',
  'stores.accountElsewhere': 'Store account {name} is not bound to this store',
  'stores.andMore': '{orders} and {count} more',
  'shopPages.pageNotFound': 'The published template has no page {id}',
  'stores.rule.bothCoordinates': 'give both latitude and longitude, or neither',
  'stores.rule.wholeArea': 'choose the province, city and district, or none of them',
  'stores.rule.sameHours': 'the closing time must differ from the opening time',
};

const zh: Record<keyof typeof en, string> = {
  'stores.notFound': '本店没有编号为 {id} 的门店',
  'stores.someNotFound': '以下门店不属于本店：{ids}',
  'stores.stale': '该门店已被他人修改（您的版本 {yours}，当前 {current}），请重新加载后再编辑',
  'stores.unknownArea': '所选省、市、区不属于同一地区，请重新选择',
  'stores.shopOnly': '仅商家主账号可执行此操作；门店账号只能编辑自己的门店',
  'stores.otherStore': '门店账号只能查看和编辑自己的门店',
  'stores.pendingPickups': '{store}还有 {count} 笔自提订单待交付：{orders}。确认后仍可停用',
  'stores.hasAccounts': '{store}绑定了 {count} 个门店账号，请先解绑',
  'stores.hasPickups': '{store}还有 {count} 笔自提订单待交付：{orders}',
  'stores.accountNotFound': '本店没有编号为 {id} 的门店账号',
  'stores.accountElsewhere': '门店账号 {name} 未绑定到该门店',
  'stores.andMore': '{orders} 等 {count} 笔',
  'shopPages.pageNotFound': '已发布的模板中没有页面 {id}',
  'stores.rule.bothCoordinates': '经度和纬度需同时填写或同时留空',
  'stores.rule.wholeArea': '省、市、区需全部选择或全部留空',
  'stores.rule.sameHours': '打烊时间不能与营业时间相同',
};

extendMessages({ en, zh });
