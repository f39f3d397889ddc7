import { describe, expect, it } from 'vitest';
import { parameterSettingSchema } from '../../../contract/endpoints/orders';
import { type IssueLike, issueMessage } from '../../core/form-binding';

describe('issueMessage', () => {
  it.each<[string, IssueLike, ReturnType<typeof issueMessage>]>([
    [
      'missing number',
      { code: 'invalid_type', input: Number.NaN, expected: 'number' },
      { id: 'engine.form.required' },
    ],
    [
      'text for a number',
      { code: 'invalid_type', input: 'x', expected: 'number' },
      { id: 'engine.form.number' },
    ],
    [
      'fraction for an integer',
      { code: 'invalid_type', input: 1.5, expected: 'int' },
      { id: 'engine.form.integer' },
    ],
    ['empty text', { code: 'too_small', origin: 'string', minimum: 1 }, { id: 'engine.form.required' }],
    [
      'short text',
      { code: 'too_small', origin: 'string', minimum: 5 },
      { id: 'engine.form.minLength', values: { min: 5 } },
    ],
    [
      'small number',
      { code: 'too_small', origin: 'number', minimum: 1 },
      { id: 'engine.form.min', values: { min: 1 } },
    ],
    [
      'few items',
      { code: 'too_small', origin: 'array', minimum: 1 },
      { id: 'engine.form.minItems', values: { min: 1 } },
    ],
    [
      'big number',
      { code: 'too_big', origin: 'number', maximum: 30 },
      { id: 'engine.form.max', values: { max: 30 } },
    ],
    [
      'long text',
      { code: 'too_big', origin: 'string', maximum: 100 },
      { id: 'engine.form.maxLength', values: { max: 100 } },
    ],
    ['bad format', { code: 'invalid_format' }, { id: 'engine.form.format' }],
    ['not a choice', { code: 'invalid_value' }, { id: 'engine.form.choice' }],
    [
      'contract rule',
      { code: 'custom', params: { key: 'order.delivery.pickupPoints' } },
      { id: 'order.delivery.pickupPoints', values: undefined },
    ],
    ['anything else', { code: 'unrecognized_keys' }, { id: 'engine.form.invalid' }],
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
      'UnpaidCloseMinutes.Normal': { id: 'engine.form.min', values: { min: 1 } },
      'UnpaidCloseMinutes.Bargain': { id: 'engine.form.required' },
      AutoConfirmDays: { id: 'engine.form.max', values: { max: 30 } },
    });
  });
});
