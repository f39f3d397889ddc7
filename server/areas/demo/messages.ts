import { extendMessages } from '../../i18n/messages';

extendMessages({
  en: { 'demo.adminOnly': 'Only an account holding the admin role can switch roles' },
  zh: { 'demo.adminOnly': '只有拥有 admin 角色的账号才能切换角色' },
});
