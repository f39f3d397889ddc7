/** Title keys of the routes outside the menu tree. */
export const PUBLIC_TITLE_KEYS: Record<string, string> = {
  '/login': 'login',
  '/dislogin': 'dislogin',
  '/autologin': 'autologin',
  '/expirySite': 'expirySite',
  '/auth-redirect': 'authRedirect',
  '/openappCallBack': 'openappCallBack',
  '/404': 'notFound',
  '/401': 'noPermission',
};

/** SPEC §2: the translated route title, then the site title. */
export function documentTitle(routeTitle: string | null, siteTitle: string): string {
  return routeTitle ? `${routeTitle} - ${siteTitle}` : siteTitle;
}
