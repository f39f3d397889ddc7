import { describe, expect, it } from 'vitest';
import { snippetHtml } from './text-snippets-dialog';

describe('snippetHtml', () => {
  it.each([
    ['每天 9:00 营业', '<p>每天 9:00 营业</p>'],
    ['<b>粗体</b> & "引号"', '<p>&lt;b&gt;粗体&lt;/b&gt; &amp; &quot;引号&quot;</p>'],
    ['第一行\n第二行', '<p>第一行<br>第二行</p>'],
    ['&amp;', '<p>&amp;amp;</p>'],
    ["it's", "<p>it's</p>"],
  ])('writes %j as %j', (content, html) => expect(snippetHtml(content)).toBe(html));
});
