/** Phone widths the preview offers, in CSS px: iPhone SE/mini, iPhone 12–15, iPhone Plus/Max. */
export const PREVIEW_WIDTHS = [375, 390, 414] as const;
export type PreviewWidth = (typeof PREVIEW_WIDTHS)[number];

/** The width named in the address (`?width=390`), or the mini-program's design width. */
export function previewWidth(value: string | null): PreviewWidth {
  const number = Number(value);
  return (PREVIEW_WIDTHS as readonly number[]).includes(number) ? (number as PreviewWidth) : 375;
}
