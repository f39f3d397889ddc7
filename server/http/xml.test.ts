import { describe, expect, it } from 'vitest';
import { flatXml, parseFlatXml } from './xml';

describe('flat XML of WeChat pushes', () => {
  it.each([
    [
      '<xml><AppId><![CDATA[wx1]]></AppId><CreateTime>1413192605</CreateTime></xml>',
      { AppId: 'wx1', CreateTime: '1413192605' },
    ],
    ['  <?xml version="1.0"?>\n<xml>\n <A><![CDATA[a <b> & c]]></A>\n</xml>\n', { A: 'a <b> & c' }],
    ['<xml><A>1 &lt; 2 &amp; 3</A></xml>', { A: '1 < 2 & 3' }],
    ['<xml></xml>', {}],
  ])('reads %j', (text, fields) => {
    expect(parseFlatXml(text)).toEqual(fields);
  });

  it.each([
    '',
    '<html></html>',
    '<xml><A>1</A>',
    'text <xml><A>1</A></xml>',
    '<!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><xml><A>&e;</A></xml>',
  ])('refuses %j', (text) => {
    expect(parseFlatXml(text)).toBeNull();
  });

  it('writes what it reads, a CDATA end inside a value included', () => {
    const fields = { Encrypt: 'abc]]>def', CreateTime: 12 };
    expect(parseFlatXml(flatXml(fields))).toEqual({
      Encrypt: 'abc]]]]><![CDATA[>def'.replace(']]]]><![CDATA[>', ']]>'),
      CreateTime: '12',
    });
  });
});
