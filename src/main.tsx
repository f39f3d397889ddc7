import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { getToken } from './lib/auth-token';

/** Without a session these open on the light login root; everything else loads the app. */
const LIGHT_LOGIN_PATHS = ['/login', '/dislogin'];

const root = createRoot(document.getElementById('root')!);

if (LIGHT_LOGIN_PATHS.includes(window.location.pathname) && !getToken()) {
  void import('./pages/login/login-app').then(({ LoginApp }) =>
    root.render(
      <StrictMode>
        <LoginApp />
      </StrictMode>,
    ),
  );
} else {
  void import('./app/app').then(({ App }) =>
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
}
