import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import * as forms from '../../contract/endpoints/smart-form';
import { newField } from '../../contract/smart-form';
import type { ApiResponse } from './harness';
import { defineIsolationCase, type IsolationContext, runIsolationCases } from './tenant-isolation';

/** A seeded form of site B and one of its submissions. */
async function formOfB({ server, siteB }: IsolationContext) {
  const [row] = await server.query<{ id: number; version: number; submission: number }>(sql`
    select f.id, f.version, (select min(s.id) from smart_form_submissions s where s.form_id = f.id) as submission
      from smart_forms f where f.site_id = ${siteB} order by f.id limit 1`);
  return { id: row!.id, version: row!.version, submission: row!.submission };
}

const noForm = /There is no form \d+ in this shop/;
const noSubmission = /There is no submission \d+ in this shop/;

function noRowsOf(siteBNames: string[]) {
  return (response: ApiResponse) => {
    expect(response.body.Errcode).toBe(0);
    const names = (response.body.Data as { Name?: string; FormName?: string }[]).map(
      (row) => row.Name ?? row.FormName,
    );
    for (const name of siteBNames) expect(names).not.toContain(name);
  };
}

runIsolationCases('smart forms', [
  defineIsolationCase({
    name: 'GetFormInfo of a form of site B',
    endpoint: forms.getFormInfo,
    setup: formOfB,
    input: (_context, { id }) => ({ Id: id }),
    message: noForm,
  }),
  defineIsolationCase({
    name: 'AddForm copying a form of site B',
    endpoint: forms.addForm,
    setup: formOfB,
    input: (_context, { id }) => ({ Name: '偷来的', CopyFromId: id }),
    message: noForm,
  }),
  defineIsolationCase({
    name: 'SetForm disabling a form of site B',
    endpoint: forms.setForm,
    setup: formOfB,
    input: (_context, { id }) => ({ Id: id, Enabled: false }),
    message: noForm,
  }),
  defineIsolationCase({
    name: 'SaveFormDefinition over a form of site B',
    endpoint: forms.saveFormDefinition,
    setup: formOfB,
    input: (_context, { id, version }) => ({
      Id: id,
      Definition: { fields: [newField('text', 'a', 'A')] },
      Version: version,
    }),
    message: noForm,
  }),
  defineIsolationCase({
    name: 'DelForm of a form of site B',
    endpoint: forms.delForm,
    setup: formOfB,
    input: (_context, { id }) => ({ Id: id }),
    message: noForm,
  }),
  defineIsolationCase({
    name: 'SetFormNotice on a form of site B',
    endpoint: forms.setFormNotice,
    setup: formOfB,
    input: (_context, { id }) => ({ FormId: id, Enabled: true, Emails: ['x@y.cn'], Phones: [] }),
    message: noForm,
  }),
  defineIsolationCase({
    name: 'GetFormDataList filtered to a form of site B',
    endpoint: forms.getFormDataList,
    setup: formOfB,
    input: (_context, { id }) => ({ FormId: id }),
    message: noForm,
  }),
  defineIsolationCase({
    name: 'GetFormDataDetail of a submission of site B',
    endpoint: forms.getFormDataDetail,
    setup: formOfB,
    input: (_context, { submission }) => ({ Id: submission }),
    message: noSubmission,
  }),
  defineIsolationCase({
    name: 'DelFormData of a submission of site B',
    endpoint: forms.delFormData,
    setup: formOfB,
    input: (_context, { submission }) => ({ Ids: [submission] }),
    message: noSubmission,
  }),
  defineIsolationCase({
    name: 'GetExportFormDataDetail of a form of site B',
    endpoint: forms.exportFormData,
    setup: formOfB,
    input: (_context, { id }) => ({ FormId: id }),
    message: noForm,
  }),
  defineIsolationCase({
    name: 'GetFormList shows no form of site B',
    endpoint: forms.getFormList,
    setup: async ({ server, siteB }) => {
      await server.query(sql`update smart_forms set name = 'B 独有表单' where site_id = ${siteB}`);
      return {};
    },
    input: () => ({ pageSize: 100 }),
    verify: noRowsOf(['B 独有表单']),
  }),
  defineIsolationCase({
    name: 'GetFormDataList shows no submission of site B',
    endpoint: forms.getFormDataList,
    input: () => ({ pageSize: 100, Keyword: '' }),
    verify: noRowsOf(['B 独有表单']),
  }),
]);
