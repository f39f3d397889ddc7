import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import * as library from '../../contract/endpoints/module-library';
import { serializeTemplate } from '../../contract/template/codec';
import { createTemplate } from '../../contract/template/create-template';
import type { ApiResponse } from './harness';
import { defineIsolationCase, type IsolationContext, runIsolationCases } from './tenant-isolation';

/** A template of site B, current, as its own studio would have saved it. */
async function templateOfB({ server, siteB }: IsolationContext) {
  const data = serializeTemplate(createTemplate(siteB, '官网首页'));
  const [row] = await server.query<{ id: number; version: number }>(sql`
    insert into module_templates (site_id, shop_type, name, data, is_current)
    values (${siteB}, 1, 'B 的模板', ${data}, not exists (select 1 from module_templates where site_id = ${siteB} and is_current))
    returning id, version`);
  return { id: row!.id, version: row!.version, data };
}

const notFound = /There is no template \d+ in this shop/;

runIsolationCases('module library', [
  defineIsolationCase({
    name: 'GetTemplateData with a template of site B',
    endpoint: library.getTemplateData,
    setup: templateOfB,
    input: (_context, { id }) => ({ Id: id }),
    message: notFound,
  }),
  defineIsolationCase({
    name: 'SaveModule over a template of site B',
    endpoint: library.saveModule,
    setup: templateOfB,
    input: ({ siteA }, { id, version }) => ({
      Id: id,
      Data: serializeTemplate(createTemplate(siteA, '改')),
      Version: version,
    }),
    message: notFound,
  }),
  defineIsolationCase({
    name: 'SetMyTemplate renaming a template of site B',
    endpoint: library.setMyTemplate,
    setup: templateOfB,
    input: (_context, { id }) => ({ Id: id, Name: '改名', IsCurrent: true }),
    message: notFound,
  }),
  defineIsolationCase({
    name: 'DelMyTemplate of a template of site B',
    endpoint: library.delMyTemplate,
    setup: templateOfB,
    input: (_context, { id }) => ({ Id: id }),
    message: notFound,
  }),
  defineIsolationCase({
    name: 'PublishModule of a template of site B',
    endpoint: library.publishModule,
    setup: templateOfB,
    input: (_context, { id, version }) => ({ Id: id, Version: version }),
    message: notFound,
  }),
  defineIsolationCase({
    name: 'AddMyTemplate copying a template of site B',
    endpoint: library.addMyTemplate,
    setup: templateOfB,
    input: (_context, { id }) => ({ Name: '复制', CopyFromId: id }),
    message: notFound,
  }),
  defineIsolationCase({
    name: 'AddMyTemplate with data naming site B',
    endpoint: library.addMyTemplate,
    setup: templateOfB,
    input: (_context, { data }) => ({ Name: '别人的站点', Data: data }),
    verify: async (response: ApiResponse, { server, siteA }) => {
      // Accepted, but as a template of the caller's own site.
      expect(response.body.Errcode).toBe(0);
      const id = (response.body as unknown as { Id: number }).Id;
      const [row] = await server.query<{ site_id: number; data: string }>(
        sql`select site_id, data from module_templates where id = ${id}`,
      );
      expect(row!.site_id).toBe(siteA);
      expect(JSON.parse(row!.data).siteId).toBe(siteA);
    },
  }),
  defineIsolationCase({
    name: 'GetMyTemplateList shows only the caller’s templates',
    endpoint: library.getMyTemplateList,
    setup: templateOfB,
    input: () => ({ pageSize: 100 }),
    verify: async (response: ApiResponse, { server, siteA }) => {
      expect(response.body.Errcode).toBe(0);
      const rows = (response.body as unknown as { Data: { Id: number }[] }).Data;
      const own = await server.query<{ id: number }>(
        sql`select id from module_templates where site_id = ${siteA}`,
      );
      expect(rows.map((row) => row.Id).sort()).toEqual(own.map((row) => row.id).sort());
    },
  }),
]);
