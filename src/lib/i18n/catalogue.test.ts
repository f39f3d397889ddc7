import { describe, expect, it } from 'vitest';
import { flattenMenuTree } from '../../../contract/menu-tree';
import { PUBLIC_TITLE_KEYS } from '../../app/public-titles';
import { DASHBOARD_ROUTE } from '../../app/route-model';
import { en } from './en';
import { resolveLanguage } from './language';
import { zh } from './zh';

describe('the catalogues', () => {
  it('have exactly the same keys, none empty', () => {
    const english = Object.keys(en).sort();
    const chinese = Object.keys(zh).sort();
    expect(english.filter((key) => !(key in zh))).toEqual([]);
    expect(chinese.filter((key) => !(key in en))).toEqual([]);
    for (const [key, value] of [...Object.entries(en), ...Object.entries(zh)]) {
      expect(value.trim(), key).not.toBe('');
    }
  });

  it('title every route of the menu tree and the shell in both languages', () => {
    const titleKeys = [
      ...flattenMenuTree().map((entry) => entry.titleKey),
      DASHBOARD_ROUTE.titleKey,
      ...Object.values(PUBLIC_TITLE_KEYS),
    ];
    const missing = titleKeys.map((key) => `route.${key}`).filter((key) => !(key in en) || !(key in zh));
    expect(missing).toEqual([]);
  });

  it('hold SPEC’s exact strings', () => {
    expect(en['login.userNameRequired']).toBe('The user name cannot be empty!');
    expect(en['login.passwordRequired']).toBe('The password cannot be empty!');
    expect(en['login.passwordTooShort']).toBe('The password cannot be less than 6 digits!');
    expect(en['login.verifyCodeRequired']).toBe('The verification code cannot be empty!');
    expect(en['login.verifyCodeFormat']).toBe('The verification code must be a 5-digit number or letter!');
    for (const catalogue of [en, zh]) {
      expect(catalogue['login.verifyFailed']).toBe('验证失败，请重新登录。');
      expect(catalogue['language.switched']).toBe('切换语言成功');
      expect(catalogue['size.switched']).toBe('Switch Size Success');
      expect(catalogue['navbar.fullscreenUnsupported']).toBe('you browser can not work');
      expect(catalogue['loading.text']).toBe('拼命加载中');
      expect(catalogue['http.noPermission']).toBe('您没有操作权限！');
      expect(catalogue['siteName.required']).toBe('您还未输入站点名称');
      expect(catalogue['siteName.confirm']).toBe('您确定要修改吗？');
      expect(catalogue['password.required']).toBe('不能为空，请输入');
      expect(catalogue['password.mismatch']).toBe('两次输入密码不一致!');
      expect(catalogue['switchSystem.noChoice']).toBe('您还没选择任何操作？');
      expect(catalogue['switchSystem.confirm']).toBe('您确定要切换系统吗？');
      expect(catalogue['wechat.confirm']).toBe('确定要解除当前账号绑定的微信吗？');
      expect(catalogue['http.relogin']).toBe('Re-Login');
    }
    expect(zh['app.prompt']).toBe('提示');
    expect(en['app.title']).toBe('mini-program management system');
  });
});

describe('resolveLanguage (SPEC §1)', () => {
  it.each([
    ['zh', ['en-US'], 'zh'],
    ['en', ['zh-CN'], 'en'],
    [null, ['zh-CN', 'en'], 'zh'],
    [null, ['zh-TW'], 'zh'],
    [null, ['fr-FR', 'en-GB'], 'en'],
    [null, ['fr-FR', 'de'], 'en'],
    [null, [], 'en'],
    ['klingon', ['zh'], 'zh'],
  ] as const)('saved %s, browser %j → %s', (saved, browser, expected) => {
    expect(resolveLanguage(saved, browser)).toBe(expected);
  });
});
