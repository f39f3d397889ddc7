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
    const bytes = withSerialisedParts(answer as Record<string, unknown>);
    expect(bytes).toBeDefined();
    expect(JSON.parse(bytes!.toString('utf8'))).toEqual(JSON.parse(JSON.stringify(answer)));
  });

  it('keeps the serialised text as it was given', () => {
    expect(withSerialisedParts({ Errcode: 0, MenuList: serialisedField('[ 1,2 ]') })?.toString('utf8')).toBe(
      '{"Errcode":0,"MenuList":[ 1,2 ]}',
    );
  });

  it('keeps multi-byte text whole', () => {
    const bytes = withSerialisedParts({ Name: '店铺', MenuList: serialisedField('[{"Name":"装修"}]') });
    expect(bytes?.toString('utf8')).toBe('{"Name":"店铺","MenuList":[{"Name":"装修"}]}');
  });

  it('gives the same answer again when the same part comes back', () => {
    const part = JSON.stringify(menu);
    const first = withSerialisedParts({ Errcode: 0, MenuList: serialisedField(part) });
    const second = withSerialisedParts({ Errcode: 0, MenuList: serialisedField(`${part}`) });
    expect(second?.equals(first!)).toBe(true);
  });
});
