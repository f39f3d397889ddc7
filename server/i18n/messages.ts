/** Server-side messages in the caller's language (Accept-Language: zh…, else English). */
export type Locale = 'zh' | 'en';

const en = {
  'common.loginRequired': 'Please log in first',
  'common.forbidden': 'You do not have permission for this action',
  'common.notFound': 'Not found',
  'common.apiNotFound': 'No such API: {path}',
  'common.internal': 'Internal error, reference {requestId}',
  'common.invalidJson': 'The request body is not valid JSON',
  'common.invalidXml': 'The request body is not the XML WeChat sends',
  'common.unstorableText': 'The request holds characters that cannot be stored',
  'common.bodyTooLarge': 'The request body is too large (limit {limit})',
  'common.unsupportedMediaType': 'Unsupported content type: {type}',
  'common.staleVersion':
    'This record was changed by someone else since you opened it; reload it and try again',
  'common.rateLimited': 'Too many requests; try again in {seconds} seconds',
  'validation.required': 'is required',
  'validation.type': 'must be {expected}',
  'validation.tooShortString': 'must be at least {minimum} characters',
  'validation.tooLongString': 'must be at most {maximum} characters',
  'validation.tooSmall': 'must be at least {minimum}',
  'validation.tooBig': 'must be at most {maximum}',
  'validation.tooFewItems': 'must have at least {minimum} items',
  'validation.tooManyItems': 'must have at most {maximum} items',
  'validation.unknownField': 'unknown field',
  'validation.format': 'has the wrong format',
  'validation.oneOf': 'must be one of {values}',
  'validation.invalid': 'is invalid',
  'auth.wrongVerifyCode': 'The verification code is wrong or has expired; enter the new code',
  'auth.wrongCredentials': 'The user name or password is wrong',
  'auth.disabled': 'This account is disabled',
  'auth.throttledAccount': 'Too many failed logins for this account; try again in {minutes} minutes',
  'auth.throttledAddress': 'Too many failed logins from your address; try again in {minutes} minutes',
  'auth.subAccountSiteRequired': 'Sub-account login needs the site id (siteId)',
  'auth.switchTicketInvalid': 'The switch-system ticket is invalid or used; choose the site again',
  'auth.oldPasswordWrong': 'The old password is wrong',
  'auth.passwordMismatch': 'The two passwords do not match',
  'auth.samePassword': 'The new password must differ from the old one',
  'site.nameRequired': 'The site name cannot be empty',
  'site.notYours': 'This site is not one you can manage',
  'site.notSwitchable': 'You cannot switch to this site',
  'site.expiredNotFound': 'No expired site for this account',
  'wechat.notBound': 'No WeChat is bound to this account',
  'upload.missingFile': 'No file was uploaded (field "file")',
  'upload.notImage':
    'The file is not an image (PNG, JPEG, GIF or WebP); its content was checked, not its name',
  'upload.tooLarge': 'The image is larger than {limit}',
  'upload.tooManyPixels':
    'The image is {width} × {height} pixels; at most {limit} megapixels are accepted, so scale it down first',
  'area.unknownCode': 'Unknown area code {code}',
  'import.notXlsx': 'The file is not an Excel workbook (.xlsx)',
  'import.empty': 'The sheet has no rows below its header',
  'import.tooManyRows': 'At most {max} rows can be imported at once',
  'import.tooLarge': 'The workbook unpacks to more than {limit}; split it into smaller files',
} as const;

export type MessageKey = keyof typeof en;

const zh: Record<MessageKey, string> = {
  'common.loginRequired': '请先登录',
  'common.forbidden': '您没有操作权限！',
  'common.notFound': '未找到',
  'common.apiNotFound': '接口不存在：{path}',
  'common.internal': '服务器内部错误，编号 {requestId}',
  'common.invalidJson': '请求内容不是合法的 JSON',
  'common.invalidXml': '请求内容不是微信推送的 XML',
  'common.unstorableText': '请求中含有无法保存的字符',
  'common.bodyTooLarge': '请求内容过大（上限 {limit}）',
  'common.unsupportedMediaType': '不支持的内容类型：{type}',
  'common.staleVersion': '该记录在您打开后已被他人修改，请重新加载后再试',
  'common.rateLimited': '请求过于频繁，请 {seconds} 秒后再试',
  'validation.required': '不能为空',
  'validation.type': '必须是{expected}',
  'validation.tooShortString': '至少 {minimum} 个字符',
  'validation.tooLongString': '最多 {maximum} 个字符',
  'validation.tooSmall': '不能小于 {minimum}',
  'validation.tooBig': '不能大于 {maximum}',
  'validation.tooFewItems': '至少 {minimum} 项',
  'validation.tooManyItems': '最多 {maximum} 项',
  'validation.unknownField': '是不允许的字段',
  'validation.format': '格式不正确',
  'validation.oneOf': '必须是 {values} 之一',
  'validation.invalid': '无效',
  'auth.wrongVerifyCode': '验证码错误或已过期，请输入新的验证码',
  'auth.wrongCredentials': '用户名或密码错误',
  'auth.disabled': '该账号已被停用',
  'auth.throttledAccount': '该账号登录失败次数过多，请 {minutes} 分钟后再试',
  'auth.throttledAddress': '您的地址登录失败次数过多，请 {minutes} 分钟后再试',
  'auth.subAccountSiteRequired': '子账号登录需要站点编号（siteId）',
  'auth.switchTicketInvalid': '切换系统凭证无效或已使用，请重新选择站点',
  'auth.oldPasswordWrong': '原密码错误',
  'auth.passwordMismatch': '两次输入密码不一致!',
  'auth.samePassword': '新密码不能与原密码相同',
  'site.nameRequired': '您还未输入站点名称',
  'site.notYours': '这不是您可管理的站点',
  'site.notSwitchable': '您不能切换到该站点',
  'site.expiredNotFound': '该账号没有已过期的站点',
  'wechat.notBound': '当前账号未绑定微信',
  'upload.missingFile': '没有上传文件（字段 "file"）',
  'upload.notImage': '文件不是图片（PNG、JPEG、GIF 或 WebP），按内容而非文件名检查',
  'upload.tooLarge': '图片大于 {limit}',
  'upload.tooManyPixels': '图片为 {width} × {height} 像素，最多接受 {limit} 百万像素，请先缩小',
  'area.unknownCode': '未知的地区编码 {code}',
  'import.notXlsx': '文件不是 Excel 工作簿（.xlsx）',
  'import.empty': '表格表头下没有数据',
  'import.tooManyRows': '一次最多导入 {max} 行',
  'import.tooLarge': '工作簿解压后超过 {limit}，请拆成较小的文件',
};

const catalogues: Record<Locale, Record<string, string>> = { en: { ...en }, zh: { ...zh } };

export type MessageParams = Record<string, string | number>;

/** Area message keys registered through extendMessages are plain strings. */
export type AnyMessageKey = MessageKey | (string & {});

export function translate(locale: Locale, key: AnyMessageKey, params: MessageParams = {}): string {
  const template = (catalogues[locale] as Record<string, string>)[key] ?? key;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}

/** Whether a key has a message (core or registered by an area). */
export function hasMessage(key: string): boolean {
  return Object.hasOwn(catalogues.en, key);
}

export function localeFromHeader(header: string | undefined): Locale {
  if (!header) return 'en';
  const first = header.split(',')[0]?.trim().toLowerCase() ?? '';
  return first.startsWith('zh') ? 'zh' : 'en';
}

/** Registers more messages from an area (goods, orders…) without touching this file. */
export function extendMessages<K extends string>(messages: Record<Locale, Record<K, string>>): void {
  Object.assign(catalogues.en, messages.en);
  Object.assign(catalogues.zh, messages.zh);
}
