import { describe, expect, it } from 'vitest';
import { sanitizeDescription } from './sanitize';

describe('sanitizeDescription', () => {
  it.each([
    ['<p>纯棉<strong>面料</strong></p>', '<p>纯棉<strong>面料</strong></p>'],
    ['<p onclick="steal()">x</p>', '<p>x</p>'],
    ['<script>alert(1)</script><p>ok</p>', '<p>ok</p>'],
    ['<img src="x" onerror="alert(1)">', '<img src="x" />'],
    ['<img src="javascript:alert(1)">', '<img />'],
    ['<a href="javascript:alert(1)">x</a>', '<a>x</a>'],
    [
      '<a href="https://shop.example/x" target="_blank">x</a>',
      '<a href="https://shop.example/x" target="_blank" rel="noopener noreferrer">x</a>',
    ],
    ['<iframe src="https://evil.example"></iframe><p>a</p>', '<p>a</p>'],
    ['<p style="color:#f00;position:fixed">red</p>', '<p style="color:#f00">red</p>'],
    ['<p style="background-image:url(javascript:x)">a</p>', '<p>a</p>'],
    ['<svg><script>x</script></svg>b', 'b'],
    ['<img src="/uploads/1/a.png" width="300">', '<img src="/uploads/1/a.png" width="300" />'],
  ])('%s → %s', (input, expected) => {
    expect(sanitizeDescription(input)).toBe(expected);
  });
});
