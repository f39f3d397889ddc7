import DOMPurify from 'dompurify';

/**
 * What the mini-program's rich-text node can show: text formatting, lists, tables and images.
 * Scripts, frames, forms, styles sheets and event handlers never survive, whatever the stored HTML says.
 */
const ALLOWED_TAGS = [
  'p',
  'br',
  'span',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'sub',
  'sup',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'blockquote',
  'ul',
  'ol',
  'li',
  'img',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
  'hr',
  'div',
  'section',
  'a',
];
const ALLOWED_ATTR = ['style', 'src', 'alt', 'width', 'height', 'colspan', 'rowspan', 'href', 'title'];

/**
 * Text with only bare formatting tags (no attributes, nothing executable) is already what the sanitiser
 * would keep, so it skips the parse: most paragraphs of a long page are like this.
 */
const PLAIN_FORMATTING =
  /^(?:[^<>]|<\/?(?:p|br|span|strong|b|em|i|u|s|sub|sup|h[1-6]|blockquote|ul|ol|li|div|section|hr)\s*\/?>)*$/;

export function sanitizeRichText(html: string): string {
  if (PLAIN_FORMATTING.test(html)) return html;
  return DOMPurify.sanitize(html, {
    ALLOWED_TAGS,
    ALLOWED_ATTR,
    ALLOWED_URI_REGEXP: /^(?:https?:|\/(?!\/))/i,
    FORBID_CONTENTS: ['script', 'style', 'iframe', 'object', 'embed', 'template'],
  });
}
