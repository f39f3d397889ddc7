import { MAX_LINE_QUANTITY, MAX_ORDER_LINES } from '../../../contract/endpoints/orders';

/** A SKU in the walk-in order being put together at the counter. */
export interface CartLine {
  SkuId: number;
  Name: string;
  SpecText: string;
  PriceFen: number;
  Stock: number;
  Quantity: number;
}

export type CartSku = Omit<CartLine, 'Quantity'>;

/** The most of one SKU a line can hold: what is in stock, within the contract's limit. */
export function maxQuantity(line: Pick<CartLine, 'Stock'>): number {
  return Math.max(0, Math.min(line.Stock, MAX_LINE_QUANTITY));
}

/** Adds one of a SKU (another unit when it is in the cart already), never beyond its stock. */
export function addToCart(cart: readonly CartLine[], sku: CartSku): CartLine[] {
  const existing = cart.find((line) => line.SkuId === sku.SkuId);
  if (existing) return setQuantity(cart, sku.SkuId, existing.Quantity + 1);
  if (cart.length >= MAX_ORDER_LINES || maxQuantity(sku) < 1) return [...cart];
  return [...cart, { ...sku, Quantity: 1 }];
}

/** Sets a line's quantity, clamped to 1..its maximum (a typed 0 or text keeps at least one). */
export function setQuantity(cart: readonly CartLine[], skuId: number, quantity: number): CartLine[] {
  return cart.map((line) => {
    if (line.SkuId !== skuId) return line;
    const wanted = Number.isFinite(quantity) ? Math.trunc(quantity) : 1;
    return { ...line, Quantity: Math.min(Math.max(wanted, 1), Math.max(maxQuantity(line), 1)) };
  });
}

export function removeFromCart(cart: readonly CartLine[], skuId: number): CartLine[] {
  return cart.filter((line) => line.SkuId !== skuId);
}

export interface WalkInTotals {
  itemCount: number;
  goodsFen: number;
  discountFen: number;
  totalFen: number;
  /** Why the order cannot be placed as it is (catalogue key `orders.walkIn.problem.<code>`). */
  problem: 'empty' | 'badDiscount' | 'discountTooHigh' | null;
}

/**
 * What the counter shows before the order is sent: goods amount at the listed prices, the discount
 * (null: the typed discount is not an amount) and the total. The server prices the lines again
 * from the database and answers the real total.
 */
export function walkInTotals(cart: readonly CartLine[], discountFen: number | null): WalkInTotals {
  const goodsFen = cart.reduce((sum, line) => sum + line.PriceFen * line.Quantity, 0);
  const itemCount = cart.reduce((sum, line) => sum + line.Quantity, 0);
  const discount = discountFen ?? 0;
  const problem =
    cart.length === 0
      ? 'empty'
      : discountFen === null
        ? 'badDiscount'
        : discount > goodsFen
          ? 'discountTooHigh'
          : null;
  return {
    itemCount,
    goodsFen,
    discountFen: discount,
    totalFen: Math.max(goodsFen - discount, 0),
    problem,
  };
}
