import { describe, expect, it } from 'vitest';
import { describeError, ERROR_LOG_LIMIT, useErrorLogStore } from './error-log-store';

describe('error log store', () => {
  it('records entries with a time and keeps only the latest ones', () => {
    const { addErrorLog, clearErrorLog } = useErrorLogStore.getState();
    clearErrorLog();
    for (let index = 0; index < ERROR_LOG_LIMIT + 5; index += 1) {
      addErrorLog({ message: `boom ${index}`, component: 'Demo', url: '/x', stack: '' });
    }
    const logs = useErrorLogStore.getState().logs;
    expect(logs).toHaveLength(ERROR_LOG_LIMIT);
    expect(logs.at(-1)?.message).toBe(`boom ${ERROR_LOG_LIMIT + 4}`);
    expect(typeof logs[0]?.time).toBe('number');
    clearErrorLog();
    expect(useErrorLogStore.getState().logs).toEqual([]);
  });

  it.each([
    [new TypeError('x is undefined'), 'x is undefined'],
    ['plain text', 'plain text'],
    [{ code: 7 }, '{"code":7}'],
  ])('describes %o', (error, message) => {
    expect(describeError(error).message).toBe(message);
  });
});
