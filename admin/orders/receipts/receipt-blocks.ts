import type { z } from 'zod';
import { RECEIPT_FIELDS, type ReceiptSetting, type receiptSchema } from '../../../contract/endpoints/orders';
import type { PaymentMethod } from '../../../contract/machines/order';

export type Receipt = z.infer<typeof receiptSchema>;
export type ReceiptField = (typeof RECEIPT_FIELDS)[number];

/** One amount row of a receipt: catalogue key `orders.receipt.amount.<key>`. */
export interface AmountRow {
  key: 'goods' | 'freight' | 'discount' | 'adjust' | 'total';
  fen: number;
}

/** What a printed receipt shows, top to bottom. */
export type ReceiptBlock =
  | { kind: 'header'; text: string }
  | { kind: 'shopName'; text: string }
  | { kind: 'orderNo'; text: string }
  | { kind: 'time'; createdAt: string; paidAt: string | null }
  | { kind: 'cashier'; text: string }
  | { kind: 'buyer'; name: string; phone: string }
  | { kind: 'lines'; lines: Receipt['Lines'] }
  | { kind: 'amounts'; rows: AmountRow[] }
  | { kind: 'payment'; method: PaymentMethod; paidFen: number }
  | { kind: 'remark'; text: string }
  | { kind: 'footer'; text: string };

function amountRows(receipt: Receipt): AmountRow[] {
  const rows: AmountRow[] = [{ key: 'goods', fen: receipt.GoodsFen }];
  if (receipt.FreightFen > 0) rows.push({ key: 'freight', fen: receipt.FreightFen });
  if (receipt.DiscountFen > 0) rows.push({ key: 'discount', fen: -receipt.DiscountFen });
  if (receipt.AdjustFen !== 0) rows.push({ key: 'adjust', fen: receipt.AdjustFen });
  rows.push({ key: 'total', fen: receipt.TotalFen });
  return rows;
}

function block(field: ReceiptField, receipt: Receipt): ReceiptBlock | null {
  switch (field) {
    case 'shopName':
      return receipt.ShopName ? { kind: 'shopName', text: receipt.ShopName } : null;
    case 'orderNo':
      return { kind: 'orderNo', text: receipt.OrderNo };
    case 'time':
      return { kind: 'time', createdAt: receipt.CreatedAt, paidAt: receipt.PaidAt };
    case 'cashier':
      return receipt.Cashier ? { kind: 'cashier', text: receipt.Cashier } : null;
    case 'buyer':
      return receipt.BuyerName || receipt.BuyerPhone
        ? { kind: 'buyer', name: receipt.BuyerName, phone: receipt.BuyerPhone }
        : null;
    case 'lines':
      return { kind: 'lines', lines: receipt.Lines };
    case 'amounts':
      return { kind: 'amounts', rows: amountRows(receipt) };
    case 'payment':
      return receipt.PaymentMethod
        ? { kind: 'payment', method: receipt.PaymentMethod, paidFen: receipt.PaidFen }
        : null;
    case 'remark':
      return receipt.Remark ? { kind: 'remark', text: receipt.Remark } : null;
  }
}

/**
 * The parts of a receipt the settings choose, in their order, between the header and footer
 * texts. Parts with nothing to say (no cashier on an online order, no remark) are left out rather
 * than printed empty; amounts that are zero are left out except the goods amount and the total.
 */
export function receiptBlocks(
  setting: Pick<ReceiptSetting, 'Fields' | 'Header' | 'Footer'>,
  receipt: Receipt,
) {
  const blocks: ReceiptBlock[] = [];
  if (setting.Header.trim()) blocks.push({ kind: 'header', text: setting.Header.trim() });
  for (const field of setting.Fields) {
    const next = block(field, receipt);
    if (next) blocks.push(next);
  }
  if (setting.Footer.trim()) blocks.push({ kind: 'footer', text: setting.Footer.trim() });
  return blocks;
}

/** Printable width of the paper roll in millimetres (the printer keeps a margin on each side). */
export function printableWidthMm(paper: ReceiptSetting['Paper']): number {
  return paper === '80' ? 72 : 48;
}

/** Turns a part on (added at the end) or off; the last part cannot be turned off. */
export function toggleField(
  fields: readonly ReceiptField[],
  field: ReceiptField,
  on: boolean,
): ReceiptField[] {
  if (on) return fields.includes(field) ? [...fields] : [...fields, field];
  const next = fields.filter((entry) => entry !== field);
  return next.length === 0 ? [...fields] : next;
}

/** Moves a part one place up (-1) or down (+1) the receipt. */
export function moveField(fields: readonly ReceiptField[], field: ReceiptField, by: -1 | 1): ReceiptField[] {
  const index = fields.indexOf(field);
  const target = index + by;
  if (index < 0 || target < 0 || target >= fields.length) return [...fields];
  const next = [...fields];
  next[index] = next[target]!;
  next[target] = field;
  return next;
}

/** The parts not printed, in the contract's order, to offer for turning on. */
export function unusedFields(fields: readonly ReceiptField[]): ReceiptField[] {
  return RECEIPT_FIELDS.filter((field) => !fields.includes(field));
}
