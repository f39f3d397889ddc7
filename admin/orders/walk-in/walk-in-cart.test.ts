import { describe, expect, it } from 'vitest';
import { MAX_LINE_QUANTITY } from '../../../contract/endpoints/orders';
import { addToCart, type CartSku, removeFromCart, setQuantity, walkInTotals } from './walk-in-cart';

const tea: CartSku = { SkuId: 1, Name: '绿茶', SpecText: '500g', PriceFen: 3990, Stock: 3 };
const cup: CartSku = { SkuId: 2, Name: '茶杯', SpecText: '', PriceFen: 1250, Stock: 5000 };
const gone: CartSku = { SkuId: 3, Name: '售罄', SpecText: '', PriceFen: 100, Stock: 0 };

describe('walk-in cart', () => {
  it('adds a SKU once, then adds units up to its stock', () => {
    let cart = addToCart([], tea);
    cart = addToCart(cart, cup);
    cart = addToCart(cart, tea);
    expect(cart.map((line) => [line.SkuId, line.Quantity])).toEqual([
      [1, 2],
      [2, 1],
    ]);
    cart = addToCart(addToCart(cart, tea), tea);
    expect(cart[0]!.Quantity).toBe(3);
  });

  it('does not add a SKU out of stock', () => {
    expect(addToCart([], gone)).toEqual([]);
  });

  it.each([
    [2, 2],
    [0, 1],
    [-4, 1],
    [2.7, 2],
    [Number.NaN, 1],
    [9, 3],
  ])('clamps a typed quantity %s to %s for a SKU with 3 in stock', (typed, kept) => {
    expect(setQuantity(addToCart([], tea), 1, typed)[0]!.Quantity).toBe(kept);
  });

  it('caps a line at the contract’s maximum quantity', () => {
    expect(setQuantity(addToCart([], cup), 2, 5000)[0]!.Quantity).toBe(MAX_LINE_QUANTITY);
  });

  it('removes a line', () => {
    expect(removeFromCart(addToCart(addToCart([], tea), cup), 1).map((line) => line.SkuId)).toEqual([2]);
  });
});

describe('walkInTotals', () => {
  const cart = setQuantity(addToCart(addToCart([], tea), cup), 1, 2);

  it.each<[string, number | null, Partial<ReturnType<typeof walkInTotals>>]>([
    ['no discount', 0, { goodsFen: 9230, discountFen: 0, totalFen: 9230, itemCount: 3, problem: null }],
    ['a discount', 1230, { goodsFen: 9230, discountFen: 1230, totalFen: 8000, problem: null }],
    ['the whole amount off', 9230, { totalFen: 0, problem: null }],
    ['more off than the goods cost', 9231, { totalFen: 0, problem: 'discountTooHigh' }],
    ['a discount that is not an amount', null, { discountFen: 0, totalFen: 9230, problem: 'badDiscount' }],
  ])('%s', (_, discount, expected) => {
    expect(walkInTotals(cart, discount)).toMatchObject(expected);
  });

  it('has nothing to sell in an empty cart', () => {
    expect(walkInTotals([], 0)).toEqual({
      itemCount: 0,
      goodsFen: 0,
      discountFen: 0,
      totalFen: 0,
      problem: 'empty',
    });
  });
});
