import { extendMessages } from '../../i18n/messages';

extendMessages({
  en: {
    'moduleLibrary.notFound': 'There is no template {id} in this shop',
    'moduleLibrary.noCurrent': 'The shop has no current template yet; create one first',
    'moduleLibrary.tooMany': 'A shop can keep at most {max} templates; delete one first',
    'moduleLibrary.deleteCurrent': 'The current template cannot be deleted; make another one current first',
    'moduleLibrary.badData': 'The template data was refused: {detail}',
    'moduleLibrary.moreProblems': '{detail} (and {count} more)',
    'moduleLibrary.staleSave':
      'Someone saved this template (now version {current}) after you opened version {yours}; reload it, or save again to overwrite their changes',
    'moduleLibrary.publishRefused':
      'The template has {count} problem(s) to fix before publishing. First: {detail}',
    'moduleLibrary.homePage': 'Home',
  },
  zh: {
    'moduleLibrary.notFound': '本店没有编号为 {id} 的模板',
    'moduleLibrary.noCurrent': '店铺还没有当前模板，请先创建',
    'moduleLibrary.tooMany': '每个店铺最多保存 {max} 个模板，请先删除一个',
    'moduleLibrary.deleteCurrent': '当前使用的模板不能删除，请先将其他模板设为当前模板',
    'moduleLibrary.badData': '模板数据有误：{detail}',
    'moduleLibrary.moreProblems': '{detail}（另有 {count} 处）',
    'moduleLibrary.staleSave':
      '您打开的是版本 {yours}，此后已有人保存了该模板（现为版本 {current}）；请重新加载，或再次保存以覆盖对方的修改',
    'moduleLibrary.publishRefused': '模板还有 {count} 个问题需要处理才能发布。第一个：{detail}',
    'moduleLibrary.homePage': '首页',
  },
});
