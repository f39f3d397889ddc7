import { describe, expect, it } from 'vitest';
import { BLOCK_DEFINITIONS } from '../../components-catalog/registry';
import { en } from '../i18n/en';
import { zh } from '../i18n/zh';
import { productQuery, productRows } from './block-rows';
import { matchingBlocks } from './catalogue-panel';
import { dropIndex } from './edit-template-page';
import { CANVAS_DROP_ID } from './phone-canvas';
import { SHORTCUT_HELP, shortcutCommand } from './shortcuts';

const press = (
  key: string,
  modifiers: Partial<Record<'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey', boolean>> = {},
) => ({
  key,
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  altKey: false,
  ...modifiers,
});

describe('studio shortcuts', () => {
  it.each([
    [press('z', { ctrlKey: true }), 'undo'],
    [press('z', { metaKey: true }), 'undo'],
    [press('Z', { ctrlKey: true, shiftKey: true }), 'redo'],
    [press('z', { metaKey: true, shiftKey: true }), 'redo'],
    [press('y', { ctrlKey: true }), 'redo'],
    [press('s', { metaKey: true }), 'save'],
    [press('d', { ctrlKey: true }), 'duplicate'],
    [press('c', { ctrlKey: true }), 'copy'],
    [press('v', { metaKey: true }), 'paste'],
    [press('ArrowUp', { altKey: true }), 'moveUp'],
    [press('ArrowDown', { altKey: true }), 'moveDown'],
    [press('Delete'), 'delete'],
    [press('Backspace'), 'delete'],
    [press('Escape'), 'deselect'],
    [press('z'), null],
    [press('ArrowUp'), null],
    [press('Backspace', { ctrlKey: true }), null],
  ])('%o → %s', (keys, command) => {
    expect(shortcutCommand(keys)).toBe(command);
  });

  it('lists every shortcut with a text in both languages', () => {
    for (const row of SHORTCUT_HELP) {
      expect(en[row.action], row.action).toBeTruthy();
      expect(zh[row.action], row.action).toBeTruthy();
    }
  });
});

describe('studio texts', () => {
  it('has the same keys in Chinese and English, none empty', () => {
    expect(Object.keys(zh).sort()).toEqual(Object.keys(en).sort());
    for (const [key, text] of Object.entries({ ...zh, ...en })) expect(text.trim(), key).not.toBe('');
  });
});

describe('catalogue search', () => {
  const name = (definition: { type: string }) => en[`block.${definition.type}`] ?? definition.type;
  it.each([
    ['', BLOCK_DEFINITIONS.length],
    ['  ', BLOCK_DEFINITIONS.length],
    ['notice', 1],
    ['NOTICE', 1],
    ['no such block', 0],
  ])('"%s" finds %i blocks', (search, count) => {
    expect(matchingBlocks(BLOCK_DEFINITIONS, search, name)).toHaveLength(count);
  });
});

describe('drop position', () => {
  const ids = ['a', 'b', 'c'];
  it.each([
    [CANVAS_DROP_ID, 3],
    ['drop:a', 0],
    ['drop:c', 2],
    ['b', 1],
    ['drop:gone', 3],
  ])('%s → %i', (over, index) => {
    expect(dropIndex(over, ids)).toBe(index);
  });
});

describe('product rows of a block', () => {
  const goods = [
    { Id: 1, Name: 'Tea', Subtitle: '', Image: '', PriceFen: 990, MarketPriceFen: 1290, Sales: 3 },
    {
      Id: 2,
      Name: 'Cup',
      Subtitle: 'Glass',
      Image: '/cup.png',
      PriceFen: 1500,
      MarketPriceFen: 1500,
      Sales: 0,
    },
    { Id: 3, Name: 'Pot', Subtitle: '', Image: '', PriceFen: 4000, MarketPriceFen: 0, Sales: 9 },
  ];

  it('keeps the order of goods chosen by hand and drops ones that no longer exist', () => {
    const rows = productRows({ source: 'products', ids: [3, 9, 1], limit: 3 }, goods);
    expect(rows.map((row) => row.id)).toEqual([3, 1]);
    expect(rows[1]).toMatchObject({ name: 'Tea', price: 990, originalPrice: 1290 });
  });

  it('shows at most the limit for a filter and no original price when it is not higher', () => {
    const rows = productRows({ source: 'products', ids: [], filter: { rule: 'newest' }, limit: 2 }, goods);
    expect(rows).toHaveLength(2);
    expect(rows[1]).toEqual({
      id: 2,
      name: 'Cup',
      image: '/cup.png',
      price: 1500,
      sellingPoint: 'Glass',
      sales: 0,
    });
  });

  it.each([
    [
      { source: 'products' as const, ids: [4], limit: 1 },
      { page: 1, pageSize: 100, tab: 'all' },
    ],
    [
      { source: 'products' as const, ids: [], filter: { categoryId: 7 }, limit: 6 },
      { page: 1, pageSize: 6, tab: 'onShelf', categoryId: 7 },
    ],
    [
      { source: 'products' as const, ids: [], filter: { rule: 'bestSelling' }, limit: 4 },
      { page: 1, pageSize: 4, tab: 'onShelf', sort: '-sales' },
    ],
  ])('asks the goods list %o → %o', (request, query) => {
    expect(productQuery(request)).toEqual(query);
  });
});
