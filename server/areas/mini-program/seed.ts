import { sql } from 'drizzle-orm';
import type { MiniProgramVersionAction } from '../../../contract/machines/mini-program-version';
import { loadConfig } from '../../config';
import { queryRows } from '../../db/query';
import type { AreaSeed } from '../../db/seed';
import { sealSecret } from '../../secret-box';
import { newKey } from '../storefront/service';
import { wechatAuthorizers } from '../wechat-platform/service';
import { sandboxPlatform } from './sandbox-platform';
import { moveVersion, WECHAT_ACTOR } from './service';

const DAY = 24 * 60 * 60 * 1000;

/**
 * The mall's mini-program authorised in the sandbox with a history of versions: an old release
 * superseded, the one on line, one rejected by the audit and one waiting for its audit, each walked
 * through the machine so its timeline reads as the operator's and WeChat's steps.
 */
export const miniProgramSeed: AreaSeed = async (db, demo) => {
  const siteId = demo.mallSiteId;
  const sandbox = sandboxPlatform();
  const authorized = await sandbox.queryAuthorization(siteId, 'sandbox-demo');
  const secretsKey = loadConfig().payment.secretsKey;
  const now = Date.now();
  await db.insert(wechatAuthorizers).values({
    siteId,
    provider: 'sandbox',
    appId: authorized.appId,
    refreshTokenSealed: sealSecret(authorized.refreshToken, secretsKey),
    nickname: authorized.nickname,
    headImage: authorized.headImage,
    principalName: authorized.principalName,
    userName: authorized.userName,
    permissions: authorized.permissions,
    domains: authorized.domains,
    authorizedAt: new Date(now - 30 * DAY),
    authorizedBy: demo.adminAccountId,
  });
  const { hash, prefix } = newKey();
  await db.execute(
    sql`insert into storefront_keys (site_id, name, key_hash, prefix, created_by)
        values (${siteId}, '小程序', ${hash}, ${prefix}, ${demo.adminAccountId})`,
  );
  const ext = JSON.stringify({
    extEnable: true,
    extAppid: authorized.appId,
    directCommit: false,
    ext: { siteId, apiBase: 'http://127.0.0.1:8080/api/storefront', storefrontKeyPrefix: prefix },
  });
  const item = {
    Address: 'pages/index/index',
    Tag: '商城 购物',
    Title: '首页',
    FirstClass: '商家自营',
    SecondClass: '服装/鞋/箱包',
    FirstId: 304,
    SecondId: 305,
  };
  const walks: {
    template: number;
    version: string;
    desc: string;
    days: number;
    steps: MiniProgramVersionAction[];
    reason?: string;
  }[] = [
    {
      template: 1,
      version: '1.0.0',
      desc: '首个版本',
      days: 28,
      steps: ['uploaded', 'submitAudit', 'submitted', 'approve', 'release', 'releaseDone', 'supersede'],
    },
    {
      template: 2,
      version: '2.0.0',
      desc: '新增直播与订阅消息',
      days: 12,
      steps: ['uploaded', 'submitAudit', 'submitted', 'approve', 'release', 'releaseDone'],
    },
    {
      template: 3,
      version: '2.1.0',
      desc: '会员、优惠券与积分',
      days: 5,
      steps: ['uploaded', 'submitAudit', 'submitted', 'reject'],
      reason: '1:服务类目"商家自营-服装/鞋/箱包"与页面内容不一致',
    },
    {
      template: 3,
      version: '2.1.1',
      desc: '修正类目与首页内容',
      days: 1,
      steps: ['uploaded', 'submitAudit', 'submitted'],
    },
  ];
  const admin = { accountId: demo.adminAccountId, name: 'admin' };
  for (const walk of walks) {
    const at = new Date(now - walk.days * DAY);
    const [created] = await queryRows<{ id: number }>(
      db,
      sql`insert into mini_program_versions (site_id, provider, app_id, template_id, user_version, user_desc,
                                             ext_json, committed_by, created_at, updated_at)
          values (${siteId}, 'sandbox', ${authorized.appId}, ${walk.template}, ${walk.version}, ${walk.desc},
                  ${ext}, ${demo.adminAccountId}, ${at.toISOString()}::timestamptz, ${at.toISOString()}::timestamptz)
          returning id`,
    );
    const id = created!.id;
    await db.execute(
      sql`insert into mini_program_version_events (site_id, version_id, event, account_id, actor_name, note, created_at)
          values (${siteId}, ${id}, 'commit', ${demo.adminAccountId}, 'admin', ${`${walk.template} ${walk.version}`},
                  ${at.toISOString()}::timestamptz)`,
    );
    await db.transaction(async (tx) => {
      for (const step of walk.steps) {
        const byOperator = step === 'submitAudit' || step === 'release';
        await moveVersion(tx, id, step, byOperator ? admin : WECHAT_ACTOR, {
          note: step === 'reject' ? walk.reason : step === 'submitted' ? `4${id}0000${walk.days}` : '',
          set:
            step === 'submitAudit'
              ? sql`audit_items = ${JSON.stringify([item])}::jsonb`
              : step === 'submitted'
                ? sql`audit_id = ${`4${id}0000${walk.days}`}`
                : step === 'reject'
                  ? sql`reason = ${walk.reason ?? ''}`
                  : step === 'releaseDone'
                    ? sql`released_at = ${at.toISOString()}::timestamptz`
                    : undefined,
        });
      }
    });
  }
};
