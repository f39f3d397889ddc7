import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getStorefrontFixedParts } from '../../contract/endpoints/shop-pages';
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
