import { describe, expect, it } from 'vitest';
import { getEnumForType } from '../../contract/endpoints/comm-lookups';
import { getEnumForTypeRef } from './enum-values';

describe('GetEnumForType by reference', () => {
  it('matches the contract', () => {
    expect({ method: getEnumForTypeRef.method, path: getEnumForTypeRef.path }).toEqual({
      method: getEnumForType.method,
      path: getEnumForType.path,
    });
  });
});
