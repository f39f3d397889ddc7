import { describe, expect, it } from 'vitest';
import { goodsNameProblems, roomProblems, wechatWidth } from './live-room-rules';

const now = new Date('2026-11-27T02:00:00Z');
const minutes = (count: number) => new Date(now.getTime() + count * 60_000).toISOString();

function room(overrides: Partial<Parameters<typeof roomProblems>[0]> = {}) {
  return { Title: '春季新品', AnchorName: '小美', StartsAt: minutes(60), EndsAt: minutes(120), ...overrides };
}

const fields = (problems: { field: string }[]) => problems.map((problem) => problem.field);

describe('wechatWidth', () => {
  it.each([
    ['abc', 3],
    ['春季', 4],
    ['春a', 3],
    ['（）', 4],
    ['', 0],
  ])('%j is %i wide', (text, width) => expect(wechatWidth(text)).toBe(width));
});

describe('roomProblems', () => {
  it('accepts a room inside every limit', () => expect(roomProblems(room(), now)).toEqual([]));

  it.each([
    // title: 3 to 17 Chinese characters (6 to 34 wide)
    ['Title', '春季新', true],
    ['Title', '春季', false],
    ['Title', 'abcdef', true],
    ['Title', 'abcde', false],
    ['Title', '一二三四五六七八九十一二三四五六七', true],
    ['Title', '一二三四五六七八九十一二三四五六七八', false],
    ['Title', '一二三四五六七八九十一二三四五六七a', false],
    // anchor: 2 to 15 Chinese characters
    ['AnchorName', '小美', true],
    ['AnchorName', '美', false],
    ['AnchorName', '一二三四五六七八九十一二三四五', true],
    ['AnchorName', '一二三四五六七八九十一二三四五六', false],
  ])('%s %j ok=%s', (field, value, ok) => {
    expect(fields(roomProblems(room({ [field]: value }), now))).toEqual(ok ? [] : [field]);
  });

  it.each([
    [10, 40, []],
    [9, 40, ['StartsAt']],
    [180 * 24 * 60, 180 * 24 * 60 + 30, []],
    [180 * 24 * 60 + 1, 180 * 24 * 60 + 31, ['StartsAt']],
    [60, 90, []],
    [60, 89, ['EndsAt']],
    [60, 60 + 24 * 60, []],
    [60, 61 + 24 * 60, ['EndsAt']],
  ])('start +%i min, end +%i min → %j', (start, end, problems) => {
    expect(fields(roomProblems(room({ StartsAt: minutes(start), EndsAt: minutes(end) }), now))).toEqual(
      problems,
    );
  });
});

describe('goodsNameProblems', () => {
  it.each([
    ['春季新', true],
    ['春季', false],
    ['一二三四五六七八九十一二三四', true],
    ['一二三四五六七八九十一二三四五', false],
  ])('%j ok=%s', (name, ok) => expect(goodsNameProblems(name).length === 0).toBe(ok));
});
