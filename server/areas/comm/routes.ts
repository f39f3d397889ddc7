import type { MultipartValue } from '@fastify/multipart';
import { and, eq, isNull, lt, ne, sql } from 'drizzle-orm';
import * as comm from '../../../contract/endpoints/comm';
import { expiredSiteMessage } from '../../../contract/envelope-rules';
import { shopDate } from '../../../contract/shop-time';
import { audit } from '../../audit';
import { accountThrottleKey } from '../../auth/login';
import { hashPassword, verifyPassword } from '../../auth/password';
import { assertNotThrottled, recordAttempt } from '../../auth/throttle';
import { newToken } from '../../auth/tokens';
import { issueVerifyCode, VERIFY_CODE_COOKIE, VERIFY_CODE_TTL_MS } from '../../auth/verify-code';
import { accounts, sessions, sites, switchTickets } from '../../db/schema';
import { AppError, rawError } from '../../http/errors';
import { megabytes, UPLOAD_LIMIT } from '../../http/limits';
import { defineRoute } from '../../http/route';
import { parseInput } from '../../http/validation';
import { areaEntry, chinaAreas } from './china-areas';
import { qrCodeImage } from './service';
import './messages';
import { folderOfSite } from '../image-library/service';
import { expiredSites, siteEntry, switchableSites } from './sites';
import { storeImage } from './upload-image';

/** A ChangeSite ticket must be redeemed (LoginType 3) within this time. */
export const SWITCH_TICKET_TTL_MS = 2 * 60 * 1000;

export const commRoutes = [
  defineRoute(
    comm.getVerifyCode,
    async ({ db, config, reply }) => {
      const code = await issueVerifyCode(db, config.testVerifyCode);
      reply.setCookie(VERIFY_CODE_COOKIE, code.id, {
        path: '/api',
        httpOnly: true,
        sameSite: 'strict',
        secure: 'auto',
        maxAge: VERIFY_CODE_TTL_MS / 1000,
      });
      reply.header('cache-control', 'no-store').type('image/svg+xml').send(code.svg);
      return undefined;
    },
    { cookies: true },
  ),

  defineRoute(comm.getSiteName, async ({ db, session }) => {
    const [site] = await db.select().from(sites).where(eq(sites.id, session.siteId));
    if (!site) throw new AppError('common.loginRequired', {}, { status: 401 });
    return { Id: site.id, Text: site.name };
  }),

  defineRoute(comm.setSiteName, async ({ input, db, session }) => {
    if (input.Text === '') throw new AppError('site.nameRequired', {}, { field: 'Text' });
    if (input.Id !== session.siteId) throw new AppError('site.notYours', {}, { field: 'Id' });
    if (session.kind !== 'main') throw new AppError('site.mainAccountOnly', {}, { field: 'Id' });
    await db.transaction(async (tx) => {
      const [before] = await tx.select({ name: sites.name }).from(sites).where(eq(sites.id, session.siteId));
      await tx
        .update(sites)
        .set({ name: input.Text, version: sql`${sites.version} + 1` })
        .where(eq(sites.id, session.siteId));
      await audit(tx, session, 'site.rename', `site:${session.siteId}`, {
        before: before?.name,
        after: input.Text,
      });
    });
    return {};
  }),

  defineRoute(comm.updatePassword, async ({ input, db, session, request }) => {
    if (input.NewPwd !== input.ConfirmPwd)
      throw new AppError('auth.passwordMismatch', {}, { field: 'ConfirmPwd' });
    if (input.NewPwd === input.OldPwd) throw new AppError('auth.samePassword', {}, { field: 'NewPwd' });
    const [account] = await db.select().from(accounts).where(eq(accounts.id, session.accountId));
    if (!account) throw new AppError('common.loginRequired', {}, { status: 401 });
    const throttleKey = accountThrottleKey(
      account.userName,
      account.kind === 'sub' ? account.siteId : undefined,
    );
    await assertNotThrottled(db, throttleKey, request.ip);
    if (!(await verifyPassword(account.passwordHash, input.OldPwd))) {
      await recordAttempt(db, throttleKey, request.ip, false);
      throw new AppError('auth.oldPasswordWrong', {}, { field: 'OldPwd' });
    }
    const passwordHash = await hashPassword(input.NewPwd);
    await db.transaction(async (tx) => {
      await tx.update(accounts).set({ passwordHash }).where(eq(accounts.id, account.id));
      // Whoever else holds a session or a switch ticket of this account loses it with the old password.
      const revoked = await tx
        .update(sessions)
        .set({ revokedAt: new Date() })
        .where(
          and(
            eq(sessions.accountId, account.id),
            ne(sessions.id, session.sessionId),
            isNull(sessions.revokedAt),
          ),
        )
        .returning({ id: sessions.id });
      await tx
        .update(switchTickets)
        .set({ usedAt: new Date() })
        .where(and(eq(switchTickets.accountId, account.id), isNull(switchTickets.usedAt)));
      await audit(tx, session, 'account.password', `account:${account.id}`, {
        revokedSessions: revoked.length,
      });
    });
    return {};
  }),

  defineRoute(comm.unbindWechat, async ({ db, session }) => {
    await db.transaction(async (tx) => {
      const [account] = await tx
        .select({ openId: accounts.wechatOpenId })
        .from(accounts)
        .where(eq(accounts.id, session.accountId));
      if (!account?.openId) throw new AppError('wechat.notBound');
      await tx.update(accounts).set({ wechatOpenId: null }).where(eq(accounts.id, session.accountId));
      await audit(tx, session, 'account.unbindWechat', `account:${session.accountId}`, {
        before: 'bound',
        after: 'unbound',
      });
    });
    return {};
  }),

  defineRoute(comm.getChangeSiteList, async ({ db, session }) => {
    const rows = await switchableSites(db, session.accountId);
    return { Data: rows.map(siteEntry) };
  }),

  defineRoute(comm.changeSite, async ({ input, db, session }) => {
    const target = (await switchableSites(db, session.accountId)).find((site) => site.id === input.Id);
    if (!target) throw new AppError('site.notSwitchable', {}, { field: 'Id' });
    if (target.expiresAt && target.expiresAt.getTime() <= Date.now()) {
      throw rawError(expiredSiteMessage(session.accountId));
    }
    const { token, hash } = newToken();
    await db.transaction(async (tx) => {
      await tx.delete(switchTickets).where(lt(switchTickets.expiresAt, sql`now() - interval '1 day'`));
      await tx.insert(switchTickets).values({
        tokenHash: hash,
        accountId: session.accountId,
        siteId: target.id,
        expiresAt: new Date(Date.now() + SWITCH_TICKET_TTL_MS),
      });
      await audit(tx, session, 'site.switch', `site:${target.id}`, { from: session.siteId, to: target.id });
    });
    return { ResultData: token };
  }),

  defineRoute(comm.getExpirySiteList, async ({ input, db }) => {
    const rows = await expiredSites(db, input.aid);
    // The same answer for an unknown account and one without expired sites: nothing to enumerate.
    if (rows.length === 0) throw new AppError('site.expiredNotFound', {}, { field: 'aid' });
    return { Data: rows.map((site) => ({ ...siteEntry(site), ExpiresAt: shopDate(site.expiresAt!) })) };
  }),

  defineRoute(
    comm.uploadImage,
    async ({ db, session, files, request }) => {
      if (!request.isMultipart()) throw new AppError('upload.missingFile', {}, { field: 'file' });
      const part = await request.file();
      if (part?.fieldname !== 'file') throw new AppError('upload.missingFile', {}, { field: 'file' });
      const textFields = Object.fromEntries(
        Object.values(part.fields)
          .flat()
          .filter((field): field is MultipartValue => field?.type === 'field')
          .map((field) => [field.fieldname, field.value]),
      );
      const fields = parseInput(comm.uploadImage.input, textFields);
      const folderId = await folderOfSite(db, session.siteId, fields.FolderId);
      let bytes: Buffer;
      try {
        bytes = await part.toBuffer();
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
          throw new AppError('upload.tooLarge', { limit: megabytes(UPLOAD_LIMIT) }, { field: 'file' });
        }
        throw error;
      }
      return storeImage(db, session, files, { bytes, filename: part.filename, folderId });
    },
    { multipart: true },
  ),

  defineRoute(comm.initCities, async () => ({ Data: chinaAreas().provinces.map(areaEntry) })),

  defineRoute(comm.nextCities, async ({ input }) => {
    const node = chinaAreas().byCode.get(input.code);
    if (!node) throw new AppError('area.unknownCode', { code: input.code }, { field: 'code' });
    return { Data: (node.Children ?? []).map(areaEntry) };
  }),

  defineRoute(comm.initArea, async () => ({ Data: chinaAreas().provinces })),

  defineRoute(comm.getQrCode, async ({ input, request }) => {
    const url = `${request.protocol}://${request.host}${input.path}`;
    return { Url: url, Image: await qrCodeImage(url) };
  }),
];
