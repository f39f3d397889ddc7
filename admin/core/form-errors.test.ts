import { describe, expect, it } from 'vitest';
import { isStaleVersion, serverFieldErrors } from './form-errors';

const failure = (body: unknown) => ({ message: 'x', body });

describe('serverFieldErrors', () => {
  it.each([
    [
      failure({
        Errors: [
          { Field: 'Name', Message: 'too long' },
          { Field: 'Name', Message: 'second' },
        ],
      }),
      { Name: 'too long' },
    ],
    [
      failure({ Errors: [{ Field: 'Skus.0.PriceFen', Message: 'bad' }, { Message: 'no field' }] }),
      { 'Skus.0.PriceFen': 'bad' },
    ],
    [failure(undefined), {}],
    [new Error('network'), {}],
    [null, {}],
  ])('%o', (error, expected) => {
    expect(serverFieldErrors(error)).toEqual(expected);
  });
});

describe('isStaleVersion', () => {
  it.each([
    [failure({ StaleVersion: true }), true],
    [failure({ Errors: [{ Field: 'Version', Message: 'changed' }] }), true],
    [failure({ Errors: [{ Field: 'Name', Message: 'x' }] }), false],
    [new Error('x'), false],
  ])('%o → %s', (error, expected) => {
    expect(isStaleVersion(error)).toBe(expected);
  });
});
