import { describe, expect, it } from 'vitest';
import {
  auditMachine,
  commentMachine,
  goodsActionForms,
  recycleMachine,
  shelfMachine,
} from '../machines/goods';
import {
  auditProducts,
  goodsActionRequest,
  productFormProblems,
  productListQuerySchema,
  specCombinations,
} from './goods';

describe('specCombinations', () => {
  it.each([
    [[], [[]]],
    [[{ Values: ['红', '蓝'] }], [['红'], ['蓝']]],
    [
      [{ Values: ['红', '蓝'] }, { Values: ['S', 'M', 'L'] }],
      [
        ['红', 'S'],
        ['红', 'M'],
        ['红', 'L'],
        ['蓝', 'S'],
        ['蓝', 'M'],
        ['蓝', 'L'],
      ],
    ],
  ])('of %j', (specs, expected) => {
    expect(specCombinations(specs)).toEqual(expected);
  });
});

describe('productFormProblems', () => {
  const specs = [
    { Name: '颜色', Values: ['红', '蓝'] },
    { Name: '尺码', Values: ['S'] },
  ];
  const sku = (values: string[]) => ({ SpecValues: values });
  it.each([
    ['a valid form', specs, [sku(['红', 'S']), sku(['蓝', 'S'])], []],
    ['goods without specs and one SKU', [], [sku([])], []],
    [
      'two SKUs without specs',
      [],
      [sku([]), sku([])],
      [{ field: 'Skus.1.SpecValues', key: 'goods.skuDuplicate', params: { values: '' } }],
    ],
    [
      'a spec name twice',
      [specs[0]!, specs[0]!],
      [],
      [{ field: 'Specs.1.Name', key: 'goods.specNameDuplicate', params: { name: '颜色' } }],
    ],
    [
      'a value twice',
      [{ Name: '颜色', Values: ['红', '红'] }],
      [],
      [{ field: 'Specs.0.Values', key: 'goods.specValueDuplicate', params: { value: '红' } }],
    ],
    [
      'a SKU missing a value',
      specs,
      [sku(['红'])],
      [{ field: 'Skus.0.SpecValues', key: 'goods.skuSpecCount', params: { count: 2 } }],
    ],
    [
      'a SKU with an unknown value',
      specs,
      [sku(['绿', 'S'])],
      [{ field: 'Skus.0.SpecValues', key: 'goods.skuSpecUnknown', params: { value: '绿', name: '颜色' } }],
    ],
  ])('%s', (_, formSpecs, skus, expected) => {
    expect(productFormProblems({ Specs: formSpecs, Skus: skus as never })).toEqual(expected);
  });
});

describe('productListQuerySchema', () => {
  it('fills defaults and coerces query-string numbers', () => {
    expect(productListQuerySchema.parse({ priceMin: '100', categoryId: '3' })).toEqual({
      page: 1,
      pageSize: 20,
      tab: 'all',
      sort: '-sort',
      priceMin: 100,
      categoryId: 3,
    });
  });

  it('refuses unknown parameters', () => {
    expect(productListQuerySchema.safeParse({ siteId: '2' }).success).toBe(false);
  });
});

describe('goodsActionRequest', () => {
  it('finds the call of every user action of the goods machines', () => {
    for (const machine of [shelfMachine, auditMachine, recycleMachine, commentMachine]) {
      for (const action of machine.actions.filter((entry) => !entry.automatic)) {
        const request = goodsActionRequest(machine.id, action.name, [1, 2], { Reason: '理由' });
        expect(request, `${machine.id}:${action.name}`).not.toBeNull();
        expect(request!.endpoint.input.safeParse(request!.input).success).toBe(true);
      }
    }
  });

  it('builds the audit list with the reject reason', () => {
    expect(goodsActionRequest('goods.audit', 'reject', [7], { Reason: '图片模糊' })).toEqual({
      endpoint: auditProducts,
      input: { List: [{ Id: 7, Action: 'reject', Reason: '图片模糊' }] },
    });
    expect(goodsActionRequest('goods.audit', 'edited', [7])).toBeNull();
  });

  it('names a schema for every form a goods action asks for', () => {
    for (const machine of [shelfMachine, auditMachine, recycleMachine, commentMachine]) {
      for (const action of machine.actions)
        if (action.form) expect(goodsActionForms[action.form]).toBeDefined();
    }
  });
});
