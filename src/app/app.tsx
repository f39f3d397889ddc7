import { ChakraProvider } from '@chakra-ui/react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { IntlProvider } from 'react-intl';
import { RouterProvider } from 'react-router-dom';
import { removeToken } from '../lib/auth-token';
import { configureHttp } from '../lib/http';
import { catalogueFor, createTranslator } from '../lib/i18n/language';
import { useAppStore } from '../stores/app-store';
import { alertDialog, confirmDialog, useDialogStore } from '../stores/dialog-store';
import { useSessionStore } from '../stores/session-store';
import { ErrorBoundary } from './error-boundary';
import { captureGlobalErrors } from './error-capture';
import { loginRedirect, WHITE_LIST } from './guard';
import { RouteErrorFallback } from './route-error-fallback';
import { router } from './router';
import { system } from './system';
import { ThemeStyle } from './theme-style';
import { showToast, toaster } from './toaster';

const DialogHost = lazy(() => import('./dialog-host'));
const ToastHost = lazy(() => import('./toast-host'));

/** Cached server data belongs to the session that fetched it. Loaded lazily: the login route has none. */
function forgetServerState() {
  void import('./query-client').then((module) => module.queryClient.clear());
}

function translate(id: string) {
  return createTranslator(useAppStore.getState().language).formatMessage({ id });
}

configureHttp({
  language: () => useAppStore.getState().language,
  effects: {
    toast: (status, message, duration) => showToast(status, message, duration),
    dialog: (title, message) => void alertDialog(title, message),
    navigate: (to) => void router.navigate(to),
    endSession: () => {
      useSessionStore.getState().resetToken();
      forgetServerState();
      const { pathname, search } = router.state.location;
      if (!WHITE_LIST.includes(pathname))
        void router.navigate(loginRedirect(pathname, search), { replace: true });
    },
    clearToken: () => {
      useSessionStore.getState().resetToken();
      forgetServerState();
    },
    confirmRelogin: () => {
      void confirmDialog({
        title: translate('http.reloginTitle'),
        message: translate('http.reloginMessage'),
        confirmText: translate('http.relogin'),
        cancelText: translate('app.cancel'),
      }).then((confirmed) => {
        if (!confirmed) return;
        removeToken();
        window.location.reload();
      });
    },
  },
});

function GlobalDialogs() {
  const pending = useDialogStore((state) => state.queue.length > 0);
  if (!pending) return null;
  return (
    <Suspense fallback={null}>
      <DialogHost />
    </Suspense>
  );
}

/** Loads the toast host with the first toast; once loaded it stays, as toasts come and go. */
function GlobalToasts() {
  const [wanted, setWanted] = useState(() => toaster.getCount() > 0);
  useEffect(() => {
    if (wanted) return;
    if (toaster.getCount() > 0) setWanted(true);
    return toaster.subscribe(() => setWanted(true));
  }, [wanted]);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <ToastHost />
    </Suspense>
  );
}

export function App() {
  const language = useAppStore((state) => state.language);
  useEffect(() => captureGlobalErrors(), []);
  useEffect(() => {
    document.documentElement.lang = language === 'zh' ? 'zh-CN' : 'en';
  }, [language]);
  return (
    <ChakraProvider value={system}>
      <ThemeStyle />
      <IntlProvider
        locale={language === 'zh' ? 'zh-CN' : 'en'}
        messages={catalogueFor(language)}
        defaultLocale="en"
      >
        <ErrorBoundary fallback={(reset) => <RouteErrorFallback onReset={reset} />}>
          <RouterProvider router={router} />
        </ErrorBoundary>
        <GlobalDialogs />
        <GlobalToasts />
      </IntlProvider>
    </ChakraProvider>
  );
}
