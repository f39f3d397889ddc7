/** Distinct whole numbers from "1, 2 3" (commas, Chinese commas or spaces); null if anything else was typed. */
export function parseIds(text: string): number[] | null {
  const parts = text.split(/[\s,，]+/).filter(Boolean);
  if (!parts.every((part) => /^[1-9]\d{0,9}$/.test(part))) return null;
  return [...new Set(parts.map(Number))];
}
