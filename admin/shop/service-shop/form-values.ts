import { yuanToFen } from '../../core/list-state';

/**
 * Typed text ↔ the contract's integers. Text that is no number becomes NaN, which the save schema
 * refuses on the field (renamed to the text field), so a typo is named rather than saved as 0.
 */

/** `4.8` → 48 tenths of a star. */
export function ratingToTenths(text: string): number {
  const trimmed = text.trim();
  if (!/^\d(\.\d)?$/.test(trimmed)) return Number.NaN;
  return Math.round(Number(trimmed) * 10);
}

export function tenthsToRating(tenths: number): string {
  return (tenths / 10).toFixed(1);
}

export function priceToFen(text: string): number {
  return yuanToFen(text) ?? Number.NaN;
}

/** `推拿，艾灸, 拔罐` → the skills, split on Chinese or Latin commas, blanks dropped. */
export function splitSkills(text: string): string[] {
  return text
    .split(/[,，、]/)
    .map((skill) => skill.trim())
    .filter(Boolean);
}
