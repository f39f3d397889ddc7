import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getStorefrontFixedParts, getStorefrontPage } from '../../contract/endpoints/shop-pages';
import { startTestServer, type TestServer } from './harness';
import { storefront, storefrontKey } from './order-helpers';

let server: TestServer;
let mallKey: string;
beforeAll(async () => {
  server = await startTestServer();
  mallKey = await storefrontKey(server, await server.login('admin'));
});
afterAll(() => server.close());

describe('the storefront’s fixed page parts', () => {
  it('reads the tab bar of the current template as published, not the draft', async () => {
    const response = await storefront(server, mallKey, getStorefrontFixedParts, {});
    expect(response.body.Errcode).toBe(0);
    const tabBar = response.body.Parts.find((part) => part.Slot === 'tabBar');
    expect(tabBar?.Type).toBe('tabBar');
    const items = (tabBar!.Props as { items: { text: string; link: unknown }[] }).items;
    expect(items.length).toBeGreaterThanOrEqual(2);
    expect(items.length).toBeLessThanOrEqual(5);
    expect(response.body.PublishedAt).not.toBeNull();

    await server.query(sql`update module_templates set data = '{}' where site_id = 1 and is_current`);
    const again = await storefront(server, mallKey, getStorefrontFixedParts, {});
    expect(again.body).toEqual(response.body);
    const home = await storefront(server, mallKey, getStorefrontFixedParts, { PageId: response.body.PageId });
    expect(home.body.Parts).toEqual(response.body.Parts);
  });

  it('answers with no parts for a shop that has published nothing', async () => {
    const site2 = await storefrontKey(server, await server.login('site2'));
    await server.query(sql`update module_templates set published_data = null where site_id = 2`);
    const response = await storefront(server, site2, getStorefrontFixedParts, {});
    expect(response.body).toMatchObject({ Errcode: 0, PageId: null, PublishedAt: null, Parts: [] });
  });

  it('refuses a missing key, an unknown page and a malformed page id naming PageId', async () => {
    expect((await server.call(getStorefrontFixedParts, {})).status).toBe(401);
    const unknown = await storefront(server, mallKey, getStorefrontFixedParts, { PageId: 'no-such-page' });
    expect(unknown.body).toMatchObject({
      Errcode: -1,
      Errmsg: 'The published template has no page no-such-page',
    });
    const malformed = await storefront(server, mallKey, getStorefrontFixedParts, { PageId: '../x' });
    expect(malformed.body.Errcode).toBe(-1);
    expect(malformed.body.Errmsg).toContain('PageId');
  });
});

describe('the storefront’s single pages', () => {
  it('reads the home page as published: its settings and visible blocks in order, never the draft', async () => {
    const home = await storefront(server, mallKey, getStorefrontPage, {});
    expect(home.body).toMatchObject({ Errcode: 0, IsHome: true });
    expect(home.body.Blocks.length).toBeGreaterThan(0);
    const [row] = await server.query<{ published_data: string }>(
      sql`select published_data from module_templates where site_id = 1 and is_current`,
    );
    const wire = JSON.parse(row!.published_data) as {
      ModuleData: { id: string; isHome: boolean; components: string[] }[];
      componentData: { id: string; hidden: boolean }[];
    };
    const page = wire.ModuleData.find((entry) => entry.isHome)!;
    const hidden = new Set(wire.componentData.filter((block) => block.hidden).map((block) => block.id));
    expect(home.body.PageId).toBe(page.id);
    expect(home.body.Blocks.map((block) => block.Id)).toEqual(
      page.components.filter((id) => !hidden.has(id)),
    );

    await server.query(sql`update module_templates set data = '{}' where site_id = 1 and is_current`);
    const again = await storefront(server, mallKey, getStorefrontPage, { PageId: home.body.PageId! });
    expect(again.body).toEqual(home.body);
  });

  it('leaves hidden blocks out', async () => {
    const home = await storefront(server, mallKey, getStorefrontPage, {});
    const hiddenId = home.body.Blocks[0]!.Id;
    await server.query(
      sql`update module_templates
             set published_data = (
               select jsonb_set(t.wire, array['componentData', (e.position - 1)::text, 'hidden'], 'true')::text
                 from (select published_data::jsonb as wire) t,
                      jsonb_array_elements(t.wire -> 'componentData') with ordinality as e(component, position)
                where e.component ->> 'id' = ${hiddenId})
           where site_id = 1 and is_current`,
    );
    const after = await storefront(server, mallKey, getStorefrontPage, {});
    expect(after.body.Blocks.map((block) => block.Id)).toEqual(
      home.body.Blocks.slice(1).map((block) => block.Id),
    );
  });

  it('answers with no page for a shop that has published nothing, and refuses bad ids naming PageId', async () => {
    const site2 = await storefrontKey(server, await server.login('site2'));
    await server.query(sql`update module_templates set published_data = null where site_id = 2`);
    const nothing = await storefront(server, site2, getStorefrontPage, {});
    expect(nothing.body).toMatchObject({ Errcode: 0, PageId: null, Settings: null, Blocks: [] });
    expect((await server.call(getStorefrontPage, {})).status).toBe(401);
    const unknown = await storefront(server, mallKey, getStorefrontPage, { PageId: 'no-such-page' });
    expect(unknown.body.Errmsg).toBe('The published template has no page no-such-page');
    const malformed = await storefront(server, mallKey, getStorefrontPage, { PageId: '../x' });
    expect(malformed.body.Errmsg).toContain('PageId');
  });
});
