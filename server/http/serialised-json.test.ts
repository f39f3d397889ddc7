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

  describe('answers kept by their fields, one part', () => {
    const serialised = (answer: Record<string, unknown>) => withSerialisedParts(answer)?.toString('utf8');
    const whole = (answer: Record<string, unknown>) => JSON.stringify(answer);

    // Each row is called twice in turn after the first, so the second call of each may come from
    // the kept answers: both must equal what serialising the whole answer gives.
    it.each([
      ['the same roles in a new array', { Errcode: 0, roles: ['admin'] }, { Errcode: 0, roles: ['admin'] }],
      ['other roles', { Errcode: 0, roles: ['admin'] }, { Errcode: 0, roles: ['clerk'] }],
      ['one more role', { Errcode: 0, roles: ['admin'] }, { Errcode: 0, roles: ['admin', 'clerk'] }],
      ['a role fewer', { Errcode: 0, roles: ['admin', 'x'] }, { Errcode: 0, roles: ['admin'] }],
      ['a number as text', { SiteId: 1 }, { SiteId: '1' }],
      ['false against 0', { IsStore: false }, { IsStore: 0 }],
      ['null against missing', { Avatar: null }, { Avatar: undefined }],
      ['the fields in another order', { A: 1, B: 2 }, { B: 2, A: 1 }],
      ['a field more', { A: 1 }, { A: 1, B: 2 }],
      ['an object of equal content', { Data: { n: 1 } }, { Data: { n: 1 } }],
      ['an object with another value', { Data: { n: 1 } }, { Data: { n: 2 } }],
      ['an array holding an object', { Rows: [{ n: 1 }] }, { Rows: [{ n: 2 }] }],
      ['text with extra characters', { UserName: 'admin' }, { UserName: ' admin ' }],
    ])('gives the right JSON for %s', (_, first, second) => {
      const menuList = part('[{"Id":1}]');
      for (const fields of [first, second, first, second]) {
        const answer = { ...fields, MenuList: menuList };
        expect(serialised(answer)).toBe(whole({ ...fields, MenuList: [{ Id: 1 }] }));
      }
    });

    it('sees an array changed in place after its answer was kept', () => {
      const menuList = part('[]');
      const roles = ['admin'];
      expect(serialised({ roles, MenuList: menuList })).toBe('{"roles":["admin"],"MenuList":[]}');
      roles.push('clerk');
      expect(serialised({ roles, MenuList: menuList })).toBe('{"roles":["admin","clerk"],"MenuList":[]}');
    });

    it('never gives the answer kept for the same fields under another name for the part', () => {
      const menuList = part('[1]');
      expect(serialised({ A: 1, MenuList: menuList })).toBe('{"A":1,"MenuList":[1]}');
      expect(serialised({ A: 1, Menus: menuList })).toBe('{"A":1,"Menus":[1]}');
    });

    it('keeps serving the right answers when more accounts take turns than it keeps', () => {
      const menuList = part('[]');
      for (let round = 0; round < 3; round++) {
        for (let account = 0; account < 20; account++) {
          expect(serialised({ UserName: `user${account}`, MenuList: menuList })).toBe(
            `{"UserName":"user${account}","MenuList":[]}`,
          );
        }
      }
    });
  });
});
