import { describe, expect, it } from 'vitest';
import { priceToFen, ratingToTenths, splitSkills, tenthsToRating } from './form-values';

describe('rating text', () => {
  it.each([
    ['0', 0],
    ['5', 50],
    ['4.8', 48],
    [' 4.8 ', 48],
    ['9.9', 99],
  ])('reads %s as %i tenths', (text, tenths) => expect(ratingToTenths(text)).toBe(tenths));

  it.each(['', '4.85', '-1', 'abc', '10', '4,8'])('refuses %j', (text) => {
    expect(ratingToTenths(text)).toBeNaN();
  });

  it('writes tenths back with one decimal', () => {
    expect(tenthsToRating(48)).toBe('4.8');
    expect(tenthsToRating(50)).toBe('5.0');
    expect(tenthsToRating(0)).toBe('0.0');
  });
});

describe('price text', () => {
  it.each([
    ['128', 12800],
    ['99.5', 9950],
    ['0.01', 1],
    ['¥1,280.00', 128000],
  ])('reads %s as %i fen', (text, fen) => expect(priceToFen(text)).toBe(fen));

  it.each(['', '1.234', 'abc', '-1'])('refuses %j', (text) => expect(priceToFen(text)).toBeNaN());
});

describe('skills text', () => {
  it('splits on Chinese and Latin commas and drops blanks', () => {
    expect(splitSkills('推拿，艾灸, 拔罐、 ,')).toEqual(['推拿', '艾灸', '拔罐']);
    expect(splitSkills('')).toEqual([]);
  });
});
