import { eq } from 'drizzle-orm';
import * as user from '../../../contract/endpoints/user';
import { LoginType } from '../../../contract/enums';
import { audit } from '../../audit';
import { passwordLogin } from '../../auth/login';
import { menuListFor } from '../../auth/menus';
import { consumeVerifyCode, VERIFY_CODE_COOKIE } from '../../auth/verify-code';
import { accounts, sessions, sites } from '../../db/schema';
import { AppError } from '../../http/errors';
import { defineRoute } from '../../http/route';

export const userRoutes = [
  defineRoute(user.login, async ({ input, db, request, reply }) => {
    if (input.LoginType !== LoginType.switchSite) {
      const codeId = request.cookies[VERIFY_CODE_COOKIE];
      reply.clearCookie(VERIFY_CODE_COOKIE, { path: '/api' });
      if (!(await consumeVerifyCode(db, codeId, input.verifyCode))) {
        throw new AppError('auth.wrongVerifyCode', {}, { field: 'verifyCode' });
      }
    }
    const token = await passwordLogin(db, {
      userName: input.userName,
      passWord: input.passWord,
      loginType: input.LoginType,
      siteId: typeof input.SiteId === 'number' && input.SiteId > 0 ? input.SiteId : undefined,
      address: request.ip,
    });
    return { AccessToken: token };
  }),

  defineRoute(user.getUserInfo, async ({ db, session }) => {
    const [row] = await db
      .select({ account: accounts, site: sites })
      .from(accounts)
      .innerJoin(sites, eq(sites.id, session.siteId))
      .where(eq(accounts.id, session.accountId));
    if (!row) throw new AppError('common.loginRequired', {}, { status: 401 });
    return {
      roles: session.roles,
      AccountName: String(session.siteId),
      SiteId: session.siteId,
      UserName: row.account.userName,
      ShopType: row.site.shopType,
      IsStore: row.account.isStore,
      Avatar: row.account.avatar,
      Introduction: row.account.introduction,
      MenuList: await menuListFor(db, session.grantedMenuIds),
    };
  }),

  defineRoute(user.logout, async ({ db, session }) => {
    await db.transaction(async (tx) => {
      await tx.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, session.sessionId));
      await audit(tx, session, 'account.logout', `account:${session.accountId}`);
    });
    return {};
  }),

  defineRoute(user.getSubscribeStatus, async ({ db, session }) => {
    const [account] = await db.select().from(accounts).where(eq(accounts.id, session.accountId));
    const bound = Boolean(account?.wechatOpenId);
    return { IsBound: bound, IsSubscribed: bound };
  }),
];
