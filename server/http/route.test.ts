import { describe, expect, it } from 'vitest';
import { serialisedField, withSerialisedParts } from './route';

const menu = [{ Id: 1, Path: '/a "quoted" path', ChildrenList: [{ Id: 2, Path: '/a/b', ChildrenList: [] }] }];

describe('withSerialisedParts', () => {
  it('leaves an answer without serialised fields to the ordinary serialiser', () => {
    expect(withSerialisedParts({ Errcode: 0, Data: [1, 2] })).toBeUndefined();
  });

  it.each([
    ['after other fields', { Errcode: 0, Name: '名', MenuList: serialisedField(JSON.stringify(menu)) }],
    ['alone', { MenuList: serialisedField(JSON.stringify(menu)) }],
    ['two of them', { A: serialisedField('[]'), Errcode: 0, B: serialisedField('{"x":null}') }],
    ['holding a string', { Errcode: 0, Note: serialisedField('"line\\nbreak"') }],
  ])('gives the same JSON as serialising the whole answer: %s', (_, answer) => {
    const text = withSerialisedParts(answer as Record<string, unknown>);
    expect(text).toBeDefined();
    expect(JSON.parse(text!)).toEqual(JSON.parse(JSON.stringify(answer)));
  });

  it('keeps the serialised text as it was given', () => {
    expect(withSerialisedParts({ Errcode: 0, MenuList: serialisedField('[ 1,2 ]') })).toBe(
      '{"Errcode":0,"MenuList":[ 1,2 ]}',
    );
  });
});
