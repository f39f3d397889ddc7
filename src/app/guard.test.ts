import { describe, expect, it } from 'vitest';
import { decideGuard, safeRedirect } from './guard';

describe('decideGuard (SPEC §4)', () => {
  it.each([
    [
      'no token, /login',
      { path: '/login', search: '', hasToken: false, userInfoLoaded: false },
      { kind: 'allow' },
    ],
    [
      'no token, /autologin',
      { path: '/autologin', search: '?token=x', hasToken: false, userInfoLoaded: false },
      { kind: 'allow' },
    ],
    [
      'no token, /dislogin',
      { path: '/dislogin', search: '?siteId=1', hasToken: false, userInfoLoaded: false },
      { kind: 'allow' },
    ],
    [
      'no token, /expirySite',
      { path: '/expirySite', search: '?aid=3', hasToken: false, userInfoLoaded: false },
      { kind: 'allow' },
    ],
    [
      'no token, a menu page keeps its query in redirect',
      { path: '/goods/goodsList', search: '?page=2&q=茶', hasToken: false, userInfoLoaded: false },
      { kind: 'redirect', to: `/login?redirect=${encodeURIComponent('/goods/goodsList?page=2&q=茶')}` },
    ],
    [
      'no token, /404 is not public',
      { path: '/404', search: '', hasToken: false, userInfoLoaded: false },
      { kind: 'redirect', to: '/login?redirect=%2F404' },
    ],
    [
      'token, /login goes home',
      { path: '/login', search: '', hasToken: true, userInfoLoaded: true },
      { kind: 'redirect', to: '/' },
    ],
    [
      'token, /dislogin goes home',
      { path: '/dislogin', search: '?siteId=1', hasToken: true, userInfoLoaded: false },
      { kind: 'redirect', to: '/' },
    ],
    [
      'token, /expirySite goes home',
      { path: '/expirySite', search: '', hasToken: true, userInfoLoaded: true },
      { kind: 'redirect', to: '/' },
    ],
    [
      'token, no user info yet',
      { path: '/dashboard', search: '', hasToken: true, userInfoLoaded: false },
      { kind: 'loadUserInfo' },
    ],
    [
      'token and user info',
      { path: '/goods/goodsList', search: '', hasToken: true, userInfoLoaded: true },
      { kind: 'allow' },
    ],
    [
      'token, /autologin stays',
      { path: '/autologin', search: '', hasToken: true, userInfoLoaded: true },
      { kind: 'allow' },
    ],
  ])('%s', (_, input, expected) => {
    expect(decideGuard(input)).toEqual(expected);
  });
});

describe('safeRedirect', () => {
  it.each([
    ['/goods/goodsList?page=2', '/goods/goodsList?page=2'],
    [null, '/'],
    ['', '/'],
    ['https://evil.example/', '/'],
    ['//evil.example/', '/'],
    ['/\\evil.example', '/'],
  ])('%s → %s', (value, expected) => {
    expect(safeRedirect(value)).toBe(expected);
  });
});
