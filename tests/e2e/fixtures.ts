import { mkdirSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';

/**
 * Shared helpers for the browser tests. Specs import `test` and `expect` from here:
 *
 *   import { expect, test } from './fixtures';
 *   test('…', async ({ page, loginAs, expectNoSeriousA11yViolations }) => { … });
 *
 * The server under test runs with TEST_VERIFY_CODE, so every verification code is T3ST5, and the
 * demo accounts (admin, editor, sub, store, site2, expired) have the password admin123. Two workers
 * share one server and database: a spec that changes shared data (a password, a site name) must
 * put it back or use an account no other spec logs in with.
 */
export const TEST_VERIFY_CODE = 'T3ST5';
export const DEMO_PASSWORD = 'admin123';
/** The demo sub-account belongs to site 1 and logs in at /dislogin?siteId=1. */
export const DEMO_SUB_SITE_ID = 1;

/** The browser app keeps its token in this cookie (SPEC §8). */
export const SESSION_COOKIE = 'Admin-Token';

const SCREENSHOTS_DIR = path.join(import.meta.dirname, '..', 'screenshots');

// Labels in either catalogue, so the helpers work whichever language the page shows. Anchored at
// the start so that "Show password" or the code image's label never match.
const USER_NAME_LABEL = /^\s*(user ?name|用户名)/i;
const PASSWORD_LABEL = /^\s*(password|密码)/i;
const VERIFY_CODE_LABEL = /^\s*(verification code|验证码)/i;
const LOGIN_PAGE = /\/(dis)?login(\?|$)/;

export interface LoginOptions {
  password?: string;
  /** Logs in on the sub-account page /dislogin?siteId=… (the demo `sub` defaults to site 1). */
  siteId?: number;
  /** False when the test expects the login to be refused (the page stays on the login form). */
  expectSuccess?: boolean;
}

/** A text field of the login form, found by its accessible label (never a toggle or an image). */
function field(page: Page, label: RegExp) {
  return page.getByLabel(label).and(page.locator('input:not([type="checkbox"]):not([type="image"])'));
}

/**
 * Fills the login form as a person would and submits it with Enter. A session already open in the
 * browser is dropped first (the login pages send a logged-in browser to /), so this also switches
 * the user.
 */
export async function loginAs(page: Page, userName: string, options: LoginOptions = {}): Promise<void> {
  const siteId = options.siteId ?? (userName === 'sub' ? DEMO_SUB_SITE_ID : undefined);
  await page.context().clearCookies({ name: SESSION_COOKIE });
  await page.goto(siteId === undefined ? '/login' : `/dislogin?siteId=${siteId}`);
  await field(page, USER_NAME_LABEL).fill(userName);
  await field(page, PASSWORD_LABEL).fill(options.password ?? DEMO_PASSWORD);
  // A person reads the code off its image, and the cookie naming the code comes with the image: on a
  // busy machine a form sent before the image arrived carries no code at all.
  const image = page.getByTestId('verify-code-image').locator('img');
  await expect
    .poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth > 0), {
      timeout: 15_000,
    })
    .toBe(true);
  const code = field(page, VERIFY_CODE_LABEL);
  await code.fill(TEST_VERIFY_CODE);
  await code.press('Enter');
  if (options.expectSuccess !== false) await expect(page).not.toHaveURL(LOGIN_PAGE, { timeout: 15_000 });
}

/**
 * Logs in through the API (verification code, then /api/user/login) and hands the token to the
 * browser in the Admin-Token cookie, for tests whose subject is not the login form itself.
 */
export async function signInByApi(page: Page, userName: string, options: LoginOptions = {}): Promise<string> {
  const siteId = options.siteId ?? (userName === 'sub' ? DEMO_SUB_SITE_ID : undefined);
  // page.request shares the context's cookies, which carry the verification code's id.
  await page.request.get('/api/Comm/GetVerifyCode');
  const response = await page.request.post('/api/user/login', {
    data: {
      userName,
      passWord: options.password ?? DEMO_PASSWORD,
      verifyCode: TEST_VERIFY_CODE,
      ...(siteId === undefined ? {} : { SiteId: siteId }),
    },
  });
  const body = (await response.json()) as { Errcode: number; Errmsg: string; AccessToken?: string };
  expect(body.Errcode, `login ${userName}: ${body.Errmsg}`).toBe(0);
  const token = body.AccessToken ?? '';
  const baseURL = test.info().project.use.baseURL ?? page.url();
  await page.context().addCookies([{ name: SESSION_COOKIE, value: token, url: baseURL }]);
  return token;
}

/** Fails the test on any serious or critical WCAG 2.1 A/AA violation axe finds on the page. */
export async function expectNoSeriousA11yViolations(
  page: Page,
  options: { exclude?: string[]; disableRules?: string[] } = {},
): Promise<void> {
  let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  for (const selector of options.exclude ?? []) builder = builder.exclude(selector);
  if (options.disableRules) builder = builder.disableRules(options.disableRules);
  const results = await builder.analyze();
  const serious = results.violations.filter(
    (violation) => violation.impact === 'serious' || violation.impact === 'critical',
  );
  const described = serious.map(
    (violation) =>
      `${violation.impact} ${violation.id}: ${violation.help} — ${violation.nodes
        .slice(0, 5)
        .map((node) => node.target.join(' '))
        .join(', ')}`,
  );
  expect(described, `accessibility violations on ${page.url()}`).toEqual([]);
}

/**
 * Saves a screenshot for people to review under tests/screenshots/ (not committed). CI's clone is
 * thrown away, so there it takes none unless E2E_SCREENSHOTS=1: a page's screenshot is seconds of
 * CPU on a 2-core machine.
 */
export async function saveScreenshot(page: Page, name: string, options: { fullPage?: boolean } = {}) {
  if (process.env.CI && process.env.E2E_SCREENSHOTS !== '1') return;
  mkdirSync(SCREENSHOTS_DIR, { recursive: true });
  await page.screenshot({
    path: path.join(SCREENSHOTS_DIR, `${name}.png`),
    animations: 'disabled',
    fullPage: options.fullPage ?? false,
  });
}

interface Helpers {
  loginAs: typeof loginAs;
  signInByApi: typeof signInByApi;
  expectNoSeriousA11yViolations: typeof expectNoSeriousA11yViolations;
  saveScreenshot: typeof saveScreenshot;
}

/**
 * A client address of its own for each test (and retry), sent as X-Forwarded-For, which the server
 * trusts: failed logins in one test then never throttle the logins of another, since throttling
 * counts failures per address and every test connects from 127.0.0.1.
 */
export function clientAddressFor(testId: string, retry: number): string {
  let hash = 2166136261;
  for (const character of `${testId}:${retry}`)
    hash = Math.imul(hash ^ character.charCodeAt(0), 16777619) >>> 0;
  return `10.${(hash >>> 16) & 255}.${(hash >>> 8) & 255}.${hash & 255 || 1}`;
}

export const test = base.extend<Helpers>({
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use, testInfo) =>
    use({ ...extraHTTPHeaders, 'x-forwarded-for': clientAddressFor(testInfo.testId, testInfo.retry) }),
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixture's dependencies from this pattern.
  loginAs: async ({}, use) => use(loginAs),
  // biome-ignore lint/correctness/noEmptyPattern: as above.
  signInByApi: async ({}, use) => use(signInByApi),
  // biome-ignore lint/correctness/noEmptyPattern: as above.
  expectNoSeriousA11yViolations: async ({}, use) => use(expectNoSeriousA11yViolations),
  // biome-ignore lint/correctness/noEmptyPattern: as above.
  saveScreenshot: async ({}, use) => use(saveScreenshot),
});

export { expect };
