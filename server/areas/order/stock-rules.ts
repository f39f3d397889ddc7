/**
 * The decisions about an order's stock, apart from the SQL that carries them out (stock.ts,
 * lifecycle.ts): when stock moves, which SKU moves by how much, which line was short, and how the
 * goods' totals follow.
 */

export interface StockLine {
  productId: number;
  skuId: number;
  quantity: number;
  /** Goods name and spec, for the out-of-stock message. */
  label: string;
}

export type StockEvent = 'create' | 'pay' | 'closeUnpaid' | 'refundClose';

export interface StockFacts {
  /** The shop's setting: stock is taken when the order is placed, or when it is paid. */
  mode: 'creation' | 'payment';
  /** The order holds stock now. */
  deducted: boolean;
  /** For a refund that closes the order: no line was shipped (shipped goods never come back). */
  nothingShipped?: boolean;
}

/** What an order event does to its stock. */
export function stockDecision(event: StockEvent, facts: StockFacts): 'take' | 'return' | 'none' {
  switch (event) {
    case 'create':
      return facts.mode === 'creation' ? 'take' : 'none';
    case 'pay':
      return facts.deducted ? 'none' : 'take';
    case 'closeUnpaid':
      return facts.deducted ? 'return' : 'none';
    case 'refundClose':
      return facts.deducted && facts.nothingShipped === true ? 'return' : 'none';
  }
}

/** One move per SKU (two lines of one SKU move it once), in SKU id order, the order rows are locked in. */
export function stockMoves(lines: readonly StockLine[]): StockLine[] {
  const bySku = new Map<number, StockLine>();
  for (const line of lines) {
    const existing = bySku.get(line.skuId);
    bySku.set(
      line.skuId,
      existing ? { ...existing, quantity: existing.quantity + line.quantity } : { ...line },
    );
  }
  return [...bySku.values()].sort((left, right) => left.skuId - right.skuId);
}

/** The first move the guarded statement did not make: that SKU had less stock than the move needed. */
export function shortMove(
  moves: readonly StockLine[],
  movedSkuIds: ReadonlySet<number>,
): StockLine | undefined {
  return moves.find((move) => !movedSkuIds.has(move.skuId));
}
