import { describe, expect, it } from 'vitest';
import { findImageUses, mentionsUrl } from './usage';

const url = '/uploads/1/abc.png';

describe('mentionsUrl', () => {
  it.each([
    [`{"image":"${url}"}`, true],
    [`{"image":"${url.replaceAll('/', '\\/')}"}`, true],
    [`<img src='${url}'>`, true],
    [`url(${url})`, true],
    [`["${url}?x=1"]`, true],
    [url, true],
    [`{"image":"${url}2"}`, false],
    [`{"image":"/uploads/1/abc.png.webp"}`, false],
    [`{"image":"/uploads/11/abc.png"}`, false],
    ['', false],
  ] as const)('%s → %s', (text, expected) => {
    expect(mentionsUrl(text, url)).toBe(expected);
  });
});

describe('findImageUses', () => {
  it('lists each source using each url once, in the order given, and leaves unused urls out', () => {
    const uses = findImageUses(
      [url, '/uploads/1/free.png', '/uploads/1/b.png'],
      [
        { kind: 'template', id: 3, name: 'Home', texts: [`{"a":"${url}"}`, `{"b":"${url}"}`] },
        { kind: 'poster', id: 5, name: 'Share', texts: ['{"bg":"/uploads/1/b.png"}'] },
        { kind: 'goods', id: 7, name: 'Shoe', texts: [`["${url}"]`, ''] },
      ],
    );
    expect([...uses.keys()]).toEqual([url, '/uploads/1/b.png']);
    expect(uses.get(url)).toEqual([
      { Kind: 'template', Id: 3, Name: 'Home' },
      { Kind: 'goods', Id: 7, Name: 'Shoe' },
    ]);
    expect(uses.get('/uploads/1/b.png')).toEqual([{ Kind: 'poster', Id: 5, Name: 'Share' }]);
  });
});
