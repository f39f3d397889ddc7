import { sql } from 'drizzle-orm';
import type { MiniProgramVersionAction } from '../../../contract/machines/mini-program-version';
import { loadConfig } from '../../config';
import { demoPicture } from '../../db/demo-picture';
import { queryRows } from '../../db/query';
import type { AreaSeed } from '../../db/seed';
import { sealSecret } from '../../secret-box';
import { newKey } from '../storefront/service';
import { wechatAuthorizers } from '../wechat-platform/service';
import { mask } from './applyment';
import { insertBatch, sendBatches } from './batch';
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
  await seedApplyments(db, siteId, demo.adminAccountId, secretsKey, now);
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
  // A batch the admin sent to both shops it manages: the mall's commit goes through, the official
  // site has not authorised its mini-program yet, so its item waits for a retry.
  await db.transaction((tx) =>
    insertBatch(tx, {
      siteId,
      accountId: demo.adminAccountId,
      provider: sandbox.provider,
      templateId: 3,
      userVersion: '2.1.2',
      userDesc: '批量提交：会员与积分',
      apiBase: 'http://127.0.0.1:8080/api/storefront',
      siteIds: [siteId, demo.secondSiteId],
    }),
  );
  await sendBatches(db, loadConfig());
};

/** A draft being filled, one waiting for the legal person's signature, one rejected by the audit. */
async function seedApplyments(
  db: Parameters<AreaSeed>[0],
  siteId: number,
  accountId: number,
  secretsKey: Buffer,
  now: number,
) {
  const licence = demoPicture('#607d8b', '营业执照');
  const portrait = demoPicture('#9e9e9e', '人像面');
  const emblem = demoPicture('#795548', '国徽面');
  const base = {
    SubjectType: 'SUBJECT_TYPE_ENTERPRISE',
    MerchantName: '上海演示商贸有限公司',
    LicenseNumber: '91310000MA1FL8XQ30',
    LicenseCopy: licence,
    LegalPerson: '王小明',
    IdCardName: '王小明',
    IdCardCopy: portrait,
    IdCardNational: emblem,
    IdCardValidFrom: '2019-06-01',
    IdCardValidTo: '2039-06-01',
    BankAccountType: 'BANK_ACCOUNT_TYPE_CORPORATE',
    AccountBank: '招商银行',
    AccountName: '上海演示商贸有限公司',
    BankAddressCode: '310000',
    ContactName: '王小明',
    ContactEmail: 'shop@example.com',
    MerchantShortname: '演示商城',
    ServicePhone: '021-12345678',
    SalesScenes: 'miniProgramAndStore',
    StoreName: '演示商城徐汇体验店',
    StoreProvinceCode: '310000',
    StoreCityCode: '310100',
    StoreDistrictCode: '310104',
    StoreStreet: '漕溪北路 88 号',
    StoreEntrancePic: demoPicture('#3f51b5', '门头'),
    StoreIndoorPic: demoPicture('#009688', '店内'),
  };
  const sealed = {
    id: sealSecret('310101199001011234', secretsKey),
    account: sealSecret('6225880212345678', secretsKey),
    mobile: sealSecret('13800001234', secretsKey),
  };
  const rows = [
    {
      status: 'editing',
      draft: { ...base, MerchantName: '上海演示商贸有限公司（门店）', BankAddressCode: '' },
      days: 1,
      code: '',
    },
    { status: 'toBeSigned', draft: base, days: 3, code: `${siteId}_seed_signing` },
    {
      status: 'rejected',
      draft: { ...base, MerchantName: '演示商贸（旧名称）' },
      days: 9,
      code: `${siteId}_seed_rejected`,
    },
  ];
  for (const row of rows) {
    const at = new Date(now - row.days * DAY).toISOString();
    await db.execute(
      sql`insert into pay_applyments (site_id, provider, status, business_code, draft, id_card_number_sealed,
                                      id_card_number_mask, account_number_sealed, account_number_mask,
                                      contact_mobile_sealed, contact_mobile_mask, applyment_id, sign_url, reason,
                                      submitted_at, created_by, created_at, updated_at)
          values (${siteId}, 'sandbox', ${row.status}, ${row.code}, ${JSON.stringify(row.draft)}::jsonb,
                  ${sealed.id}, ${mask('310101199001011234', 4, 4)}, ${sealed.account}, ${mask('6225880212345678', 0, 4)},
                  ${sealed.mobile}, ${mask('13800001234', 3, 4)},
                  ${row.code ? `20000${row.days}0001234` : ''},
                  ${row.status === 'toBeSigned' ? `https://pay.weixin.qq.com/public/apply4ec_sign/s?applymentId=sandbox-${row.code}` : ''},
                  ${row.status === 'rejected' ? '营业执照：主体名称与执照不一致（沙箱）' : ''},
                  ${row.code ? at : null}::timestamptz, ${accountId}, ${at}::timestamptz, ${at}::timestamptz)`,
    );
  }
}
