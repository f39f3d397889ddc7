import { describe, expect, it } from 'vitest';
import {
  answerText,
  definitionProblems,
  type FieldType,
  type FormField,
  formDefinitionSchema,
  newField,
  normalizeSubmission,
  validateSubmission,
} from './smart-form';

function field(type: FieldType, settings: Partial<FormField> = {}): FormField {
  return { ...newField(type, 'f', 'Answer', ['A', 'B', 'C']), ...settings };
}

const cases: { name: string; field: FormField; value: unknown; rule: string | null; params?: object }[] = [
  { name: 'optional blank text passes', field: field('text'), value: '', rule: null },
  { name: 'required blank text', field: field('text', { required: true }), value: '  ', rule: 'required' },
  {
    name: 'required missing number',
    field: field('number', { required: true }),
    value: undefined,
    rule: 'required',
  },
  { name: 'text not a string', field: field('text'), value: 12, rule: 'invalid' },
  {
    name: 'text too short',
    field: field('text', { min: 3 }),
    value: 'ab',
    rule: 'minLength',
    params: { min: 3 },
  },
  { name: 'text counts characters', field: field('text', { max: 2 }), value: '你好', rule: null },
  { name: 'text too long', field: field('textarea', { max: 2 }), value: '你好吗', rule: 'maxLength' },
  { name: 'number in range', field: field('number', { min: 1, max: 9 }), value: 9, rule: null },
  { name: 'number as text', field: field('number'), value: '12', rule: null },
  { name: 'number below min', field: field('number', { min: 1 }), value: 0, rule: 'min', params: { min: 1 } },
  { name: 'number above max', field: field('number', { max: 5 }), value: 6, rule: 'max' },
  { name: 'number not a number', field: field('number'), value: 'abc', rule: 'invalid' },
  { name: 'phone ok', field: field('phone'), value: '13800138000', rule: null },
  { name: 'phone short', field: field('phone'), value: '1380013800', rule: 'phone' },
  { name: 'phone letters', field: field('phone'), value: '1380013800a', rule: 'phone' },
  { name: 'email ok', field: field('email'), value: 'a@b.cn', rule: null },
  { name: 'email bad', field: field('email'), value: 'a@b', rule: 'email' },
  { name: 'select known', field: field('select'), value: 'B', rule: null },
  { name: 'select unknown', field: field('select'), value: 'Z', rule: 'option' },
  { name: 'radio list', field: field('radio'), value: ['A'], rule: 'option' },
  { name: 'checkbox ok', field: field('checkbox'), value: ['A', 'C'], rule: null },
  { name: 'checkbox unknown', field: field('checkbox'), value: ['A', 'Z'], rule: 'option' },
  { name: 'checkbox too few', field: field('checkbox', { min: 2 }), value: ['A'], rule: 'minChoices' },
  { name: 'checkbox too many', field: field('checkbox', { max: 1 }), value: ['A', 'B'], rule: 'maxChoices' },
  {
    name: 'required checkbox empty',
    field: field('checkbox', { required: true }),
    value: [],
    rule: 'required',
  },
  { name: 'date ok', field: field('date'), value: '2026-02-28', rule: null },
  { name: 'date impossible', field: field('date'), value: '2026-02-30', rule: 'date' },
  {
    name: 'date before range',
    field: field('date', { minDate: '2026-01-01' }),
    value: '2025-12-31',
    rule: 'dateBefore',
    params: { date: '2026-01-01' },
  },
  {
    name: 'date after range',
    field: field('date', { maxDate: '2026-01-01' }),
    value: '2026-01-02',
    rule: 'dateAfter',
  },
  { name: 'time ok', field: field('time'), value: '23:59', rule: null },
  { name: 'time bad', field: field('time'), value: '24:00', rule: 'time' },
  { name: 'region ok', field: field('region'), value: ['广东省', '深圳市', '南山区'], rule: null },
  { name: 'region partial', field: field('region'), value: ['广东省', '深圳市', ''], rule: 'region' },
  {
    name: 'images ok',
    field: field('image', { maxImages: 2 }),
    value: ['/uploads/a.png', 'https://x.cn/b.jpg'],
    rule: null,
  },
  {
    name: 'too many images',
    field: field('image', { maxImages: 1 }),
    value: ['/a.png', '/b.png'],
    rule: 'maxImages',
  },
  { name: 'image not a url', field: field('image'), value: ['javascript:alert(1)'], rule: 'image' },
  { name: 'agreement accepted', field: field('agreement', { required: true }), value: true, rule: null },
  {
    name: 'agreement refused',
    field: field('agreement', { required: true }),
    value: false,
    rule: 'agreement',
  },
  { name: 'agreement not a boolean', field: field('agreement'), value: 'yes', rule: 'invalid' },
];

describe('validateSubmission', () => {
  it.each(cases)('$name', ({ field: tested, value, rule, params }) => {
    const errors = validateSubmission({ fields: [tested] }, { f: value });
    if (rule === null) expect(errors).toEqual([]);
    else {
      expect(errors).toHaveLength(1);
      expect(errors[0]).toMatchObject({ fieldId: 'f', label: 'Answer', rule, ...(params ? { params } : {}) });
    }
  });

  it('names every broken field in form order and refuses answers to fields the form lacks', () => {
    const fields = [
      { ...newField('text', 'name', 'Name'), required: true },
      newField('section', 'head', 'About you'),
      { ...newField('phone', 'mobile', 'Mobile'), required: true },
    ];
    const errors = validateSubmission({ fields }, { mobile: '123', head: 'x', extra: 1 });
    expect(errors.map((error) => [error.label, error.rule])).toEqual([
      ['Name', 'required'],
      ['Mobile', 'phone'],
      ['head', 'unknownField'],
      ['extra', 'unknownField'],
    ]);
  });
});

describe('normalizeSubmission', () => {
  it('keeps the form fields only, trimmed, numbers as numbers, blanks dropped', () => {
    const fields = [newField('text', 'a', 'A'), newField('number', 'b', 'B'), newField('text', 'c', 'C')];
    expect(normalizeSubmission({ fields }, { a: ' hi ', b: '7', c: '', d: 'x' })).toEqual({ a: 'hi', b: 7 });
  });
});

describe('answerText', () => {
  it.each([
    [field('checkbox'), ['A', 'B'], 'A, B'],
    [field('region'), ['广东省', '深圳市', '南山区'], '广东省 深圳市 南山区'],
    [field('agreement'), true, 'Yes'],
    [field('number'), 3, '3'],
    [field('text'), undefined, ''],
  ])('%#', (tested, value, text) => {
    expect(answerText(tested, value, 'Yes')).toBe(text);
  });
});

describe('definitionProblems', () => {
  it.each([
    [[field('select', { options: [] })], 'noOptions'],
    [[field('radio', { options: ['A', 'A'] })], 'duplicateOption'],
    [[field('text', { min: 5, max: 2 })], 'reversedLimits'],
    [[field('date', { minDate: '2026-02-01', maxDate: '2026-01-01' })], 'reversedDates'],
    [[field('text'), field('phone')], 'duplicateId'],
  ])('%#: %s', (fields, rule) => {
    expect(definitionProblems({ fields }).map((problem) => problem.rule)).toEqual([rule]);
  });

  it('the schema refuses a definition with problems and takes a sound one', () => {
    expect(formDefinitionSchema.safeParse({ fields: [field('select', { options: [] })] }).success).toBe(
      false,
    );
    expect(formDefinitionSchema.safeParse({ fields: [field('select')] }).success).toBe(true);
  });
});
