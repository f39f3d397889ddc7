import { describe, expect, it } from 'vitest';
import { WALLET_REASONS } from '../../../../contract/endpoints/wallet';
import { en } from './en';
import { zh } from './zh';

describe('the wallet catalogues', () => {
  it('have the same keys, none empty, and name every ledger reason', () => {
    expect(Object.keys(en).filter((key) => !(key in zh))).toEqual([]);
    expect(Object.keys(zh).filter((key) => !(key in en))).toEqual([]);
    for (const [key, value] of [...Object.entries(en), ...Object.entries(zh)])
      expect(value.trim(), key).not.toBe('');
    expect(WALLET_REASONS.map((reason) => `wallet.reason.${reason}`).filter((key) => !(key in en))).toEqual(
      [],
    );
  });
});
