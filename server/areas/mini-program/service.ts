import { sql } from 'drizzle-orm';
import type {
  AuditItem,
  MiniProgramAuthorization,
  WechatProvider,
} from '../../../contract/endpoints/mini-program';
import {
  type MiniProgramVersionAction,
  type MiniProgramVersionState,
  miniProgramVersionMachine,
} from '../../../contract/machines/mini-program-version';
import { findAction } from '../../../contract/state-machine';
import type { Config } from '../../config';
import type { Database, Executor } from '../../db/client';
import { queryRows } from '../../db/query';
import { AppError } from '../../http/errors';
import { hasMessage, type Locale, translate } from '../../i18n/messages';
import { drainOutboxKinds, enqueueOutbox, MAX_ATTEMPTS, type OutboxRow } from '../payment/service';
import {
  NETWORK_ERRCODE,
  retryable,
  WechatError,
  wechatErrorText,
  wechatPlatformOf,
} from '../wechat-platform/service';
import type { MiniProgramAdapter } from './adapter';
import { sandboxPlatform } from './sandbox-platform';
import { wechatCodePlatform } from './wechat-code';
import './messages';

/**
 * The mini-program area's public service: the adapter for a configuration, the authorisation of a
 * site, WeChat's audit pushes, and the outbox senders of the operator's steps.
 */

export function miniProgramAdapter(db: Database, config: Config): MiniProgramAdapter {
  const platform = wechatPlatformOf(config);
  return platform ? wechatCodePlatform(db, platform) : sandboxPlatform();
}

export interface AuthorizerRecord extends Record<string, unknown> {
  provider: WechatProvider;
  app_id: string;
  state: 'authorized' | 'revoked';
  nickname: string;
  head_image: string;
  principal_name: string;
  permissions: number[];
  domains: { request: string[]; ws: string[]; upload: string[]; download: string[] };
  visit_open: boolean;
  authorized_at: string | Date;
}

/** The site's authorisation with the provider now in use; one made with another provider does not count. */
export async function readAuthorizer(
  db: Executor,
  siteId: number,
  provider: WechatProvider,
): Promise<AuthorizerRecord | null> {
  const [row] = await queryRows<AuthorizerRecord>(
    db,
    sql`select provider, app_id, state, nickname, head_image, principal_name, permissions, domains, visit_open,
               authorized_at
          from wechat_authorizers where site_id = ${siteId} and provider = ${provider}`,
  );
  return row ?? null;
}

export async function authorizationView(
  db: Executor,
  siteId: number,
  provider: WechatProvider,
): Promise<MiniProgramAuthorization> {
  const row = await readAuthorizer(db, siteId, provider);
  const [released] = await queryRows<{ user_version: string }>(
    db,
    sql`select user_version from mini_program_versions
          where site_id = ${siteId} and provider = ${provider} and status in ('released', 'rollingBack')
          order by released_at desc nulls last limit 1`,
  );
  return {
    Provider: provider,
    Status: row ? row.state : 'none',
    AppId: row?.app_id ?? '',
    NickName: row?.nickname ?? '',
    HeadImage: row?.head_image ?? '',
    PrincipalName: row?.principal_name ?? '',
    Permissions: row?.permissions ?? [],
    Domains: {
      Request: row?.domains.request ?? [],
      Ws: row?.domains.ws ?? [],
      Upload: row?.domains.upload ?? [],
      Download: row?.domains.download ?? [],
    },
    VisitOpen: row?.visit_open ?? true,
    AuthorizedAt: row ? new Date(row.authorized_at).toISOString() : null,
    ReleasedVersion: released?.user_version ?? '',
  };
}

/** The authorised app id, or the refusal that sends the operator to authorise first. */
export async function requireAuthorized(
  db: Executor,
  siteId: number,
  provider: WechatProvider,
): Promise<string> {
  const row = await readAuthorizer(db, siteId, provider);
  if (row?.state !== 'authorized') throw new AppError('miniProgram.notAuthorized');
  return row.app_id;
}

/** Runs an adapter call; WeChat's refusal becomes an error with its errcode explained in `locale`. */
export async function askWechat<T>(locale: Locale, call: () => Promise<T>, field?: string): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!(error instanceof WechatError)) throw error;
    if (error.errcode === NETWORK_ERRCODE)
      throw new AppError('miniProgram.wechatUnreachable', { message: error.errmsg }, { field });
    throw new AppError(
      'miniProgram.wechatRefused',
      { message: wechatErrorText(locale, error.errcode, error.errmsg) },
      { field },
    );
  }
}

/** How a refusal is kept on the version, so it is shown in the reader's language. */
export function refusalReason(error: WechatError): string {
  return `#${error.errcode} ${error.errmsg}`;
}

/** How our own refusal (a message key without parameters) is kept, for the same reason. */
export function ownReason(error: AppError): string {
  return `@${error.key}`;
}

export function reasonText(locale: Locale, reason: string): string {
  const refusal = /^#(-?\d+) ([\s\S]*)$/.exec(reason);
  if (refusal) return wechatErrorText(locale, Number(refusal[1]), refusal[2]!);
  const own = /^@([\w.]+)$/.exec(reason);
  return own && hasMessage(own[1]!) ? translate(locale, own[1]!) : reason;
}

/**
 * What the commit of a shop needs besides its app id, checked in the order an operator fixes them:
 * a published studio template and a storefront key. The ext config is what the code template reads
 * with wx.getExtConfig: which shop, where its API is, what to show.
 */
export async function codeExtJson(db: Executor, siteId: number, appId: string, apiBase: string) {
  const [studio] = await queryRows<{ id: number; published_version: number }>(
    db,
    sql`select id, published_version from module_templates
         where site_id = ${siteId} and is_current and published_at is not null`,
  );
  if (!studio) throw new AppError('miniProgram.noPublishedTemplate', {}, { field: 'TemplateId' });
  const [key] = await queryRows<{ prefix: string }>(
    db,
    sql`select prefix from storefront_keys where site_id = ${siteId} and revoked_at is null
         order by id desc limit 1`,
  );
  if (!key) throw new AppError('miniProgram.noStorefrontKey', {}, { field: 'TemplateId' });
  return JSON.stringify({
    extEnable: true,
    extAppid: appId,
    directCommit: false,
    ext: {
      siteId,
      apiBase,
      storefrontKeyPrefix: key.prefix,
      studioTemplateId: studio.id,
      studioTemplateVersion: studio.published_version,
    },
  });
}

/**
 * Settles the batch item whose commit made this version, in the transaction that moves the version:
 * a batch's progress follows its versions' commits.
 */
async function settleBatchItem(tx: Executor, versionId: number, committed: boolean, reason: string) {
  await tx.execute(
    sql`update mini_program_batch_items
           set status = ${committed ? 'committed' : 'failed'}, reason = ${reason}, updated_at = now()
         where version_id = ${versionId} and status = 'pending'`,
  );
}

export interface VersionActor {
  accountId: number | null;
  name: string;
}

export const WECHAT_ACTOR: VersionActor = { accountId: null, name: '' };

/**
 * Moves a version by the machine in a guarded UPDATE (only from the action's states), with its
 * timeline row. Returns false when the version was not in such a state (a replay, a race lost).
 */
export async function moveVersion(
  tx: Executor,
  versionId: number,
  action: MiniProgramVersionAction,
  actor: VersionActor,
  options: { note?: string; set?: ReturnType<typeof sql> } = {},
): Promise<boolean> {
  const transition = findAction(miniProgramVersionMachine, action)!;
  const [moved] = await queryRows<{ id: number; site_id: number }>(
    tx,
    sql`update mini_program_versions set status = ${transition.to}, updated_at = now()
          ${options.set ? sql`, ${options.set}` : sql``}
         where id = ${versionId}
           and status in (${sql.join(
             transition.from.map((state) => sql`${state}`),
             sql`, `,
           )})
       returning id, site_id`,
  );
  if (!moved) return false;
  await tx.execute(
    sql`insert into mini_program_version_events (site_id, version_id, event, account_id, actor_name, note)
        values (${moved.site_id}, ${versionId}, ${action}, ${actor.accountId}, ${actor.name}, ${options.note ?? ''})`,
  );
  return true;
}

export type AuditEvent = 'weapp_audit_success' | 'weapp_audit_fail' | 'weapp_audit_delay';

const AUDIT_ACTIONS: Record<AuditEvent, MiniProgramVersionAction> = {
  weapp_audit_success: 'approve',
  weapp_audit_fail: 'reject',
  weapp_audit_delay: 'delay',
};

/**
 * WeChat's audit result for the mini-program `appId` (from its push, or the sandbox's): the version
 * under audit moves once. The push's key is kept in the same transaction, so a push sent again, or
 * twice at once, changes nothing the second time.
 */
export async function applyAuditEvent(
  db: Database,
  push: { provider: WechatProvider; appId: string; event: AuditEvent; reason: string; dedupeKey: string },
): Promise<'applied' | 'duplicate' | 'noVersion'> {
  return db.transaction(async (tx) => {
    const [fresh] = await queryRows<{ id: number }>(
      tx,
      sql`insert into wechat_pushes (dedupe_key, kind) values (${push.dedupeKey}, ${push.event})
          on conflict (dedupe_key) do nothing returning id`,
    );
    if (!fresh) return 'duplicate';
    const [version] = await queryRows<{ id: number }>(
      tx,
      sql`select v.id from mini_program_versions v
            join wechat_authorizers a on a.site_id = v.site_id and a.provider = v.provider and a.app_id = v.app_id
           where v.provider = ${push.provider} and v.app_id = ${push.appId} and v.status in ('auditing', 'delayed')
           order by v.id desc limit 1 for update of v`,
    );
    if (!version) return 'noVersion';
    const action = AUDIT_ACTIONS[push.event];
    const moved = await moveVersion(tx, version.id, action, WECHAT_ACTOR, {
      note: push.reason,
      set:
        action === 'reject'
          ? sql`reason = ${push.reason}`
          : action === 'approve'
            ? sql`reason = ''`
            : undefined,
    });
    return moved ? 'applied' : 'noVersion';
  });
}

/** The outbox kinds of the operator's steps, each with the state it waits in. */
export const STEP_KINDS = {
  'miniProgram.commit': { waiting: 'uploading', done: 'uploaded', refused: 'uploadFailed' },
  'miniProgram.submitAudit': { waiting: 'submitting', done: 'submitted', refused: 'submitRefused' },
  'miniProgram.release': { waiting: 'releasing', done: 'releaseDone', refused: 'releaseRefused' },
  'miniProgram.rollback': { waiting: 'rollingBack', done: 'rollbackDone', refused: 'rollbackRefused' },
} as const satisfies Record<
  string,
  { waiting: MiniProgramVersionState; done: MiniProgramVersionAction; refused: MiniProgramVersionAction }
>;
export type StepKind = keyof typeof STEP_KINDS;

/** Queues a step in the caller's transaction; the version's step count keys it. */
export async function enqueueStep(
  tx: Executor,
  version: { id: number; siteId: number; step: number },
  kind: StepKind,
): Promise<void> {
  await enqueueOutbox(tx, {
    siteId: version.siteId,
    kind,
    idempotencyKey: `${kind}:${version.id}:${version.step}`,
    payload: { versionId: version.id, step: version.step },
  });
}

/** Where the code calls the shop: the storefront API at the address the operator uses. */
export const storefrontApiBase = (request: { protocol: string; host: string }) =>
  `${request.protocol}://${request.host}/api/storefront`;

/** A new version of a shop's mini-program with its commit on the timeline, queued for the outbox. */
export async function insertCommit(
  tx: Executor,
  commit: {
    siteId: number;
    provider: WechatProvider;
    appId: string;
    templateId: number;
    userVersion: string;
    userDesc: string;
    extJson: string;
  },
  actor: VersionActor,
): Promise<number> {
  const [created] = await queryRows<{ id: number }>(
    tx,
    sql`insert into mini_program_versions (site_id, provider, app_id, template_id, user_version, user_desc,
                                           ext_json, committed_by)
        values (${commit.siteId}, ${commit.provider}, ${commit.appId}, ${commit.templateId}, ${commit.userVersion},
                ${commit.userDesc}, ${commit.extJson}, ${actor.accountId})
        returning id`,
  );
  const versionId = created!.id;
  await tx.execute(
    sql`insert into mini_program_version_events (site_id, version_id, event, account_id, actor_name, note)
        values (${commit.siteId}, ${versionId}, 'commit', ${actor.accountId}, ${actor.name},
                ${`${commit.templateId} ${commit.userVersion}`})`,
  );
  await enqueueStep(tx, { id: versionId, siteId: commit.siteId, step: 1 }, 'miniProgram.commit');
  return versionId;
}

interface QueuedVersion extends Record<string, unknown> {
  id: number;
  site_id: number;
  provider: WechatProvider;
  template_id: number;
  user_version: string;
  user_desc: string;
  ext_json: string;
  status: MiniProgramVersionState;
  audit_items: AuditItem[];
  version_desc: string;
  step: number;
}

async function sendStep(
  db: Database,
  adapter: MiniProgramAdapter,
  kind: StepKind,
  row: OutboxRow,
  last: boolean,
): Promise<Record<string, unknown>> {
  const payload = row.payload as { versionId: number; step: number };
  const steps = STEP_KINDS[kind];
  const [version] = await queryRows<QueuedVersion>(
    db,
    sql`select id, site_id, provider, template_id, user_version, user_desc, ext_json, status, audit_items,
               version_desc, step
          from mini_program_versions where id = ${payload.versionId} and site_id = ${row.site_id}`,
  );
  // The version moved on (another step, or a replay of this one): nothing left to send.
  if (!version || version.step !== payload.step || version.status !== steps.waiting) return { skipped: true };
  const refuse = async (error: WechatError) => {
    await db.transaction(async (tx) => {
      await moveVersion(tx, version.id, steps.refused, WECHAT_ACTOR, {
        note: refusalReason(error),
        set: sql`reason = ${refusalReason(error)}`,
      });
      if (kind === 'miniProgram.commit') await settleBatchItem(tx, version.id, false, refusalReason(error));
    });
    return { errcode: error.errcode, errmsg: error.errmsg };
  };
  if (adapter.provider !== version.provider)
    return refuse(new WechatError(61003, `the platform is now ${adapter.provider}, not ${version.provider}`));
  let auditId = '';
  try {
    if (kind === 'miniProgram.commit') {
      await adapter.commit(version.site_id, {
        templateId: version.template_id,
        extJson: version.ext_json,
        userVersion: version.user_version,
        userDesc: version.user_desc,
      });
    } else if (kind === 'miniProgram.submitAudit') {
      auditId = (await adapter.submitAudit(version.site_id, version.audit_items, version.version_desc))
        .auditId;
    } else if (kind === 'miniProgram.release') {
      await adapter.release(version.site_id);
    } else {
      await adapter.rollback(version.site_id);
    }
  } catch (error) {
    if (!(error instanceof WechatError)) throw error;
    if (last || (!retryable(error.errcode) && error.errcode !== NETWORK_ERRCODE)) return refuse(error);
    throw error;
  }
  await db.transaction(async (tx) => {
    if (kind === 'miniProgram.release') {
      const [current] = await queryRows<{ id: number }>(
        tx,
        sql`select id from mini_program_versions where site_id = ${version.site_id} and provider = ${version.provider}
              and status = 'released' and id <> ${version.id}`,
      );
      if (current) await moveVersion(tx, current.id, 'supersede', WECHAT_ACTOR);
      await moveVersion(tx, version.id, 'releaseDone', WECHAT_ACTOR, {
        set: sql`released_at = now(), reason = ''`,
      });
      return;
    }
    if (kind === 'miniProgram.rollback') {
      await moveVersion(tx, version.id, 'rollbackDone', WECHAT_ACTOR, { set: sql`reason = ''` });
      const [previous] = await queryRows<{ id: number }>(
        tx,
        sql`select id from mini_program_versions where site_id = ${version.site_id} and provider = ${version.provider}
              and status = 'superseded' order by released_at desc nulls last, id desc limit 1`,
      );
      if (previous) await moveVersion(tx, previous.id, 'restore', WECHAT_ACTOR);
      return;
    }
    await moveVersion(tx, version.id, steps.done, WECHAT_ACTOR, {
      note: auditId,
      set: auditId ? sql`audit_id = ${auditId}, reason = ''` : sql`reason = ''`,
    });
    if (kind === 'miniProgram.commit') await settleBatchItem(tx, version.id, true, '');
  });
  return auditId ? { auditId } : {};
}

/** The sweep's part: sends the operator's queued steps to WeChat (or the sandbox). */
export function drainMiniProgramSteps(db: Database, now: Date, config: Config) {
  const adapter = miniProgramAdapter(db, config);
  return drainOutboxKinds(
    db,
    now,
    Object.fromEntries(
      (Object.keys(STEP_KINDS) as StepKind[]).map((kind) => [
        kind,
        { send: (row: OutboxRow) => sendStep(db, adapter, kind, row, row.attempts >= MAX_ATTEMPTS) },
      ]),
    ),
  );
}

/** Marks the site's authorisation revoked (WeChat's unauthorized push). */
export async function revokeAuthorizer(db: Executor, provider: WechatProvider, appId: string): Promise<void> {
  await db.execute(
    sql`update wechat_authorizers set state = 'revoked', revoked_at = now()
         where provider = ${provider} and app_id = ${appId} and state = 'authorized'`,
  );
}
