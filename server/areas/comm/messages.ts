import { extendMessages } from '../../i18n/messages';

/** Messages of the common calls that the core catalogue does not have. */
extendMessages({
  en: { 'site.mainAccountOnly': 'Only the main account can rename the site' },
  zh: { 'site.mainAccountOnly': '只有主账号可以修改站点名称' },
});
