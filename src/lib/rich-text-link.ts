/**
 * A link's address as typed, with https:// added when it names none of the schemes the rich-text
 * policy keeps (contract/rich-text-policy.ts), so a typed `example.com` does not become relative.
 */
export function linkHref(typed: string): string {
  const href = typed.trim();
  return /^(https?:|mailto:|tel:)/i.test(href) ? href : `https://${href.replace(/^\/+/, '')}`;
}
