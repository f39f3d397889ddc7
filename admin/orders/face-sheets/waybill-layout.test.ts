import { describe, expect, it } from 'vitest';
import { PAPER_SIZES } from '../../../contract/endpoints/orders';
import {
  batchPaper,
  PAPER_LAYOUTS,
  PRINT_ROOT_CLASS,
  printCss,
  printOrders,
  trackingProblems,
} from './waybill-layout';

describe('paper layouts', () => {
  it.each([
    ['100x180', 'size: 100mm 180mm'],
    ['76x130', 'size: 76mm 130mm'],
  ] as const)('%s prints on a %s page without margins', (paper, size) => {
    const css = printCss(paper);
    expect(css).toContain(`@page { ${size}; margin: 0; }`);
    expect(css).toContain(`.${PRINT_ROOT_CLASS}, .${PRINT_ROOT_CLASS} * { visibility: visible; }`);
    expect(css).toContain('break-after: page');
  });

  it('has a layout for every paper the contract allows, its barcode narrower on the smaller one', () => {
    expect(Object.keys(PAPER_LAYOUTS).sort()).toEqual([...PAPER_SIZES].sort());
    const large = PAPER_LAYOUTS['100x180'];
    const small = PAPER_LAYOUTS['76x130'];
    expect(small.barWidth).toBeLessThan(large.barWidth);
    expect(small.barHeight).toBeLessThan(large.barHeight);
    // A 12-character CODE128 number is about 11 px × 13 modules: it must fit the label's width at 96 dpi.
    for (const layout of [large, small]) {
      const barcodePx = (12 * 11 + 35) * layout.barWidth;
      expect(barcodePx).toBeLessThan(((layout.widthMm - 6) / 25.4) * 96);
    }
  });

  it('prints a batch on its sheets paper, the larger one when empty', () => {
    expect(batchPaper([{ Paper: '76x130' }, { Paper: '76x130' }])).toBe('76x130');
    expect(batchPaper([])).toBe('100x180');
  });
});

describe('typed tracking numbers', () => {
  it.each([
    [{ 1: 'SF1234567890123', 2: 'SF1234567890124' }, {}],
    [{ 1: '  SF1234567890123 ' }, { 2: 'required' }],
    [
      { 1: 'SF 123', 2: 'abc' },
      { 1: 'pattern', 2: 'pattern' },
    ],
    [{ 1: 'SF1234567890123', 2: 'sf1234567890123' }, { 2: 'duplicate' }],
    [{ 1: 'A'.repeat(33), 2: 'SF1234567890124' }, { 1: 'pattern' }],
    [
      { 1: '75312345678901', 2: 'YT1234567890123' },
      { 1: 'carrier', 2: 'carrier' },
    ],
  ])('on an SF account %o → %o', (numbers, problems) => {
    expect(trackingProblems([1, 2], numbers, 'SF')).toEqual(problems);
  });

  it('holds a number of any shape to the general pattern only when the carrier has no known one', () => {
    expect(trackingProblems([1], { 1: 'ZT-0001' }, 'DBL')).toEqual({});
    expect(trackingProblems([1], { 1: 'ZT-0001' }, 'ZTO')).toEqual({ 1: 'carrier' });
  });

  it('sends typed numbers trimmed, and none when the provider assigns them', () => {
    expect(printOrders([1, 2], { 1: ' A123 ', 2: 'B456' }, true)).toEqual([
      { Id: 1, TrackingNo: 'A123' },
      { Id: 2, TrackingNo: 'B456' },
    ]);
    expect(printOrders([1, 2], { 1: 'A123' }, false)).toEqual([{ Id: 1 }, { Id: 2 }]);
  });
});
