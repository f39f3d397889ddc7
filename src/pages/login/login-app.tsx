import { useEffect, useState } from 'react';
import { IntlProvider } from 'react-intl';
import { documentTitle, PUBLIC_TITLE_KEYS } from '../../app/public-titles';
import { routeTitleKey } from '../../app/route-model';
import {
  catalogueFor,
  createTranslator,
  initialLanguage,
  type Language,
  saveLanguage,
} from '../../lib/i18n/language';
import { LoginPage } from './login-page';

/**
 * The first load of /login or /dislogin without a session: the login page alone, without the
 * app's component library, router and HTTP client (src/main.tsx picks this root).
 */
export function LoginApp() {
  const [language, setLanguage] = useState<Language>(initialLanguage);
  const { pathname, search } = window.location;

  useEffect(() => {
    document.documentElement.lang = language === 'zh' ? 'zh-CN' : 'en';
    const translator = createTranslator(language);
    const titleKey = PUBLIC_TITLE_KEYS[pathname];
    document.title = documentTitle(
      titleKey ? translator.formatMessage({ id: routeTitleKey(titleKey) }) : null,
      translator.formatMessage({ id: 'app.title' }),
    );
  }, [language, pathname]);

  return (
    <IntlProvider
      locale={language === 'zh' ? 'zh-CN' : 'en'}
      messages={catalogueFor(language)}
      defaultLocale="en"
    >
      <LoginPage
        pathname={pathname}
        search={search}
        language={language}
        onLanguageChange={(next) => {
          saveLanguage(next);
          setLanguage(next);
        }}
      />
    </IntlProvider>
  );
}
