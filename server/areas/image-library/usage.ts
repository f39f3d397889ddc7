import type { ImageUse } from '../../../contract/endpoints/image-library';

/** A row that may hold image addresses in its text (a template's JSON, goods gallery or HTML…). */
export interface UsageSource {
  kind: ImageUse['Kind'];
  id: number;
  name: string;
  texts: readonly string[];
}

/**
 * Whether `text` mentions `url` as a whole address: the character after it must end the address
 * (a quote, bracket, space, `?`, `#`, end), so /uploads/1/a.png does not match /uploads/1/a.png2.
 * JSON may escape slashes as `\/`, so that spelling counts too.
 */
export function mentionsUrl(text: string, url: string): boolean {
  for (const spelling of new Set([url, url.replaceAll('/', '\\/')])) {
    let from = text.indexOf(spelling);
    while (from >= 0) {
      const next = text.charAt(from + spelling.length);
      if (next === '' || /["'\s)\]},?#&<>\\]/.test(next)) return true;
      from = text.indexOf(spelling, from + 1);
    }
  }
  return false;
}

/** For each url, the sources that still use it (in the order given, each at most once). */
export function findImageUses(
  urls: readonly string[],
  sources: readonly UsageSource[],
): Map<string, ImageUse[]> {
  const uses = new Map<string, ImageUse[]>();
  for (const url of urls) {
    const found = sources
      .filter((source) => source.texts.some((text) => mentionsUrl(text, url)))
      .map((source) => ({ Kind: source.kind, Id: source.id, Name: source.name }));
    if (found.length > 0) uses.set(url, found);
  }
  return uses;
}
