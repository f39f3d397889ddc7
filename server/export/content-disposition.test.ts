import { describe, expect, it } from 'vitest';
import { attachmentDisposition } from './content-disposition';

describe('attachmentDisposition', () => {
  it('carries a Chinese name in filename* and an ASCII fallback in filename', () => {
    const header = attachmentDisposition('商品列表 2024.xlsx', 'goods-2024.xlsx');
    expect(header).toBe(
      `attachment; filename="goods-2024.xlsx"; filename*=UTF-8''%E5%95%86%E5%93%81%E5%88%97%E8%A1%A8%202024.xlsx`,
    );
    const encoded = header.split("UTF-8''")[1]!;
    expect(decodeURIComponent(encoded)).toBe('商品列表 2024.xlsx');
  });

  it.each([
    ["it's (1)*.csv", 'it%27s%20%281%29%2A.csv'],
    ['a"b.csv', 'a%22b.csv'],
  ])('percent-encodes the RFC 5987 reserved characters of %j', (name, encoded) => {
    expect(attachmentDisposition(name, 'x.csv')).toContain(`filename*=UTF-8''${encoded}`);
  });

  it('replaces quotes, backslashes and non-ASCII in the fallback', () => {
    expect(attachmentDisposition('x', 'a"b\\c商.csv')).toContain('filename="a_b_c_.csv"');
  });
});
