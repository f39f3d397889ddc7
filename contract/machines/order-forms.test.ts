import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  addressSchema,
  approveRefundForm,
  closeForm,
  modifyPriceForm,
  REASON_MAX,
  REMARK_MAX,
  remarkForm,
  verifyPickupForm,
} from './order';

const address = {
  Name: '张三',
  Phone: '13812345678',
  Province: '上海市',
  City: '上海市',
  District: '徐汇区',
  Detail: '漕溪北路 1 号',
};

function accepts(schema: z.ZodType, value: unknown): boolean {
  return schema.safeParse(value).success;
}

/** Each row: a value at a limit, one past it, and a valid value with extra characters around it. */
describe.each<[string, z.ZodType, Array<[string, unknown, boolean]>]>([
  [
    'closeForm',
    closeForm,
    [
      ['one character', { Reason: '无' }, true],
      ['empty', { Reason: '' }, false],
      ['only spaces (trimmed away)', { Reason: '   ' }, false],
      ['at the limit', { Reason: 'x'.repeat(REASON_MAX) }, true],
      ['one past the limit', { Reason: 'x'.repeat(REASON_MAX + 1) }, false],
      ['at the limit with spaces around', { Reason: ` ${'x'.repeat(REASON_MAX)} ` }, true],
      ['an unknown field', { Reason: 'x', Extra: 1 }, false],
    ],
  ],
  [
    'verifyPickupForm',
    verifyPickupForm,
    [
      ['eight digits', { Code: '12345678' }, true],
      ['seven digits', { Code: '1234567' }, false],
      ['nine digits', { Code: '123456789' }, false],
      ['eight digits with spaces around', { Code: ' 12345678 ' }, true],
      ['eight digits with a letter before', { Code: 'a12345678' }, false],
      ['a letter among eight', { Code: '1234567a' }, false],
    ],
  ],
  [
    'approveRefundForm',
    approveRefundForm,
    [
      ['1 fen', { AmountFen: 1 }, true],
      ['0 fen', { AmountFen: 0 }, false],
      ['a fraction of a fen', { AmountFen: 1.5 }, false],
      ['the largest amount', { AmountFen: 1_000_000_000 }, true],
      ['one past the largest', { AmountFen: 1_000_000_001 }, false],
    ],
  ],
  [
    'modifyPriceForm',
    modifyPriceForm,
    [
      ['the largest cut', { AdjustFen: -1_000_000_000, FreightFen: 0 }, true],
      ['one past the largest cut', { AdjustFen: -1_000_000_001, FreightFen: 0 }, false],
      ['the largest rise', { AdjustFen: 1_000_000_000, FreightFen: 0 }, true],
      ['one past the largest rise', { AdjustFen: 1_000_000_001, FreightFen: 0 }, false],
      ['negative freight', { AdjustFen: 0, FreightFen: -1 }, false],
      ['freight of a fraction', { AdjustFen: 0, FreightFen: 0.5 }, false],
    ],
  ],
  [
    'remarkForm',
    remarkForm,
    [
      ['empty (clears the remark)', { Remark: '' }, true],
      ['at the limit', { Remark: 'x'.repeat(REMARK_MAX) }, true],
      ['one past the limit', { Remark: 'x'.repeat(REMARK_MAX + 1) }, false],
    ],
  ],
  [
    'addressSchema',
    addressSchema,
    [
      ['a full address', address, true],
      ['detail at 64 characters', { ...address, Detail: '路'.repeat(64) }, true],
      ['detail at 65 characters', { ...address, Detail: '路'.repeat(65) }, false],
      ['empty detail', { ...address, Detail: ' ' }, false],
      ['a mobile number of 12 digits', { ...address, Phone: '138123456789' }, false],
      ['a mobile number with a letter after', { ...address, Phone: '13812345678x' }, false],
      ['a mobile number with a letter before', { ...address, Phone: 'x13812345678' }, false],
      ['a landline with its area code', { ...address, Phone: '010-12345678' }, true],
      ['latitude at 90', { ...address, Latitude: 90, Longitude: 0 }, true],
      ['latitude past 90', { ...address, Latitude: 90.01, Longitude: 0 }, false],
      ['latitude past -90', { ...address, Latitude: -90.01, Longitude: 0 }, false],
      ['longitude at -180', { ...address, Latitude: 0, Longitude: -180 }, true],
      ['longitude past 180', { ...address, Latitude: 0, Longitude: 180.01 }, false],
      ['longitude past -180', { ...address, Latitude: 0, Longitude: -180.01 }, false],
    ],
  ],
])('%s', (_, schema, cases) => {
  it.each(cases)('%s → %s', (_case, value, valid) => {
    expect(accepts(schema, value)).toBe(valid);
  });
});
