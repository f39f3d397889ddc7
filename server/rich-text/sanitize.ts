import sanitizeHtml from 'sanitize-html';
import {
  RICH_TEXT_ATTRIBUTES,
  RICH_TEXT_SCHEMES,
  RICH_TEXT_STYLES,
  RICH_TEXT_TAGS,
} from '../../contract/rich-text-policy';

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...RICH_TEXT_TAGS],
  allowedAttributes: Object.fromEntries(
    Object.entries(RICH_TEXT_ATTRIBUTES).map(([tag, attributes]) => [tag, [...attributes]]),
  ),
  allowedStyles: {
    '*': Object.fromEntries(
      Object.entries(RICH_TEXT_STYLES).map(([property, values]) => [property, [...values]]),
    ),
  },
  allowedSchemes: [...RICH_TEXT_SCHEMES],
  allowProtocolRelative: false,
  transformTags: {
    a: (tagName, attributes) => ({
      tagName,
      attribs: attributes.target === '_blank' ? { ...attributes, rel: 'noopener noreferrer' } : attributes,
    }),
  },
};

/** The safe part of operator-written HTML, by the shared rich-text policy; applied on every save. */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}
