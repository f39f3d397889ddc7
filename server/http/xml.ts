/**
 * The flat XML WeChat pushes (`<xml><Tag><![CDATA[…]]></Tag>…</xml>`): top-level tags to their text.
 * Nested elements keep their inner XML as text; nothing here resolves entities or DTDs, so a push
 * cannot make the parser read files or expand without bound.
 */
export function parseFlatXml(text: string): Record<string, string> | null {
  const root = /^\s*(?:<\?xml[^>]*\?>\s*)?<xml>([\s\S]*)<\/xml>\s*$/.exec(text);
  if (!root) return null;
  const fields: Record<string, string> = {};
  const element = /<([A-Za-z_][\w.-]*)>([\s\S]*?)<\/\1>/g;
  for (let match = element.exec(root[1]!); match; match = element.exec(root[1]!)) {
    const inner = match[2]!;
    // A value may be split into several CDATA sections (how a "]]>" inside one is written).
    fields[match[1]!] = inner.startsWith('<![CDATA[')
      ? inner.replace(/<!\[CDATA\[([\s\S]*?)\]\]>/g, '$1')
      : inner.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
  }
  return fields;
}

/** One flat XML document, every value in CDATA (what WeChat expects back and what tests push). */
export function flatXml(fields: Record<string, string | number>): string {
  const body = Object.entries(fields)
    .map(([tag, value]) =>
      typeof value === 'number'
        ? `<${tag}>${value}</${tag}>`
        : `<${tag}><![CDATA[${value.replaceAll(']]>', ']]]]><![CDATA[>')}]]></${tag}>`,
    )
    .join('');
  return `<xml>${body}</xml>`;
}
