import { describe, expect, it } from 'vitest';
import { failureOf, GeocodeError, geocode, tencentSignature } from './geocoder';

// Vectors computed outside this code (Python hashlib.md5 of the documented concatenation).
describe('tencentSignature', () => {
  it('is md5 of path, ?, parameters sorted by name and unencoded, then the SK', () => {
    expect(
      tencentSignature('/ws/geocoder/v1/', { key: 'KEY-123', address: '上海市徐汇区漕溪北路88号' }, 'SK-456'),
    ).toBe('1403f19a91c30fac28188bada3662c1f');
    expect(tencentSignature('/ws/geocoder/v1', { location: '28.7033487,115.8660847', key: 'K' }, 'S')).toBe(
      '1af1584b42d23b8c9f70904469ddbdcd',
    );
  });
});

describe('failureOf', () => {
  it.each([
    [347, 'notFound'],
    [348, 'notFound'],
    [111, 'badSignature'],
    [110, 'badKey'],
    [112, 'badKey'],
    [311, 'badKey'],
    [190, 'badKey'],
    [120, 'quota'],
    [121, 'quota'],
    [122, 'quota'],
    [500, 'unavailable'],
    [0, 'unavailable'],
  ])('%i → %s', (status, failure) => {
    expect(failureOf(status)).toBe(failure);
  });
});

function replying(body: unknown, status = 200) {
  const urls: string[] = [];
  const fetcher = (async (url: string) => {
    urls.push(url);
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  }) as unknown as typeof fetch;
  return { fetcher, urls };
}

const config = { key: 'KEY-123', secretKey: 'SK-456', baseUrl: 'http://maps.test' };

describe('geocode', () => {
  it('signs the request and reads the point and the area names', async () => {
    const { fetcher, urls } = replying({
      status: 0,
      message: 'query ok',
      result: {
        location: { lng: 121.4368, lat: 31.1937 },
        address_components: { province: '上海市', city: '上海市', district: '徐汇区' },
      },
    });
    const point = await geocode(config, '上海市徐汇区漕溪北路88号', fetcher);
    expect(point).toEqual({
      lng: 121.4368,
      lat: 31.1937,
      province: '上海市',
      city: '上海市',
      district: '徐汇区',
    });
    const url = new URL(urls[0]!);
    expect(url.origin + url.pathname).toBe('http://maps.test/ws/geocoder/v1/');
    expect(url.searchParams.get('address')).toBe('上海市徐汇区漕溪北路88号');
    expect(url.searchParams.get('key')).toBe('KEY-123');
    expect(url.searchParams.get('sig')).toBe('1403f19a91c30fac28188bada3662c1f');
  });

  it('sends no signature without an SK', async () => {
    const { fetcher, urls } = replying({ status: 0, result: { location: { lng: 1, lat: 2 } } });
    await geocode({ ...config, secretKey: undefined }, 'x', fetcher);
    expect(new URL(urls[0]!).searchParams.has('sig')).toBe(false);
  });

  it('maps a refusal to its reason and an HTTP failure to unavailable', async () => {
    await expect(
      geocode(config, 'x', replying({ status: 111, message: '签名验证失败' }).fetcher),
    ).rejects.toMatchObject({
      reason: 'badSignature',
    });
    await expect(geocode(config, 'x', replying({}, 502).fetcher)).rejects.toBeInstanceOf(GeocodeError);
    const down = (async () => {
      throw new TypeError('fetch failed');
    }) as unknown as typeof fetch;
    await expect(geocode(config, 'x', down)).rejects.toMatchObject({ reason: 'unavailable' });
  });
});
