import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blockDefinition } from '../../components-catalog/registry';
import { getQrCode } from '../../contract/endpoints/comm';
import * as library from '../../contract/endpoints/module-library';
import { parseTemplate, serializeTemplate } from '../../contract/template/codec';
import { setHidden } from '../../contract/template/operations';
import type { TemplateDocument } from '../../contract/template-document';
import { startTestServer, type TestServer } from './harness';

/** The public phone preview behind the dashboard's and the studio's QR codes, and GetQrCode. */

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

async function current() {
  const response = await server.call(library.getTemplateData, {}, { token: admin });
  return { id: response.body.Id, version: response.body.Version, document: documentOf(response.body.Data) };
}

describe('GetPreviewData without a session (a phone scanning the QR)', () => {
  it('returns the home page of the current template with its live goods, and nothing else', async () => {
    const saved = await current();
    const response = await server.call(library.getPreviewData, { SiteId: 1 }, { token: null });
    expect(response.body).toMatchObject({ Errcode: 0, ShopType: 0, TemplateName: '演示商城首页' });
    expect(response.body.SiteName).not.toBe('');
    const document = documentOf(response.body.Data);
    expect(document.pages).toHaveLength(1);
    const home = saved.document.pages[0]!;
    expect(document.pages[0]!.blockIds).toEqual(home.blockIds);
    // Blocks of the other page stay on the server.
    const about = saved.document.pages[1]!;
    for (const id of about.blockIds) expect(document.blocks[id]).toBeUndefined();

    const productBlocks = home.blockIds.filter((id) => saved.document.blocks[id]!.type === 'productList');
    expect(response.body.Products.map((entry) => entry.BlockId)).toEqual(productBlocks);
    const rows = response.body.Products[0]!.Rows;
    expect(rows.length).toBeGreaterThan(0);
    const ids = rows.map((row) => row.Id);
    const onShelf = await server.query<{ id: number }>(
      sql`select id from products where site_id = 1 and shelf_state = 'on' and recycle_state = 'active'`,
    );
    for (const id of ids) expect(onShelf.map((row) => row.id)).toContain(id);
  });

  it('shows another page by its id and refuses a page that is not there', async () => {
    const saved = await current();
    const about = saved.document.pages[1]!;
    const response = await server.call(library.getPreviewData, { SiteId: 1, PageId: about.id });
    expect(response.body.Errcode).toBe(0);
    const document = documentOf(response.body.Data);
    expect(document.homePageId).toBe(about.id);
    expect(document.pages[0]!.settings.title).toBe('关于我们');

    const missing = await server.call(
      library.getPreviewData,
      { SiteId: 1, PageId: 'nope' },
      { locale: 'en' },
    );
    expect(missing.body).toMatchObject({ Errcode: -1, Errmsg: 'The page to preview is not in the template' });
  });

  it('leaves out hidden blocks and goods taken off the shelf', async () => {
    const saved = await current();
    const home = saved.document.pages[0]!;
    const hiddenId = home.blockIds[0]!;
    const hidden = setHidden(saved.document, [hiddenId], true);
    if (!hidden.ok) throw new Error(hidden.problem.key);
    const save = await server.call(
      library.saveModule,
      { Id: saved.id, Data: serializeTemplate(hidden.document), Version: saved.version },
      { token: admin },
    );
    expect(save.body.Errcode).toBe(0);

    const before = await server.call(library.getPreviewData, { SiteId: 1 });
    const firstRow = before.body.Products[0]!.Rows[0]!;
    await server.query(sql`update products set shelf_state = 'off' where id = ${firstRow.Id}`);
    const after = await server.call(library.getPreviewData, { SiteId: 1 });
    expect(after.body.Errcode).toBe(0);
    const document = documentOf(after.body.Data);
    expect(document.blocks[hiddenId]).toBeUndefined();
    expect(document.pages[0]!.blockIds).toEqual(home.blockIds.slice(1));
    expect(after.body.Products[0]!.Rows.map((row) => row.Id)).not.toContain(firstRow.Id);
    await server.query(sql`update products set shelf_state = 'on' where id = ${firstRow.Id}`);
  });

  it('refuses an unknown site, an expired site and a site without a template', async () => {
    const unknown = await server.call(library.getPreviewData, { SiteId: 9999 }, { locale: 'en' });
    expect(unknown.status).toBe(200);
    expect(unknown.body).toMatchObject({ Errcode: -1, Errmsg: 'There is no shop 9999' });
    const expired = await server.call(library.getPreviewData, { SiteId: 3 }, { locale: 'en' });
    expect(expired.body).toMatchObject({
      Errcode: -1,
      Errmsg: "This shop's service has expired; its pages cannot be previewed",
    });
    // Site 2 was seeded from a public template; a shop without any has nothing to show.
    await server.query(sql`delete from module_templates where site_id = 2`);
    const blank = await server.call(library.getPreviewData, { SiteId: 2 }, { locale: 'zh' });
    expect(blank.body).toMatchObject({ Errcode: -1, Errmsg: '该店铺还没有装修页面' });
  });

  it('refuses bad input naming the field', async () => {
    const response = await server.call(library.getPreviewData, { SiteId: 'abc' }, { locale: 'en' });
    expect(response.body.Errcode).toBe(-1);
    expect(response.body.Errmsg).toContain('SiteId');
  });
});

describe('GetPreviewData of a template that is not live', () => {
  it('is for the shop’s own editors only', async () => {
    const added = await server.call(library.addMyTemplate, { Name: 'Preview draft' }, { token: admin });
    expect(added.body.Errcode).toBe(0);
    const input = { SiteId: 1, TemplateId: added.body.Id };
    const anonymous = await server.call(library.getPreviewData, input, { locale: 'en' });
    expect(anonymous.body.Errcode).toBe(-1);
    expect(anonymous.body.Errmsg).toContain('log in');
    const otherShop = await server.call(library.getPreviewData, input, {
      token: await server.login('site2'),
    });
    expect(otherShop.body.Errcode).toBe(-1);
    const editor = await server.call(library.getPreviewData, input, { token: admin });
    expect(editor.body).toMatchObject({ Errcode: 0, TemplateName: 'Preview draft' });
    // Another shop's template id under this shop's site id is not found.
    const site2 = await server.login('site2');
    const foreign = await server.call(
      library.getPreviewData,
      { SiteId: 2, TemplateId: added.body.Id },
      { token: site2 },
    );
    expect(foreign.body.Errcode).toBe(-1);
  });
});

describe('GetQrCode', () => {
  it('draws a QR code of a path of this site', async () => {
    const path = library.previewPath(1, { pageId: 'home' });
    const response = await server.call(
      getQrCode,
      { path },
      { token: admin, headers: { host: 'shop.example.com' } },
    );
    expect(response.body.Errcode).toBe(0);
    expect(response.body.Url).toBe('http://shop.example.com/preview/1?page=home');
    expect(response.body.Image).toMatch(/^data:image\/png;base64,/);
  });

  it('needs a session and refuses addresses of other sites', async () => {
    const anonymous = await server.call(getQrCode, { path: '/preview/1' }, { token: null });
    expect(anonymous.status).toBe(401);
    for (const path of ['//evil.example.com/x', 'https://evil.example.com', '/\\evil.example.com']) {
      const response = await server.call(getQrCode, { path }, { token: admin, locale: 'en' });
      expect(response.body.Errcode).toBe(-1);
      expect(response.body.Errmsg).toContain('path');
    }
  });
});
