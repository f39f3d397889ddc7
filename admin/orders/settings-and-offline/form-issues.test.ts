import { describe, expect, it } from 'vitest';
import { parameterSettingSchema } from '../../../contract/endpoints/orders';
import { type IssueLike, issueMessage } from './form-issues';

describe('issueMessage', () => {
  it.each<[string, IssueLike, ReturnType<typeof issueMessage>]>([
    [
      'missing number',
      { code: 'invalid_type', input: Number.NaN, expected: 'number' },
      { id: 'orders.form.required' },
    ],
    [
      'text for a number',
      { code: 'invalid_type', input: 'x', expected: 'number' },
      { id: 'orders.form.number' },
    ],
    [
      'fraction for an integer',
      { code: 'invalid_type', input: 1.5, expected: 'int' },
      { id: 'orders.form.integer' },
    ],
    ['empty text', { code: 'too_small', origin: 'string', minimum: 1 }, { id: 'orders.form.required' }],
    [
      'short text',
      { code: 'too_small', origin: 'string', minimum: 5 },
      { id: 'orders.form.minLength', values: { min: 5 } },
    ],
    [
      'small number',
      { code: 'too_small', origin: 'number', minimum: 1 },
      { id: 'orders.form.min', values: { min: 1 } },
    ],
    [
      'few items',
      { code: 'too_small', origin: 'array', minimum: 1 },
      { id: 'orders.form.minItems', values: { min: 1 } },
    ],
    [
      'big number',
      { code: 'too_big', origin: 'number', maximum: 30 },
      { id: 'orders.form.max', values: { max: 30 } },
    ],
    [
      'long text',
      { code: 'too_big', origin: 'string', maximum: 100 },
      { id: 'orders.form.maxLength', values: { max: 100 } },
    ],
    ['bad format', { code: 'invalid_format' }, { id: 'orders.form.format' }],
    ['not a choice', { code: 'invalid_value' }, { id: 'orders.form.choice' }],
    [
      'contract rule',
      { code: 'custom', params: { key: 'order.delivery.pickupPoints' } },
      { id: 'order.delivery.pickupPoints', values: undefined },
    ],
    ['anything else', { code: 'unrecognized_keys' }, { id: 'orders.form.invalid' }],
  ])('%s', (_, issue, expected) => {
    expect(issueMessage(issue)).toEqual(expected);
  });

  it('names the limits of the order settings as the contract sets them', () => {
    const result = parameterSettingSchema.safeParse({
      UnpaidCloseMinutes: { Normal: 0, Seckill: 5, GroupBuy: 15, Bargain: Number.NaN },
      AutoConfirmDays: 31,
      AfterSaleDays: 7,
      AutoGoodReviewDays: 15,
      StockDeduction: 'creation',
      PointsGrant: 'completion',
      PointsPerYuan: 1,
      InvoiceEnabled: false,
    });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(
      (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issueMessage(issue as IssueLike)]),
    );
    expect(messages).toEqual({
      'UnpaidCloseMinutes.Normal': { id: 'orders.form.min', values: { min: 1 } },
      'UnpaidCloseMinutes.Bargain': { id: 'orders.form.required' },
      AutoConfirmDays: { id: 'orders.form.max', values: { max: 30 } },
    });
  });
});
