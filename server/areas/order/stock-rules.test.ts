import { describe, expect, it } from 'vitest';
import { type StockEvent, type StockFacts, shortMove, stockDecision, stockMoves } from './stock-rules';

describe('stockDecision', () => {
  it.each<[StockEvent, StockFacts, 'take' | 'return' | 'none']>([
    ['create', { mode: 'creation', deducted: false }, 'take'],
    ['create', { mode: 'payment', deducted: false }, 'none'],
    ['pay', { mode: 'payment', deducted: false }, 'take'],
    ['pay', { mode: 'creation', deducted: true }, 'none'],
    // Stock taken at creation but given back meanwhile (never today, but a pay must not skip it).
    ['pay', { mode: 'creation', deducted: false }, 'take'],
    ['closeUnpaid', { mode: 'creation', deducted: true }, 'return'],
    ['closeUnpaid', { mode: 'payment', deducted: false }, 'none'],
    ['refundClose', { mode: 'payment', deducted: true, nothingShipped: true }, 'return'],
    ['refundClose', { mode: 'payment', deducted: true, nothingShipped: false }, 'none'],
    ['refundClose', { mode: 'payment', deducted: true }, 'none'],
    ['refundClose', { mode: 'payment', deducted: false, nothingShipped: true }, 'none'],
  ])('%s with %o → %s', (event, facts, decision) => {
    expect(stockDecision(event, facts)).toBe(decision);
  });
});

const line = (skuId: number, productId: number, quantity: number) => ({
  skuId,
  productId,
  quantity,
  label: `SKU ${skuId}`,
});

describe('stockMoves', () => {
  it('adds up lines of one SKU and sorts by SKU id', () => {
    expect(stockMoves([line(9, 1, 2), line(3, 2, 1), line(9, 1, 5)])).toEqual([line(3, 2, 1), line(9, 1, 7)]);
  });
  it('leaves the lines it was given unchanged', () => {
    const lines = [line(9, 1, 2), line(9, 1, 5)];
    stockMoves(lines);
    expect(lines).toEqual([line(9, 1, 2), line(9, 1, 5)]);
  });
  it('has no moves for no lines', () => expect(stockMoves([])).toEqual([]));
});

describe('shortMove', () => {
  const moves = [line(1, 1, 1), line(2, 1, 1), line(3, 2, 1)];
  it.each<[number[], number | undefined]>([
    [[1, 2, 3], undefined],
    [[1, 3], 2],
    [[2, 3], 1],
    [[], 1],
  ])('moved %o → short %s', (moved, short) => {
    expect(shortMove(moves, new Set(moved))?.skuId).toBe(short);
  });
});
