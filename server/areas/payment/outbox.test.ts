import { describe, expect, it } from 'vitest';
import { MAX_ATTEMPTS, retryDelaySeconds } from './outbox';

describe('outbox retry delay', () => {
  it.each([
    [0, 60],
    [1, 60],
    [2, 120],
    [3, 240],
    [6, 1920],
    [7, 3600],
    [MAX_ATTEMPTS, 3600],
    [40, 3600],
  ])('waits after attempt %i for %i seconds', (attempts, seconds) => {
    expect(retryDelaySeconds(attempts)).toBe(seconds);
  });
});
