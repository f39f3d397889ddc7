import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blockDefinition } from '../../components-catalog/registry';
import { getProductInfo } from '../../contract/endpoints/goods';
import * as library from '../../contract/endpoints/module-library';
import { parseTemplate, serializeTemplate } from '../../contract/template/codec';
import { insertBlock, setProp } from '../../contract/template/operations';
import type { TemplateDocument } from '../../contract/template-document';
import { createGoods } from './goods-helpers';
import { startTestServer, type TestServer } from './harness';

/** Rich text is stored as the shared policy keeps it, whatever the caller sent (issue 22 §5). */

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

/** What the policy keeps of HOSTILE: colour, size and weight; no position, negative margin or script. */
const KEPT = '<p style="color:#c00;font-size:18px;font-weight:bold">Sale</p><a>link</a>';

const HOSTILE =
  '<p style="position:fixed;top:0;left:0;width:100vw;height:100vh;z-index:99999;color:#c00;font-size:18px;font-weight:bold;margin:-200px 0 0 0">Sale</p>' +
  '<a href="javascript:alert(1)" onclick="alert(2)">link</a><script>alert(3)</script>';

describe('a template rich-text block', () => {
  it('is saved without positioning or scripts, keeping colour, size and weight, and previews so', async () => {
    const added = await server.call(library.addMyTemplate, { Name: '富文本' }, { token: admin });
    const read = await server.call(library.getTemplateData, { Id: added.body.Id }, { token: admin });
    const template = documentOf(read.body.Data);
    const inserted = insertBlock(template, {
      pageId: template.homePageId,
      type: 'richText',
      index: 0,
      id: 'rt',
      rules: blockDefinition,
    });
    if (!inserted.ok) throw new Error(inserted.problem.key);
    const edited = setProp(inserted.document, 'rt', ['html'], HOSTILE);
    if (!edited.ok) throw new Error(edited.problem.key);
    const saved = await server.call(
      library.saveModule,
      { Id: added.body.Id, Data: serializeTemplate(edited.document), Version: read.body.Version },
      { token: admin },
    );
    expect(saved.body).toMatchObject({ Errcode: 0 });

    const stored = await server.call(library.getTemplateData, { Id: added.body.Id }, { token: admin });
    expect(documentOf(stored.body.Data).blocks.rt!.props.html).toBe(KEPT);

    const preview = await server.call(
      library.getPreviewData,
      { SiteId: 1, TemplateId: added.body.Id },
      { token: admin },
    );
    expect(preview.body).toMatchObject({ Errcode: 0 });
    expect(documentOf(preview.body.Data).blocks.rt!.props.html).toBe(KEPT);
  });
});

describe('a goods description', () => {
  it('is saved by the same policy as a template block', async () => {
    const created = await createGoods(server, admin, { Description: HOSTILE });
    const info = await server.call(getProductInfo, { id: created.Id }, { token: admin });
    expect(info.body.Description).toBe(KEPT);
  });
});
