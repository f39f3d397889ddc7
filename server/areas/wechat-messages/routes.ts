import { sql } from 'drizzle-orm';
import * as api from '../../../contract/endpoints/wechat-messages';
import { ShowType } from '../../../contract/envelope';
import { STALE_VERSION_FIELD } from '../../../contract/envelope-rules';
import { audit } from '../../audit';
import type { Executor } from '../../db/client';
import { containsPattern, queryRows } from '../../db/query';
import { AppError } from '../../http/errors';
import { defineRoute } from '../../http/route';
import { translate } from '../../i18n/messages';
import { storefrontSite } from '../storefront/service';
import { authorizedAppId, wechatPlatformOf } from '../wechat-platform/service';
import { mustAuthoriseFirst, readConnection } from './adapter';
import { errcodeReason } from './messages';
import { askWechat, enqueueAnswer, environmentOf, sendSoon, siteAdapter } from './service';

function stale(): AppError {
  return new AppError('message.stale', {}, { field: STALE_VERSION_FIELD, showType: ShowType.toast });
}

function iso(value: Date | string | null): string | null {
  return value === null ? null : new Date(value).toISOString();
}

const DEFAULT_REPLY: api.ReplyContent = { Kind: 'text', Text: '', Image: '', CardTitle: '', CardPage: '' };

// Templates ---------------------------------------------------------------------------------------

interface TemplateRecord extends Record<string, unknown> {
  id: number;
  pri_tmpl_id: string;
  tid: number;
  title: string;
  scene_desc: string;
  keywords: api.TemplateKeyword[];
  provider: 'wechat' | 'sandbox';
  scenes: string[] | null;
  created_at: Date | string;
}

function templateRow(row: TemplateRecord): api.MessageTemplateRow {
  return {
    Id: row.id,
    PriTmplId: row.pri_tmpl_id,
    Tid: row.tid,
    Title: row.title,
    SceneDesc: row.scene_desc,
    Keywords: row.keywords,
    Scenes: row.scenes ?? [],
    Provider: row.provider,
    CreatedAt: iso(row.created_at)!,
  };
}

const templateSelect = (siteId: number) => sql`
  select t.*, (select array_agg(s.scene order by s.scene) from message_scenes s where s.template_id = t.id) as scenes
    from message_templates t where t.site_id = ${siteId} and not t.deleted`;

async function findTemplate(db: Executor, siteId: number, id: number, field = 'TemplateId') {
  const [row] = await queryRows<TemplateRecord>(db, sql`${templateSelect(siteId)} and t.id = ${id}`);
  if (!row) throw new AppError('message.templateNotFound', { id }, { field });
  return row;
}

// Scenes ------------------------------------------------------------------------------------------

interface SceneRecord extends Record<string, unknown> {
  template_id: number | null;
  title: string | null;
  pri_tmpl_id: string | null;
  keywords: api.TemplateKeyword[] | null;
  mapping: api.KeywordMapping[] | null;
  page: string | null;
  enabled: boolean | null;
  version: number | null;
  sent: number;
  refused: number;
}

async function readScene(
  db: Executor,
  siteId: number,
  scene: api.MessageScene,
): Promise<api.MessageSceneRow> {
  const [row] = await queryRows<SceneRecord>(
    db,
    sql`select s.template_id, t.title, t.pri_tmpl_id, t.keywords, s.mapping, s.page, s.enabled, s.version,
               (select count(*)::int from message_deliveries d where d.site_id = ${siteId} and d.scene = ${scene}
                   and d.state = 'sent' and d.created_at > now() - interval '30 days') as sent,
               (select count(*)::int from message_deliveries d where d.site_id = ${siteId} and d.scene = ${scene}
                   and d.state = 'refused' and d.created_at > now() - interval '30 days') as refused
          from (select 1) as one
          left join message_scenes s on s.site_id = ${siteId} and s.scene = ${scene}
          left join message_templates t on t.id = s.template_id`,
  );
  return {
    Scene: scene,
    TemplateId: row?.template_id ?? null,
    TemplateTitle: row?.title ?? '',
    PriTmplId: row?.pri_tmpl_id ?? '',
    Keywords: row?.keywords ?? [],
    Mapping: row?.mapping ?? [],
    Page: row?.page ?? '',
    Enabled: row?.enabled ?? false,
    Sent: row?.sent ?? 0,
    Refused: row?.refused ?? 0,
    Version: row?.version ?? 0,
  };
}

// Sends -------------------------------------------------------------------------------------------

interface SendRecord extends Record<string, unknown> {
  id: number;
  title: string;
  target_label: string;
  target: 'all' | 'tag' | 'grade';
  state: api.MessageSendState;
  scheduled_at: Date | string;
  total: number;
  sent: number;
  refused: number;
  failed: number;
  created_by_name: string;
  created_at: Date | string;
  finished_at: Date | string | null;
}

const sendSelect = (siteId: number) => sql`
  select s.id, t.title, s.target_label, s.target, s.state, s.scheduled_at, s.created_by_name, s.created_at, s.finished_at,
         count(d.id)::int as total,
         (count(d.id) filter (where d.state = 'sent'))::int as sent,
         (count(d.id) filter (where d.state = 'refused'))::int as refused,
         (count(d.id) filter (where d.state = 'failed'))::int as failed
    from message_sends s join message_templates t on t.id = s.template_id
    left join message_deliveries d on d.send_id = s.id
   where s.site_id = ${siteId}`;

function sendRow(row: SendRecord): api.MessageSendRow {
  return {
    Id: row.id,
    TemplateTitle: row.title,
    TargetLabel: row.target_label,
    Target: row.target,
    State: row.state,
    ScheduledAt: iso(row.scheduled_at)!,
    Total: row.total,
    Sent: row.sent,
    Refused: row.refused,
    Failed: row.failed,
    CreatedBy: row.created_by_name,
    CreatedAt: iso(row.created_at)!,
    FinishedAt: iso(row.finished_at),
  };
}

// Customer service --------------------------------------------------------------------------------

interface AutoReplyRecord extends Record<string, unknown> {
  id: number;
  keyword: string;
  match: api.MatchMode;
  reply: api.ReplyContent;
  status: 'on' | 'off';
  hits: number;
  version: number;
  created_at: Date | string;
}

function autoReplyRow(row: AutoReplyRecord): api.AutoReplyRow {
  return {
    Id: row.id,
    Keyword: row.keyword,
    Match: row.match,
    Reply: row.reply,
    Status: row.status,
    Hits: row.hits,
    Version: row.version,
    CreatedAt: iso(row.created_at)!,
  };
}

/** The buyer's last message, for WeChat's 48-hour window. */
async function hoursSinceLastMessage(db: Executor, siteId: number, openId: string): Promise<number | null> {
  const [row] = await queryRows<{ hours: number | null }>(
    db,
    sql`select extract(epoch from now() - max(created_at)) / 3600 as hours from customer_messages
         where site_id = ${siteId} and open_id = ${openId} and direction = 'in'`,
  );
  return row?.hours === null || row?.hours === undefined ? null : Number(row.hours);
}

export const messageRoutes = [
  // Settings -------------------------------------------------------------------------------------
  defineRoute(api.getMiniProgramReach, async ({ db, session, config, files }) => {
    const environment = environmentOf(config, files);
    return {
      Provider: environment.platform ? ('wechat' as const) : ('sandbox' as const),
      AuthoriseFirst: await mustAuthoriseFirst(db, session.siteId, environment),
    };
  }),

  defineRoute(api.getMessageSettings, async ({ db, session, config }) => {
    const row = await readConnection(db, session.siteId);
    const platform = wechatPlatformOf(config);
    return {
      Provider: platform ? 'wechat' : 'sandbox',
      AppId: platform ? await authorizedAppId(db, session.siteId) : '',
      DefaultReplyOn: row?.defaultReplyOn ?? false,
      DefaultReply: row?.defaultReply ?? DEFAULT_REPLY,
      SandboxErrcode: row?.sandboxErrcode ?? 0,
      Version: row?.version ?? 0,
    } satisfies api.MessageSettings;
  }),

  defineRoute(api.setMessageSettings, async ({ db, session, input }) => {
    return db.transaction(async (tx) => {
      const before = await readConnection(tx, session.siteId);
      if ((before?.version ?? 0) !== input.Version) throw stale();
      const values = {
        defaultReplyOn: input.DefaultReplyOn,
        defaultReply: input.DefaultReply,
        sandboxErrcode: input.SandboxErrcode,
      };
      const [saved] = await queryRows<{ version: number }>(
        tx,
        before
          ? sql`update wechat_connections set default_reply_on = ${values.defaultReplyOn}, default_reply = ${JSON.stringify(values.defaultReply)}::jsonb,
                   sandbox_errcode = ${values.sandboxErrcode}, updated_at = now(), updated_by = ${session.accountId},
                   version = version + 1
                 where site_id = ${session.siteId} and version = ${input.Version} returning version`
          : sql`insert into wechat_connections (site_id, default_reply_on, default_reply, sandbox_errcode,
                   updated_at, updated_by)
                values (${session.siteId}, ${values.defaultReplyOn}, ${JSON.stringify(values.defaultReply)}::jsonb,
                   ${values.sandboxErrcode}, now(), ${session.accountId})
                on conflict (site_id) do nothing returning version`,
      );
      if (!saved) throw stale();
      await audit(tx, session, 'message.settings', `site:${session.siteId}`, {
        before: {
          DefaultReplyOn: before?.defaultReplyOn ?? false,
          SandboxErrcode: before?.sandboxErrcode ?? 0,
        },
        after: { DefaultReplyOn: input.DefaultReplyOn, SandboxErrcode: input.SandboxErrcode },
      });
      return { Version: saved.version };
    });
  }),

  // Templates ------------------------------------------------------------------------------------
  defineRoute(api.getLibraryTitles, async ({ db, session, input, locale, config, files }) => {
    const adapter = await siteAdapter(db, session.siteId, environmentOf(config, files));
    const found = await askWechat(locale, () =>
      adapter.libraryTitles({
        start: (input.page - 1) * input.pageSize,
        limit: input.pageSize,
        keyword: input.Keyword,
      }),
    );
    return {
      Data: found.data.map((title) => ({
        Tid: title.tid,
        Title: title.title,
        Type: title.type,
        CategoryId: String(title.categoryId),
      })),
      Total: found.count,
      Provider: adapter.provider,
    };
  }),

  defineRoute(api.getLibraryKeywords, async ({ db, session, input, locale, config, files }) => {
    const adapter = await siteAdapter(db, session.siteId, environmentOf(config, files));
    const keywords = await askWechat(locale, () => adapter.libraryKeywords(input.Tid), 'Tid');
    return {
      Data: keywords.map((keyword) => ({
        Kid: keyword.kid,
        Name: keyword.name,
        Example: keyword.example,
        Rule: keyword.rule,
      })),
    };
  }),

  defineRoute(api.addMessageTemplate, async ({ db, session, input, locale, config, files, request }) => {
    const environment = environmentOf(config, files);
    const adapter = await siteAdapter(db, session.siteId, environment);
    const library = await askWechat(locale, () => adapter.libraryKeywords(input.Tid), 'Tid');
    const chosen = input.Kids.map((kid) => library.find((keyword) => keyword.kid === kid));
    const missing = input.Kids.find((_, index) => !chosen[index]);
    if (missing !== undefined) throw new AppError('message.mappingKey', { key: missing }, { field: 'Kids' });
    const priTmplId = await askWechat(locale, () =>
      adapter.addTemplate({ tid: input.Tid, kidList: input.Kids, sceneDesc: input.SceneDesc }),
    );
    // WeChat numbers the chosen keywords in their order: the data keys are rule + position.
    const keywords = chosen.map((keyword, index) => ({
      Key: `${keyword!.rule}${index + 1}`,
      Name: keyword!.name,
      Rule: keyword!.rule,
    }));
    try {
      return await db.transaction(async (tx) => {
        const [row] = await queryRows<{ id: number }>(
          tx,
          sql`insert into message_templates (site_id, pri_tmpl_id, tid, title, scene_desc, keywords, provider)
              values (${session.siteId}, ${priTmplId}, ${input.Tid}, ${input.Title}, ${input.SceneDesc},
                      ${JSON.stringify(keywords)}::jsonb, ${adapter.provider})
              on conflict (site_id, pri_tmpl_id) do update set deleted = false, title = excluded.title
              returning id`,
        );
        await audit(tx, session, 'message.template.add', `messageTemplate:${row!.id}`, {
          Tid: input.Tid,
          Title: input.Title,
          PriTmplId: priTmplId,
        });
        return { Id: row!.id, PriTmplId: priTmplId };
      });
    } catch (error) {
      // The template exists on WeChat now; without our row nobody could delete it, so take it back.
      await adapter
        .deleteTemplate(priTmplId)
        .catch((cleanup: unknown) =>
          request.log.warn({ err: cleanup, priTmplId }, 'template left on WeChat'),
        );
      throw error;
    }
  }),

  defineRoute(api.getMessageTemplateList, async ({ db, session, input }) => {
    const keyword = input.keyword ? sql` and t.title ilike ${containsPattern(input.keyword)}` : sql``;
    const rows = await queryRows<TemplateRecord>(
      db,
      sql`${templateSelect(session.siteId)}${keyword} order by t.id desc limit ${input.pageSize}
          offset ${(input.page - 1) * input.pageSize}`,
    );
    const [total] = await queryRows<{ total: number }>(
      db,
      sql`select count(*)::int as total from (${templateSelect(session.siteId)}${keyword}) as found`,
    );
    return { Data: rows.map(templateRow), Total: total!.total };
  }),

  defineRoute(api.getMessageTemplateOptions, async ({ db, session }) => {
    const rows = await queryRows<TemplateRecord>(
      db,
      sql`${templateSelect(session.siteId)} order by t.id desc limit 100`,
    );
    return { Data: rows.map(templateRow) };
  }),

  defineRoute(api.delMessageTemplate, async ({ db, session, input, locale, config, files }) => {
    const rows = await queryRows<TemplateRecord>(
      db,
      sql`${templateSelect(session.siteId)} and t.id in (${sql.join(
        input.Ids.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
    const bound = rows.find((row) => (row.scenes ?? []).length > 0);
    if (bound) throw new AppError('message.templateInUse', { title: bound.title }, { field: 'Ids' });
    const adapter = await siteAdapter(db, session.siteId, environmentOf(config, files));
    for (const row of rows) {
      if (row.provider === adapter.provider)
        await askWechat(locale, () => adapter.deleteTemplate(row.pri_tmpl_id));
    }
    await db.transaction(async (tx) => {
      for (const row of rows) {
        await tx.execute(sql`update message_templates set deleted = true where id = ${row.id}`);
        await audit(tx, session, 'message.template.delete', `messageTemplate:${row.id}`, {
          Title: row.title,
        });
      }
    });
    return { Deleted: rows.length };
  }),

  // Scenes ---------------------------------------------------------------------------------------
  defineRoute(api.getMessageSceneList, async ({ db, session, input }) => {
    const scenes = api.MESSAGE_SCENES.slice((input.page - 1) * input.pageSize, input.page * input.pageSize);
    const Data = [];
    for (const scene of scenes) Data.push(await readScene(db, session.siteId, scene));
    return { Data, Total: api.MESSAGE_SCENES.length };
  }),

  defineRoute(api.getMessageScene, async ({ db, session, input }) =>
    readScene(db, session.siteId, input.Scene),
  ),

  defineRoute(api.setMessageScene, async ({ db, session, input }) => {
    return db.transaction(async (tx) => {
      const template = await findTemplate(tx, session.siteId, input.TemplateId);
      const fields = api.SCENE_FIELDS[input.Scene];
      for (const [index, entry] of input.Mapping.entries()) {
        if (!template.keywords.some((keyword) => keyword.Key === entry.Key))
          throw new AppError('message.mappingKey', { key: entry.Key }, { field: `Mapping.${index}.Key` });
        if (entry.Field !== 'text' && !fields.includes(entry.Field))
          throw new AppError(
            'message.mappingField',
            { field: entry.Field },
            { field: `Mapping.${index}.Field` },
          );
        if (entry.Field === 'text' && entry.Text === '')
          throw new AppError(
            'message.mappingMissing',
            { key: entry.Key },
            { field: `Mapping.${index}.Text` },
          );
      }
      const unmapped = template.keywords.find(
        (keyword) => !input.Mapping.some((entry) => entry.Key === keyword.Key),
      );
      if (unmapped) throw new AppError('message.mappingMissing', { key: unmapped.Key }, { field: 'Mapping' });
      const mapping = JSON.stringify(input.Mapping);
      const before = await readScene(tx, session.siteId, input.Scene);
      const [saved] = await queryRows<{ version: number }>(
        tx,
        input.Version === 0
          ? sql`insert into message_scenes (site_id, scene, template_id, mapping, page, enabled)
                values (${session.siteId}, ${input.Scene}, ${input.TemplateId}, ${mapping}::jsonb, ${input.Page}, ${input.Enabled})
                on conflict (site_id, scene) do nothing returning version`
          : sql`update message_scenes set template_id = ${input.TemplateId}, mapping = ${mapping}::jsonb, page = ${input.Page},
                   enabled = ${input.Enabled}, version = version + 1, updated_at = now()
                 where site_id = ${session.siteId} and scene = ${input.Scene} and version = ${input.Version}
             returning version`,
      );
      if (!saved) throw stale();
      await audit(tx, session, 'message.scene', `messageScene:${input.Scene}`, {
        before: { Template: before.TemplateTitle, Enabled: before.Enabled },
        after: { Template: template.title, Enabled: input.Enabled },
      });
      return { Version: saved.version };
    });
  }),

  defineRoute(api.setMessageSceneState, async ({ db, session, input }) => {
    return db.transaction(async (tx) => {
      const changed = await queryRows<{ scene: string }>(
        tx,
        sql`update message_scenes set enabled = ${input.Enabled}, version = version + 1, updated_at = now()
             where site_id = ${session.siteId} and enabled <> ${input.Enabled}
               and scene in (${sql.join(
                 input.Scenes.map((scene) => sql`${scene}`),
                 sql`, `,
               )})
         returning scene`,
      );
      for (const row of changed)
        await audit(
          tx,
          session,
          input.Enabled ? 'message.scene.on' : 'message.scene.off',
          `messageScene:${row.scene}`,
        );
      return { Changed: changed.length };
    });
  }),

  // Mass sends -----------------------------------------------------------------------------------
  defineRoute(api.getMessageSendOptions, async ({ db, session }) => {
    const grades = await queryRows<{ id: number; name: string; members: number }>(
      db,
      sql`select g.id, g.name, (select count(*)::int from members m where m.grade_id = g.id and m.status = 'active') as members
            from member_grades g where g.site_id = ${session.siteId} order by g.id`,
    );
    const tags = await queryRows<{ tag: string; members: number }>(
      db,
      sql`select tag, count(*)::int as members from members, unnest(tags) as tag
           where site_id = ${session.siteId} and status = 'active' group by tag order by tag`,
    );
    const [all] = await queryRows<{ members: number }>(
      db,
      sql`select count(*)::int as members from members where site_id = ${session.siteId} and status = 'active'`,
    );
    return {
      Grades: grades.map((grade) => ({ Id: grade.id, Name: grade.name, Members: grade.members })),
      Tags: tags.map((tag) => ({ Tag: tag.tag, Members: tag.members })),
      Members: all!.members,
    };
  }),

  defineRoute(api.createMessageSend, async ({ db, session, input, locale }) => {
    const now = new Date();
    const scheduledAt = input.ScheduledAt ? new Date(input.ScheduledAt) : now;
    if (scheduledAt.getTime() < now.getTime() - 60_000)
      throw new AppError('message.scheduledPast', {}, { field: 'ScheduledAt' });
    const id = await db.transaction(async (tx) => {
      const [existing] = await queryRows<{ id: number }>(
        tx,
        sql`select id from message_sends where site_id = ${session.siteId} and request_key = ${input.RequestKey}`,
      );
      if (existing) return existing.id;
      const template = await findTemplate(tx, session.siteId, input.TemplateId);
      for (const key of Object.keys(input.Values))
        if (!template.keywords.some((keyword) => keyword.Key === key))
          throw new AppError('message.valueUnknown', { key }, { field: `Values.${key}` });
      const empty = template.keywords.find((keyword) => !input.Values[keyword.Key]);
      if (empty)
        throw new AppError('message.valueMissing', { key: empty.Name }, { field: `Values.${empty.Key}` });
      let label = translate(locale, 'message.target.all');
      let audience = sql`true`;
      if (input.Target.Kind === 'grade') {
        const [grade] = await queryRows<{ name: string }>(
          tx,
          sql`select name from member_grades where id = ${input.Target.GradeId} and site_id = ${session.siteId}`,
        );
        if (!grade)
          throw new AppError(
            'message.gradeUnknown',
            { id: input.Target.GradeId },
            { field: 'Target.GradeId' },
          );
        label = grade.name;
        audience = sql`grade_id = ${input.Target.GradeId}`;
      } else if (input.Target.Kind === 'tag') {
        label = input.Target.Tag;
        audience = sql`${input.Target.Tag} = any(tags)`;
      }
      const [count] = await queryRows<{ members: number }>(
        tx,
        sql`select count(*)::int as members from members where site_id = ${session.siteId} and status = 'active' and ${audience}`,
      );
      if (count!.members === 0) throw new AppError('message.noMembers', {}, { field: 'Target' });
      const [send] = await queryRows<{ id: number }>(
        tx,
        sql`insert into message_sends (site_id, template_id, values, page, target, tag, grade_id, target_label,
                                       scheduled_at, request_key, created_by, created_by_name)
            values (${session.siteId}, ${input.TemplateId}, ${JSON.stringify(input.Values)}::jsonb, ${input.Page},
                    ${input.Target.Kind}, ${input.Target.Kind === 'tag' ? input.Target.Tag : null},
                    ${input.Target.Kind === 'grade' ? input.Target.GradeId : null}, ${label},
                    ${scheduledAt.toISOString()}::timestamptz, ${input.RequestKey}, ${session.accountId}, ${session.userName})
         returning id`,
      );
      await audit(tx, session, 'message.send', `messageSend:${send!.id}`, {
        Template: template.title,
        Target: label,
        ScheduledAt: scheduledAt.toISOString(),
      });
      if (scheduledAt <= now) sendSoon(tx);
      return send!.id;
    });
    return { Id: id };
  }),

  defineRoute(api.getMessageSendList, async ({ db, session, input }) => {
    const state = input.state === 'all' ? sql`` : sql` and s.state = ${input.state}`;
    const rows = await queryRows<SendRecord>(
      db,
      sql`${sendSelect(session.siteId)}${state} group by s.id, t.title order by s.id desc
          limit ${input.pageSize} offset ${(input.page - 1) * input.pageSize}`,
    );
    const counts = await queryRows<{ state: string; count: number }>(
      db,
      sql`select state, count(*)::int as count from message_sends where site_id = ${session.siteId} group by state`,
    );
    const Counts = Object.fromEntries(
      api.MESSAGE_SEND_TABS.map((tab) => [
        tab,
        counts.filter((row) => tab === 'all' || row.state === tab).reduce((sum, row) => sum + row.count, 0),
      ]),
    ) as Record<(typeof api.MESSAGE_SEND_TABS)[number], number>;
    return { Data: rows.map(sendRow), Total: Counts[input.state], Counts };
  }),

  defineRoute(api.cancelMessageSend, async ({ db, session, input }) => {
    return db.transaction(async (tx) => {
      const cancelled = await queryRows<{ id: number }>(
        tx,
        sql`update message_sends set state = 'cancelled', finished_at = now()
             where site_id = ${session.siteId} and state = 'scheduled' and id in (${sql.join(
               input.Ids.map((id) => sql`${id}`),
               sql`, `,
             )}) returning id`,
      );
      for (const row of cancelled) await audit(tx, session, 'message.send.cancel', `messageSend:${row.id}`);
      return { Changed: cancelled.length };
    });
  }),

  defineRoute(api.getMessageDeliveryList, async ({ db, session, input, locale }) => {
    let Send: api.MessageSendRow | null = null;
    if (input.id !== undefined) {
      const [row] = await queryRows<SendRecord>(
        db,
        sql`${sendSelect(session.siteId)} and s.id = ${input.id} group by s.id, t.title`,
      );
      if (!row) throw new AppError('message.notFound', {}, { field: 'id' });
      Send = sendRow(row);
    }
    const scope =
      input.id !== undefined ? sql`d.send_id = ${input.id}` : sql`d.kind = 'subscribe' and d.send_id is null`;
    const keyword = input.keyword
      ? sql` and (m.nickname ilike ${containsPattern(input.keyword)} or m.member_no ilike ${containsPattern(input.keyword)})`
      : sql``;
    const base = sql`from message_deliveries d left join members m on m.id = d.member_id
                      where d.site_id = ${session.siteId} and ${scope}${keyword}`;
    const state = input.state === 'all' ? sql`` : sql` and d.state = ${input.state}`;
    const rows = await queryRows<{
      id: number;
      nickname: string | null;
      member_no: string | null;
      open_id: string;
      scene: string;
      state: api.DeliveryState;
      errcode: number;
      errmsg: string;
      sent_at: Date | string | null;
      created_at: Date | string;
    }>(
      db,
      sql`select d.id, m.nickname, m.member_no, d.open_id, d.scene, d.state, d.errcode, d.errmsg, d.sent_at, d.created_at
          ${base}${state} order by d.id desc limit ${input.pageSize} offset ${(input.page - 1) * input.pageSize}`,
    );
    const counts = await queryRows<{ state: string; count: number }>(
      db,
      sql`select d.state, count(*)::int as count ${base} group by d.state`,
    );
    const Counts = Object.fromEntries(
      api.DELIVERY_TABS.map((tab) => [
        tab,
        counts.filter((row) => tab === 'all' || row.state === tab).reduce((sum, row) => sum + row.count, 0),
      ]),
    ) as Record<(typeof api.DELIVERY_TABS)[number], number>;
    return {
      Data: rows.map((row) => ({
        Id: row.id,
        MemberName: row.nickname || row.open_id,
        MemberNo: row.member_no ?? '',
        Scene: row.scene,
        State: row.state,
        Errcode: row.errcode,
        Reason:
          row.state === 'refused' && row.errcode === 43101
            ? translate(locale, 'message.noConsent')
            : row.errcode === 0
              ? ''
              : errcodeReason(locale, row.errcode, row.errmsg),
        SentAt: iso(row.sent_at),
        CreatedAt: iso(row.created_at)!,
      })),
      Total: Counts[input.state],
      Counts,
      Send,
    };
  }),

  // Auto-replies ---------------------------------------------------------------------------------
  defineRoute(api.getAutoReplyList, async ({ db, session, input }) => {
    const keyword = input.keyword ? sql` and keyword ilike ${containsPattern(input.keyword)}` : sql``;
    const where = sql`where site_id = ${session.siteId} and not deleted${keyword}`;
    const rows = await queryRows<AutoReplyRecord>(
      db,
      sql`select * from auto_replies ${where} order by id desc limit ${input.pageSize} offset ${(input.page - 1) * input.pageSize}`,
    );
    const [total] = await queryRows<{ total: number }>(
      db,
      sql`select count(*)::int as total from auto_replies ${where}`,
    );
    return { Data: rows.map(autoReplyRow), Total: total!.total };
  }),

  defineRoute(api.getAutoReply, async ({ db, session, input }) => {
    const [row] = await queryRows<AutoReplyRecord>(
      db,
      sql`select * from auto_replies where site_id = ${session.siteId} and id = ${input.Id} and not deleted`,
    );
    if (!row) throw new AppError('message.notFound', {}, { field: 'Id' });
    return autoReplyRow(row);
  }),

  defineRoute(api.bindAutoReply, async ({ db, session, input }) => {
    return db.transaction(async (tx) => {
      const reply = JSON.stringify(input.Reply);
      if (input.Id === undefined) {
        const [row] = await queryRows<{ id: number; version: number }>(
          tx,
          sql`insert into auto_replies (site_id, keyword, match, reply, status)
              values (${session.siteId}, ${input.Keyword}, ${input.Match}, ${reply}::jsonb, ${input.Status})
              returning id, version`,
        );
        await audit(tx, session, 'message.autoReply.add', `autoReply:${row!.id}`, { Keyword: input.Keyword });
        return { Id: row!.id, Version: row!.version };
      }
      const [before] = await queryRows<AutoReplyRecord>(
        tx,
        sql`select * from auto_replies where site_id = ${session.siteId} and id = ${input.Id} and not deleted`,
      );
      if (!before) throw new AppError('message.notFound', {}, { field: 'Id' });
      const [row] = await queryRows<{ version: number }>(
        tx,
        sql`update auto_replies set keyword = ${input.Keyword}, match = ${input.Match}, reply = ${reply}::jsonb,
                   status = ${input.Status}, version = version + 1
             where id = ${input.Id} and version = ${input.Version ?? 0} returning version`,
      );
      if (!row) throw stale();
      await audit(tx, session, 'message.autoReply.edit', `autoReply:${input.Id}`, {
        before: { Keyword: before.keyword, Status: before.status },
        after: { Keyword: input.Keyword, Status: input.Status },
      });
      return { Id: input.Id, Version: row.version };
    });
  }),

  defineRoute(api.delAutoReply, async ({ db, session, input }) => {
    return db.transaction(async (tx) => {
      const deleted = await queryRows<{ id: number; keyword: string }>(
        tx,
        sql`update auto_replies set deleted = true where site_id = ${session.siteId} and not deleted
             and id in (${sql.join(
               input.Ids.map((id) => sql`${id}`),
               sql`, `,
             )}) returning id, keyword`,
      );
      for (const row of deleted)
        await audit(tx, session, 'message.autoReply.delete', `autoReply:${row.id}`, { Keyword: row.keyword });
      return { Deleted: deleted.length };
    });
  }),

  // The customer-service log ---------------------------------------------------------------------
  defineRoute(api.getCustomerMessageList, async ({ db, session, input, locale }) => {
    const keyword = input.keyword
      ? sql` and (c.content ilike ${containsPattern(input.keyword)} or m.nickname ilike ${containsPattern(input.keyword)})`
      : sql``;
    const base = sql`from customer_messages c left join members m on m.site_id = c.site_id and m.open_id = c.open_id
                      left join message_deliveries d on d.id = c.delivery_id
                     where c.site_id = ${session.siteId}${keyword}`;
    const direction = input.direction === 'all' ? sql`` : sql` and c.direction = ${input.direction}`;
    const rows = await queryRows<{
      id: number;
      direction: 'in' | 'out';
      open_id: string;
      nickname: string | null;
      msg_type: string;
      content: string;
      state: string | null;
      errcode: number | null;
      errmsg: string | null;
      can_reply: boolean;
      created_at: Date | string;
    }>(
      db,
      sql`select c.id, c.direction, c.open_id, m.nickname, c.msg_type, c.content, d.state, d.errcode, d.errmsg, c.created_at,
                 (c.direction = 'in' and (select max(l.created_at) from customer_messages l
                     where l.site_id = c.site_id and l.open_id = c.open_id and l.direction = 'in')
                     > now() - make_interval(hours => ${api.REPLY_WINDOW_HOURS})) as can_reply
          ${base}${direction} order by c.id desc limit ${input.pageSize} offset ${(input.page - 1) * input.pageSize}`,
    );
    const [counts] = await queryRows<{ all: number; in: number; out: number }>(
      db,
      sql`select count(*)::int as all, (count(*) filter (where c.direction = 'in'))::int as in,
                 (count(*) filter (where c.direction = 'out'))::int as out ${base}`,
    );
    return {
      Data: rows.map((row) => ({
        Id: row.id,
        Direction: row.direction,
        OpenId: row.open_id,
        MemberName: row.nickname || row.open_id,
        MsgType: row.msg_type,
        Content: row.content,
        State: row.state ?? '',
        Reason: row.errcode ? errcodeReason(locale, row.errcode, row.errmsg ?? '') : '',
        CanReply: row.can_reply,
        CreatedAt: iso(row.created_at)!,
      })),
      Total: counts![input.direction],
      Counts: counts!,
    };
  }),

  defineRoute(api.replyCustomerMessage, async ({ db, session, input }) => {
    const id = await db.transaction(async (tx) => {
      const [message] = await queryRows<{ open_id: string }>(
        tx,
        sql`select open_id from customer_messages where site_id = ${session.siteId} and id = ${input.Id} and direction = 'in'`,
      );
      if (!message) throw new AppError('message.notFound', {}, { field: 'Id' });
      const hours = await hoursSinceLastMessage(tx, session.siteId, message.open_id);
      if (hours === null || hours > api.REPLY_WINDOW_HOURS)
        throw new AppError('message.replyWindow', { hours: Math.floor(hours ?? 0) }, { field: 'Id' });
      const answer = await enqueueAnswer(tx, {
        siteId: session.siteId,
        openId: message.open_id,
        reply: input.Reply,
        accountId: session.accountId,
      });
      await audit(tx, session, 'message.customer.reply', `customerMessage:${input.Id}`, {
        Kind: input.Reply.Kind,
      });
      return answer;
    });
    return { Id: id };
  }),

  // The buyer's consent --------------------------------------------------------------------------
  defineRoute(api.reportMessageSubscribe, async ({ db, request, input }) => {
    const siteId = await storefrontSite(db, request);
    const Consents = await db.transaction(async (tx) => {
      const saved: { TemplateId: string; Remaining: number }[] = [];
      for (const result of input.Results) {
        const grant = result.Result === 'accept' ? 1 : 0;
        // A ban switches the shop's messages off on WeChat's side: acceptances kept would only fail.
        const [row] = await queryRows<{ remaining: number }>(
          tx,
          sql`insert into message_consents (site_id, open_id, pri_tmpl_id, remaining, last_result)
              values (${siteId}, ${input.BuyerId}, ${result.TemplateId}, ${grant}, ${result.Result})
              on conflict (site_id, open_id, pri_tmpl_id) do update
                set remaining = case when excluded.last_result = 'ban' then 0
                                     else message_consents.remaining + ${grant} end,
                    last_result = excluded.last_result, updated_at = now()
              returning remaining`,
        );
        saved.push({ TemplateId: result.TemplateId, Remaining: row!.remaining });
      }
      return saved;
    });
    return { Consents };
  }),
];
