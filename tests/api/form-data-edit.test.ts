import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as edit from '../../contract/endpoints/form-data-edit';
import { getFormDataDetail, getFormDataList } from '../../contract/endpoints/smart-form';
import { startTestServer, type TestServer } from './harness';
import { defineIsolationCase, type IsolationContext, runIsolationCases } from './tenant-isolation';

let server: TestServer;
let admin: string;
beforeAll(async () => {
  server = await startTestServer();
  admin = await server.login('admin');
});
afterAll(() => server.close());

/** A sign-up submission of the mall (name, mobile, session, people, area, terms). */
async function signUp(offset = 0): Promise<number> {
  const [row] = await server.query<{ id: number }>(sql`
    select s.id from smart_form_submissions s join smart_forms f on f.id = s.form_id
     where s.site_id = 1 and f.name = '活动报名表' order by s.id offset ${offset} limit 1`);
  return row!.id;
}

const answers = {
  name: '周杰',
  mobile: '13900001111',
  session: '晚场',
  people: 3,
  area: ['上海市', '上海市', '徐汇区'],
  terms: true,
};

describe('editing a form submission', () => {
  it('reads the answers with the form’s fields and version', async () => {
    const id = await signUp();
    const read = await server.call(edit.getFormDataEdit, { id }, { token: admin });
    expect(read.body).toMatchObject({
      Errcode: 0,
      Id: id,
      FormName: '活动报名表',
      Version: 1,
      UpdatedAt: null,
    });
    expect(read.body.Fields.map((field) => field.id)).toEqual([
      'intro',
      'name',
      'mobile',
      'session',
      'people',
      'area',
      'terms',
    ]);
    expect(read.body.Values).toMatchObject({ session: expect.any(String), terms: true });
  });

  it('saves valid answers as the public submit stores them, bumping the version', async () => {
    const id = await signUp();
    const saved = await server.call(
      edit.setFormData,
      { Id: id, Version: 1, Values: { ...answers, name: '  周杰 ', people: '3' } },
      { token: admin },
    );
    expect(saved.body).toMatchObject({ Errcode: 0, Version: 2 });
    const read = await server.call(edit.getFormDataEdit, { id }, { token: admin });
    expect(read.body.Values).toEqual(answers);
    expect(read.body.UpdatedAt).not.toBeNull();
    const detail = await server.call(getFormDataDetail, { Id: id }, { token: admin });
    expect(detail.body.Items.find((item) => item.FieldId === 'name')!.Text).toBe('周杰');
    const found = await server.call(getFormDataList, { Keyword: '13900001111' }, { token: admin });
    expect(found.body.Data.map((row) => row.Id)).toEqual([id]);
    const [audit] = await server.query<{ action: string }>(
      sql`select action from audit_log where target = ${`smartFormData:${id}`}`,
    );
    expect(audit?.action).toBe('smartForm.editData');
  });

  it('refuses a stale version with the reload offer and keeps the newer answers', async () => {
    const id = await signUp(1);
    await server.call(edit.setFormData, { Id: id, Version: 1, Values: answers }, { token: admin });
    const stale = await server.call(
      edit.setFormData,
      { Id: id, Version: 1, Values: { ...answers, name: '旧版本' } },
      { token: admin },
    );
    expect(stale.body).toMatchObject({ Errcode: -1, StaleVersion: true, CurrentVersion: 2 });
    const read = await server.call(edit.getFormDataEdit, { id }, { token: admin });
    expect(read.body.Values.name).toBe('周杰');
  });

  it('lets exactly one of several edits of the same version through', async () => {
    const id = await signUp(2);
    const saves = await Promise.all(
      ['甲', '乙乙', '丙丙'].map((name) =>
        server.call(
          edit.setFormData,
          { Id: id, Version: 1, Values: { ...answers, name: `${name}名` } },
          { token: admin },
        ),
      ),
    );
    expect(saves.filter((save) => save.body.Errcode === 0)).toHaveLength(1);
    expect(
      saves.filter((save) => (save.body as { StaleVersion?: boolean }).StaleVersion === true),
    ).toHaveLength(2);
    const [row] = await server.query<{ version: number }>(
      sql`select version from smart_form_submissions where id = ${id}`,
    );
    expect(row!.version).toBe(2);
  });

  it('validates with the form’s own rules, naming each field', async () => {
    const id = await signUp(3);
    const before = await server.query(
      sql`select values, version from smart_form_submissions where id = ${id}`,
    );
    const refused = await server.call(
      edit.setFormData,
      {
        Id: id,
        Version: 1,
        Values: { ...answers, name: '周', mobile: '123', people: 11, terms: false, extra: 'x' },
      },
      { token: admin },
    );
    expect(refused.body.Errcode).toBe(-1);
    const errors = (refused.body as unknown as { Errors: { Field: string; Rule: string }[] }).Errors;
    expect(errors.map((error) => [error.Field, error.Rule])).toEqual([
      ['name', 'minLength'],
      ['mobile', 'phone'],
      ['people', 'max'],
      ['terms', 'agreement'],
      ['extra', 'unknownField'],
    ]);
    expect(refused.body.Errmsg).toContain('姓名');
    expect(
      await server.query(sql`select values, version from smart_form_submissions where id = ${id}`),
    ).toEqual(before);
    const badVersion = await server.call(
      edit.setFormData,
      { Id: id, Version: 0, Values: answers },
      { token: admin },
    );
    expect(badVersion.body.Errmsg).toContain('Version');
    const badId = await server.call(edit.getFormDataEdit, { id: 'x' }, { token: admin });
    expect(badId.body.Errmsg).toContain('id');
    const missing = await server.call(edit.getFormDataEdit, { id: 999999 }, { token: admin });
    expect(missing.body).toMatchObject({ Errcode: -1, Errmsg: 'There is no submission 999999 in this shop' });
  });

  it('serves accounts granted the smart forms and no store account', async () => {
    const id = await signUp(4);
    const sub = await server.login('sub', { siteId: 1 });
    expect((await server.call(edit.getFormDataEdit, { id }, { token: sub })).body.Errcode).toBe(0);
    const store = await server.login('store');
    expect((await server.call(edit.getFormDataEdit, { id }, { token: store })).status).toBe(403);
    expect(
      (await server.call(edit.setFormData, { Id: id, Version: 1, Values: answers }, { token: store })).status,
    ).toBe(403);
  });
});

async function submissionOfB({ server: isolated, siteB }: IsolationContext) {
  const [row] = await isolated.query<{ id: number }>(
    sql`select id from smart_form_submissions where site_id = ${siteB} order by id limit 1`,
  );
  return { submissionId: row!.id };
}

runIsolationCases('form data edit', [
  defineIsolationCase({
    name: 'GetFormDataEdit of a submission of site B',
    endpoint: edit.getFormDataEdit,
    setup: submissionOfB,
    input: (_context, { submissionId }) => ({ id: submissionId }),
    message: /There is no submission \d+ in this shop/,
  }),
  defineIsolationCase({
    name: 'SetFormData on a submission of site B',
    endpoint: edit.setFormData,
    setup: submissionOfB,
    input: (_context, { submissionId }) => ({ Id: submissionId, Version: 1, Values: answers }),
  }),
]);
