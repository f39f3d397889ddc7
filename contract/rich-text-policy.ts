/**
 * The one allow-list for operator-written rich text (goods descriptions, template rich-text blocks,
 * news bodies, notices): the server applies it on save (sanitize-html) and the browser again when
 * drawing (DOMPurify), so both keep exactly the same things. Nothing here can place an element
 * outside its own box: no positioning, no negative margins, no classes (the app's own CSS classes
 * could position it).
 */

export const RICH_TEXT_TAGS = [
  'p',
  'br',
  'hr',
  'div',
  'section',
  'span',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'sub',
  'sup',
  'blockquote',
  'pre',
  'code',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'ul',
  'ol',
  'li',
  'a',
  'img',
  'video',
  'source',
  'table',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'th',
  'td',
  'caption',
  'colgroup',
  'col',
  'figure',
  'figcaption',
] as const;

/** Attributes by tag; '*' applies to every tag. */
export const RICH_TEXT_ATTRIBUTES: Record<string, readonly string[]> = {
  a: ['href', 'title', 'target', 'rel'],
  img: ['src', 'alt', 'title', 'width', 'height'],
  video: ['src', 'poster', 'controls', 'width', 'height'],
  source: ['src', 'type'],
  td: ['colspan', 'rowspan'],
  th: ['colspan', 'rowspan'],
  '*': ['style'],
};

/** Schemes a link or image may use; a path on this site ("/uploads/…") is always allowed. */
export const RICH_TEXT_SCHEMES = ['http', 'https', 'mailto', 'tel'] as const;

const COLOUR = [/^#[0-9a-f]{3,8}$/i, /^rgba?\([\d\s.,%]+\)$/i, /^[a-z]{3,20}$/i];
/** One to four non-negative lengths of at most three digits: spacing stays inside the box. */
const SPACING = [/^(?:(?:\d{1,3}(?:\.\d+)?(?:px|em|rem|%)|0|auto)(?:\s+|$)){1,4}$/];

/** Style properties and the values each may take. */
export const RICH_TEXT_STYLES: Record<string, readonly RegExp[]> = {
  color: COLOUR,
  'background-color': COLOUR,
  'font-size': [/^\d{1,3}(?:\.\d+)?(?:px|em|rem|%)$/],
  'font-weight': [/^(?:bold|bolder|lighter|normal|[1-9]00)$/],
  'text-align': [/^(?:left|right|center|justify)$/],
  'text-decoration': [/^(?:underline|line-through|none)$/],
  margin: SPACING,
  'margin-top': SPACING,
  'margin-right': SPACING,
  'margin-bottom': SPACING,
  'margin-left': SPACING,
  padding: SPACING,
  'padding-top': SPACING,
  'padding-right': SPACING,
  'padding-bottom': SPACING,
  'padding-left': SPACING,
};

/** A style attribute with only the allowed declarations left ("" when none is). */
export function filterStyle(style: string): string {
  const kept: string[] = [];
  for (const declaration of style.split(';')) {
    const colon = declaration.indexOf(':');
    if (colon < 0) continue;
    const property = declaration.slice(0, colon).trim().toLowerCase();
    const value = declaration.slice(colon + 1).trim();
    const patterns = Object.hasOwn(RICH_TEXT_STYLES, property) ? RICH_TEXT_STYLES[property] : undefined;
    if (patterns?.some((pattern) => pattern.test(value))) kept.push(`${property}:${value}`);
  }
  return kept.join(';');
}
