import { and, eq } from 'drizzle-orm';
import type { MenuItem } from '../../../contract/endpoints/user';
import * as user from '../../../contract/endpoints/user';
import { LoginType } from '../../../contract/enums';
import { audit } from '../../audit';
import { passwordLogin } from '../../auth/login';
import { consumeVerifyCode, VERIFY_CODE_COOKIE } from '../../auth/verify-code';
import { accounts, sessions } from '../../db/schema';
import { AppError } from '../../http/errors';
import { defineRoute, serialisedField } from '../../http/route';
import { members } from '../customer/tables';
import { subscribeStatus } from '../wechat-messages/service';

export const userRoutes = [
  defineRoute(
    user.login,
    async ({ input, db, request, reply }) => {
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
    },
    { cookies: true },
  ),

  // Everything comes with the session: the call makes no query of its own.
  defineRoute(user.getUserInfo, async ({ session }) => ({
    roles: [...session.roles],
    AccountName: String(session.siteId),
    SiteId: session.siteId,
    UserName: session.userName,
    ShopType: session.shopType,
    IsStore: session.isStore,
    Avatar: session.avatar,
    Introduction: session.introduction,
    MenuList: serialisedField<MenuItem[]>(session.menuList),
  })),

  defineRoute(user.logout, async ({ db, session }) => {
    await db.transaction(async (tx) => {
      await tx.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, session.sessionId));
      await audit(tx, session, 'account.logout', `account:${session.accountId}`);
    });
    return {};
  }),

  defineRoute(user.getSubscribeStatus, async ({ db, session, input }) => {
    const [account] = await db.select().from(accounts).where(eq(accounts.id, session.accountId));
    let openId = account?.wechatOpenId ?? null;
    if (input.MemberId !== undefined) {
      const [member] = await db
        .select({ openId: members.openId })
        .from(members)
        .where(and(eq(members.id, input.MemberId), eq(members.siteId, session.siteId)));
      if (!member) throw new AppError('member.notFound', { id: input.MemberId }, { field: 'MemberId' });
      openId = member.openId;
    }
    const SceneList = await subscribeStatus(db, session.siteId, openId);
    return {
      IsBound: Boolean(account?.wechatOpenId),
      IsSubscribed: SceneList.some((scene) => scene.Enabled && scene.HasConsent),
      SceneList,
    };
  }),
];
