/** SPEC §4: without a token only these are reachable. */
export const WHITE_LIST: readonly string[] = ['/login', '/autologin', '/dislogin', '/expirySite'];
/** SPEC §4: with a token these go to '/'. */
export const LOGGED_IN_BOUNCE: readonly string[] = ['/login', '/dislogin', '/expirySite'];

export interface GuardInput {
  path: string;
  /** The query string with its '?', or ''. */
  search: string;
  hasToken: boolean;
  userInfoLoaded: boolean;
}

export type GuardDecision =
  | { kind: 'allow' }
  | { kind: 'redirect'; to: string }
  /** Fetch user info and build the routes, then decide again. */
  | { kind: 'loadUserInfo' };

export function loginRedirect(path: string, search: string): string {
  return `/login?redirect=${encodeURIComponent(`${path}${search}`)}`;
}

export function decideGuard(input: GuardInput): GuardDecision {
  if (!input.hasToken) {
    return WHITE_LIST.includes(input.path)
      ? { kind: 'allow' }
      : { kind: 'redirect', to: loginRedirect(input.path, input.search) };
  }
  if (LOGGED_IN_BOUNCE.includes(input.path)) return { kind: 'redirect', to: '/' };
  if (!input.userInfoLoaded) return { kind: 'loadUserInfo' };
  return { kind: 'allow' };
}

/** Where a redirect query may send the user after login: only paths inside this app. */
export function safeRedirect(value: string | null | undefined): string {
  if (!value?.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return '/';
  return value;
}
