import { describe, expect, it } from 'vitest';
import { readHiddenColumns, toggleColumn, writeHiddenColumns } from './column-prefs';

function memoryStorage(initial: Record<string, string> = {}) {
  const entries = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => entries.get(key) ?? null,
    setItem: (key: string, value: string) => void entries.set(key, value),
  };
}

describe('column preferences', () => {
  it('persist per list and survive reading back', () => {
    const storage = memoryStorage();
    writeHiddenColumns(storage, 'goods', ['stock', 'sales']);
    expect(readHiddenColumns(storage, 'goods', ['name', 'stock', 'sales'])).toEqual(['stock', 'sales']);
    expect(readHiddenColumns(storage, 'orders', ['name', 'stock'])).toEqual([]);
  });

  it.each([
    ['not json', []],
    ['{"a":1}', []],
    ['["stock","gone"]', ['stock']],
  ])('reads %s as %o', (saved, expected) => {
    expect(readHiddenColumns(memoryStorage({ 'columns:goods': saved }), 'goods', ['name', 'stock'])).toEqual(
      expected,
    );
  });

  it.each([
    [[], 'stock', ['stock']],
    [['stock'], 'stock', []],
    [['stock'], 'name', ['stock']],
  ])('toggling %o with %s → %o', (hidden, column, expected) => {
    expect(toggleColumn(hidden, column, ['name', 'stock'])).toEqual(expected);
  });
});
