import { describe, expect, it } from 'vitest';
import { sanitizeRichText } from './sanitize';

describe('sanitizeRichText', () => {
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
    [
      '<div style="position:fixed;top:0;left:0;width:100vw;height:100vh;z-index:99999;color:#333">x</div>',
      '<div style="color:#333">x</div>',
    ],
    [
      '<p style="font-size:18px;font-weight:bold;text-align:center;margin:8px 0;padding-left:1em">a</p>',
      '<p style="font-size:18px;font-weight:bold;text-align:center;margin:8px 0;padding-left:1em">a</p>',
    ],
    ['<p style="margin-top:-9999px;transform:translate(0,-100px)">a</p>', '<p>a</p>'],
    ['<p class="chakra-modal__overlay">a</p>', '<p>a</p>'],
    ['<img src="data:image/svg+xml;base64,PHN2Zz4=">', '<img />'],
  ])('%s → %s', (input, expected) => {
    expect(sanitizeRichText(input)).toBe(expected);
  });
});
