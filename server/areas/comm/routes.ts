import * as comm from '../../../contract/endpoints/comm';
import { issueVerifyCode, VERIFY_CODE_COOKIE, VERIFY_CODE_TTL_MS } from '../../auth/verify-code';
import { defineRoute } from '../../http/route';

export const commRoutes = [
  defineRoute(comm.getVerifyCode, async ({ db, config, reply }) => {
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
  }),
];
