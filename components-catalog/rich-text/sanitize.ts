import DOMPurify from 'dompurify';
import {
  filterStyle,
  RICH_TEXT_ATTRIBUTES,
  RICH_TEXT_SCHEMES,
  RICH_TEXT_TAGS,
} from '../../contract/rich-text-policy';

/**
 * Drawing applies the same allow-list the server applied on save (contract/rich-text-policy), so
 * HTML stored before that policy, or sent by an older client, is held to it too.
 */
const ALLOWED_ATTR = [...new Set(Object.values(RICH_TEXT_ATTRIBUTES).flat())];
const ALLOWED_URI_REGEXP = new RegExp(`^(?:(?:${RICH_TEXT_SCHEMES.join('|')}):|/(?!/))`, 'i');

/**
 * Text with only bare formatting tags (no attributes, nothing executable) is already what the sanitiser
 * would keep, so it skips the parse: most paragraphs of a long page are like this.
 */
const PLAIN_FORMATTING =
  /^(?:[^<>]|<\/?(?:p|br|span|strong|b|em|i|u|s|sub|sup|h[1-6]|blockquote|ul|ol|li|div|section|hr)\s*\/?>)*$/;

let hooked = false;

function filterStyles() {
  if (hooked) return;
  hooked = true;
  DOMPurify.addHook('uponSanitizeAttribute', (_node, data) => {
    if (data.attrName !== 'style') return;
    data.attrValue = filterStyle(data.attrValue);
    if (!data.attrValue) data.keepAttr = false;
  });
}

export function sanitizeRichText(html: string): string {
  if (PLAIN_FORMATTING.test(html)) return html;
  filterStyles();
  return DOMPurify.sanitize(html, {
    ALLOWED_TAGS: [...RICH_TEXT_TAGS],
    ALLOWED_ATTR,
    ALLOWED_URI_REGEXP,
    FORBID_CONTENTS: ['script', 'style', 'iframe', 'object', 'embed', 'template'],
  });
}
