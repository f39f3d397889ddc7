import { describe, expect, it } from 'vitest';
import {
  latlngProblem,
  miniProgramProblems,
  phoneProblem,
  SSID_MAX_BYTES,
  WIFI_PASSWORD_MAX,
  WIFI_PASSWORD_MIN,
  wifiProblems,
} from './link-value';

/**
 * Each pattern at its limits, one past them, and a valid value with extra characters before or
 * after it: an unanchored pattern would let "138123456789999" pass as a mobile number.
 */
describe('phoneProblem', () => {
  it.each([
    ['13812345678', true],
    ['+8613812345678', true],
    ['138123456789999', false],
    ['x13812345678', false],
    ['13812345678x', false],
    ['1381234567', false],
    ['12812345678', false],
    ['010-12345678', true],
    ['010-1234567', false],
    ['0755-1234567', true],
    ['0755-123456789', false],
    ['a0755-1234567', false],
    ['400-123-4567', true],
    ['400-123-45678', false],
    ['x400-123-4567', false],
    ['(010) 1234 5678', true],
  ])('%s → %s', (tel, valid) => {
    expect(phoneProblem(tel) === null).toBe(valid);
  });
});

const wifi = { wifiId: 'Shop', wifimac: '', wifipassword: '' };
const codesOf = (problems: { code: string }[]) => problems.map((problem) => problem.code);

describe('wifiProblems', () => {
  it.each([
    ['a MAC address', { wifimac: '0a:1b:2c:3d:4e:5f' }, []],
    ['a MAC address with a seventh group', { wifimac: '0a:1b:2c:3d:4e:5f:00' }, ['link.wifiBssidFormat']],
    ['a MAC address with a character before', { wifimac: 'x0a:1b:2c:3d:4e:5f' }, ['link.wifiBssidFormat']],
    ['a MAC address with a character after', { wifimac: '0a:1b:2c:3d:4e:5fx' }, ['link.wifiBssidFormat']],
    ['an SSID at the byte limit', { wifiId: 'x'.repeat(SSID_MAX_BYTES) }, []],
    ['an SSID one byte past', { wifiId: 'x'.repeat(SSID_MAX_BYTES + 1) }, ['link.wifiSsidTooLong']],
    // 11 Chinese characters are 33 bytes in UTF-8: over, though only 11 characters long.
    ['an SSID of 11 Chinese characters', { wifiId: '店'.repeat(11) }, ['link.wifiSsidTooLong']],
    ['a password at the minimum', { wifipassword: 'x'.repeat(WIFI_PASSWORD_MIN) }, []],
    [
      'a password one under',
      { wifipassword: 'x'.repeat(WIFI_PASSWORD_MIN - 1) },
      ['link.wifiPasswordLength'],
    ],
    ['a password at the maximum', { wifipassword: 'x'.repeat(WIFI_PASSWORD_MAX) }, []],
    ['a password one past', { wifipassword: 'x'.repeat(WIFI_PASSWORD_MAX + 1) }, ['link.wifiPasswordLength']],
    ['a password with a Chinese character', { wifipassword: 'welcome店1' }, ['link.wifiPasswordCharacters']],
  ])('%s', (_, change, codes) => {
    expect(codesOf(wifiProblems({ ...wifi, ...change }))).toEqual(codes);
  });
});

describe('miniProgramProblems', () => {
  it.each([
    ['wx1234567890abcdef', []],
    ['wx1234567890abcde', ['link.appIdFormat']],
    ['wx1234567890abcdef0', ['link.appIdFormat']],
    ['xwx1234567890abcdef', ['link.appIdFormat']],
    ['wx1234567890abcdeg', ['link.appIdFormat']],
  ])('AppID %s', (appId, codes) => {
    expect(codesOf(miniProgramProblems({ appId, appIdLianjie: '' }))).toEqual(codes);
  });
});

describe('latlngProblem', () => {
  it.each([
    ['39.9087,116.3975', true],
    ['90,180', true],
    ['-90,-180', true],
    ['90.0001,0', false],
    ['-90.0001,0', false],
    ['0,180.0001', false],
    ['0,-180.0001', false],
    ['0,999', false],
    ['39.9,116.3x', false],
    ['x39.9,116.3', false],
    ['39.9, 116.3', true],
  ])('%s → %s', (latlng, valid) => {
    expect(latlngProblem(latlng) === null).toBe(valid);
  });
});
