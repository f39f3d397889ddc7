/**
 * The page both editors load: the same simple blocks in the same order, so the two canvases draw
 * comparable DOM. Four kinds with 2–3 props each: a title, a paragraph, an image ad and a spacer.
 */
export type BlockKind = 'title' | 'text' | 'imageAd' | 'spacer';

export interface BlockSpec {
  id: string;
  kind: BlockKind;
  text: string;
}

const KINDS: readonly BlockKind[] = ['title', 'text', 'imageAd', 'spacer'];

/** Served by the bench itself (a site-relative address, as the catalogue's renderers require). */
export const AD_IMAGE = '/ad.svg';

export const BLOCK_COUNT = 300;

export function benchBlocks(count: number): BlockSpec[] {
  return Array.from({ length: count }, (_, index) => {
    const kind = KINDS[index % KINDS.length]!;
    return { id: `block-${index}`, kind, text: kind === 'text' ? `Paragraph ${index}` : `Title ${index}` };
  });
}
