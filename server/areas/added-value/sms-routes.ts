import type { Readable } from 'node:stream';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { API_BASE } from '../../../contract/endpoint';
import { PLATFORM_NOTIFY_PATH } from '../../../contract/endpoints/recharge-records';
import * as sms from '../../../contract/endpoints/sms';
import { dateBound, parseSort } from '../../../contract/list-query';
import { EXPORT_MAX_ROWS } from '../../../contract/scalars';
import { shopDate, shopDateTime, shopDayStart } from '../../../contract/shop-time';
import { maskMobile } from '../../../contract/sms';
import { audit } from '../../audit';
import type { Executor } from '../../db/client';
import { containsPattern, queryRows } from '../../db/query';
import { pagedBatches, sendExport } from '../../export/send-export';
import { AppError } from '../../http/errors';
import { defineRoute } from '../../http/route';
import { refuseStale } from '../../http/stale';
import { type Locale, translate } from '../../i18n/messages';
import { storefrontSite } from '../storefront/service';
import { buySmsPackage } from './purchases';
import { readBalance } from './sms-balance';
import { sendManualMessage } from './sms-manual';
import {
  applySignature,
  applyTemplate,
  readSignature,
  readTemplate,
  TEMPLATE_COLUMNS,
  type TemplateRecord,
  templateRow,
} from './sms-review';
import { BALANCE_SHORT } from './sms-sending';
import { checkVerifyCode, sendVerifyCode } from './verify-codes';
import './messages';

/** Proof images the provider takes (base64 of a few MB at most). */
const PROOF_IMAGE_MAX_BYTES = 5 * 1024 * 1024;

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());
const and = (conditions: SQL[]) => sql.join(conditions, sql` and `);

/** Where WeChat Pay sends the platform's payment notifications, as this request reached the server. */
export function platformNotifyUrl(request: { protocol: string; host: string }): string {
  return `${request.protocol}://${request.host}${API_BASE}${PLATFORM_NOTIFY_PATH}`;
}

async function streamBytes(body: Readable, limit: number): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += (chunk as Buffer).length;
    if (size > limit) {
      body.destroy();
      return null;
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

interface SendRecord extends Record<string, unknown> {
  id: number;
  mobile: string;
  scene: sms.SmsSendRow['Scene'];
  content: string;
  parts: number;
  state: sms.SmsSendRow['State'];
  provider_message_id: string;
  error: string;
  reference: string;
  created_at: Date | string;
  sent_at: Date | string | null;
}

function sendRow(locale: Locale, record: SendRecord): sms.SmsSendRow {
  return {
    Id: record.id,
    Mobile: maskMobile(record.mobile),
    Scene: record.scene,
    Content: record.content,
    Parts: record.parts,
    State: record.state,
    ProviderMessageId: record.provider_message_id,
    Error: record.error === BALANCE_SHORT ? translate(locale, 'addedValue.balanceShortRecord') : record.error,
    Reference: record.reference,
    CreatedAt: iso(record.created_at)!,
    SentAt: iso(record.sent_at),
  };
}

type SendFilters = Omit<z.infer<typeof sms.exportSmsSends.input>, 'format' | 'state'>;

function sendFilters(siteId: number, input: SendFilters): SQL[] {
  const conditions = [sql`s.site_id = ${siteId}`];
  if (input.scene) conditions.push(sql`s.scene = ${input.scene}`);
  if (input.keyword) {
    const pattern = containsPattern(input.keyword);
    conditions.push(
      /^\d+$/.test(input.keyword)
        ? sql`s.mobile like ${pattern}`
        : sql`(s.content ilike ${pattern} or s.reference ilike ${pattern})`,
    );
  }
  if (input.createdFrom)
    conditions.push(sql`s.created_at >= ${dateBound(input.createdFrom, false).toISOString()}::timestamptz`);
  if (input.createdTo)
    conditions.push(sql`s.created_at < ${dateBound(input.createdTo, true).toISOString()}::timestamptz`);
  return conditions;
}

function sendPage(db: Executor, conditions: SQL[], descending: boolean, offset: number, limit: number) {
  const direction = descending ? sql`desc` : sql`asc`;
  return queryRows<SendRecord>(
    db,
    sql`select s.id, s.mobile, s.scene, s.content, s.parts, s.state, s.provider_message_id, s.error, s.reference,
               s.created_at, s.sent_at
          from sms_sends s where ${and(conditions)}
         order by s.created_at ${direction}, s.id ${direction} limit ${limit} offset ${offset}`,
  );
}

function ownsUpload(siteId: number, url: string): string | null {
  const key = url.slice('/uploads/'.length);
  return key.startsWith(`${siteId}/`) && !key.includes('..') ? key : null;
}

export const smsRoutes = [
  defineRoute(sms.getSmsOverview, async ({ db, session, config }) => {
    const now = new Date();
    const dayStart = shopDayStart(shopDate(now));
    const [balance, signature, packages, [today]] = await Promise.all([
      readBalance(db, session.siteId),
      readSignature(db, session.siteId),
      queryRows<{ id: number; name: string; count: number; price_fen: number }>(
        db,
        sql`select id, name, count, price_fen from sms_packages where enabled order by sort, id`,
      ),
      queryRows<{ queued: number; sent: number; failed: number }>(
        db,
        sql`select (count(*) filter (where state = 'queued'))::int as queued,
                   (count(*) filter (where state = 'sent'))::int as sent,
                   (count(*) filter (where state = 'failed'))::int as failed
              from sms_sends where site_id = ${session.siteId} and created_at >= ${dayStart}`,
      ),
    ]);
    return {
      Balance: balance,
      SmsProvider: config.sms ? ('tencent' as const) : ('sandbox' as const),
      PayProvider: config.payment.platformMerchant ? ('wechat' as const) : ('sandbox' as const),
      Signature: signature,
      Packages: packages.map((row) => ({
        Id: row.id,
        Name: row.name,
        Count: row.count,
        PriceFen: row.price_fen,
      })),
      Today: { Queued: today?.queued ?? 0, Sent: today?.sent ?? 0, Failed: today?.failed ?? 0 },
    };
  }),

  defineRoute(sms.buySmsPackage, async ({ db, session, input, config, request }) => ({
    Purchase: await buySmsPackage(
      db,
      session,
      input.PackageId,
      config.payment,
      platformNotifyUrl(request),
      new Date(),
    ),
  })),

  defineRoute(sms.getSmsLedger, async ({ db, session, input }) => {
    const conditions = [sql`l.site_id = ${session.siteId}`];
    if (input.reason) conditions.push(sql`l.reason = ${input.reason}`);
    const direction = parseSort(input.sort).descending ? sql`desc` : sql`asc`;
    const [rows, [total]] = await Promise.all([
      queryRows<{
        id: number;
        delta: number;
        balance_after: number;
        reason: sms.SmsLedgerRow['Reason'];
        purchase_no: string | null;
        mobile: string | null;
        created_at: Date | string;
      }>(
        db,
        sql`select l.id, l.delta, l.balance_after, l.reason, p.purchase_no, s.mobile, l.created_at
              from sms_ledger l left join platform_purchases p on p.id = l.purchase_id
              left join sms_sends s on s.id = l.send_id
             where ${and(conditions)}
             order by l.created_at ${direction}, l.id ${direction}
             limit ${input.pageSize} offset ${(input.page - 1) * input.pageSize}`,
      ),
      queryRows<{ count: number }>(
        db,
        sql`select count(*)::int as count from sms_ledger l where ${and(conditions)}`,
      ),
    ]);
    return {
      Data: rows.map((row) => ({
        Id: Number(row.id),
        Delta: row.delta,
        BalanceAfter: row.balance_after,
        Reason: row.reason,
        Reference: row.purchase_no ?? (row.mobile ? maskMobile(row.mobile) : ''),
        CreatedAt: iso(row.created_at)!,
      })),
      Total: total?.count ?? 0,
    };
  }),

  defineRoute(sms.applySmsSignature, async ({ db, session, input, files, locale, reply }) => {
    const key = ownsUpload(session.siteId, input.ProofImage);
    const file = key ? await files.get(key) : null;
    if (!file) throw new AppError('addedValue.proofImageMissing', {}, { field: 'ProofImage' });
    const bytes = await streamBytes(file.body, PROOF_IMAGE_MAX_BYTES);
    if (!bytes) throw new AppError('addedValue.proofImageTooLarge', { mb: 5 }, { field: 'ProofImage' });
    const now = new Date();
    const outcome = await db.transaction(async (tx) => {
      const applied = await applySignature(
        tx,
        session.siteId,
        { name: input.Name, proofImage: input.ProofImage, proofBytes: bytes, version: input.Version },
        now,
      );
      if (applied.stale === null)
        await audit(tx, session, 'addedValue.applySignature', `site:${session.siteId}`, { name: input.Name });
      return applied;
    });
    if (outcome.stale !== null) {
      return refuseStale(reply, {
        locale,
        message: 'addedValue.stale',
        yours: input.Version ?? 0,
        current: outcome.stale,
      });
    }
    return { Signature: (await readSignature(db, session.siteId))! };
  }),

  defineRoute(sms.getSmsTemplates, async ({ db, session, input }) => {
    const conditions = [sql`site_id = ${session.siteId}`, sql`not deleted`];
    if (input.scene) conditions.push(sql`scene = ${input.scene}`);
    if (input.keyword) {
      const pattern = containsPattern(input.keyword);
      conditions.push(sql`(name ilike ${pattern} or content ilike ${pattern})`);
    }
    const tab = input.state === 'all' ? sql`true` : sql`state = ${input.state}`;
    const direction = parseSort(input.sort).descending ? sql`desc` : sql`asc`;
    const [records, [counts]] = await Promise.all([
      queryRows<TemplateRecord>(
        db,
        sql`select ${TEMPLATE_COLUMNS} from sms_templates where ${and([...conditions, tab])}
             order by created_at ${direction}, id ${direction}
             limit ${input.pageSize} offset ${(input.page - 1) * input.pageSize}`,
      ),
      queryRows<Record<(typeof sms.TEMPLATE_TABS)[number], number>>(
        db,
        sql`select count(*)::int as "all",
                   (count(*) filter (where state = 'applied'))::int as applied,
                   (count(*) filter (where state = 'approved'))::int as approved,
                   (count(*) filter (where state = 'rejected'))::int as rejected
              from sms_templates where ${and(conditions)}`,
      ),
    ]);
    const tally = counts ?? { all: 0, applied: 0, approved: 0, rejected: 0 };
    return { Data: records.map(templateRow), Total: tally[input.state], Counts: tally };
  }),

  defineRoute(sms.saveSmsTemplate, async ({ db, session, input, locale, reply }) => {
    const now = new Date();
    const outcome = await db.transaction(async (tx) => {
      const saved = await applyTemplate(tx, session.siteId, input, now);
      if (saved.stale === null)
        await audit(
          tx,
          session,
          input.Id ? 'addedValue.editTemplate' : 'addedValue.applyTemplate',
          `smsTemplate:${saved.id}`,
          {
            name: input.Name,
            scene: input.Scene,
          },
        );
      return saved;
    });
    if (outcome.stale !== null) {
      return refuseStale(reply, {
        locale,
        message: 'addedValue.stale',
        yours: input.Version!,
        current: outcome.stale,
      });
    }
    return { Template: templateRow(await readTemplate(db, session.siteId, outcome.id)) };
  }),

  defineRoute(sms.deleteSmsTemplates, async ({ db, session, input }) => {
    return db.transaction(async (tx) => {
      const ids = [...new Set(input.Ids)];
      const rows = await queryRows<{ id: number }>(
        tx,
        sql`update sms_templates set deleted = true
             where site_id = ${session.siteId} and not deleted
               and id in (${sql.join(
                 ids.map((id) => sql`${id}`),
                 sql`, `,
               )})
         returning id`,
      );
      const changed = new Set(rows.map((row) => row.id));
      const missing = ids.filter((id) => !changed.has(id));
      if (missing.length > 0)
        throw new AppError('addedValue.templatesNotFound', { ids: missing.join(', ') }, { field: 'Ids' });
      await audit(tx, session, 'addedValue.deleteTemplates', `smsTemplate:${ids.join(',')}`);
      return { Changed: ids };
    });
  }),

  defineRoute(sms.getSmsAudiences, async ({ db, session }) => {
    const reachable = sql`m.site_id = ${session.siteId} and m.status = 'active' and m.mobile ~ '^1[3-9][0-9]{9}$'`;
    const [tags, grades] = await Promise.all([
      queryRows<{ tag: string; mobiles: number }>(
        db,
        sql`select tag, count(distinct m.mobile)::int as mobiles from members m, unnest(m.tags) tag
             where ${reachable} group by tag order by tag`,
      ),
      queryRows<{ id: number; name: string; mobiles: number }>(
        db,
        sql`select g.id, g.name, count(distinct m.mobile)::int as mobiles
              from member_grades g left join members m on m.grade_id = g.id and ${reachable}
             where g.site_id = ${session.siteId} group by g.id, g.name, g.level order by g.level`,
      ),
    ]);
    return {
      Tags: tags.map((row) => ({ Name: row.tag, Mobiles: row.mobiles })),
      Grades: grades.map((row) => ({ Id: row.id, Name: row.name, Mobiles: row.mobiles })),
    };
  }),

  defineRoute(sms.sendSms, async ({ db, session, input }) => {
    return db.transaction(async (tx) => {
      const sent = await sendManualMessage(tx, session, input, new Date());
      await audit(tx, session, 'addedValue.sendSms', `smsTemplate:${input.TemplateId}`, {
        audience: `${input.AudienceKind}:${sent.audience}`,
        messages: sent.Queued,
        parts: sent.Parts,
      });
      return { Queued: sent.Queued, Parts: sent.Parts, Balance: sent.Balance };
    });
  }),

  defineRoute(sms.getSmsSends, async ({ db, session, input, locale }) => {
    const conditions = sendFilters(session.siteId, input);
    const tab = input.state === 'all' ? [] : [sql`s.state = ${input.state}`];
    const descending = parseSort(input.sort).descending;
    const [records, [counts]] = await Promise.all([
      sendPage(db, [...conditions, ...tab], descending, (input.page - 1) * input.pageSize, input.pageSize),
      queryRows<Record<(typeof sms.SEND_TABS)[number], number>>(
        db,
        sql`select count(*)::int as "all",
                   (count(*) filter (where s.state = 'queued'))::int as queued,
                   (count(*) filter (where s.state = 'sent'))::int as sent,
                   (count(*) filter (where s.state = 'failed'))::int as failed
              from sms_sends s where ${and(conditions)}`,
      ),
    ]);
    const tally = counts ?? { all: 0, queued: 0, sent: 0, failed: 0 };
    return {
      Data: records.map((record) => sendRow(locale, record)),
      Total: tally[input.state],
      Counts: tally,
    };
  }),

  defineRoute(sms.exportSmsSends, async ({ db, session, input, locale, reply }) => {
    const conditions = sendFilters(session.siteId, input);
    if (input.state !== 'all') conditions.push(sql`s.state = ${input.state}`);
    const say = (key: string) => translate(locale, key);
    sendExport(reply, {
      format: input.format,
      fileName: say('addedValue.export.fileName'),
      asciiName: 'sms-records',
      sheetName: say('addedValue.export.sheet'),
      columns: [
        {
          header: say('addedValue.export.time'),
          width: 20,
          value: (row) => shopDateTime(new Date(row.created_at)),
        },
        { header: say('addedValue.export.mobile'), width: 14, value: (row) => maskMobile(row.mobile) },
        {
          header: say('addedValue.export.scene'),
          width: 12,
          value: (row) => say(`addedValue.scene.${row.scene}`),
        },
        { header: say('addedValue.export.content'), width: 50, value: (row) => row.content },
        { header: say('addedValue.export.parts'), width: 8, value: (row) => row.parts },
        {
          header: say('addedValue.export.state'),
          width: 10,
          value: (row) => say(`addedValue.send.state.${row.state}`),
        },
        { header: say('addedValue.export.messageId'), width: 28, value: (row) => row.provider_message_id },
        { header: say('addedValue.export.error'), width: 30, value: (row) => sendRow(locale, row).Error },
        { header: say('addedValue.export.reference'), width: 20, value: (row) => row.reference },
      ],
      batches: pagedBatches<SendRecord>(
        (offset, limit) => sendPage(db, conditions, true, offset, limit),
        EXPORT_MAX_ROWS,
      ),
    });
    return undefined;
  }),
];

/** The buyer's side: verification codes, with the shop's key. */
export const smsStorefrontRoutes = [
  defineRoute(sms.storefrontSendSmsCode, async ({ db, request, input, reply }) => {
    const siteId = await storefrontSite(db, request);
    try {
      return await sendVerifyCode(db, siteId, input.Mobile, request.ip, new Date());
    } catch (error) {
      if (error instanceof AppError && error.options.status === 429) {
        reply.header('retry-after', String(error.params.seconds));
      }
      throw error;
    }
  }),

  defineRoute(sms.storefrontCheckSmsCode, async ({ db, request, input }) => {
    const siteId = await storefrontSite(db, request);
    await checkVerifyCode(db, siteId, input.Mobile, input.Code, new Date());
    return { Valid: true as const };
  }),
];
