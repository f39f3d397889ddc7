import { sql } from 'drizzle-orm';
import * as api from '../../../contract/endpoints/mini-program-batch';
import { audit } from '../../audit';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { queryRows } from '../../db/query';
import { AppError } from '../../http/errors';
import { defineRoute } from '../../http/route';
import { switchableSites } from '../comm/service';
import { batchDetail, batchPage, insertBatch, requeueFailed, sendBatches } from './batch';
import { askWechat, miniProgramAdapter, storefrontApiBase } from './service';
import './messages';

/**
 * Starts sending without holding the answer: a batch of many shops takes a while at WeChat, and the
 * screen reads its progress meanwhile. What fails here is left queued for the sweep.
 */
function startSending(db: Database, config: Config, log: { error(details: object, message: string): void }) {
  void sendBatches(db, config).catch((error: unknown) =>
    log.error({ err: error }, 'batch commit send failed'),
  );
}

export const batchRoutes = [
  defineRoute(api.getBatchSites, async ({ db, session, config }) => {
    const provider = miniProgramAdapter(db, config).provider;
    const sites = await switchableSites(db, session.accountId);
    const authorized = await queryRows<{ site_id: number; app_id: string }>(
      db,
      sql`select site_id, app_id from wechat_authorizers where provider = ${provider} and state = 'authorized'
            and site_id in (${sql.join(
              sites.map((site) => sql`${site.id}`),
              sql`, `,
            )})`,
    );
    const appIds = new Map(authorized.map((row) => [row.site_id, row.app_id]));
    return {
      Provider: provider,
      Data: sites.map((site) => ({
        SiteId: site.id,
        Name: site.name,
        AppId: appIds.get(site.id) ?? '',
        Current: site.id === session.siteId,
      })),
    };
  }),

  defineRoute(api.commitBatch, async ({ db, session, config, input, request, locale }) => {
    const mine = new Set((await switchableSites(db, session.accountId)).map((site) => site.id));
    const foreign = input.SiteIds.find((siteId) => !mine.has(siteId));
    if (foreign !== undefined)
      throw new AppError('miniProgram.batchSiteNotYours', { id: foreign }, { field: 'SiteIds' });
    const adapter = miniProgramAdapter(db, config);
    const templates = await askWechat(locale, () => adapter.templates());
    if (!templates.some((template) => template.TemplateId === input.TemplateId))
      throw new AppError('miniProgram.templateNotFound', { id: input.TemplateId }, { field: 'TemplateId' });
    const id = await db.transaction(async (tx) => {
      const batchId = await insertBatch(tx, {
        siteId: session.siteId,
        accountId: session.accountId,
        provider: adapter.provider,
        templateId: input.TemplateId,
        userVersion: input.UserVersion,
        userDesc: input.UserDesc,
        apiBase: storefrontApiBase(request),
        siteIds: input.SiteIds,
      });
      await audit(tx, session, 'miniProgram.commitBatch', `miniProgramBatch:${batchId}`, {
        templateId: input.TemplateId,
        userVersion: input.UserVersion,
        siteIds: input.SiteIds,
      });
      return batchId;
    });
    startSending(db, config, request.log);
    return { Id: id };
  }),

  defineRoute(api.getBatchList, async ({ db, session, input }) =>
    batchPage(db, session.siteId, input.page, input.pageSize),
  ),

  defineRoute(api.getBatchInfo, async ({ db, session, input, locale }) => {
    const batch = await batchDetail(db, session.siteId, input.id, locale);
    if (!batch) throw new AppError('miniProgram.batchNotFound', { id: input.id }, { field: 'id' });
    return batch;
  }),

  defineRoute(api.retryBatch, async ({ db, session, config, input, request }) => {
    await db.transaction(async (tx) => {
      const [batch] = await queryRows<{ id: number }>(
        tx,
        sql`select id from mini_program_batches where id = ${input.Id} and site_id = ${session.siteId} for update`,
      );
      if (!batch) throw new AppError('miniProgram.batchNotFound', { id: input.Id }, { field: 'Id' });
      const queued = await requeueFailed(tx, batch.id);
      if (queued === 0)
        throw new AppError('miniProgram.batchNothingFailed', { id: input.Id }, { field: 'Id' });
      await audit(tx, session, 'miniProgram.retryBatch', `miniProgramBatch:${batch.id}`, { queued });
    });
    startSending(db, config, request.log);
    return {};
  }),
];
