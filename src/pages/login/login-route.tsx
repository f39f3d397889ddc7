import { useLocation } from 'react-router-dom';
import { useAppStore } from '../../stores/app-store';
import { LoginPage } from './login-page';

/** The login page inside the running app (after a logout or an ended session). */
export function LoginRoute() {
  const { pathname, search } = useLocation();
  const language = useAppStore((state) => state.language);
  const setLanguage = useAppStore((state) => state.setLanguage);
  return <LoginPage pathname={pathname} search={search} language={language} onLanguageChange={setLanguage} />;
}
