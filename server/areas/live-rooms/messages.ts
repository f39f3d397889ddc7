import { extendMessages } from '../../i18n/messages';

const en = {
  'live.roomNotFound': 'No such live room in this shop (#{id})',
  'live.roomEnded': 'The live room has ended; goods can no longer be added',
  'live.goodsNotFound': 'No such live good in this shop (#{id})',
  'live.goodsNotApproved': '“{name}” has not passed WeChat’s audit yet',
  'live.productNotFound': 'No such good in the catalogue (#{id})',
  'live.productNoImage': 'The good has no picture; WeChat needs one for its cover',
  'live.rule.width': 'Use {min} to {max} Chinese characters (two letters or digits count as one)',
  'live.rule.startTooSoon': 'The start must be at least {minutes} minutes from now',
  'live.rule.startTooLate': 'The start must be within {days} days',
  'live.rule.tooShort': 'The show must last at least {minutes} minutes',
  'live.rule.tooLong': 'The show may last at most {hours} hours',
} as const;

const zh: Record<keyof typeof en, string> = {
  'live.roomNotFound': '本店没有该直播间（#{id}）',
  'live.roomEnded': '直播已结束，不能再添加商品',
  'live.goodsNotFound': '本店没有该直播商品（#{id}）',
  'live.goodsNotApproved': '“{name}”尚未通过微信审核',
  'live.productNotFound': '商品库中没有该商品（#{id}）',
  'live.productNoImage': '该商品没有图片，微信需要图片作为封面',
  'live.rule.width': '请输入 {min} 到 {max} 个汉字（两个字母或数字算一个汉字）',
  'live.rule.startTooSoon': '开播时间须在当前时间 {minutes} 分钟之后',
  'live.rule.startTooLate': '开播时间须在 {days} 天之内',
  'live.rule.tooShort': '直播时长至少 {minutes} 分钟',
  'live.rule.tooLong': '直播时长不能超过 {hours} 小时',
};

extendMessages({ en, zh });
