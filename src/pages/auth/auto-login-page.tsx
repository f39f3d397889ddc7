import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { safeRedirect } from '../../app/guard';
import { LoadingOverlay } from '../../app/loading-overlay';
import { showToast } from '../../app/toaster';
import { setToken } from '../../lib/auth-token';
import { ERROR_TOAST_MS } from '../../lib/http-outcome';
import { useSessionStore } from '../../stores/session-store';

/**
 * /autologin?token=…&redirect=…: another system hands over an access token; it is stored like a
 * login's and the guard then loads the user info (a bad token ends at /login as any other).
 */
export function AutoLoginPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const intl = useIntl();
  const token = params.get('token');
  const redirect = safeRedirect(params.get('redirect'));
  useEffect(() => {
    if (!token) {
      showToast('error', intl.formatMessage({ id: 'login.autoLoginFailed' }), ERROR_TOAST_MS);
      navigate('/login', { replace: true });
      return;
    }
    setToken(token);
    useSessionStore.setState({ token, userInfoLoaded: false });
    navigate(redirect, { replace: true });
  }, [intl, navigate, redirect, token]);
  return <LoadingOverlay fullScreen />;
}
