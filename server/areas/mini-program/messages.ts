import { extendMessages } from '../../i18n/messages';

const en = {
  'miniProgram.notAuthorized': 'Authorise the mini-program to the platform first',
  'miniProgram.wechatRefused': 'WeChat refused: {message}',
  'miniProgram.wechatUnreachable': 'WeChat could not be reached ({message}); try again',
  'miniProgram.versionNotFound': 'No code version {id} in this shop',
  'miniProgram.illegal': 'Code version {id} cannot do this in its current state',
  'miniProgram.auditBusy': 'Version {version} is under audit already; wait for its result',
  'miniProgram.noPublishedTemplate': 'Publish a decoration template in the studio first: the code shows it',
  'miniProgram.noStorefrontKey': 'Create a storefront key first: the code calls the shop with it',
  'miniProgram.notSandbox': 'Only sandbox versions take an audit result from this screen',
  'miniProgram.templateNotFound': 'Code template {id} is not among the platform templates',
  'miniProgram.pageNotInCode': 'Page {page} is not in this version',
  'miniProgram.categoryNotAllowed': 'The category is not one of the mini-program',
  'miniProgram.notReleased': 'The mini-program has no released version yet, so it has no page codes',
  'miniProgram.notReleasedVisit': 'Only a released mini-program can be opened or closed to visitors',
  'miniProgram.batchSiteNotYours': 'Shop {id} is not one of the shops you may switch to',
  'miniProgram.batchNotFound': 'No batch commit {id} in this shop',
  'miniProgram.batchNothingFailed': 'Batch commit {id} has no failed shop to retry',
  'applyment.notFound': 'No applyment {id} in this shop',
  'applyment.notEditable': 'Applyment {id} is with WeChat Pay and cannot be changed now',
  'applyment.illegal': 'Applyment {id} cannot do this in its current state',
  'applyment.incomplete': 'Fill in every field before submitting; missing: {fields}',
  'applyment.stale': 'Someone saved this applyment after you opened it (your version {yours}, now {current})',
  'applyment.wechatPayRefused': 'WeChat Pay refused: {code} {message}',
  'applyment.storeArea':
    'Choose the store’s area ({field}) from the list: this code is not under the area above it',
  'applyment.storeIncomplete': 'A physical store needs its name, address and photos; missing: {fields}',
  'applyment.miniProgramUnauthorized':
    'The applyment names the shop’s mini-program, and none is authorised: authorise the mini-program under Mini-program management first',
} as const;

const zh: Record<keyof typeof en, string> = {
  'miniProgram.notAuthorized': '请先将小程序授权给第三方平台',
  'miniProgram.wechatRefused': '微信拒绝：{message}',
  'miniProgram.wechatUnreachable': '无法连接微信（{message}），请重试',
  'miniProgram.versionNotFound': '本店没有代码版本 {id}',
  'miniProgram.illegal': '代码版本 {id} 当前状态不能执行此操作',
  'miniProgram.auditBusy': '版本 {version} 正在审核中，请等待审核结果',
  'miniProgram.noPublishedTemplate': '请先在装修中发布模板：小程序代码将展示该模板',
  'miniProgram.noStorefrontKey': '请先创建店铺接口密钥：小程序通过它访问店铺',
  'miniProgram.notSandbox': '只有沙箱版本可以在此设置审核结果',
  'miniProgram.templateNotFound': '代码模板 {id} 不在平台模板中',
  'miniProgram.pageNotInCode': '页面 {page} 不在此版本中',
  'miniProgram.categoryNotAllowed': '所选类目不是该小程序的类目',
  'miniProgram.notReleased': '小程序尚未发布，无法生成页面小程序码',
  'miniProgram.notReleasedVisit': '小程序发布后才能设置访问状态',
  'miniProgram.batchSiteNotYours': '店铺 {id} 不在您可切换的店铺中',
  'miniProgram.batchNotFound': '本店没有批量提交 {id}',
  'miniProgram.batchNothingFailed': '批量提交 {id} 没有失败的店铺可重试',
  'applyment.notFound': '本店没有进件申请 {id}',
  'applyment.notEditable': '进件申请 {id} 已提交微信支付，当前不能修改',
  'applyment.illegal': '进件申请 {id} 当前状态不能执行此操作',
  'applyment.incomplete': '请填写全部信息后再提交，缺少：{fields}',
  'applyment.stale': '打开后已有人保存了此进件申请（您的版本 {yours}，当前 {current}）',
  'applyment.wechatPayRefused': '微信支付拒绝：{code} {message}',
  'applyment.storeArea': '请从列表中选择门店所在地区（{field}）：此编码不属于上一级地区',
  'applyment.storeIncomplete': '线下门店须填写名称、地址和照片，缺少：{fields}',
  'applyment.miniProgramUnauthorized':
    '进件申请须填写本店小程序，但尚未授权小程序：请先在小程序管理中授权小程序',
};

extendMessages({ en, zh });
