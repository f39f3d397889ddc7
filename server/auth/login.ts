import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import { LoginType, SUB_ACCOUNT_ROLE } from '../../contract/enums';
import { expiredSiteMessage } from '../../contract/envelope-rules';
import { audit } from '../audit';
import type { Database } from '../db/client';
import { accounts, sessions, sites, switchTickets } from '../db/schema';
import { AppError, rawError } from '../http/errors';
import { verifyPassword } from './password';
import { assertNotThrottled, recordAttempt } from './throttle';
import { hashToken, newToken, SESSION_ABSOLUTE_MS } from './tokens';

export interface LoginRequest {
  userName: string;
  passWord: string;
  loginType: number;
  siteId: number | undefined;
  address: string;
}

type AccountRow = typeof accounts.$inferSelect;

export async function createSession(
  db: Database,
  account: AccountRow,
  siteId: number,
  via: 'password' | 'switchSite',
  address: string,
): Promise<string> {
  const { token, hash } = newToken();
  const roles = account.kind === 'sub' ? [SUB_ACCOUNT_ROLE] : account.roles;
  await db.insert(sessions).values({
    tokenHash: hash,
    accountId: account.id,
    siteId,
    roles,
    expiresAt: new Date(Date.now() + SESSION_ABSOLUTE_MS),
  });
  await audit(db, { siteId, accountId: account.id, ip: address }, 'account.login', `account:${account.id}`, {
    via,
  });
  return token;
}

async function assertSiteLive(db: Database, siteId: number, accountId: number) {
  const [site] = await db.select().from(sites).where(eq(sites.id, siteId));
  if (site?.expiresAt && site.expiresAt.getTime() <= Date.now())
    throw rawError(expiredSiteMessage(accountId));
}

/** LoginType 3: redeems a ChangeSite ticket (user name) for the chosen site id (password). */
async function switchSiteLogin(db: Database, request: LoginRequest): Promise<string> {
  const siteId = Number(request.passWord);
  const [ticket] = await db
    .update(switchTickets)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(switchTickets.tokenHash, hashToken(request.userName)),
        isNull(switchTickets.usedAt),
        gt(switchTickets.expiresAt, sql`now()`),
      ),
    )
    .returning();
  if (!ticket || ticket.siteId !== siteId) throw new AppError('auth.switchTicketInvalid');
  const [account] = await db.select().from(accounts).where(eq(accounts.id, ticket.accountId));
  if (!account || account.disabled) throw new AppError('auth.disabled');
  await assertSiteLive(db, siteId, account.id);
  return createSession(db, account, siteId, 'switchSite', request.address);
}

/**
 * The key failed password checks are counted under: sub-account names are unique per site, others
 * everywhere. UpdatePwd counts wrong old passwords under the same key, so guesses through either way
 * share one budget.
 */
export function accountThrottleKey(userName: string, subAccountSiteId: number | undefined): string {
  return `${subAccountSiteId ?? ''}:${userName.toLowerCase()}`;
}

/** Password login for main and store accounts, or sub-accounts of one site when a site id is given. */
export async function passwordLogin(db: Database, request: LoginRequest): Promise<string> {
  if (request.loginType === LoginType.switchSite) return switchSiteLogin(db, request);
  const subAccount = request.loginType === LoginType.subAccount || (request.siteId ?? 0) > 0;
  if (subAccount && !request.siteId)
    throw new AppError('auth.subAccountSiteRequired', {}, { field: 'SiteId' });
  const accountKey = accountThrottleKey(request.userName, subAccount ? request.siteId : undefined);
  await assertNotThrottled(db, accountKey, request.address);
  const [account] = await db
    .select()
    .from(accounts)
    .where(
      subAccount
        ? and(
            eq(accounts.siteId, request.siteId!),
            eq(accounts.userName, request.userName),
            eq(accounts.kind, 'sub'),
          )
        : and(eq(accounts.userName, request.userName), ne(accounts.kind, 'sub')),
    );
  const passwordOk = await verifyPassword(account?.passwordHash, request.passWord);
  if (!account || !passwordOk) {
    await recordAttempt(db, accountKey, request.address, false);
    throw new AppError('auth.wrongCredentials');
  }
  if (account.disabled) throw new AppError('auth.disabled');
  await assertSiteLive(db, account.siteId, account.id);
  await recordAttempt(db, accountKey, request.address, true);
  return createSession(db, account, account.siteId, 'password', request.address);
}
