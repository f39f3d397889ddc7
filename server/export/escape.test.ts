import { describe, expect, it } from 'vitest';
import { csvField, csvLine, UTF8_BOM } from './csv';
import { escapeCellText, exportCell } from './escape';

describe('escapeCellText', () => {
  it.each([
    ['=SUM(A1:A2)', "'=SUM(A1:A2)"],
    ['+8613800000000', "'+8613800000000"],
    ['-1+2', "'-1+2"],
    ['@cmd', "'@cmd"],
    ['\t=1', "'\t=1"],
    ['\r=1', "'\r=1"],
    ['纯棉T恤', '纯棉T恤'],
    ['a=b', 'a=b'],
    ['', ''],
    [" '=already", " '=already"],
  ])('%j becomes %j', (input, expected) => {
    expect(escapeCellText(input)).toBe(expected);
  });

  it('keeps numbers, including negative ones, as numbers', () => {
    expect(exportCell(-5)).toBe(-5);
    expect(exportCell(12.5)).toBe(12.5);
    expect(exportCell('-5')).toBe("'-5");
  });
});

describe('csv', () => {
  it.each([
    ['plain', '"plain"'],
    ['x;=1+1', '"x;=1+1"'],
    ['', '""'],
    [-5, '-5'],
    ['with,comma', '"with,comma"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['=HYPERLINK("x")', `"'=HYPERLINK(""x"")"`],
    [3, '3'],
  ])('field %j is written as %j', (input, expected) => {
    expect(csvField(input)).toBe(expected);
  });

  it('ends lines with CRLF and starts files with a BOM Excel recognises', () => {
    expect(csvLine(['商品', 1])).toBe('"商品",1\r\n');
    expect(Buffer.from(UTF8_BOM, 'utf8')).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
  });
});
