import { describe, expect, it } from 'vitest';
import { isTextEncodingError } from './database-errors';

function withCode(code: string): Error {
  return Object.assign(new Error('database error'), { code });
}

describe('isTextEncodingError', () => {
  it('knows invalid UTF-8 and a NUL in jsonb, also wrapped by the query builder', () => {
    expect(isTextEncodingError(withCode('22021'))).toBe(true);
    expect(isTextEncodingError(new Error('Failed query', { cause: withCode('22P05') }))).toBe(true);
  });

  it('leaves other database errors to the 500 path', () => {
    expect(isTextEncodingError(withCode('23505'))).toBe(false);
    expect(isTextEncodingError(new Error('Failed query', { cause: withCode('40001') }))).toBe(false);
    expect(isTextEncodingError('22021')).toBe(false);
  });
});
