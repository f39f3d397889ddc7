import { eq } from 'drizzle-orm';
import { switchRole } from '../../../contract/endpoints/user';
import { newToken, SESSION_ABSOLUTE_MS } from '../../auth/tokens';
import { accounts, sessions } from '../../db/schema';
import './messages';
import { AppError } from '../../http/errors';
import { defineRoute } from '../../http/route';

/** SPEC §4 "Changing roles", for the /permission demo pages. */
export const demoRoutes = [
  defineRoute(switchRole, async ({ db, session, input }) => {
    const [account] = await db.select().from(accounts).where(eq(accounts.id, session.accountId));
    if (!account?.roles.includes('admin')) throw new AppError('demo.adminOnly', {}, { status: 403 });
    const { token, hash } = newToken();
    await db.transaction(async (tx) => {
      await tx.insert(sessions).values({
        tokenHash: hash,
        accountId: account.id,
        siteId: session.siteId,
        roles: [input.role],
        expiresAt: new Date(Date.now() + SESSION_ABSOLUTE_MS),
      });
      await tx.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, session.sessionId));
    });
    return { AccessToken: token };
  }),
];
