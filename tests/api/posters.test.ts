import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as posters from '../../contract/endpoints/posters';
import { blankPosterDocument, type PosterDocument } from '../../contract/poster-document';
import { startTestServer, type TestServer } from './harness';
import { defineIsolationCase, type IsolationContext, runIsolationCases } from './tenant-isolation';

let server: TestServer;
let admin: string;
beforeAll(async () => {
  server = await startTestServer();
  admin = await server.login('admin');
});
afterAll(() => server.close());

function withText(document: PosterDocument, text: string): PosterDocument {
  return {
    ...document,
    elements: [
      ...document.elements,
      {
        id: `t${document.elements.length}`,
        type: 'text',
        x: 10,
        y: 20,
        width: 200,
        height: 40,
        locked: false,
        hidden: false,
        text,
        fontFamily: 'serif',
        fontSize: 30,
        colour: '#112233',
        fontWeight: 'bold',
        align: 'center',
        lineHeight: 1.5,
      },
    ],
  };
}

async function addDesign(kind: 'poster' | 'certificate', name: string, token = admin) {
  const response = await server.call(posters.addPoster, { Kind: kind, Name: name }, { token });
  expect(response.body.Errmsg).toBe('');
  return response.body;
}

describe('poster documents', () => {
  it('lists the seeded poster and certificate, each of its own kind', async () => {
    const list = await server.call(posters.getPosterList, { Kind: 'poster' }, { token: admin });
    expect(list.body.Data.map((row) => row.Name)).toContain('商品分享海报');
    expect(list.body.Data.every((row) => row.Kind === 'poster')).toBe(true);
    const seeded = list.body.Data.find((row) => row.Name === '商品分享海报')!;
    expect(seeded).toMatchObject({ Width: 750, Height: 1334, IsSharePoster: true, InUse: true });
    const certificates = await server.call(posters.getPosterList, { Kind: 'certificate' }, { token: admin });
    expect(certificates.body.Data.find((row) => row.Name === '会员荣誉证书')).toMatchObject({
      Width: 1123,
      Height: 794,
      InUse: true,
    });
  });

  it('adds a blank poster of the default size, saves it and reads it back', async () => {
    const { Id, Version } = await addDesign('poster', '春节海报');
    const read = await server.call(posters.getPosterData, { Id }, { token: admin });
    const document = JSON.parse(read.body.Data) as PosterDocument;
    expect(document).toEqual(blankPosterDocument('poster'));
    const saved = await server.call(
      posters.setPoster,
      { Id, Version, Data: JSON.stringify(withText(document, '新年快乐')) },
      { token: admin },
    );
    expect(saved.body).toMatchObject({ Errcode: 0, Version: Version + 1 });
    const again = await server.call(posters.getPosterData, { Id }, { token: admin });
    expect(JSON.parse(again.body.Data).elements[0]).toMatchObject({ text: '新年快乐', fontFamily: 'serif' });
    expect(again.body.Version).toBe(Version + 1);
  });

  it('adds a certificate of a chosen size and copies a design with its content', async () => {
    const { Id, Version } = await addDesign('certificate', '结业证书');
    const document = JSON.parse(
      (await server.call(posters.getPosterData, { Id }, { token: admin })).body.Data,
    ) as PosterDocument;
    expect([document.width, document.height]).toEqual([1123, 794]);
    await server.call(
      posters.setPoster,
      { Id, Version, Data: JSON.stringify(withText(document, '结业')) },
      { token: admin },
    );
    const copy = await server.call(
      posters.addPoster,
      { Kind: 'certificate', Name: '结业证书 副本', CopyFromId: Id },
      { token: admin },
    );
    const copied = JSON.parse(
      (await server.call(posters.getPosterData, { Id: copy.body.Id }, { token: admin })).body.Data,
    );
    expect(copied.elements[0].text).toBe('结业');
    const sized = await server.call(
      posters.addPoster,
      { Kind: 'poster', Name: '竖版', Width: 1080, Height: 1920 },
      { token: admin },
    );
    const read = await server.call(posters.getPosterData, { Id: sized.body.Id }, { token: admin });
    expect([read.body.Width, read.body.Height]).toEqual([1080, 1920]);
  });

  it('renames with SetPoster and refuses a stale version with the current one', async () => {
    const { Id, Version } = await addDesign('poster', '旧名');
    const renamed = await server.call(posters.setPoster, { Id, Version, Name: '新名' }, { token: admin });
    expect(renamed.body.Version).toBe(Version + 1);
    const stale = await server.call(
      posters.setPoster,
      { Id, Version, Data: JSON.stringify(blankPosterDocument('poster')) },
      { token: admin },
    );
    expect(stale.body).toMatchObject({ Errcode: -1, StaleVersion: true, CurrentVersion: Version + 1 });
    expect(stale.body.Errmsg).toContain(`version ${Version}`);
    const read = await server.call(posters.getPosterData, { Id }, { token: admin });
    expect(read.body).toMatchObject({ Name: '新名', Version: Version + 1 });
  });

  it('refuses bad designs naming the field at fault', async () => {
    const { Id, Version } = await addDesign('poster', '坏数据');
    const notJson = await server.call(posters.setPoster, { Id, Version, Data: '{oops' }, { token: admin });
    expect(notJson.body.Errcode).toBe(-1);
    expect(notJson.body.Errmsg).toContain('not JSON');
    const badColour = withText(blankPosterDocument('poster'), 'x');
    (badColour.elements[0] as { colour: string }).colour = 'red';
    const refused = await server.call(
      posters.setPoster,
      { Id, Version, Data: JSON.stringify(badColour) },
      { token: admin },
    );
    expect(refused.body.Errcode).toBe(-1);
    expect((refused.body as unknown as { Errors: { Field: string }[] }).Errors[0]!.Field).toBe(
      'Data.elements.0.colour',
    );
    const foreignImage = {
      ...blankPosterDocument('poster'),
      background: { colour: '#ffffff', image: 'https://x.test/a.png' },
    };
    const tainted = await server.call(
      posters.setPoster,
      { Id, Version, Data: JSON.stringify(foreignImage) },
      { token: admin },
    );
    expect(tainted.body.Errmsg).toContain('uploaded image');
    const noName = await server.call(posters.addPoster, { Kind: 'poster', Name: '  ' }, { token: admin });
    expect(noName.body.Errcode).toBe(-1);
    expect(noName.body.Errmsg).toContain('Name');
    const badKind = await server.call(posters.getPosterList, { Kind: 'flyer' }, { token: admin });
    expect(badKind.body.Errmsg).toContain('Kind');
    const nothing = await server.call(posters.setPoster, { Id, Version }, { token: admin });
    expect(nothing.body.Errmsg).toContain('Data');
    const read = await server.call(posters.getPosterData, { Id }, { token: admin });
    expect(read.body.Version).toBe(Version);
  });

  it('deletes a design, but not the share poster or certificate in use', async () => {
    const { Id } = await addDesign('poster', '待删');
    const deleted = await server.call(posters.delPoster, { Id }, { token: admin });
    expect(deleted.body.Errcode).toBe(0);
    const gone = await server.call(posters.getPosterData, { Id }, { token: admin });
    expect(gone.body.Errmsg).toMatch(/There is no poster or certificate \d+ in this shop/);
    const list = await server.call(posters.getPosterList, { Kind: 'poster' }, { token: admin });
    const inUse = list.body.Data.find((row) => row.InUse)!;
    const refused = await server.call(posters.delPoster, { Id: inUse.Id }, { token: admin });
    expect(refused.body.Errmsg).toContain('share poster in use');
    const certificates = await server.call(posters.getPosterList, { Kind: 'certificate' }, { token: admin });
    const certificate = certificates.body.Data.find((row) => row.InUse)!;
    const kept = await server.call(posters.delPoster, { Id: certificate.Id }, { token: admin });
    expect(kept.body.Errmsg).toContain('certificate design in use');
  });

  it('refuses certificate saves to an account without the certificate editor', async () => {
    const { Id, Version } = await addDesign('certificate', '权限证书');
    const account = await server.accountId('editor');
    await server.query(sql`delete from grants where account_id = ${account}
      and menu_id in (select id from menus where path = ${posters.EDIT_CERTIFICATE_PERMISSION})`);
    const editor = await server.login('editor');
    const refused = await server.call(
      posters.setPoster,
      { Id, Version, Data: JSON.stringify(blankPosterDocument('certificate')) },
      { token: editor },
    );
    expect(refused.body.Errcode).toBe(-1);
    expect(refused.body.Errmsg).toBe('Your account may not edit certificates');
    const poster = await addDesign('poster', '编辑可存', editor);
    const allowed = await server.call(
      posters.setPoster,
      { Id: poster.Id, Version: poster.Version, Data: JSON.stringify(blankPosterDocument('poster')) },
      { token: editor },
    );
    expect(allowed.body.Errcode).toBe(0);
  });
});

describe('share posters', () => {
  it('adds a poster, puts it in use, retitles it and removes the old one', async () => {
    const { Id: posterId } = await addDesign('poster', '分享海报二');
    const added = await server.call(
      posters.addMySharePoster,
      { PosterId: posterId, Title: '一起逛' },
      { token: admin },
    );
    expect(added.body.Errcode).toBe(0);
    const twice = await server.call(posters.addMySharePoster, { PosterId: posterId }, { token: admin });
    expect(twice.body.Errmsg).toContain('already a share poster');
    const used = await server.call(posters.useMySharePoster, { Id: added.body.Id }, { token: admin });
    expect(used.body.Errcode).toBe(0);
    const list = await server.call(posters.getSharePosterList, {}, { token: admin });
    expect(list.body.Data.filter((row) => row.InUse).map((row) => row.Id)).toEqual([added.body.Id]);
    expect(list.body.Data.find((row) => row.Id === added.body.Id)).toMatchObject({
      PosterName: '分享海报二',
      Title: '一起逛',
    });
    const retitled = await server.call(
      posters.updateAccountSharePoster,
      { Id: added.body.Id, Title: '好物推荐' },
      { token: admin },
    );
    expect(retitled.body.Errcode).toBe(0);
    const old = list.body.Data.find((row) => row.Id !== added.body.Id)!;
    expect((await server.call(posters.delMySharePoster, { Id: old.Id }, { token: admin })).body.Errcode).toBe(
      0,
    );
    const inUse = await server.call(posters.delMySharePoster, { Id: added.body.Id }, { token: admin });
    expect(inUse.body.Errmsg).toContain('cannot be removed');
    const after = await server.call(posters.getSharePosterList, {}, { token: admin });
    expect(after.body.Data.map((row) => [row.Id, row.Title])).toEqual([[added.body.Id, '好物推荐']]);
    const summary = await server.call(posters.getPosterData, { Id: posterId }, { token: admin });
    expect(summary.body).toMatchObject({ IsSharePoster: true, InUse: true });
  });

  it('adds and uses at once, and refuses certificates and bad input', async () => {
    const { Id: posterId } = await addDesign('poster', '立即使用');
    const added = await server.call(
      posters.addMySharePoster,
      { PosterId: posterId, Use: true },
      { token: admin },
    );
    const list = await server.call(posters.getSharePosterList, {}, { token: admin });
    expect(list.body.Data.find((row) => row.InUse)?.Id).toBe(added.body.Id);
    const { Id: certificateId } = await addDesign('certificate', '不是海报');
    const wrong = await server.call(posters.addMySharePoster, { PosterId: certificateId }, { token: admin });
    expect(wrong.body.Errmsg).toContain('not of the kind');
    const bad = await server.call(posters.useMySharePoster, { Id: 'x' }, { token: admin });
    expect(bad.body.Errmsg).toContain('Id');
    const empty = await server.call(
      posters.updateAccountSharePoster,
      { Id: added.body.Id },
      { token: admin },
    );
    expect(empty.body.Errmsg).toContain('Title');
    const missing = await server.call(posters.delMySharePoster, { Id: 999999 }, { token: admin });
    expect(missing.body.Errmsg).toContain('no share poster 999999');
  });
});

describe('certificates', () => {
  it('issues, corrects and lists certificate data, with unique numbers', async () => {
    const { Id: certificateId } = await addDesign('certificate', '优秀会员');
    const issued = await server.call(
      posters.setCertificateData,
      { CertificateId: certificateId, HolderName: '李四', Number: 'A-100', IssueDate: '2026-03-01' },
      { token: admin },
    );
    expect(issued.body.Errcode).toBe(0);
    const corrected = await server.call(
      posters.setCertificateData,
      {
        Id: issued.body.Id,
        CertificateId: certificateId,
        HolderName: '李思',
        Number: 'A-100',
        IssueDate: '2026-03-02',
      },
      { token: admin },
    );
    expect(corrected.body.Id).toBe(issued.body.Id);
    const clash = await server.call(
      posters.setCertificateData,
      { CertificateId: certificateId, HolderName: '王五', Number: 'A-100', IssueDate: '2026-03-01' },
      { token: admin },
    );
    expect(clash.body.Errmsg).toContain('A-100 is already used');
    const list = await server.call(
      posters.getCertificateDataList,
      { CertificateId: certificateId },
      { token: admin },
    );
    expect(list.body.Data).toEqual([
      expect.objectContaining({
        HolderName: '李思',
        Number: 'A-100',
        IssueDate: '2026-03-02',
        CertificateName: '优秀会员',
      }),
    ]);
    const byName = await server.call(
      posters.getCertificateDataList,
      { HolderName: '张小明' },
      { token: admin },
    );
    expect(byName.body.Total).toBe(1);
    const issuedDesign = await server.call(posters.delPoster, { Id: certificateId }, { token: admin });
    expect(issuedDesign.body.Errmsg).toContain('Certificates were issued');
    const badDate = await server.call(
      posters.setCertificateData,
      { CertificateId: certificateId, HolderName: '王五', Number: 'A-101', IssueDate: '2026-13-01' },
      { token: admin },
    );
    expect(badDate.body.Errmsg).toContain('IssueDate');
    const badNumber = await server.call(
      posters.setCertificateData,
      { CertificateId: certificateId, HolderName: '王五', Number: 'A 101!', IssueDate: '2026-01-01' },
      { token: admin },
    );
    expect(badNumber.body.Errmsg).toContain('Number');
  });

  it('switches the certificate design in use', async () => {
    const { Id } = await addDesign('certificate', '新证书');
    const used = await server.call(posters.updateAccountCertificate, { CertificateId: Id }, { token: admin });
    expect(used.body.Errcode).toBe(0);
    const list = await server.call(posters.getPosterList, { Kind: 'certificate' }, { token: admin });
    expect(list.body.Data.filter((row) => row.InUse).map((row) => row.Id)).toEqual([Id]);
    const { Id: posterId } = await addDesign('poster', '不是证书');
    const wrong = await server.call(
      posters.updateAccountCertificate,
      { CertificateId: posterId },
      { token: admin },
    );
    expect(wrong.body.Errmsg).toContain('not of the kind');
    const bad = await server.call(posters.updateAccountCertificate, {}, { token: admin });
    expect(bad.body.Errmsg).toContain('CertificateId');
  });
});

/** Site B's seeded designs and share poster. */
async function rowsOfB({ server: target, siteB }: IsolationContext) {
  const [poster] = await target.query<{ id: number; version: number }>(
    sql`select id, version from poster_documents where site_id = ${siteB} and kind = 'poster' order by id limit 1`,
  );
  const [certificate] = await target.query<{ id: number }>(
    sql`select id from poster_documents where site_id = ${siteB} and kind = 'certificate' order by id limit 1`,
  );
  const [share] = await target.query<{ id: number }>(
    sql`select id from share_posters where site_id = ${siteB} order by id limit 1`,
  );
  const [record] = await target.query<{ id: number }>(
    sql`select id from certificate_records where site_id = ${siteB} order by id limit 1`,
  );
  return {
    posterId: poster!.id,
    version: poster!.version,
    certificateId: certificate!.id,
    shareId: share!.id,
    recordId: record!.id,
  };
}

const notFound = /There is no poster or certificate \d+ in this shop/;
const noSiteB = (response: { body: { Errcode: number } }, rows: unknown[], siteBRows: unknown[]) => {
  expect(response.body.Errcode).toBe(0);
  expect(rows.some((row) => siteBRows.includes(row))).toBe(false);
};

runIsolationCases('posters', [
  defineIsolationCase({
    name: 'GetPosterList shows only site A designs',
    endpoint: posters.getPosterList,
    setup: rowsOfB,
    input: () => ({ Kind: 'poster', pageSize: 100 }),
    verify: (response, _context, { posterId }) =>
      noSiteB(
        response,
        (response.body.Data as { Id: number }[]).map((row) => row.Id),
        [posterId],
      ),
  }),
  defineIsolationCase({
    name: 'GetPosterData of a design of site B',
    endpoint: posters.getPosterData,
    setup: rowsOfB,
    input: (_context, { posterId }) => ({ Id: posterId }),
    message: notFound,
  }),
  defineIsolationCase({
    name: 'AddPoster copying a design of site B',
    endpoint: posters.addPoster,
    setup: rowsOfB,
    input: (_context, { posterId }) => ({ Kind: 'poster', Name: '偷', CopyFromId: posterId }),
    message: notFound,
  }),
  defineIsolationCase({
    name: 'SetPoster over a design of site B',
    endpoint: posters.setPoster,
    setup: rowsOfB,
    input: (_context, { posterId, version }) => ({
      Id: posterId,
      Version: version,
      Data: JSON.stringify(blankPosterDocument('poster')),
    }),
    message: notFound,
  }),
  defineIsolationCase({
    name: 'DelPoster of a design of site B',
    endpoint: posters.delPoster,
    setup: rowsOfB,
    input: (_context, { certificateId }) => ({ Id: certificateId }),
    message: notFound,
  }),
  defineIsolationCase({
    name: 'GetSharePosterList shows only site A share posters',
    endpoint: posters.getSharePosterList,
    setup: rowsOfB,
    input: () => ({}),
    verify: (response, _context, { shareId }) =>
      noSiteB(
        response,
        (response.body.Data as { Id: number }[]).map((row) => row.Id),
        [shareId],
      ),
  }),
  defineIsolationCase({
    name: 'AddMySharePoster with a poster of site B',
    endpoint: posters.addMySharePoster,
    setup: rowsOfB,
    input: (_context, { posterId }) => ({ PosterId: posterId, Use: true }),
    message: notFound,
  }),
  defineIsolationCase({
    name: 'UseMySharePoster with a share poster of site B',
    endpoint: posters.useMySharePoster,
    setup: rowsOfB,
    input: (_context, { shareId }) => ({ Id: shareId }),
  }),
  defineIsolationCase({
    name: 'DelMySharePoster of a share poster of site B',
    endpoint: posters.delMySharePoster,
    setup: rowsOfB,
    input: (_context, { shareId }) => ({ Id: shareId }),
  }),
  defineIsolationCase({
    name: 'UpadteAccountSharePoster of a share poster of site B',
    endpoint: posters.updateAccountSharePoster,
    setup: rowsOfB,
    input: (_context, { shareId }) => ({ Id: shareId, Title: '改' }),
  }),
  defineIsolationCase({
    name: 'GetCertificateDataList shows only site A certificates',
    endpoint: posters.getCertificateDataList,
    setup: rowsOfB,
    input: (_context, { certificateId }) => ({ CertificateId: certificateId }),
    verify: (response) => {
      expect(response.body.Errcode).toBe(0);
      expect(response.body.Total).toBe(0);
    },
  }),
  defineIsolationCase({
    name: 'SetCertificateData correcting a record of site B',
    endpoint: posters.setCertificateData,
    setup: async (context) => {
      const rows = await rowsOfB(context);
      const [own] = await context.server.query<{ id: number }>(
        sql`select id from poster_documents where site_id = ${context.siteA} and kind = 'certificate' limit 1`,
      );
      return { ...rows, ownCertificate: own!.id };
    },
    input: (_context, { recordId, ownCertificate }) => ({
      Id: recordId,
      CertificateId: ownCertificate,
      HolderName: '改',
      Number: 'X-1',
      IssueDate: '2026-01-01',
    }),
    message: /no certificate record/,
  }),
  defineIsolationCase({
    name: 'SetCertificateData with a certificate design of site B',
    endpoint: posters.setCertificateData,
    setup: rowsOfB,
    input: (_context, { certificateId }) => ({
      CertificateId: certificateId,
      HolderName: '改',
      Number: 'X-2',
      IssueDate: '2026-01-01',
    }),
    message: notFound,
  }),
  defineIsolationCase({
    name: 'UpadteAccountCertificate with a design of site B',
    endpoint: posters.updateAccountCertificate,
    setup: rowsOfB,
    input: (_context, { certificateId }) => ({ CertificateId: certificateId }),
    message: notFound,
  }),
]);
