import { extendMessages } from '../../i18n/messages';

/** Messages of freight templates, the contract's rules among them (the editor says the same). */
const en = {
  'freight.notFound': 'There is no freight template {id} in this shop',
  'freight.stale':
    'This freight template was changed by someone else meanwhile (your version {yours}, now {current}); reload it and edit again',
  'freight.nameTaken': 'The shop already has a freight template named “{name}”',
  'freight.inUse': '“{name}” is used by {count} goods: give them another freight template before deleting it',
  'freight.unknownRegion': 'Region {code} is not a province or city of the area list',
  'freight.copySuffix': ' (copy)',
  'freight.rule.unitMax.piece': 'at most {max} pieces',
  'freight.rule.unitMax.weight': 'at most {max} kg',
  'freight.rule.unitMax.volume': 'at most {max} m³',
  'freight.rule.freeQuantityRequired': 'enter the number of pieces from which it ships free',
  'freight.rule.freeAmountRequired': 'enter the goods amount from which it ships free',
  'freight.rule.overlapRule': '{region} is already covered by rule {rule}',
  'freight.rule.overlapUndeliverable': '{region} is already listed as not delivered to',
};

const zh: Record<keyof typeof en, string> = {
  'freight.notFound': '本店没有编号为 {id} 的运费模板',
  'freight.stale': '该运费模板已被他人修改（您的版本 {yours}，当前 {current}），请重新加载后再编辑',
  'freight.nameTaken': '本店已有名为“{name}”的运费模板',
  'freight.inUse': '“{name}”正被 {count} 件商品使用，请先为这些商品更换运费模板再删除',
  'freight.unknownRegion': '地区 {code} 不是地区列表中的省或市',
  'freight.copySuffix': ' 副本',
  'freight.rule.unitMax.piece': '最多 {max} 件',
  'freight.rule.unitMax.weight': '最多 {max} kg',
  'freight.rule.unitMax.volume': '最多 {max} m³',
  'freight.rule.freeQuantityRequired': '请填写满多少件包邮',
  'freight.rule.freeAmountRequired': '请填写满多少元包邮',
  'freight.rule.overlapRule': '{region} 已在第 {rule} 条规则中',
  'freight.rule.overlapUndeliverable': '{region} 已在不配送地区中',
};

extendMessages({ en, zh });
