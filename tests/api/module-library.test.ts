import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blockDefinition } from '../../components-catalog/registry';
import * as library from '../../contract/endpoints/module-library';
import { parseTemplate, serializeTemplate } from '../../contract/template/codec';
import { insertBlock, type Outcome, setProp } from '../../contract/template/operations';
import type { TemplateDocument } from '../../contract/template-document';
import { startTestServer, type TestServer } from './harness';

let server: TestServer;
let admin: string;
beforeAll(async () => {
  server = await startTestServer();
  admin = await server.login('admin');
});
afterAll(() => server.close());

function documentOf(data: string): TemplateDocument {
  const parsed = parseTemplate(data, blockDefinition);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  return parsed.document;
}

function ok(outcome: Outcome): TemplateDocument {
  if (!outcome.ok) throw new Error(outcome.problem.key);
  return outcome.document;
}

async function newTemplate(name: string, token = admin) {
  const added = await server.call(library.addMyTemplate, { Name: name }, { token });
  expect(added.body.Errcode).toBe(0);
  const read = await server.call(library.getTemplateData, { Id: added.body.Id }, { token });
  return { id: added.body.Id, version: read.body.Version, document: documentOf(read.body.Data) };
}

describe('the demo template', () => {
  it('is the mall’s current template, in the SPEC §3 wire format, and opens in the codec', async () => {
    const response = await server.call(library.getTemplateData, {}, { token: admin });
    expect(response.body).toMatchObject({
      Errcode: 0,
      Name: '演示商城首页',
      IsCurrent: true,
      ShopType: 0,
      Version: 1,
    });
    const wire = JSON.parse(response.body.Data);
    expect(Object.keys(wire).sort()).toEqual([
      'ModuleData',
      'componentData',
      'siteId',
      'version',
      'wxOpenType',
    ]);
    const document = documentOf(response.body.Data);
    expect(document.pages.map((page) => page.settings.title)).toEqual(['演示商城', '关于我们']);
    const types = document.pages[0]!.blockIds.map((id) => document.blocks[id]!.type);
    expect(types).toEqual(['searchBar', 'carousel', 'iconNav', 'notice', 'title', 'productList']);
    expect(Object.keys(document.pages[0]!.fixed).sort()).toEqual(['navigationBar', 'tabBar']);
  });

  it('links its product list to real goods of the shop and passes the publish check', async () => {
    const current = await server.call(library.getTemplateData, {}, { token: admin });
    const document = documentOf(current.body.Data);
    const list = Object.values(document.blocks).find((block) => block.type === 'productList')!;
    const ids = (list.props.products as { id: number }[]).map((product) => product.id);
    expect(ids).toHaveLength(4);
    const rows = await server.query<{ id: number }>(
      sql`select id from products where site_id = ${document.siteId} and recycle_state = 'active' and id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
    expect(rows).toHaveLength(4);
    const published = await server.call(
      library.publishModule,
      { Id: current.body.Id, Version: current.body.Version },
      { token: admin },
    );
    expect(published.body.Errcode).toBe(0);
    expect(Date.parse(published.body.PublishedAt)).toBeGreaterThan(Date.now() - 60_000);
  });
});

describe('my templates', () => {
  it('adds, lists, renames, makes current and deletes templates', async () => {
    const first = await newTemplate('活动页');
    expect(first.document.pages).toHaveLength(1);
    expect(first.document.pages[0]!.settings.title).toBe('Home');
    const copy = await server.call(
      library.addMyTemplate,
      { Name: '活动页副本', CopyFromId: first.id },
      { token: admin },
    );
    expect(copy.body.Errcode).toBe(0);

    const list = await server.call(library.getMyTemplateList, { Name: '活动' }, { token: admin });
    expect(list.body.Data.map((row) => row.Name).sort()).toEqual(['活动页', '活动页副本']);
    expect(list.body.Total).toBe(2);
    expect(
      list.body.Data.every((row) => !row.IsCurrent && row.PublishedAt === null && row.HasUnpublishedChanges),
    ).toBe(true);

    expect(
      (
        await server.call(
          library.setMyTemplate,
          { Id: first.id, Name: '双十一', IsCurrent: true },
          { token: admin },
        )
      ).body.Errcode,
    ).toBe(0);
    const after = await server.call(library.getMyTemplateList, { sort: 'name' }, { token: admin });
    const current = after.body.Data.filter((row) => row.IsCurrent);
    expect(current.map((row) => [row.Id, row.Name])).toEqual([[first.id, '双十一']]);

    const refused = await server.call(library.delMyTemplate, { Id: first.id }, { token: admin });
    expect(refused.body).toMatchObject({
      Errcode: -1,
      Errmsg: 'The current template cannot be deleted; make another one current first',
    });
    const demo = after.body.Data.find((row) => row.Name === '演示商城首页')!;
    await server.call(library.setMyTemplate, { Id: demo.Id, IsCurrent: true }, { token: admin });
    expect(
      (await server.call(library.delMyTemplate, { Id: copy.body.Id }, { token: admin })).body.Errcode,
    ).toBe(0);
    const gone = await server.call(library.getTemplateData, { Id: copy.body.Id }, { token: admin });
    expect(gone.body).toMatchObject({
      Errcode: -1,
      Errmsg: `There is no template ${copy.body.Id} in this shop`,
    });
    const audit = await server.query<{ action: string }>(
      sql`select action from audit_log where target = ${`template:${copy.body.Id}`} order by id`,
    );
    expect(audit.map((row) => row.action)).toEqual(['moduleLibrary.add', 'moduleLibrary.delete']);
  });

  it('saves an edited template with its version and reads it back as saved', async () => {
    const template = await newTemplate('保存测试');
    const pageId = template.document.homePageId;
    let document = ok(
      insertBlock(template.document, {
        rules: blockDefinition,
        pageId,
        type: 'title',
        index: 0,
        id: 'heading',
      }),
    );
    document = ok(setProp(document, 'heading', ['text'], '夏季新品'));
    const saved = await server.call(
      library.saveModule,
      { Id: template.id, Data: serializeTemplate(document), Version: template.version },
      { token: admin },
    );
    expect(saved.body).toMatchObject({ Errcode: 0, Version: template.version + 1, Warnings: [] });
    const read = await server.call(library.getTemplateData, { Id: template.id }, { token: admin });
    expect(read.body.Version).toBe(template.version + 1);
    expect(documentOf(read.body.Data)).toEqual(document);
  });

  it('writes the caller’s site into the data, whatever it claimed', async () => {
    const template = await newTemplate('站点测试');
    const claimed = serializeTemplate({ ...template.document, siteId: 999 });
    await server.call(
      library.saveModule,
      { Id: template.id, Data: claimed, Version: template.version },
      { token: admin },
    );
    const read = await server.call(library.getTemplateData, { Id: template.id }, { token: admin });
    expect(JSON.parse(read.body.Data).siteId).toBe(template.document.siteId);
  });

  it('keeps blocks of types this server does not know', async () => {
    const template = await newTemplate('未知组件');
    const wire = JSON.parse(serializeTemplate(template.document));
    wire.componentData.push({
      id: 'ar',
      type: 'arShowroom',
      props: { model: 'x.glb' },
      hidden: false,
      locked: false,
    });
    wire.ModuleData[0].components.push('ar');
    const saved = await server.call(
      library.saveModule,
      { Id: template.id, Data: JSON.stringify(wire), Version: template.version },
      { token: admin },
    );
    expect(saved.body.Errcode).toBe(0);
    const read = await server.call(library.getTemplateData, { Id: template.id }, { token: admin });
    expect(JSON.parse(read.body.Data).componentData).toEqual([
      { id: 'ar', type: 'arShowroom', props: { model: 'x.glb' }, hidden: false, locked: false },
    ]);
  });

  it('caps the number of templates per shop', async () => {
    const [row] = await server.query<{ count: number }>(
      sql`select count(*)::int as count from module_templates where site_id = 1`,
    );
    await server.query(sql`insert into module_templates (site_id, shop_type, name, data)
      select 1, 0, 'filler ' || n, '{}' from generate_series(1, ${library.MAX_TEMPLATES_PER_SITE - row!.count}) as n`);
    const refused = await server.call(library.addMyTemplate, { Name: '再来一个' }, { token: admin });
    expect(refused.body).toMatchObject({
      Errcode: -1,
      Errmsg: 'A shop can keep at most 50 templates; delete one first',
    });
    await server.query(sql`delete from module_templates where name like 'filler %'`);
  });
});

describe('bad input', () => {
  let template: Awaited<ReturnType<typeof newTemplate>>;
  beforeAll(async () => {
    template = await newTemplate('坏数据');
  });

  const save = (data: string, locale?: string) =>
    server.call(
      library.saveModule,
      { Id: template.id, Data: data, Version: template.version },
      { token: admin, ...(locale ? { locale } : {}) },
    );

  it('refuses prototype-pollution keys, naming where they are', async () => {
    const wire = JSON.parse(
      serializeTemplate(
        ok(
          insertBlock(template.document, {
            rules: blockDefinition,
            pageId: template.document.homePageId,
            type: 'spacer',
            index: 0,
            id: 'gap',
          }),
        ),
      ),
    );
    const json = JSON.stringify(wire).replace('"height":20', '"height":20,"__proto__":{"isAdmin":true}');
    const response = await save(json);
    expect(response.body.Errcode).toBe(-1);
    expect(response.body.Errmsg).toBe(
      'The template data was refused: componentData[0].props.__proto__: the key "__proto__" is not allowed',
    );
    expect((response.body as unknown as { Errors: { Field: string }[] }).Errors[0]!.Field).toBe(
      'Data:componentData[0].props.__proto__',
    );
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
  });

  it('refuses wrong types and broken references in the caller’s language', async () => {
    const wire = JSON.parse(serializeTemplate(template.document));
    wire.ModuleData[0].components.push('ghost');
    wire.siteId = 'one';
    const response = await save(JSON.stringify(wire), 'zh-CN');
    expect(response.body.Errcode).toBe(-1);
    expect(response.body.Errmsg).toBe('模板数据有误：siteId：必须是数字');
    const dangling = JSON.parse(serializeTemplate(template.document));
    dangling.ModuleData[0].components.push('ghost');
    expect((await save(JSON.stringify(dangling))).body.Errmsg).toBe(
      'The template data was refused: ModuleData[0].components[0]: there is no component with id "ghost"',
    );
  });

  it('refuses text that is not JSON, deep nesting and huge strings', async () => {
    expect((await save('{"ModuleData": [')).body.Errmsg).toMatch(
      /^The template data was refused: The template data is not valid JSON/,
    );
    expect((await save(`{"a":${'['.repeat(40)}${']'.repeat(40)}}`)).body.Errmsg).toBe(
      'The template data was refused: /: nested deeper than the limit of 32',
    );
    const wire = JSON.parse(serializeTemplate(template.document));
    wire.wxOpenType = 'x'.repeat(70_000);
    expect((await save(JSON.stringify(wire))).body.Errmsg).toBe(
      'The template data was refused: wxOpenType: text of length 70000; the limit is 60000',
    );
  });

  it('refuses requests without a version or with unknown fields, and leaves the template alone', async () => {
    const missing = await server.call(
      library.saveModule,
      { Id: template.id, Data: serializeTemplate(template.document) },
      { token: admin },
    );
    expect(missing.body).toMatchObject({ Errcode: -1, Errmsg: 'Version: is required' });
    const extra = await server.call(
      library.saveModule,
      { Id: template.id, Data: '{}', Version: 1, Force: true },
      { token: admin },
    );
    expect(extra.body.Errcode).toBe(-1);
    const read = await server.call(library.getTemplateData, { Id: template.id }, { token: admin });
    expect(read.body.Version).toBe(template.version);
  });
});

describe('stale saves', () => {
  it('refuses a save based on an older version with the current version, then lets the caller overwrite', async () => {
    const template = await newTemplate('并发');
    const pageId = template.document.homePageId;
    const mine = serializeTemplate(
      ok(
        insertBlock(template.document, {
          rules: blockDefinition,
          pageId,
          type: 'notice',
          index: 0,
          id: 'mine',
        }),
      ),
    );
    const theirs = serializeTemplate(
      ok(
        insertBlock(template.document, {
          rules: blockDefinition,
          pageId,
          type: 'title',
          index: 0,
          id: 'theirs',
        }),
      ),
    );
    const editor = await server.login('editor');
    expect(
      (
        await server.call(
          library.saveModule,
          { Id: template.id, Data: theirs, Version: template.version },
          { token: editor },
        )
      ).body.Errcode,
    ).toBe(0);

    const stale = await server.call(
      library.saveModule,
      { Id: template.id, Data: mine, Version: template.version },
      { token: admin },
    );
    expect(stale.body).toMatchObject({
      Errcode: -1,
      ErrShowType: 1,
      StaleVersion: true,
      CurrentVersion: template.version + 1,
      Errmsg: `Someone saved this template (now version ${template.version + 1}) after you opened version ${template.version}; reload it, or save again to overwrite their changes`,
    });
    const kept = await server.call(library.getTemplateData, { Id: template.id }, { token: admin });
    expect(Object.keys(documentOf(kept.body.Data).blocks)).toEqual(['theirs']);

    const overwrite = await server.call(
      library.saveModule,
      { Id: template.id, Data: mine, Version: template.version + 1 },
      { token: admin },
    );
    expect(overwrite.body).toMatchObject({ Errcode: 0, Version: template.version + 2 });
  });

  it('refuses to publish a version other than the saved one', async () => {
    const template = await newTemplate('发布版本');
    const response = await server.call(
      library.publishModule,
      { Id: template.id, Version: template.version + 5 },
      { token: admin },
    );
    expect(response.body).toMatchObject({
      Errcode: -1,
      StaleVersion: true,
      CurrentVersion: template.version,
    });
  });
});

describe('publish check on the server', () => {
  it('refuses a template with problems and lists each with its page and block', async () => {
    const template = await newTemplate('有问题的页面');
    const pageId = template.document.homePageId;
    const [product] = await server.query<{ id: number; name: string }>(
      sql`select id, name from products where site_id = 1 and recycle_state = 'active' order by id desc limit 1`,
    );
    let document = ok(
      insertBlock(template.document, {
        rules: blockDefinition,
        pageId,
        type: 'carousel',
        index: 0,
        id: 'slides',
      }),
    );
    document = ok(
      insertBlock(document, { rules: blockDefinition, pageId, type: 'productList', index: 1, id: 'goods' }),
    );
    document = ok(
      setProp(
        document,
        'goods',
        ['products'],
        [{ linkType: 9, id: product!.id, linkTitle: product!.name, shpName: product!.name, shpPrice: 100 }],
      ),
    );
    const saved = await server.call(
      library.saveModule,
      { Id: template.id, Data: serializeTemplate(document), Version: template.version },
      { token: admin },
    );
    expect(saved.body.Errcode).toBe(0);
    // The goods go to the recycle bin after the page linked to them.
    await server.query(
      sql`update products set recycle_state = 'recycled', recycled_at = now() where id = ${product!.id}`,
    );

    const refused = await server.call(
      library.publishModule,
      { Id: template.id, Version: saved.body.Version },
      { token: admin },
    );
    const body = refused.body as unknown as {
      Errcode: number;
      Errmsg: string;
      Problems: library.PublishProblemRow[];
    };
    expect(body.Errcode).toBe(-1);
    expect(body.Problems).toEqual([
      {
        PageId: pageId,
        BlockId: 'slides',
        BlockType: 'carousel',
        Kind: 'missingImage',
        Path: 'items.0.image',
        Message: 'Carousel: Image: choose an image',
      },
      {
        PageId: pageId,
        BlockId: 'goods',
        BlockType: 'productList',
        Kind: 'linkToDeleted',
        Path: 'products.0',
        Message: `Product list: Links to "${product!.name}", which has been deleted`,
      },
    ]);
    expect(body.Errmsg).toBe(
      'The template has 2 problem(s) to fix before publishing. First: Carousel: Image: choose an image',
    );
    const row = await server.call(library.getTemplateData, { Id: template.id }, { token: admin });
    expect(row.body.PublishedAt).toBeNull();
  });
});

describe('permissions and tenants', () => {
  it('lets only accounts granted shop decoration in', async () => {
    const store = await server.login('store');
    expect((await server.call(library.getMyTemplateList, {}, { token: store })).status).toBe(403);
    expect((await server.call(library.getTemplateData, {}, { token: null })).status).toBe(401);
    const sub = await server.login('sub', { siteId: 1 });
    expect((await server.call(library.getMyTemplateList, {}, { token: sub })).body.Errcode).toBe(0);
  });

  it('never shows or changes another shop’s templates', async () => {
    const site2 = await server.login('site2');
    const [mallTemplate] = await server.query<{ id: number; version: number }>(
      sql`select id, version from module_templates where site_id = 1 order by id limit 1`,
    );
    const list = await server.call(library.getMyTemplateList, {}, { token: site2 });
    // Site 2 sees only the starter template it got from the public template of its type.
    expect(list.body).toMatchObject({ Errcode: 0, Total: 1 });
    expect(list.body.Data.map((row) => row.ShopType)).toEqual([1]);
    const ownCurrent = await server.call(library.getTemplateData, {}, { token: site2 });
    expect(JSON.parse(ownCurrent.body.Data).siteId).toBe(2);
    const notFound = `There is no template ${mallTemplate!.id} in this shop`;
    const calls = [
      server.call(library.getTemplateData, { Id: mallTemplate!.id }, { token: site2 }),
      server.call(
        library.saveModule,
        {
          Id: mallTemplate!.id,
          Data: serializeTemplate(
            documentOf((await server.call(library.getTemplateData, {}, { token: admin })).body.Data),
          ),
          Version: mallTemplate!.version,
        },
        { token: site2 },
      ),
      server.call(library.setMyTemplate, { Id: mallTemplate!.id, Name: '偷改' }, { token: site2 }),
      server.call(library.delMyTemplate, { Id: mallTemplate!.id }, { token: site2 }),
      server.call(
        library.publishModule,
        { Id: mallTemplate!.id, Version: mallTemplate!.version },
        { token: site2 },
      ),
      server.call(library.addMyTemplate, { Name: '复制', CopyFromId: mallTemplate!.id }, { token: site2 }),
    ];
    for (const response of await Promise.all(calls))
      expect(response.body).toMatchObject({ Errcode: -1, Errmsg: notFound });
    const [after] = await server.query<{ version: number; name: string }>(
      sql`select version, name from module_templates where id = ${mallTemplate!.id}`,
    );
    expect(after).toEqual({ version: mallTemplate!.version, name: '演示商城首页' });
    const own = await newTemplate('官网首页', site2);
    expect(own.document.siteId).toBe(2);
    expect(
      (await server.call(library.getMyTemplateList, {}, { token: admin })).body.Data.some(
        (row) => row.Id === own.id,
      ),
    ).toBe(false);
  });
});
