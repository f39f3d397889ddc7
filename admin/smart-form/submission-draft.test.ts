import { describe, expect, it } from 'vitest';
import { type FormField, newField } from '../../contract/smart-form';
import { draftProblems, submissionDraft, submissionValues } from './submission-draft';

const field = (type: FormField['type'], id: string, settings: Partial<FormField> = {}): FormField => ({
  ...newField(type, id, id),
  ...settings,
});

const fields: FormField[] = [
  field('section', 'intro'),
  field('text', 'name', { required: true, min: 2, max: 20 }),
  field('number', 'people', { min: 1, max: 10 }),
  field('checkbox', 'likes', { options: ['a', 'b', 'c'], max: 2 }),
  field('region', 'area'),
  field('image', 'photos', { maxImages: 2 }),
  field('agreement', 'terms', { required: true }),
];

describe('submission draft', () => {
  it('holds stored answers as the form edits them, blanks for fields never answered', () => {
    const draft = submissionDraft(fields, {
      name: '周杰',
      people: 3,
      area: ['上海市', '上海市'],
      terms: true,
    });
    expect(draft.Values).toEqual({
      name: '周杰',
      people: '3',
      likes: [],
      area: ['上海市', '上海市', ''],
      photos: [],
      terms: true,
    });
    expect(draft.Values).not.toHaveProperty('intro');
  });

  it('sends every field, a blank region as no answer', () => {
    const draft = submissionDraft(fields, {});
    expect(submissionValues(fields, draft)).toEqual({
      name: '',
      people: '',
      likes: [],
      area: [],
      photos: [],
      terms: false,
    });
    draft.Values.area = ['上海市', '', ''];
    expect(submissionValues(fields, draft).area).toEqual(['上海市', '', '']);
  });

  it('puts each broken rule at its field, and none when the answers pass', () => {
    const bad = submissionDraft(fields, { name: '周', people: 11, likes: ['a', 'b', 'c'], area: ['上海市'] });
    const problems = draftProblems(fields, bad);
    expect([...problems].map(([path, error]) => [path, error.rule])).toEqual([
      ['Values.name', 'minLength'],
      ['Values.people', 'max'],
      ['Values.likes', 'maxChoices'],
      ['Values.area', 'region'],
      ['Values.terms', 'agreement'],
    ]);
    const good = submissionDraft(fields, { name: '周杰', people: '10', likes: ['a'], terms: true });
    expect(draftProblems(fields, good).size).toBe(0);
  });
});
