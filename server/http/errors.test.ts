import { describe, expect, it } from 'vitest';
import { AppError, rawError } from './errors';

describe('AppError', () => {
  it('carries its key, parameters and options, with no stack frames', () => {
    const error = new AppError('seckill.soldOut', { title: '秒杀' }, { field: 'Quantity' });
    expect(error).toBeInstanceOf(Error);
    expect(error.message).toBe('seckill.soldOut');
    expect(error.params).toEqual({ title: '秒杀' });
    expect(error.options.field).toBe('Quantity');
    expect(error.stack).not.toMatch(/\n\s+at /);
    expect(rawError('noNormalsite|12').stack).not.toMatch(/\n\s+at /);
  });

  it('leaves the stack of every other error as it was', () => {
    const before = Error.stackTraceLimit;
    new AppError('raw');
    expect(Error.stackTraceLimit).toBe(before);
    expect(new Error('fault').stack).toMatch(/\n\s+at /);
  });
});
