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
    'moduleLibrary.previewNoSite': 'There is no shop {id}',
    'moduleLibrary.previewExpired': "This shop's service has expired; its pages cannot be previewed",
    'moduleLibrary.previewNoTemplate': 'This shop has not decorated its pages yet',
    'moduleLibrary.previewNoPage': 'The page to preview is not in the template',
    'moduleLibrary.previewUnreadable': "The shop's template could not be read; open it in the studio",
    'moduleLibrary.previewLoginRequired':
      "Only the shop's designers can preview a template that is not live; log in to the back office first",
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
    'moduleLibrary.previewNoSite': '不存在编号为 {id} 的店铺',
    'moduleLibrary.previewExpired': '该店铺服务已到期，无法预览页面',
    'moduleLibrary.previewNoTemplate': '该店铺还没有装修页面',
    'moduleLibrary.previewNoPage': '模板中没有要预览的页面',
    'moduleLibrary.previewUnreadable': '店铺模板无法读取，请在装修中打开检查',
    'moduleLibrary.previewLoginRequired': '非当前使用的模板仅店铺装修人员可预览，请先登录后台',
  },
});
