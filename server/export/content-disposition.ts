/** RFC 5987 value characters: everything else is percent-encoded. */
function encodeExtValue(text: string): string {
  return encodeURIComponent(text).replace(
    /['()*]/g,
    (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/**
 * `attachment` with a plain ASCII `filename` for old clients and the real (e.g. Chinese) name in
 * `filename*` (RFC 6266 / RFC 5987), which every current browser prefers.
 */
export function attachmentDisposition(fileName: string, asciiFallback: string): string {
  const fallback = asciiFallback.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeExtValue(fileName)}`;
}
