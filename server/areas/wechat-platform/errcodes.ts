import type { Locale } from '../../i18n/messages';

/**
 * WeChat's errcodes of the calls the platform makes (third-party platform, code management), in the
 * operator's words. Codes not listed show WeChat's own errmsg beside the number.
 */
const MESSAGES: Record<number, { zh: string; en: string }> = {
  [-1]: { zh: '微信系统繁忙，请稍后再试', en: 'WeChat is busy; try again in a moment' },
  40001: {
    zh: '访问凭证无效，已重新获取，请重试',
    en: 'The access token was invalid; a new one was fetched, try again',
  },
  40013: { zh: 'AppID 无效', en: 'The app id is not valid' },
  41033: { zh: '只允许通过第三方平台调用', en: 'Only the third-party platform may make this call' },
  42001: { zh: '访问凭证已过期，请重试', en: 'The access token expired; try again' },
  61003: { zh: '小程序未授权给第三方平台', en: 'The mini-program has not authorised the platform' },
  61004: {
    zh: '服务器 IP 不在第三方平台白名单中',
    en: "This server's IP is not on the platform's allow list",
  },
  61005: { zh: '授权码已被使用，请重新授权', en: 'The authorisation code was used already; authorise again' },
  61006: { zh: '授权码无效，请重新授权', en: 'The authorisation code is not valid; authorise again' },
  61007: {
    zh: '小程序未授予该权限集，请在微信后台重新授权',
    en: 'The mini-program did not grant this permission set; authorise again in WeChat',
  },
  61023: {
    zh: '刷新令牌已失效，请重新授权',
    en: 'The refresh token is no longer valid; authorise the mini-program again',
  },
  85013: { zh: '无效的自定义配置（ext_json）', en: 'The custom configuration (ext_json) is not valid' },
  85014: { zh: '无效的代码模板编号', en: 'The code template id is not valid' },
  85019: { zh: '没有审核版本', en: 'There is no version under audit' },
  85020: {
    zh: '审核状态未满足发布条件',
    en: 'The audit has not approved this version, so it cannot be released',
  },
  85009: { zh: '已经有正在审核的版本', en: 'Another version is under audit already' },
  85085: { zh: '本月提审次数已达上限', en: "This month's audit submissions are used up" },
  85086: { zh: '提交审核前须先上传代码', en: 'Upload the code before submitting it for audit' },
  85008: { zh: '类目填写错误', en: 'The category is not valid for this mini-program' },
  85007: { zh: '页面路径错误', en: 'A page path is not in the code' },
  85006: { zh: '标签格式错误', en: 'A tag has the wrong format' },
  85011: { zh: '标题填写错误', en: 'A title is not valid' },
  85021: {
    zh: '小程序当前状态不能改为该访问状态',
    en: 'The mini-program cannot be set to this visit status now',
  },
  85022: { zh: '访问状态操作非法', en: 'The visit status action is not valid' },
  86002: {
    zh: '小程序还未设置昵称、头像、简介',
    en: 'Set the nickname, avatar and introduction of the mini-program first',
  },
  87011: {
    zh: '现网已经在灰度发布，不能进行版本回退',
    en: 'A gradual release is under way; roll back after it ends',
  },
  87012: {
    zh: '该版本不能回退，可能是已经回退过或没有可回退的版本',
    en: 'There is no earlier release to roll back to',
  },
  87013: { zh: '撤回或回退次数已达上限', en: 'The limit of roll-backs has been reached' },
  89020: { zh: '尚未设置小程序服务器域名', en: 'Set the server domains of the mini-program first' },
};

export function wechatErrorText(locale: Locale, errcode: number, errmsg: string): string {
  const known = MESSAGES[errcode];
  return known ? `${known[locale]} (${errcode})` : `${errmsg || 'WeChat error'} (${errcode})`;
}

/** Codes worth another try later (WeChat busy, a token gone stale between fetch and use). */
export function retryable(errcode: number): boolean {
  return errcode === -1 || errcode === 40001 || errcode === 42001 || errcode === 40014;
}
