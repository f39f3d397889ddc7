import { extendMessages } from '../../i18n/messages';

const en = {
  'member.disabled': 'This member account is disabled by the shop',
  'member.inviterNotFound': 'No active member {memberNo} invited you in this shop',
  'member.growthShort': 'The member holds less growth than this change takes away',
  'member.notFound': 'No member with this open id in this shop: sign in first',
  'grade.notFound': 'Grade {id} does not exist in this shop',
  'grade.tooMany': 'A shop has at most {max} grades',
  'grade.levelTaken': 'Grade {name} already has this level',
  'grade.thresholdOrder':
    'Growth thresholds rise with levels: grade {name} (level {level}) needs {threshold} growth',
  'grade.needsDefault': 'Make another grade the default first: new members need a starting grade',
  'grade.deleteDefault': 'Grade {name} is the default grade and cannot be deleted',
  'grade.inUse': 'Grade {name} cannot be deleted: members holding it: {count}',
  'grade.stale': 'Someone else saved this grade meanwhile (your version {yours}, now {current})',
  'grade.settingStale':
    'Someone else saved the preferential settings meanwhile (your version {yours}, now {current})',
  'grade.goodsNotFound': 'Goods {ids} do not exist in this shop',
  'storedValue.ruleNotFound': 'Recharge rule {id} does not exist in this shop',
  'storedValue.ruleAmountTaken': 'An enabled rule for this amount already exists',
  'storedValue.tooMany': 'A shop has at most {max} recharge rules',
  'storedValue.stale': 'Someone else saved this rule meanwhile (your version {yours}, now {current})',
  'storedValue.bonusSpent':
    'Recharge {subject} cannot be refunded: its amount and its bonus of {bonus} fen need {needed} fen of stored value, and the buyer has {available} fen left',
} as const;

const zh: Record<keyof typeof en, string> = {
  'member.disabled': '该会员账号已被店铺停用',
  'member.inviterNotFound': '本店没有有效的邀请会员 {memberNo}',
  'member.growthShort': '会员成长值不足，无法扣减',
  'member.notFound': '本店没有该 open id 的会员，请先登录',
  'grade.notFound': '本店没有等级 {id}',
  'grade.tooMany': '每个店铺最多 {max} 个等级',
  'grade.levelTaken': '等级 {name} 已使用该级别',
  'grade.thresholdOrder': '成长值门槛须随级别递增：等级 {name}（第 {level} 级）的门槛是 {threshold}',
  'grade.needsDefault': '请先把其他等级设为默认：新会员需要一个初始等级',
  'grade.deleteDefault': '等级 {name} 是默认等级，不能删除',
  'grade.inUse': '有 {count} 位会员处于等级 {name}，不能删除',
  'grade.stale': '该等级已被他人修改（你的版本 {yours}，当前 {current}）',
  'grade.settingStale': '优惠设置已被他人修改（你的版本 {yours}，当前 {current}）',
  'grade.goodsNotFound': '本店没有商品 {ids}',
  'storedValue.ruleNotFound': '本店没有充值规则 {id}',
  'storedValue.ruleAmountTaken': '已有相同充值金额的启用规则',
  'storedValue.tooMany': '每个店铺最多 {max} 条充值规则',
  'storedValue.stale': '该规则已被他人修改（你的版本 {yours}，当前 {current}）',
  'storedValue.bonusSpent':
    '充值单 {subject} 无法退款：退回充值金额和赠送的 {bonus} 分共需 {needed} 分储值，买家仅剩 {available} 分',
};

extendMessages({ en, zh });
