import Cookies from 'js-cookie';

/** SPEC §9: the token lives in the cookie Admin-Token. */
export const TOKEN_COOKIE = 'Admin-Token';

export function getToken(): string | undefined {
  return Cookies.get(TOKEN_COOKIE);
}

export function setToken(token: string): void {
  Cookies.set(TOKEN_COOKIE, token, { sameSite: 'lax' });
}

export function removeToken(): void {
  Cookies.remove(TOKEN_COOKIE);
}
