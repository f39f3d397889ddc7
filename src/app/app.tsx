import { ChakraProvider } from '@chakra-ui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useEffect } from 'react';
import { IntlProvider } from 'react-intl';
import { RouterProvider } from 'react-router-dom';
import { removeToken } from '../lib/auth-token';
import { configureHttp } from '../lib/http';
import { catalogueFor, createTranslator } from '../lib/i18n/language';
import { useAppStore } from '../stores/app-store';
import { alertDialog, confirmDialog, useDialogStore } from '../stores/dialog-store';
import { useSessionStore } from '../stores/session-store';
import { captureGlobalErrors } from './error-capture';
import { ErrorBoundary } from './error-boundary';
import { loginRedirect, WHITE_LIST } from './guard';
import { router } from './router';
import { RouteErrorFallback } from './route-error-fallback';
import { system } from './system';
import { ThemeStyle } from './theme-style';
import { AppToaster, showToast } from './toaster';

const DialogHost = lazy(() => import('./dialog-host'));

export const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 } },
});

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
      queryClient.clear();
      const { pathname, search } = router.state.location;
      if (!WHITE_LIST.includes(pathname)) void router.navigate(loginRedirect(pathname, search), { replace: true });
    },
    clearToken: () => {
      useSessionStore.getState().resetToken();
      queryClient.clear();
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

export function App() {
  const language = useAppStore((state) => state.language);
  useEffect(() => captureGlobalErrors(), []);
  useEffect(() => {
    document.documentElement.lang = language === 'zh' ? 'zh-CN' : 'en';
  }, [language]);
  return (
    <ChakraProvider value={system}>
      <ThemeStyle />
      <IntlProvider locale={language === 'zh' ? 'zh-CN' : 'en'} messages={catalogueFor(language)} defaultLocale="en">
        <QueryClientProvider client={queryClient}>
          <ErrorBoundary fallback={(reset) => <RouteErrorFallback onReset={reset} />}>
            <RouterProvider router={router} />
          </ErrorBoundary>
          <GlobalDialogs />
          <AppToaster />
        </QueryClientProvider>
      </IntlProvider>
    </ChakraProvider>
  );
}
