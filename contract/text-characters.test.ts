import { describe, expect, it } from 'vitest';
import { findTextCharacterIssue, textCharacterProblem } from './text-characters';

describe('textCharacterProblem', () => {
  it.each([
    ['NUL', 'a\u0000b'],
    ['bell', '\u0007'],
    ['escape', 'x\u001B[31m'],
    ['delete', '\u007F'],
    ['a C1 control', '\u0085'],
  ])('refuses %s', (_name, text) => {
    expect(textCharacterProblem(text)).toBe('controlCharacter');
  });

  it.each([
    ['a lone high surrogate', 'a\uD83Db'],
    ['a lone low surrogate', '\uDE00'],
    ['a high surrogate at the end', 'end\uD83D'],
    ['two low surrogates after a pair', '\uD83D\uDE00\uDE00'],
  ])('refuses %s', (_name, text) => {
    expect(textCharacterProblem(text)).toBe('loneSurrogate');
  });

  it.each([
    ['tab and line breaks', 'a\tb\nc\r\nd'],
    ['right-to-left marks and overrides', '\u200Fשלום\u202Eabc\u202C'],
    ['an emoji (a surrogate pair)', '好😀'],
    ['a byte-order mark', '\uFEFFx'],
  ])('accepts %s', (_name, text) => {
    expect(textCharacterProblem(text)).toBeNull();
  });
});

describe('findTextCharacterIssue', () => {
  it('names the path of a bad string deep in a document', () => {
    const value = { Name: 'ok', Pages: [{ Blocks: [{ Title: 'fine' }, { Title: 'bad\u0000' }] }] };
    expect(findTextCharacterIssue(value)).toEqual({
      path: ['Pages', 0, 'Blocks', 1, 'Title'],
      problem: 'controlCharacter',
    });
  });

  it('checks object keys, which a JSON column stores too', () => {
    expect(findTextCharacterIssue({ Extra: { 'k\uD800': 1 } })).toEqual({
      path: ['Extra', 'k\uD800'],
      problem: 'loneSurrogate',
    });
  });

  it('passes numbers, booleans, null and clean text', () => {
    expect(findTextCharacterIssue({ Id: 1, On: true, Note: null, Tags: ['a', 'b'] })).toBeNull();
  });
});
