import { createBrowserRouter } from 'react-router-dom';
import { LoadingOverlay } from './loading-overlay';
import { RootGuard } from './root-guard';
import { RouteErrorPage } from './route-error-page';

const loginPage = () =>
  import('../pages/login/login-route').then((module) => ({ Component: module.LoginRoute }));

export const router = createBrowserRouter([
  {
    // The QR codes' phone preview is public and outside the guard: a phone scanning one has no session.
    path: 'preview/:siteId',
    errorElement: <RouteErrorPage />,
    lazy: () =>
      import('../../editor/preview/preview-page').then((module) => ({ Component: module.PreviewPage })),
  },
  {
    element: <RootGuard />,
    errorElement: <RouteErrorPage />,
    hydrateFallbackElement: <LoadingOverlay fullScreen />,
    children: [
      { path: 'login', lazy: loginPage },
      { path: 'dislogin', lazy: loginPage },
      {
        path: 'autologin',
        lazy: () =>
          import('../pages/auth/auto-login-page').then((module) => ({ Component: module.AutoLoginPage })),
      },
      {
        path: 'expirySite',
        lazy: () =>
          import('../pages/expiry-site/expiry-site-page').then((module) => ({
            Component: module.ExpirySitePage,
          })),
      },
      {
        path: 'auth-redirect',
        lazy: () =>
          import('../pages/auth/auth-redirect-page').then((module) => ({
            Component: module.AuthRedirectPage,
          })),
      },
      {
        path: 'openappCallBack',
        lazy: () =>
          import('../pages/auth/openapp-callback-page').then((module) => ({
            Component: module.OpenappCallbackPage,
          })),
      },
      {
        path: '404',
        lazy: () =>
          import('../pages/errors/not-found-page').then((module) => ({ Component: module.NotFoundPage })),
      },
      {
        path: '401',
        lazy: () =>
          import('../pages/errors/no-permission-page').then((module) => ({
            Component: module.NoPermissionPage,
          })),
      },
      {
        // The layout picks the view for every other path itself (/ goes to /dashboard), keeping
        // visited pages alive.
        path: '/*',
        lazy: () => import('../shell/layout').then((module) => ({ Component: module.Layout })),
      },
    ],
  },
]);
