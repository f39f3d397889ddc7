/**
 * SQLSTATEs PostgreSQL raises when text from a request cannot be stored: a byte sequence invalid
 * in UTF-8 (22021) or a \u0000 in a jsonb value (22P05). Input validation refuses these characters
 * first; this is the last resort for any path that slips past it, so bad input never reads as 500.
 */
const textEncodingStates = new Set(['22021', '22P05']);

/** Whether an error, or an error it wraps (drizzle wraps the driver's), is one of those states. */
export function isTextEncodingError(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && textEncodingStates.has(code)) return true;
    current = current.cause;
  }
  return false;
}
