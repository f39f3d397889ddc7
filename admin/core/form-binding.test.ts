import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { draftResolver, flatErrors, formPath, issueMessage } from './form-binding';

describe('issueMessage', () => {
  it.each([
    [{ code: 'invalid_type', input: undefined, expected: 'number' }, { id: 'engine.form.required' }],
    [{ code: 'invalid_type', input: Number.NaN, expected: 'number' }, { id: 'engine.form.required' }],
    [{ code: 'invalid_type', input: 'x', expected: 'int' }, { id: 'engine.form.integer' }],
    [{ code: 'invalid_type', input: 'x', expected: 'number' }, { id: 'engine.form.number' }],
    [{ code: 'too_small', origin: 'string', minimum: 1 }, { id: 'engine.form.required' }],
    [
      { code: 'too_small', origin: 'string', minimum: 3 },
      { id: 'engine.form.minLength', values: { min: 3 } },
    ],
    [
      { code: 'too_small', origin: 'number', minimum: 0 },
      { id: 'engine.form.min', values: { min: 0 } },
    ],
    [
      { code: 'too_small', origin: 'array', minimum: 1 },
      { id: 'engine.form.minItems', values: { min: 1 } },
    ],
    [
      { code: 'too_big', origin: 'string', maximum: 60 },
      { id: 'engine.form.maxLength', values: { max: 60 } },
    ],
    [
      { code: 'too_big', origin: 'array', maximum: 9 },
      { id: 'engine.form.maxItems', values: { max: 9 } },
    ],
    [
      { code: 'too_big', origin: 'number', maximum: 5n },
      { id: 'engine.form.max', values: { max: 5 } },
    ],
    [{ code: 'invalid_format' }, { id: 'engine.form.format' }],
  ])('%o', (issue, expected) => {
    expect(issueMessage(issue)).toEqual(expected);
  });
});

describe('formPath', () => {
  const renames = { PriceFen: 'Price', MarketPriceFen: 'MarketPrice' };
  it.each([
    ['Name', 'Name'],
    ['MarketPriceFen', 'MarketPrice'],
    ['Skus.2.PriceFen', 'Skus.2.Price'],
    ['Skus.2.Stock', 'Skus.2.Stock'],
    ['PriceFen.0', 'PriceFen.0'],
    ['toString', 'toString'],
  ])('%s → %s', (path, expected) => {
    expect(formPath(path, renames)).toBe(expected);
  });
});

describe('flatErrors', () => {
  it('lists the leaves by path', () => {
    const errors = {
      Name: { type: 'too_small', message: 'Required' },
      Skus: [undefined, { Price: { type: 'invalid_type', message: 'Enter a number' } }],
    };
    expect(flatErrors(errors as never)).toEqual([
      ['Name', { type: 'too_small', message: 'Required' }],
      ['Skus.1.Price', { type: 'invalid_type', message: 'Enter a number' }],
    ]);
  });
});

describe('draftResolver', () => {
  const schema = z.strictObject({
    Name: z.string().trim().min(1),
    Skus: z.array(z.strictObject({ PriceFen: z.number().int().min(0) })),
  });
  interface Draft {
    Name: string;
    Skus: { Price: string }[];
  }
  const toInput = (draft: Draft) => ({
    Name: draft.Name,
    Skus: draft.Skus.map((sku) => ({ PriceFen: sku.Price === '' ? Number.NaN : Number(sku.Price) * 100 })),
  });
  const resolver = draftResolver<Draft>(schema, toInput, {
    renames: { PriceFen: 'Price' },
    message: (issue) => issueMessage(issue).id,
  });
  const run = (draft: Draft) =>
    resolver(draft, undefined, { fields: {}, shouldUseNativeValidation: false, names: undefined });

  it('hands over the draft itself when the input is valid', async () => {
    const draft = { Name: 'Tea', Skus: [{ Price: '1.5' }] };
    expect(await run(draft)).toEqual({ values: draft, errors: {} });
  });

  it('puts each problem on the draft field that shows it, in the operator’s words', async () => {
    const result = await run({ Name: ' ', Skus: [{ Price: '2' }, { Price: '' }, { Price: '-1' }] });
    expect(result.values).toEqual({});
    expect(flatErrors(result.errors).map(([path, error]) => [path, error.message])).toEqual([
      ['Name', 'engine.form.required'],
      ['Skus.1.Price', 'engine.form.required'],
      ['Skus.2.Price', 'engine.form.min'],
    ]);
  });
});
