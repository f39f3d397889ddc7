import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE } from '../../contract/endpoint';
import { uploadImage } from '../../contract/endpoints/comm';
import * as library from '../../contract/endpoints/image-library';
import { startTestServer, type TestServer } from './harness';
import { multipartBody, solidPng } from './images';
import { defineIsolationCase, type IsolationContext, runIsolationCases } from './tenant-isolation';

async function uploadTo(
  server: TestServer,
  token: string,
  name: string,
  fields: Record<string, string> = {},
) {
  const body = multipartBody({ filename: name, contentType: 'image/png', bytes: solidPng(4, 3) }, fields);
  const raw = await server.app.inject({
    method: 'POST',
    url: `${API_BASE}${uploadImage.path}`,
    headers: { ...body.headers, authorization: `Bearer ${token}` },
    payload: body.payload,
  });
  return raw.json() as { Errcode: number; Errmsg: string; Id: number; Url: string };
}

describe('image library', () => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    server = await startTestServer();
    token = await server.login('admin');
  });
  afterAll(() => server.close());

  it('adds, renames and lists folders with their image counts; names are unique per shop', async () => {
    const added = await server.call(library.setImageFolder, { Name: '  Banners ' }, { token });
    expect(added.body).toMatchObject({ Errcode: 0 });
    const renamed = await server.call(
      library.setImageFolder,
      { Id: added.body.Id, Name: 'Home banners' },
      { token },
    );
    expect(renamed.body).toMatchObject({ Errcode: 0, Id: added.body.Id });
    const duplicate = await server.call(library.setImageFolder, { Name: 'Home banners' }, { token });
    expect(duplicate.body).toMatchObject({
      Errcode: -1,
      Errmsg: 'A folder named "Home banners" already exists',
    });

    await uploadTo(server, token, 'hero.png', { FolderId: String(added.body.Id) });
    await uploadTo(server, token, 'loose.png');
    const list = await server.call(library.getImageFolderList, {}, { token });
    expect(list.body.Data).toContainEqual({ Id: added.body.Id, Name: 'Home banners', ImageCount: 1 });
    expect(list.body.RootCount).toBeGreaterThanOrEqual(1);
    expect(list.body.TotalCount).toBe(
      list.body.RootCount + list.body.Data.reduce((sum, f) => sum + f.ImageCount, 0),
    );
  });

  it('uploads into a folder, and refuses a folder that is not the shop’s', async () => {
    const folder = await server.call(library.setImageFolder, { Name: 'Goods shots' }, { token });
    const stored = await uploadTo(server, token, 'shoe.png', { FolderId: String(folder.body.Id) });
    expect(stored).toMatchObject({ Errcode: 0 });
    const inFolder = await server.call(library.getImageList, { FolderId: folder.body.Id }, { token });
    expect(inFolder.body.Data.map((image) => image.Name)).toEqual(['shoe.png']);
    expect(inFolder.body.Data[0]).toMatchObject({
      FolderId: folder.body.Id,
      Width: 4,
      Height: 3,
      Url: stored.Url,
    });

    const refused = await uploadTo(server, token, 'x.png', { FolderId: '999999' });
    expect(refused).toMatchObject({ Errcode: -1, Errmsg: 'There is no image folder 999999 in this shop' });
    const badField = await uploadTo(server, token, 'x.png', { FolderId: 'abc' });
    expect(badField.Errcode).toBe(-1);
    expect(badField.Errmsg).toContain('FolderId');
  });

  it('pages, filters by root and searches by name', async () => {
    for (const name of ['logo-dark.png', 'logo-light.png', 'poster_100%.png'])
      await uploadTo(server, token, name);
    const search = await server.call(library.getImageList, { Name: 'LOGO', pageSize: 1 }, { token });
    expect(search.body.Total).toBe(2);
    expect(search.body.Data).toHaveLength(1);
    const literal = await server.call(library.getImageList, { Name: '_100%' }, { token });
    expect(literal.body.Data.map((image) => image.Name)).toEqual(['poster_100%.png']);
    const root = await server.call(library.getImageList, { FolderId: 0, pageSize: 100 }, { token });
    expect(root.body.Data.every((image) => image.FolderId === 0)).toBe(true);
    const bad = await server.call(library.getImageList, { pageSize: 1000 }, { token });
    expect(bad.body.Errcode).toBe(-1);
    expect(bad.body.Errmsg).toContain('pageSize');
  });

  it('renames one image and moves several at once; refuses a rename of several', async () => {
    const folder = await server.call(library.setImageFolder, { Name: 'Moved' }, { token });
    const a = await uploadTo(server, token, 'a.png');
    const b = await uploadTo(server, token, 'b.png');
    const moved = await server.call(
      library.setImage,
      { Ids: [a.Id, b.Id], FolderId: folder.body.Id },
      { token },
    );
    expect(moved.body).toMatchObject({ Errcode: 0, Updated: 2 });
    const renamed = await server.call(library.setImage, { Ids: [a.Id], Name: 'Alpha' }, { token });
    expect(renamed.body).toMatchObject({ Errcode: 0, Updated: 1 });
    const inFolder = await server.call(library.getImageList, { FolderId: folder.body.Id }, { token });
    expect(inFolder.body.Data.map((image) => image.Name).sort()).toEqual(['Alpha', 'b.png']);

    const several = await server.call(library.setImage, { Ids: [a.Id, b.Id], Name: 'Both' }, { token });
    expect(several.body.Errcode).toBe(-1);
    expect(several.body.Errmsg).toContain('Ids');
    const nothing = await server.call(library.setImage, { Ids: [a.Id] }, { token });
    expect(nothing.body.Errcode).toBe(-1);
    const empty = await server.call(library.setImage, { Ids: [], FolderId: 0 }, { token });
    expect(empty.body.Errcode).toBe(-1);
    expect(empty.body.Errmsg).toContain('Ids');
  });

  it('deletes a folder by moving its images to the root', async () => {
    const folder = await server.call(library.setImageFolder, { Name: 'Temporary' }, { token });
    const image = await uploadTo(server, token, 'kept.png', { FolderId: String(folder.body.Id) });
    const deleted = await server.call(library.delImageFolder, { Id: folder.body.Id }, { token });
    expect(deleted.body).toMatchObject({ Errcode: 0, MovedImages: 1 });
    const root = await server.call(library.getImageList, { FolderId: 0, Name: 'kept' }, { token });
    expect(root.body.Data.map((row) => row.Id)).toEqual([image.Id]);
    const again = await server.call(library.delImageFolder, { Id: folder.body.Id }, { token });
    expect(again.body).toMatchObject({
      Errcode: -1,
      Errmsg: `There is no image folder ${folder.body.Id} in this shop`,
    });
  });

  it('warns which template and goods still use an image, and deletes only with Force', async () => {
    const used = await uploadTo(server, token, 'used.png');
    const free = await uploadTo(server, token, 'free.png');
    const [template] = await server.query<{ id: number; name: string }>(sql`
      update module_templates set data = ${JSON.stringify({ ModuleData: [{ image: used.Url }] })}
       where id = (select id from module_templates where site_id = 1 order by id limit 1)
       returning id, name`);
    const [goods] = await server.query<{ id: number; name: string }>(sql`
      update products set gallery = ${JSON.stringify([used.Url])}::jsonb
       where id = (select id from products where site_id = 1 order by id limit 1)
       returning id, name`);

    const warned = await server.call(library.delImage, { Ids: [used.Id, free.Id] }, { token });
    expect(warned.body).toMatchObject({ Errcode: 0, Deleted: 0 });
    expect(warned.body.Usages).toEqual([
      {
        Id: used.Id,
        Url: used.Url,
        Uses: [
          { Kind: 'template', Id: template!.id, Name: template!.name },
          { Kind: 'goods', Id: goods!.id, Name: goods!.name },
        ],
      },
    ]);
    const still = await server.call(library.getImageList, { Name: 'used.png' }, { token });
    expect(still.body.Total).toBe(1);

    const forced = await server.call(library.delImage, { Ids: [used.Id, free.Id], Force: true }, { token });
    expect(forced.body).toMatchObject({ Errcode: 0, Deleted: 2 });
    const gone = await server.call(library.getImageList, { Name: '.png', pageSize: 100 }, { token });
    expect(gone.body.Data.map((image) => image.Id)).not.toContain(used.Id);
    const served = await server.app.inject({ method: 'GET', url: used.Url });
    expect(served.statusCode).not.toBe(200);
  });

  it('deletes an unused image straight away', async () => {
    const image = await uploadTo(server, token, 'lonely.png');
    const deleted = await server.call(library.delImage, { Ids: [image.Id] }, { token });
    expect(deleted.body).toMatchObject({ Errcode: 0, Deleted: 1, Usages: [] });
  });

  it('lets any session browse but needs the imagesSupervise menu to change the library', async () => {
    const [account] = await server.query<{ id: number }>(
      sql`select id from accounts where user_name = 'editor'`,
    );
    await server.query(sql`delete from grants where account_id = ${account!.id}
      and menu_id in (select id from menus where path = ${library.IMAGE_LIBRARY_PERMISSION})`);
    const editor = await server.login('editor');
    const browse = await server.call(library.getImageList, {}, { token: editor });
    expect(browse.body.Errcode).toBe(0);
    const change = await server.call(library.setImageFolder, { Name: 'Nope' }, { token: editor });
    expect(change.body.Errcode).toBe(-1);
    const anonymous = await server.call(library.getImageList, {}, { token: null });
    expect(anonymous.status).toBe(401);
  });
});

async function folderOfB({ server, siteB }: IsolationContext) {
  const [row] = await server.query<{ id: number }>(
    sql`insert into image_folders (site_id, name) values (${siteB}, ${`B folder ${Math.random()}`}) returning id`,
  );
  return { folderId: row!.id };
}

async function imageOfB({ server, siteB }: IsolationContext) {
  const [row] = await server.query<{ id: number }>(sql`
    insert into uploads (site_id, name, stored_path, url, mime, size)
    values (${siteB}, 'b-secret.png', ${`${siteB}/b.png`}, ${`/uploads/${siteB}/b.png`}, 'image/png', 10)
    returning id`);
  return { imageId: row!.id };
}

runIsolationCases('image library', [
  defineIsolationCase({
    name: 'SetImageFolder renaming a folder of site B',
    endpoint: library.setImageFolder,
    setup: folderOfB,
    input: (_context, { folderId }) => ({ Id: folderId, Name: 'mine now' }),
    message: /There is no image folder \d+ in this shop/,
  }),
  defineIsolationCase({
    name: 'DelImageFolder with a folder of site B',
    endpoint: library.delImageFolder,
    setup: folderOfB,
    input: (_context, { folderId }) => ({ Id: folderId }),
  }),
  defineIsolationCase({
    name: 'SetImage moving an image of site B',
    endpoint: library.setImage,
    setup: imageOfB,
    input: (_context, { imageId }) => ({ Ids: [imageId], FolderId: 0 }),
    message: /These images are not in this shop/,
  }),
  defineIsolationCase({
    name: 'SetImage moving into a folder of site B',
    endpoint: library.setImage,
    setup: async (context) => ({ ...(await folderOfB(context)), ...(await imageOfB(context)) }),
    input: (_context, { folderId }) => ({ Ids: [1], FolderId: folderId }),
  }),
  defineIsolationCase({
    name: 'DelImage with an image of site B, even forced',
    endpoint: library.delImage,
    setup: imageOfB,
    input: (_context, { imageId }) => ({ Ids: [imageId], Force: true }),
  }),
  defineIsolationCase({
    name: 'GetImageList never lists site B images',
    endpoint: library.getImageList,
    setup: imageOfB,
    input: () => ({ Name: 'b-secret' }),
    verify: (response) => expect(response.body).toMatchObject({ Errcode: 0, Total: 0 }),
  }),
  defineIsolationCase({
    name: 'GetImageFolderList never lists site B folders',
    endpoint: library.getImageFolderList,
    setup: folderOfB,
    input: () => ({}),
    verify: (response) => expect(JSON.stringify(response.body)).not.toContain('B folder'),
  }),
]);
