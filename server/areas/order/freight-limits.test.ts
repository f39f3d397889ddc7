import { describe, expect, it } from 'vitest';
import { expressFreight, isRemoteProvince, templateFee } from './freight';

const perItem = { type: 'perItem', firstFen: 800, nextFen: 200 };
const region = { type: 'region', baseFen: 600, remoteFen: 1500 };

describe('templateFee at its limits', () => {
  it.each([
    [perItem, 0, 800],
    [perItem, 1, 800],
    [perItem, 2, 1000],
    [{ ...perItem, firstFen: 0 }, 2, 200],
    [{ ...perItem, nextFen: 0 }, 5, 800],
    [{ ...perItem, nextFen: -1 }, 3, 800],
    [{ type: 'perItem' }, 3, 0],
    [{ ...region, remoteFen: undefined }, 1, 600],
    [{ ...region, baseFen: 0 }, 1, 0],
  ])('%j ×%i to 广东省 → %i', (rules, quantity, expected) => {
    expect(templateFee(rules, quantity, '广东省')).toBe(expected);
  });

  it.each([
    [' 新疆维吾尔自治区 ', 2100],
    ['青海省', 2100],
    ['宁夏回族自治区', 2100],
    ['甘肃省', 2100],
    ['广东省海南路', 600],
    ['新', 600],
  ])('region rules to %j → %i', (province, expected) => {
    expect(templateFee(region, 1, province)).toBe(expected);
  });
});

describe('isRemoteProvince matches the start of the name only', () => {
  it.each([
    ['西藏', true],
    ['内蒙', false],
    ['上海市西藏南路', false],
    ['   ', false],
  ])('%j → %s', (province, remote) => {
    expect(isRemoteProvince(province)).toBe(remote);
  });
});

describe('expressFreight', () => {
  it('charges each template once, whatever the order of the lines', () => {
    const templates = new Map<number, Record<string, unknown>>([
      [2, perItem],
      [3, region],
    ]);
    const lines = [
      { templateId: 3, quantity: 1 },
      { templateId: null, quantity: 9 },
      { templateId: 2, quantity: 1 },
      { templateId: 3, quantity: 4 },
      { templateId: 2, quantity: 1 },
    ];
    expect(expressFreight(lines, templates, '浙江省')).toBe(1000 + 600);
    expect(expressFreight([...lines].reverse(), templates, '浙江省')).toBe(1000 + 600);
  });

  it('is free for no lines', () => {
    expect(expressFreight([], new Map([[2, perItem]]), '浙江省')).toBe(0);
  });
});
