import { describe, expect, it } from 'vitest';
import { distanceKm, expressFreight, isRemoteProvince, templateFee } from './freight';

const templates = new Map<number, Record<string, unknown>>([
  [1, { type: 'free' }],
  [2, { type: 'perItem', firstFen: 800, nextFen: 200 }],
  [3, { type: 'region', baseFen: 600, remoteFen: 1500 }],
  [4, { type: 'someday', fen: 999 }],
]);

describe('express freight', () => {
  it.each([
    ['free template', [{ templateId: 1, quantity: 3 }], '广东省', 0],
    ['first item only', [{ templateId: 2, quantity: 1 }], '广东省', 800],
    ['first plus two more', [{ templateId: 2, quantity: 3 }], '广东省', 1200],
    [
      'lines of one template share the first item',
      [
        { templateId: 2, quantity: 1 },
        { templateId: 2, quantity: 2 },
      ],
      '广东省',
      1200,
    ],
    ['region, not remote', [{ templateId: 3, quantity: 5 }], '浙江省', 600],
    ['region, remote', [{ templateId: 3, quantity: 1 }], '新疆维吾尔自治区', 2100],
    [
      'two templates add up',
      [
        { templateId: 2, quantity: 2 },
        { templateId: 3, quantity: 1 },
      ],
      '西藏自治区',
      1000 + 2100,
    ],
    ['no template ships free', [{ templateId: null, quantity: 4 }], '广东省', 0],
    ['unknown rules ship free', [{ templateId: 4, quantity: 1 }], '广东省', 0],
    ['a template of another site (not loaded) ships free', [{ templateId: 99, quantity: 1 }], '广东省', 0],
  ])('%s', (_name, lines, province, expected) => {
    expect(expressFreight(lines, templates, province)).toBe(expected);
  });

  it.each([
    [{ type: 'perItem', firstFen: -5, nextFen: 1.5 }, 3, 0],
    [{ type: 'perItem', firstFen: '800', nextFen: 200 }, 2, 200],
  ])('ignores amounts that are not whole fen: %j ×%i → %i', (rules, quantity, expected) => {
    expect(templateFee(rules, quantity, '广东省')).toBe(expected);
  });

  it.each([
    ['新疆', true],
    [' 内蒙古自治区', true],
    ['海南省', true],
    ['广东省', false],
    ['', false],
  ])('%j remote: %s', (province, remote) => {
    expect(isRemoteProvince(province)).toBe(remote);
  });
});

describe('distanceKm', () => {
  it('measures Shanghai People’s Square to the Bund as about 1.9 km', () => {
    const km = distanceKm(
      { latitude: 31.2304, longitude: 121.4737 },
      { latitude: 31.2401, longitude: 121.4904 },
    );
    expect(km).toBeGreaterThan(1.6);
    expect(km).toBeLessThan(2.1);
  });

  it('is zero for the same point and symmetric', () => {
    const a = { latitude: 39.9, longitude: 116.4 };
    const b = { latitude: 31.23, longitude: 121.47 };
    expect(distanceKm(a, a)).toBe(0);
    expect(distanceKm(a, b)).toBeCloseTo(distanceKm(b, a), 9);
    expect(distanceKm(a, b)).toBeGreaterThan(1000);
  });
});
