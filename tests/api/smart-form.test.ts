import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE } from '../../contract/endpoint';
import { addStorefrontKey, revokeStorefrontKey } from '../../contract/endpoints/orders';
import * as forms from '../../contract/endpoints/smart-form';
import { STOREFRONT_KEY_HEADER } from '../../contract/endpoints/storefront';
import { type FieldType, type FormField, newField } from '../../contract/smart-form';
import { type ApiResponse, startTestServer, type TestServer } from './harness';

let server: TestServer;
let token: string;
let key: string;

function field(type: FieldType, id: string, label: string, settings: Partial<FormField> = {}): FormField {
  return { ...newField(type, id, label), ...settings };
}

const definition = {
  fields: [
    field('section', 'head', '报名信息'),
    field('text', 'name', '姓名', { required: true, max: 10 }),
    field('phone', 'mobile', '手机号', { required: true }),
    field('checkbox', 'likes', '爱好', { options: ['读书', '跑步'] }),
    field('image', 'photos', '照片', { maxImages: 1 }),
  ],
};
const goodAnswers = { name: '张三', mobile: '13800138000', likes: ['读书'], photos: ['/uploads/a.png'] };

beforeAll(async () => {
  server = await startTestServer();
  token = await server.login('admin');
  const created = await server.call(addStorefrontKey, { Name: 'forms test' }, { token });
  expect(created.body.Errmsg).toBe('');
  key = created.body.Key;
});
afterAll(() => server.close());

function ok<T>(response: ApiResponse<T>) {
  expect(response.body.Errmsg).toBe('');
  expect(response.body.Errcode).toBe(0);
  return response.body;
}

function refused<T>(response: ApiResponse<T>, message: RegExp) {
  expect(response.body.Errcode).toBe(-1);
  expect(response.body.Errmsg).toMatch(message);
  return response.body as Record<string, unknown>;
}

/** A form of the demo mall with the test definition saved; returns its id and version. */
async function makeForm(name: string): Promise<{ id: number; version: number }> {
  const added = ok(await server.call(forms.addForm, { Name: name }, { token }));
  const saved = ok(
    await server.call(
      forms.saveFormDefinition,
      { Id: added.Id, Definition: definition, Version: added.Version },
      { token },
    ),
  );
  return { id: added.Id, version: saved.Version };
}

function submit(
  formId: number,
  values: Record<string, unknown>,
  options: { key?: string; address?: string; locale?: string } = {},
) {
  return server.call(
    forms.submitFormData,
    { FormId: formId, Values: values },
    {
      headers: {
        [STOREFRONT_KEY_HEADER]: options.key ?? key,
        ...(options.address ? { 'x-forwarded-for': options.address } : {}),
      },
      locale: options.locale,
    },
  );
}

describe('form list and management', () => {
  it('lists the seeded forms with field and submission counts', async () => {
    const body = ok(await server.call(forms.getFormList, { page: 1, pageSize: 20 }, { token }));
    const signUp = body.Data.find((row: forms.FormSummary) => row.Name === '活动报名表');
    expect(signUp).toMatchObject({ FieldCount: 6, SubmissionCount: 9, Enabled: true });
    const filtered = ok(await server.call(forms.getFormList, { Name: '满意度' }, { token }));
    expect(filtered.Data.map((row: forms.FormSummary) => row.Name)).toEqual(['顾客满意度调查']);
  });

  it('adds, renames, disables, copies and deletes a form', async () => {
    const { id } = await makeForm('临时表单');
    ok(await server.call(forms.setForm, { Id: id, Name: '改名表单', Enabled: false }, { token }));
    const info = ok(await server.call(forms.getFormInfo, { Id: id }, { token }));
    expect(info).toMatchObject({ Name: '改名表单', Enabled: false, FieldCount: 4, SubmissionCount: 0 });
    expect(info.Definition).toEqual(definition);

    const copy = ok(await server.call(forms.addForm, { Name: '副本', CopyFromId: id }, { token }));
    const copied = ok(await server.call(forms.getFormInfo, { Id: copy.Id }, { token }));
    expect(copied.Definition).toEqual(definition);
    expect(copied.Enabled).toBe(false);

    ok(await server.call(forms.delForm, { Id: copy.Id }, { token }));
    refused(
      await server.call(forms.getFormInfo, { Id: copy.Id }, { token }),
      /There is no form \d+ in this shop/,
    );
  });

  it('refuses to delete a form that still has submissions, naming how many', async () => {
    const [signUp] = await server.query<{ id: number }>(
      sql`select id from smart_forms where name = '活动报名表' order by id limit 1`,
    );
    refused(
      await server.call(forms.delForm, { Id: signUp!.id }, { token }),
      /Form "活动报名表" still has 9 submission\(s\)/,
    );
  });

  it('refuses bad input naming the field', async () => {
    refused(await server.call(forms.addForm, { Name: '' }, { token }), /Name/);
    refused(await server.call(forms.setForm, { Id: 'x' }, { token }), /Id/);
    const { id, version } = await makeForm('坏定义');
    const noOptions = { fields: [field('select', 'pick', '选择', { options: [] })] };
    refused(
      await server.call(
        forms.saveFormDefinition,
        { Id: id, Definition: noOptions, Version: version },
        { token },
      ),
      /Definition/,
    );
    refused(
      await server.call(
        forms.setFormNotice,
        { FormId: id, Enabled: true, Emails: ['not-mail'], Phones: [] },
        { token },
      ),
      /Emails/,
    );
    refused(
      await server.call(forms.getFormDataList, { From: '2026-02-01', To: '2026-01-01' }, { token }),
      /From/,
    );
    refused(await server.call(forms.delFormData, { Ids: [] }, { token }), /Ids/);
  });

  it('refuses a stale save with the current version, and takes a save on it', async () => {
    const { id, version } = await makeForm('版本表单');
    const next = { fields: [...definition.fields, field('email', 'mail', '邮箱')] };
    const stale = refused(
      await server.call(
        forms.saveFormDefinition,
        { Id: id, Definition: next, Version: version - 1 },
        { token },
      ),
      new RegExp(`now version ${version}\\) after you opened version ${version - 1}`),
    );
    expect(stale).toMatchObject({ StaleVersion: true, CurrentVersion: version });
    const saved = ok(
      await server.call(forms.saveFormDefinition, { Id: id, Definition: next, Version: version }, { token }),
    );
    expect(saved.Version).toBe(version + 1);
  });

  it('keeps notification settings', async () => {
    const { id } = await makeForm('通知表单');
    ok(
      await server.call(
        forms.setFormNotice,
        { FormId: id, Enabled: true, Emails: ['a@shop.cn', 'a@shop.cn'], Phones: ['13900139000'] },
        { token },
      ),
    );
    const info = ok(await server.call(forms.getFormInfo, { Id: id }, { token }));
    expect(info.Notice).toEqual({ Enabled: true, Emails: ['a@shop.cn'], Phones: ['13900139000'] });
  });

  it('needs the smart form menu', async () => {
    const response = await server.call(forms.getFormList, {}, {});
    expect(response.status).toBe(401);
  });
});

describe('public submit', () => {
  let form: { id: number; version: number };
  beforeAll(async () => {
    form = await makeForm('公开提交');
  });

  it('stores valid answers, which then show in the list, the details and the keyword filter', async () => {
    const body = ok(await submit(form.id, goodAnswers));
    const list = ok(
      await server.call(forms.getFormDataList, { FormId: form.id, Keyword: '张三' }, { token }),
    );
    expect(list.Total).toBe(1);
    expect(list.Data[0]).toMatchObject({
      Id: body.Id,
      FormName: '公开提交',
      Summary: '张三 | 13800138000 | 读书',
    });
    const detail = ok(await server.call(forms.getFormDataDetail, { Id: body.Id }, { token }));
    expect(detail.Items).toEqual([
      { FieldId: 'name', Label: '姓名', Type: 'text', Text: '张三', Images: [] },
      { FieldId: 'mobile', Label: '手机号', Type: 'phone', Text: '13800138000', Images: [] },
      { FieldId: 'likes', Label: '爱好', Type: 'checkbox', Text: '读书', Images: [] },
      { FieldId: 'photos', Label: '照片', Type: 'image', Text: '', Images: ['/uploads/a.png'] },
    ]);
    const none = ok(
      await server.call(forms.getFormDataList, { FormId: form.id, Keyword: '李四' }, { token }),
    );
    expect(none.Total).toBe(0);
  });

  it('refuses invalid answers with every broken rule named by label', async () => {
    const body = refused(
      await submit(form.id, { mobile: '123', photos: ['/a.png', '/b.png'] }, { address: '10.0.0.2' }),
      /姓名 is required \(and 2 more\)/,
    );
    expect(body.Errors).toEqual([
      { Field: 'name', Label: '姓名', Rule: 'required', Message: '姓名 is required' },
      {
        Field: 'mobile',
        Label: '手机号',
        Rule: 'phone',
        Message: '手机号 must be an 11-digit mobile number starting with 1',
      },
      {
        Field: 'photos',
        Label: '照片',
        Rule: 'maxImages',
        Message: '照片 has too many images: the most allowed is 1',
      },
    ]);
    const zh = refused(
      await submit(form.id, { ...goodAnswers, mobile: '' }, { locale: 'zh-CN', address: '10.0.0.2' }),
      /请填写手机号/,
    );
    expect(zh.Errors).toHaveLength(1);
  });

  it('refuses a disabled form, an unknown form and a form of another shop', async () => {
    const { id } = await makeForm('停用表单');
    ok(await server.call(forms.setForm, { Id: id, Enabled: false }, { token }));
    refused(await submit(id, goodAnswers, { address: '10.0.0.3' }), /not taking submissions/);
    refused(
      await submit(999_999, goodAnswers, { address: '10.0.0.3' }),
      /There is no form 999999 in this shop/,
    );
    const [other] = await server.query<{ id: number }>(
      sql`select f.id from smart_forms f join sites s on s.id = f.site_id where s.name = '演示官网' limit 1`,
    );
    refused(
      await submit(other!.id, goodAnswers, { address: '10.0.0.3' }),
      /There is no form \d+ in this shop/,
    );
  });

  it('refuses a wrong or revoked key with HTTP 401', async () => {
    const wrong = await submit(form.id, goodAnswers, { key: `sf_${'x'.repeat(32)}`, address: '10.0.0.4' });
    expect(wrong.status).toBe(401);
    const revoked = ok(await server.call(addStorefrontKey, { Name: 'revoked' }, { token }));
    ok(await server.call(revokeStorefrontKey, { Id: revoked.Id }, { token }));
    expect((await submit(form.id, goodAnswers, { key: revoked.Key, address: '10.0.0.4' })).status).toBe(401);
  });

  it(`lets one address submit ${forms.SUBMIT_RATE_LIMIT} times a minute per form, then answers 429`, async () => {
    const { id } = await makeForm('限流表单');
    for (let attempt = 0; attempt < forms.SUBMIT_RATE_LIMIT; attempt += 1) {
      ok(await submit(id, goodAnswers, { address: '10.0.0.9' }));
    }
    const limited = await submit(id, goodAnswers, { address: '10.0.0.9' });
    expect(limited.status).toBe(429);
    expect(limited.body.Errmsg).toMatch(/Too many submissions from this address; try again in \d+ s/);
    expect(Number(limited.raw.headers['retry-after'])).toBeGreaterThan(0);
    // Another address, or another form, has its own allowance.
    ok(await submit(id, goodAnswers, { address: '10.0.0.10' }));
    ok(await submit(form.id, goodAnswers, { address: '10.0.0.9' }));
  });
});

describe('submissions', () => {
  it('filters by form and date range', async () => {
    const [signUp] = await server.query<{ id: number }>(
      sql`select id from smart_forms where name = '活动报名表' order by id limit 1`,
    );
    const all = ok(
      await server.call(forms.getFormDataList, { FormId: signUp!.id, pageSize: 100 }, { token }),
    );
    expect(all.Total).toBe(9);
    const today = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
    const recent = ok(
      await server.call(forms.getFormDataList, { FormId: signUp!.id, From: today, To: today }, { token }),
    );
    expect(recent.Total).toBe(1);
  });

  it('deletes several submissions at once', async () => {
    const { id } = await makeForm('删除数据');
    const first = ok(await submit(id, goodAnswers, { address: '10.0.1.1' }));
    const second = ok(await submit(id, goodAnswers, { address: '10.0.1.1' }));
    const deleted = ok(await server.call(forms.delFormData, { Ids: [first.Id, second.Id] }, { token }));
    expect(deleted.Deleted).toBe(2);
    refused(
      await server.call(forms.getFormDataDetail, { Id: first.Id }, { token }),
      /There is no submission/,
    );
    refused(await server.call(forms.delFormData, { Ids: [first.Id] }, { token }), /There is no submission/);
    ok(await server.call(forms.delForm, { Id: id }, { token }));
  });

  it('exports a form as .xlsx: file name from the form, header row of its labels', async () => {
    const { id } = await makeForm('导出表单');
    ok(await submit(id, goodAnswers, { address: '10.0.2.1' }));
    ok(await submit(id, { ...goodAnswers, name: '=SUM(A1)' }, { address: '10.0.2.1' }));
    const response = await server.app.inject({
      method: 'GET',
      url: `${API_BASE}${forms.exportFormData.path}`,
      query: { FormId: String(id) },
      headers: { authorization: `Bearer ${token}`, 'accept-language': 'zh-CN' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    const disposition = String(response.headers['content-disposition']);
    expect(decodeURIComponent(disposition.split("UTF-8''")[1]!)).toMatch(
      /^导出表单-\d{4}-\d{2}-\d{2}\.xlsx$/,
    );
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const rows = book.worksheets[0]!.getSheetValues()
      .slice(1)
      .map((row) => (row as unknown[]).slice(1));
    expect(rows[0]).toEqual(['提交时间', '姓名', '手机号', '爱好', '照片']);
    expect(rows).toHaveLength(3);
    expect(rows.slice(1).map((row) => row[1])).toEqual(['=SUM(A1)', '张三']);
    expect(rows[1]!.slice(2)).toEqual(['13800138000', '读书', '/uploads/a.png']);
  });

  it('refuses an export of an unknown form as an envelope', async () => {
    refused(
      await server.call(forms.exportFormData, { FormId: 999_999 }, { token }),
      /There is no form 999999/,
    );
  });
});
