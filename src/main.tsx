import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { getToken } from './lib/auth-token';
import { initialLanguage, loadCatalogue } from './lib/i18n/language';

/** Without a session these open on the light login root; everything else loads the app. */
const LIGHT_LOGIN_PATHS = ['/login', '/dislogin'];

const root = createRoot(document.getElementById('root')!);
/** The catalogue of the language in use downloads beside the code of the root that shows it. */
const catalogue = loadCatalogue(initialLanguage());

if (LIGHT_LOGIN_PATHS.includes(window.location.pathname) && !getToken()) {
  void Promise.all([import('./pages/login/login-app'), catalogue]).then(([{ LoginApp }]) =>
    root.render(
      <StrictMode>
        <LoginApp />
      </StrictMode>,
    ),
  );
} else {
  void Promise.all([import('./app/app'), catalogue]).then(([{ App }]) =>
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
}
