import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AreaNode, initArea, initCities, nextCities } from '../../contract/endpoints/comm';
import { startTestServer, type TestServer } from './harness';

let server: TestServer;
let token: string;
beforeAll(async () => {
  server = await startTestServer();
  token = await server.login('admin');
});
afterAll(() => server.close());

describe('InitCitys / NextCitys', () => {
  it('lists the 34 provincial-level divisions with their GB/T 2260 codes', async () => {
    const response = await server.call(initCities, {}, { token });
    expect(response.body.Errcode).toBe(0);
    expect(response.body.Data).toHaveLength(34);
    expect(response.body.Data).toContainEqual({ Code: '440000', Name: '广东省' });
    expect(response.body.Data).toContainEqual({ Code: '110000', Name: '北京市' });
    expect(response.body.Data[0]).not.toHaveProperty('Children');
  });

  it('walks province → city → district', async () => {
    const cities = await server.call(nextCities, { code: '440000' }, { token });
    expect(cities.body.Data).toContainEqual({ Code: '440300', Name: '深圳市' });
    const districts = await server.call(nextCities, { code: '440300' }, { token });
    expect(districts.body.Data).toContainEqual({ Code: '440305', Name: '南山区' });
    const leaf = await server.call(nextCities, { code: '440305' }, { token });
    expect(leaf.body).toMatchObject({ Errcode: 0, Data: [] });
  });

  it('gives a municipality one city level named like it, holding its districts', async () => {
    const cities = await server.call(nextCities, { code: '110000' }, { token });
    expect(cities.body.Data).toEqual([{ Code: '110100', Name: '北京市' }]);
    const districts = await server.call(nextCities, { code: '110100' }, { token });
    expect(districts.body.Data.map((area) => area.Name)).toEqual(
      expect.arrayContaining(['东城区', '海淀区']),
    );
  });

  it('names an unknown or malformed code', async () => {
    const unknown = await server.call(nextCities, { code: '999999' }, { token });
    expect(unknown.body).toMatchObject({ Errcode: -1, Errmsg: 'Unknown area code 999999' });
    const malformed = await server.call(nextCities, { code: 'abc' }, { token, locale: 'zh' });
    expect(malformed.body).toMatchObject({ Errcode: -1, Errmsg: 'code：格式不正确' });
    const missing = await server.call(nextCities, {}, { token });
    expect(missing.body.Errmsg).toBe('code: is required');
  });

  it('needs a login', async () => {
    expect((await server.call(initCities, {})).status).toBe(401);
  });
});

describe('InitArea', () => {
  it('gives the whole tree, three levels deep', async () => {
    const response = await server.call(initArea, {}, { token });
    expect(response.body.Data).toHaveLength(34);
    const find = (nodes: AreaNode[] | undefined, code: string) => nodes?.find((node) => node.Code === code);
    const guangdong = find(response.body.Data, '440000');
    const shenzhen = find(guangdong?.Children, '440300');
    expect(shenzhen?.Name).toBe('深圳市');
    expect(find(shenzhen?.Children, '440305')?.Name).toBe('南山区');
    const count = (nodes: AreaNode[]): number =>
      nodes.reduce((total, node) => total + 1 + count(node.Children ?? []), 0);
    expect(count(response.body.Data)).toBeGreaterThan(3000);
  });
});
