import { describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES, uploadPercent, uploadRefusal } from './upload-rules';

describe('uploadRefusal', () => {
  it.each([
    [{ type: 'image/png', size: 100 }, null],
    [{ type: 'image/webp', size: MAX_UPLOAD_BYTES }, null],
    [{ type: 'image/jpeg', size: MAX_UPLOAD_BYTES + 1 }, 'size'],
    [{ type: 'image/svg+xml', size: 100 }, 'type'],
    [{ type: 'application/pdf', size: MAX_UPLOAD_BYTES + 1 }, 'type'],
    [{ type: '', size: 1 }, 'type'],
  ] as const)('%j → %s', (file, expected) => {
    expect(uploadRefusal(file)).toBe(expected);
  });
});

describe('uploadPercent', () => {
  it.each([
    [0, 100, 0],
    [50, 200, 25],
    [199, 200, 99],
    [200, 200, 100],
    [300, 200, 100],
    [10, undefined, 0],
    [10, 0, 0],
  ] as const)('%d of %s → %d', (loaded, total, expected) => {
    expect(uploadPercent(loaded, total)).toBe(expected);
  });
});
