import type { FaceSheet, PAPER_SIZES } from '../../../contract/endpoints/orders';
import { type Carrier, TRACKING_NO_PATTERN } from '../../../contract/machines/order';
import { trackingNumberFitsCarrier } from '../../../contract/tracking-number';

export type Paper = (typeof PAPER_SIZES)[number];

export interface PaperLayout {
  widthMm: number;
  heightMm: number;
  /** JsBarcode's options for the tracking number: bar width in px and bar height in px. */
  barWidth: number;
  barHeight: number;
  fontSize: number;
  /** Base font size of the sheet's text, in pt. */
  textPt: number;
}

/** The two thermal label sizes carriers use, with a barcode that fits each width. */
export const PAPER_LAYOUTS: Record<Paper, PaperLayout> = {
  '100x180': { widthMm: 100, heightMm: 180, barWidth: 2, barHeight: 64, fontSize: 16, textPt: 10 },
  '76x130': { widthMm: 76, heightMm: 130, barWidth: 1.5, barHeight: 48, fontSize: 13, textPt: 8 },
};

/** The class of the printed sheets' container: printing shows it alone. */
export const PRINT_ROOT_CLASS = 'face-sheet-print';

/**
 * Print CSS for a batch: the page is the label (no margins), everything but the sheets is hidden,
 * and each sheet starts a new page.
 */
export function printCss(paper: Paper): string {
  const { widthMm, heightMm } = PAPER_LAYOUTS[paper];
  return [
    `@page { size: ${widthMm}mm ${heightMm}mm; margin: 0; }`,
    '@media print {',
    '  body * { visibility: hidden; }',
    `  .${PRINT_ROOT_CLASS}, .${PRINT_ROOT_CLASS} * { visibility: visible; }`,
    `  .${PRINT_ROOT_CLASS} { position: absolute; left: 0; top: 0; margin: 0; padding: 0; gap: 0; }`,
    `  .${PRINT_ROOT_CLASS} [data-sheet] { border: none; box-shadow: none; margin: 0; break-after: page; }`,
    `  .${PRINT_ROOT_CLASS} [data-sheet]:last-child { break-after: auto; }`,
    '}',
  ].join('\n');
}

/** The paper a set of sheets is printed on: a batch uses its carrier account's one. */
export function batchPaper(sheets: readonly Pick<FaceSheet, 'Paper'>[]): Paper {
  return sheets[0]?.Paper ?? '100x180';
}

export type TrackingProblem = 'required' | 'pattern' | 'carrier' | 'duplicate';

/**
 * What is wrong with the tracking numbers an operator typed, by order id: each is required,
 * matches the general pattern and the account's carrier's, and appears once in the batch.
 */
export function trackingProblems(
  orderIds: readonly number[],
  numbers: Readonly<Record<number, string>>,
  carrier: Carrier,
): Record<number, TrackingProblem> {
  const problems: Record<number, TrackingProblem> = {};
  const seen = new Map<string, number>();
  for (const id of orderIds) {
    const value = (numbers[id] ?? '').trim();
    if (value === '') problems[id] = 'required';
    else if (!TRACKING_NO_PATTERN.test(value)) problems[id] = 'pattern';
    else if (!trackingNumberFitsCarrier(carrier, value)) problems[id] = 'carrier';
    else if (seen.has(value.toUpperCase())) problems[id] = 'duplicate';
    else seen.set(value.toUpperCase(), id);
  }
  return problems;
}

/** The PrintFaceSheets orders: typed numbers only when the account has no provider. */
export function printOrders(
  orderIds: readonly number[],
  numbers: Readonly<Record<number, string>>,
  typed: boolean,
): { Id: number; TrackingNo?: string }[] {
  return orderIds.map((Id) => (typed ? { Id, TrackingNo: (numbers[Id] ?? '').trim() } : { Id }));
}
