import { useEffect, useMemo } from 'react';
import { useIntl } from 'react-intl';
import { Navigate, Outlet, useLocation, useNavigate, useNavigation } from 'react-router-dom';
import { ApiError } from '../lib/http';
import { ERROR_TOAST_MS } from '../lib/http-outcome';
import { EmptyUserInfoError, useSessionStore } from '../stores/session-store';
import { decideGuard, loginRedirect } from './guard';
import { LoadingOverlay } from './loading-overlay';
import { doneProgress, startProgress } from './progress';
import { documentTitle, PUBLIC_TITLE_KEYS } from './public-titles';
import { resolvePath, routeTitleKey } from './route-model';
import { showToast } from './toaster';
import { usePermittedRoutes } from './use-permitted-routes';

/** The route guard of SPEC §4, the progress bar and the page title, around every route. */
export function RootGuard() {
  const location = useLocation();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const intl = useIntl();
  const token = useSessionStore((state) => state.token);
  const userInfoLoaded = useSessionStore((state) => state.userInfoLoaded);
  const decision = decideGuard({
    path: location.pathname,
    search: location.search,
    hasToken: Boolean(token),
    userInfoLoaded,
  });

  useEffect(() => {
    if (navigation.state === 'idle') return;
    startProgress();
    return doneProgress;
  }, [navigation.state]);

  const { pathname, search } = location;
  useEffect(() => {
    if (decision.kind !== 'loadUserInfo') return;
    let cancelled = false;
    startProgress();
    useSessionStore
      .getState()
      .loadUserInfo()
      .catch((error: unknown) => {
        if (cancelled) return;
        useSessionStore.getState().resetToken();
        // The HTTP layer has already shown its own message for a failed call.
        if (!(error instanceof ApiError)) {
          const message =
            error instanceof EmptyUserInfoError
              ? intl.formatMessage({ id: 'login.verifyFailed' })
              : (error as Error)?.message || intl.formatMessage({ id: 'app.hasError' });
          showToast('error', message, ERROR_TOAST_MS);
        }
        navigate(loginRedirect(pathname, search), { replace: true });
      })
      .finally(doneProgress);
    return () => {
      cancelled = true;
    };
  }, [decision.kind, intl, navigate, pathname, search]);

  const permitted = usePermittedRoutes();
  const title = useMemo(() => {
    const publicKey = PUBLIC_TITLE_KEYS[pathname];
    if (publicKey) return intl.formatMessage({ id: routeTitleKey(publicKey) });
    const resolution = resolvePath(pathname, permitted.byPath);
    return resolution.kind === 'view'
      ? intl.formatMessage({ id: routeTitleKey(resolution.route.titleKey) })
      : null;
  }, [intl, pathname, permitted]);
  useEffect(() => {
    document.title = documentTitle(title, intl.formatMessage({ id: 'app.title' }));
  }, [intl, title]);

  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;
  if (decision.kind === 'loadUserInfo') return <LoadingOverlay fullScreen />;
  return <Outlet />;
}
