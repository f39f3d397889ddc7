import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { openSecret, sealSecret } from './secret-box';

const key = randomBytes(32);

describe('secret box', () => {
  it('opens what it sealed and never shows the plain text', () => {
    const sealed = sealSecret('apiv3-key-0123456789abcdefghijkl', key);
    expect(sealed).not.toContain('apiv3');
    expect(openSecret(sealed, key)).toBe('apiv3-key-0123456789abcdefghijkl');
  });

  it('seals the same value differently each time', () => {
    expect(sealSecret('same', key)).not.toBe(sealSecret('same', key));
  });

  it('refuses another key, a changed value and a value that is not sealed', () => {
    const sealed = sealSecret('secret', key);
    expect(() => openSecret(sealed, randomBytes(32))).toThrow();
    const parts = sealed.split('.');
    const data = Buffer.from(parts[3]!, 'base64url');
    data[0] = data[0]! ^ 1;
    expect(() => openSecret([...parts.slice(0, 3), data.toString('base64url')].join('.'), key)).toThrow();
    expect(() => openSecret('secret', key)).toThrow('not a sealed secret');
  });
});
