import { describe, expect, it } from 'vitest';
import { SerialisedJson, withSerialisedParts } from './serialised-json';

const menu = [{ Id: 1, Path: '/a "quoted" path', ChildrenList: [{ Id: 2, Path: '/a/b', ChildrenList: [] }] }];
const part = (text: string) => new SerialisedJson(text);

describe('withSerialisedParts', () => {
  it('leaves an answer without serialised fields to the ordinary serialiser', () => {
    expect(withSerialisedParts({ Errcode: 0, Data: [1, 2] })).toBeUndefined();
  });

  it.each([
    ['after other fields', { Errcode: 0, Name: '名', MenuList: part(JSON.stringify(menu)) }],
    ['alone', { MenuList: part(JSON.stringify(menu)) }],
    ['two of them', { A: part('[]'), Errcode: 0, B: part('{"x":null}') }],
    ['two of them, alone', { A: part('[]'), B: part('{"x":null}') }],
    ['holding a string', { Errcode: 0, Note: part('"line\\nbreak"') }],
  ])('gives the same JSON as serialising the whole answer: %s', (_, answer) => {
    const bytes = withSerialisedParts(answer as Record<string, unknown>);
    expect(bytes).toBeDefined();
    expect(JSON.parse(bytes!.toString('utf8'))).toEqual(JSON.parse(JSON.stringify(answer)));
  });

  it('keeps the serialised text as it was given', () => {
    expect(withSerialisedParts({ Errcode: 0, MenuList: part('[ 1,2 ]') })?.toString('utf8')).toBe(
      '{"Errcode":0,"MenuList":[ 1,2 ]}',
    );
  });

  it('keeps multi-byte text whole', () => {
    const bytes = withSerialisedParts({ Name: '店铺', MenuList: part('[{"Name":"装修"}]') });
    expect(bytes?.toString('utf8')).toBe('{"Name":"店铺","MenuList":[{"Name":"装修"}]}');
  });

  it('gives the same answer again when the same part and fields come back', () => {
    const menuList = part(JSON.stringify(menu));
    const first = withSerialisedParts({ Errcode: 0, MenuList: menuList });
    const second = withSerialisedParts({ Errcode: 0, MenuList: menuList });
    expect(second?.equals(first!)).toBe(true);
  });

  it('never gives a kept answer for other fields round the same part, or another part', () => {
    const menuList = part('[1]');
    expect(withSerialisedParts({ UserName: 'a', MenuList: menuList })?.toString()).toBe(
      '{"UserName":"a","MenuList":[1]}',
    );
    expect(withSerialisedParts({ UserName: 'b', MenuList: menuList })?.toString()).toBe(
      '{"UserName":"b","MenuList":[1]}',
    );
    expect(withSerialisedParts({ UserName: 'a', Menus: menuList })?.toString()).toBe(
      '{"UserName":"a","Menus":[1]}',
    );
    expect(withSerialisedParts({ UserName: 'a', MenuList: part('[2]') })?.toString()).toBe(
      '{"UserName":"a","MenuList":[2]}',
    );
  });

  it('serialises a kept part as its value where the ordinary serialiser meets it', () => {
    expect(JSON.stringify({ MenuList: part('[{"Id":1}]') })).toBe('{"MenuList":[{"Id":1}]}');
  });
});
