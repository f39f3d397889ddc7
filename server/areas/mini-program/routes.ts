import { type SQL, sql } from 'drizzle-orm';
import * as api from '../../../contract/endpoints/mini-program';
import { parseSort } from '../../../contract/list-query';
import {
  MINI_PROGRAM_PERMISSION,
  type MiniProgramVersionAction,
  type MiniProgramVersionState,
  miniProgramVersionMachine,
} from '../../../contract/machines/mini-program-version';
import { can } from '../../../contract/state-machine';
import { audit } from '../../audit';
import type { Session } from '../../auth/session';
import type { Config } from '../../config';
import type { Database, Executor } from '../../db/client';
import { containsPattern, queryRows } from '../../db/query';
import { AppError } from '../../http/errors';
import { defineRoute } from '../../http/route';
import type { Locale } from '../../i18n/messages';
import { sealSecret } from '../../secret-box';
import { wechatAuthorizers } from '../wechat-platform/service';
import {
  type AuditEvent,
  applyAuditEvent,
  askWechat,
  authorizationView,
  codeExtJson,
  drainMiniProgramSteps,
  enqueueStep,
  insertCommit,
  miniProgramAdapter,
  moveVersion,
  reasonText,
  requireAuthorized,
  type StepKind,
  storefrontApiBase,
} from './service';
import './messages';

interface VersionRecord extends Record<string, unknown> {
  id: number;
  provider: api.WechatProvider;
  app_id: string;
  template_id: number;
  user_version: string;
  user_desc: string;
  status: MiniProgramVersionState;
  audit_id: string;
  reason: string;
  step: number;
  committed_by: string | null;
  created_at: string | Date;
  updated_at: string | Date;
}

const COLUMNS = sql`v.id, v.provider, v.app_id, v.template_id, v.user_version, v.user_desc, v.status, v.audit_id,
  v.reason, v.step, a.user_name as committed_by, v.created_at, v.updated_at`;
const FROM = sql`from mini_program_versions v left join accounts a on a.id = v.committed_by`;

const iso = (value: string | Date) => new Date(value).toISOString();

function versionRow(locale: Locale, row: VersionRecord): api.VersionRow {
  return {
    Id: row.id,
    Provider: row.provider,
    AppId: row.app_id,
    TemplateId: row.template_id,
    UserVersion: row.user_version,
    UserDesc: row.user_desc,
    Status: row.status,
    AuditId: row.audit_id,
    Reason: reasonText(locale, row.reason),
    CommittedBy: row.committed_by ?? '',
    CreatedAt: iso(row.created_at),
    UpdatedAt: iso(row.updated_at),
  };
}

/** Which states each tab shows: the steps under way count with the state they lead from. */
const TAB_STATES: Record<Exclude<api.VersionTab, 'all'>, MiniProgramVersionState[]> = {
  uploaded: ['uploading', 'uploaded', 'failed'],
  auditing: ['submitting', 'auditing', 'delayed'],
  approved: ['approved', 'releasing'],
  rejected: ['rejected'],
  released: ['released', 'rollingBack', 'superseded', 'rolledBack'],
};

const inStates = (states: readonly string[]) =>
  sql`v.status in (${sql.join(
    states.map((state) => sql`${state}`),
    sql`, `,
  )})`;

async function readVersion(db: Executor, siteId: number, id: number, field: string): Promise<VersionRecord> {
  const [row] = await queryRows<VersionRecord>(
    db,
    sql`select ${COLUMNS} ${FROM} where v.site_id = ${siteId} and v.id = ${id}`,
  );
  if (!row) throw new AppError('miniProgram.versionNotFound', { id }, { field });
  return row;
}

const actorOf = (session: Session) => ({ accountId: session.accountId, name: session.userName });

/**
 * An operator's step on one version: legal by the machine, moved in a guarded UPDATE with the step
 * count bumped, and queued for the outbox in the same transaction.
 */
async function queueStep(
  db: Database,
  config: Config,
  session: Session,
  id: number,
  field: string,
  action: MiniProgramVersionAction,
  kind: StepKind,
  set?: SQL,
): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await readVersion(tx, session.siteId, id, field);
    if (!can(miniProgramVersionMachine, row.status, action))
      throw new AppError('miniProgram.illegal', { id }, { field });
    const moved = await moveVersion(tx, id, action, actorOf(session), {
      set: set ? sql`step = step + 1, ${set}` : sql`step = step + 1`,
    });
    if (!moved) throw new AppError('miniProgram.illegal', { id }, { field });
    await enqueueStep(tx, { id, siteId: session.siteId, step: row.step + 1 }, kind);
    await audit(tx, session, `miniProgram.${action}`, `miniProgramVersion:${id}`, {
      userVersion: row.user_version,
    });
  });
  await sendQueued(db, config);
}

/**
 * Sends what was just queued without waiting for the sweep, after the transaction committed: the
 * operator sees WeChat's answer at once, and a failure is retried by the sweep as any other row.
 */
function sendQueued(db: Database, config: Config) {
  return drainMiniProgramSteps(db, new Date(), config);
}

export const miniProgramRoutes = [
  defineRoute(api.getAuthorization, async ({ db, session, config }) =>
    authorizationView(db, session.siteId, miniProgramAdapter(db, config).provider),
  ),

  defineRoute(api.startAuthorization, async ({ db, session, config, request, locale }) => {
    const redirect = `${request.protocol}://${request.host}${MINI_PROGRAM_PERMISSION}`;
    const adapter = miniProgramAdapter(db, config);
    const url = await askWechat(locale, () => adapter.authorizationUrl(session.siteId, redirect));
    await audit(db, session, 'miniProgram.startAuthorization', `site:${session.siteId}`, {
      provider: adapter.provider,
    });
    return { Url: url };
  }),

  defineRoute(api.completeAuthorization, async ({ db, session, config, input, locale }) => {
    const adapter = miniProgramAdapter(db, config);
    const authorized = await askWechat(
      locale,
      () => adapter.queryAuthorization(session.siteId, input.AuthCode),
      'AuthCode',
    );
    const now = new Date();
    const values = {
      provider: adapter.provider,
      appId: authorized.appId,
      state: 'authorized' as const,
      refreshTokenSealed: sealSecret(authorized.refreshToken, config.payment.secretsKey),
      nickname: authorized.nickname,
      headImage: authorized.headImage,
      principalName: authorized.principalName,
      userName: authorized.userName,
      permissions: authorized.permissions,
      domains: authorized.domains,
      authorizedAt: now,
      authorizedBy: session.accountId,
      revokedAt: null,
    };
    await db.transaction(async (tx) => {
      // Another shop that held the same mini-program loses it: WeChat lets one account act for it.
      await tx.execute(
        sql`delete from wechat_authorizers where provider = ${adapter.provider} and app_id = ${authorized.appId}
              and site_id <> ${session.siteId}`,
      );
      await tx
        .insert(wechatAuthorizers)
        .values({ siteId: session.siteId, ...values })
        .onConflictDoUpdate({
          target: wechatAuthorizers.siteId,
          set: { ...values, version: sql`${wechatAuthorizers.version} + 1` },
        });
      await audit(tx, session, 'miniProgram.authorize', `site:${session.siteId}`, {
        provider: adapter.provider,
        appId: authorized.appId,
      });
    });
    return authorizationView(db, session.siteId, adapter.provider);
  }),

  defineRoute(api.getCodeTemplates, async ({ db, config, locale }) => {
    const adapter = miniProgramAdapter(db, config);
    return { Provider: adapter.provider, Data: await askWechat(locale, () => adapter.templates()) };
  }),

  defineRoute(api.getVersionList, async ({ db, session, input, locale }) => {
    const where: SQL[] = [sql`v.site_id = ${session.siteId}`];
    if (input.keyword) {
      const pattern = containsPattern(input.keyword);
      where.push(sql`(v.user_version ilike ${pattern} or v.user_desc ilike ${pattern})`);
    }
    const filtered = input.status === 'all' ? where : [...where, inStates(TAB_STATES[input.status])];
    const order = parseSort(input.sort);
    const tally = sql.join(
      (Object.keys(TAB_STATES) as (keyof typeof TAB_STATES)[]).map(
        (tab) => sql`(count(*) filter (where ${inStates(TAB_STATES[tab])}))::int as ${sql.identifier(tab)}`,
      ),
      sql`, `,
    );
    const [rows, [counts]] = await Promise.all([
      queryRows<VersionRecord>(
        db,
        sql`select ${COLUMNS} ${FROM} where ${sql.join(filtered, sql` and `)}
            order by v.created_at ${sql.raw(order.descending ? 'desc' : 'asc')}, v.id desc
            limit ${input.pageSize} offset ${(input.page - 1) * input.pageSize}`,
      ),
      queryRows<Record<api.VersionTab, number>>(
        db,
        sql`select count(*)::int as "all", ${tally} ${FROM} where ${sql.join(where, sql` and `)}`,
      ),
    ]);
    const totals = counts ?? { all: 0, uploaded: 0, auditing: 0, approved: 0, rejected: 0, released: 0 };
    return { Data: rows.map((row) => versionRow(locale, row)), Total: totals[input.status], Counts: totals };
  }),

  defineRoute(api.getVersionInfo, async ({ db, session, input, locale }) => {
    const row = await readVersion(db, session.siteId, input.id, 'id');
    const [extra] = await queryRows<{ ext_json: string; audit_items: api.AuditItem[] }>(
      db,
      sql`select ext_json, audit_items from mini_program_versions where id = ${row.id}`,
    );
    const events = await queryRows<{
      event: string;
      actor_name: string;
      note: string;
      created_at: string | Date;
    }>(
      db,
      sql`select event, actor_name, note, created_at from mini_program_version_events
           where site_id = ${session.siteId} and version_id = ${row.id} order by id`,
    );
    return {
      ...versionRow(locale, row),
      ExtJson: extra!.ext_json,
      AuditItems: extra!.audit_items,
      Timeline: events.map((event) => ({
        Event: event.event as api.VersionDetail['Timeline'][number]['Event'],
        ActorName: event.actor_name,
        Note: reasonText(locale, event.note),
        CreatedAt: iso(event.created_at),
      })),
    };
  }),

  defineRoute(api.commitVersion, async ({ db, session, config, input, request, locale }) => {
    const adapter = miniProgramAdapter(db, config);
    const appId = await requireAuthorized(db, session.siteId, adapter.provider);
    const templates = await askWechat(locale, () => adapter.templates());
    if (!templates.some((template) => template.TemplateId === input.TemplateId))
      throw new AppError('miniProgram.templateNotFound', { id: input.TemplateId }, { field: 'TemplateId' });
    const extJson = await codeExtJson(db, session.siteId, appId, storefrontApiBase(request));
    const id = await db.transaction(async (tx) => {
      const versionId = await insertCommit(
        tx,
        {
          siteId: session.siteId,
          provider: adapter.provider,
          appId,
          templateId: input.TemplateId,
          userVersion: input.UserVersion,
          userDesc: input.UserDesc,
          extJson,
        },
        actorOf(session),
      );
      await audit(tx, session, 'miniProgram.commit', `miniProgramVersion:${versionId}`, {
        templateId: input.TemplateId,
        userVersion: input.UserVersion,
      });
      return versionId;
    });
    await sendQueued(db, config);
    return { Id: id };
  }),

  defineRoute(api.getExperienceQr, async ({ db, session, config, input, locale }) => {
    const row = await readVersion(db, session.siteId, input.id, 'id');
    if (row.status === 'uploading' || row.status === 'failed')
      throw new AppError('miniProgram.illegal', { id: row.id }, { field: 'id' });
    const adapter = miniProgramAdapter(db, config);
    const image = await askWechat(locale, () => adapter.experienceQr(session.siteId, row.user_version), 'id');
    return { Image: `data:${image.contentType};base64,${image.data.toString('base64')}` };
  }),

  defineRoute(api.getAuditOptions, async ({ db, session, config, input, locale }) => {
    await readVersion(db, session.siteId, input.id, 'id');
    const adapter = miniProgramAdapter(db, config);
    const options = await askWechat(locale, () => adapter.auditOptions(session.siteId), 'id');
    return { Categories: options.categories, Pages: options.pages };
  }),

  defineRoute(api.submitAudit, async ({ db, session, config, input }) => {
    const [busy] = await queryRows<{ user_version: string }>(
      db,
      sql`select user_version from mini_program_versions
           where site_id = ${session.siteId} and id <> ${input.Id} and status in ('submitting', 'auditing', 'delayed')
             and provider = (select provider from mini_program_versions where id = ${input.Id})`,
    );
    if (busy) throw new AppError('miniProgram.auditBusy', { version: busy.user_version }, { field: 'Id' });
    await queueStep(
      db,
      config,
      session,
      input.Id,
      'Id',
      'submitAudit',
      'miniProgram.submitAudit',
      sql`audit_items = ${JSON.stringify(input.Items)}::jsonb, version_desc = ${input.VersionDesc}, reason = ''`,
    );
    return {};
  }),

  defineRoute(api.releaseVersion, async ({ db, session, config, input }) => {
    await queueStep(db, config, session, input.Ids[0]!, 'Ids', 'release', 'miniProgram.release');
    return {};
  }),

  defineRoute(api.rollbackVersion, async ({ db, session, config, input }) => {
    await queueStep(db, config, session, input.Ids[0]!, 'Ids', 'rollback', 'miniProgram.rollback');
    return {};
  }),

  defineRoute(api.setVisitStatus, async ({ db, session, config, input, locale }) => {
    const adapter = miniProgramAdapter(db, config);
    await requireAuthorized(db, session.siteId, adapter.provider);
    if ((await authorizationView(db, session.siteId, adapter.provider)).ReleasedVersion === '')
      throw new AppError('miniProgram.notReleasedVisit', {}, { field: 'Open' });
    // Not queued: the operator waits on WeChat's answer, and the switch is set again at will.
    await askWechat(locale, () => adapter.changeVisitStatus(session.siteId, input.Open), 'Open');
    await db.transaction(async (tx) => {
      await tx.execute(
        sql`update wechat_authorizers set visit_open = ${input.Open}
             where site_id = ${session.siteId} and provider = ${adapter.provider}`,
      );
      await audit(
        tx,
        session,
        input.Open ? 'miniProgram.openVisit' : 'miniProgram.closeVisit',
        `site:${session.siteId}`,
        {
          provider: adapter.provider,
        },
      );
    });
    return authorizationView(db, session.siteId, adapter.provider);
  }),

  defineRoute(api.sandboxAuditResult, async ({ db, session, config, input }) => {
    const row = await readVersion(db, session.siteId, input.Id, 'Id');
    if (row.provider !== 'sandbox' || miniProgramAdapter(db, config).provider !== 'sandbox')
      throw new AppError('miniProgram.notSandbox', {}, { field: 'Id' });
    if (row.status !== 'auditing' && row.status !== 'delayed')
      throw new AppError('miniProgram.illegal', { id: row.id }, { field: 'Id' });
    const event: AuditEvent =
      input.Result === 'success'
        ? 'weapp_audit_success'
        : input.Result === 'fail'
          ? 'weapp_audit_fail'
          : 'weapp_audit_delay';
    await applyAuditEvent(db, {
      provider: 'sandbox',
      appId: row.app_id,
      event,
      reason: input.Reason,
      dedupeKey: `sandbox:${row.id}:${row.step}:${event}`,
    });
    await audit(db, session, 'miniProgram.sandboxAudit', `miniProgramVersion:${row.id}`, {
      result: input.Result,
    });
    return {};
  }),

  defineRoute(api.getQrCode2, async ({ db, session, config, input, locale }) => {
    const adapter = miniProgramAdapter(db, config);
    await requireAuthorized(db, session.siteId, adapter.provider);
    if ((await authorizationView(db, session.siteId, adapter.provider)).ReleasedVersion === '')
      throw new AppError('miniProgram.notReleased', {}, { field: 'page' });
    const image = await askWechat(
      locale,
      () => adapter.pageCode(session.siteId, input.page, input.scene),
      'page',
    );
    return { Image: `data:${image.contentType};base64,${image.data.toString('base64')}` };
  }),
];
