import { describe, expect, it } from 'vitest';
import { blankPosterDocument, type PosterElement, textStyleSchema } from '../../contract/poster-document';
import { documentOps, elementOps, imageSources, type PosterData, qrCells, wrapText } from './draw-ops';
import { pngFileName } from './export-png';

/** Every character 10 px wide at any font: widths are easy to reason about. */
const measure = (text: string) => [...text].length * 10;

const data: PosterData = {
  nickname: '小红',
  avatar: '',
  goodsName: '有机草莓 500g',
  goodsPriceFen: 12990,
  goodsImage: '/uploads/1/strawberry.png',
  holderName: '张三',
  certificateNumber: 'NO-001',
  issueDate: '2026-05-01',
  qrText: 'https://shop.test/preview/1',
};

const base = { id: 'a', x: 10, y: 20, width: 100, height: 40, locked: false, hidden: false };
const text = (patch: Partial<PosterElement> = {}): PosterElement =>
  ({ ...base, ...textStyleSchema.parse({}), type: 'text', text: 'hello', ...patch }) as PosterElement;
const picture = (patch: Partial<PosterElement>): PosterElement =>
  ({ ...base, type: 'image', src: '', radius: 0, colour: '#000000', ...patch }) as PosterElement;

describe('wrapText', () => {
  it.each([
    { text: 'abc', width: 100, lines: 3, expected: ['abc'] },
    { text: 'abcdefghijkl', width: 50, lines: 3, expected: ['abcde', 'fghij', 'kl'] },
    { text: 'ab\ncd', width: 100, lines: 3, expected: ['ab', 'cd'] },
    { text: 'abcdefghijkl', width: 50, lines: 2, expected: ['abcde', 'fghi…'] },
    { text: 'abcde fghij', width: 50, lines: 3, expected: ['abcde', 'fghij'] },
    { text: '', width: 50, lines: 1, expected: [''] },
  ])('$text in $width px, $lines line(s)', ({ text: value, width, lines, expected }) => {
    expect(wrapText(value, width, lines, measure)).toEqual(expected);
  });
});

describe('elementOps', () => {
  it.each([
    { align: 'left', x: 10 },
    { align: 'center', x: 60 },
    { align: 'right', x: 110 },
  ] as const)('anchors $align text at x $x', ({ align, x }) => {
    expect(elementOps(text({ align }), data, measure)).toEqual([
      expect.objectContaining({ kind: 'text', text: 'hello', x, align }),
    ]);
  });

  it('sets the font and places lines by line height, cutting what does not fit', () => {
    const ops = elementOps(
      text({
        text: 'abcdefghijklmnopqrstuvwxyz',
        fontSize: 20,
        lineHeight: 1,
        fontWeight: 'bold',
        fontFamily: 'PingFang SC',
        height: 40,
        colour: '#ff0000',
      }),
      data,
      measure,
    );
    expect(ops).toEqual([
      {
        kind: 'text',
        text: 'abcdefghij',
        x: 10,
        y: 20,
        font: 'bold 20px "PingFang SC", sans-serif',
        colour: '#ff0000',
        align: 'left',
      },
      {
        kind: 'text',
        text: 'klmnopqrs…',
        x: 10,
        y: 40,
        font: 'bold 20px "PingFang SC", sans-serif',
        colour: '#ff0000',
        align: 'left',
      },
    ]);
  });

  it('centres a taller line box around the glyphs', () => {
    const [op] = elementOps(text({ fontSize: 20, lineHeight: 2, height: 40 }), data, measure);
    expect(op).toMatchObject({ y: 30 });
  });

  it.each([
    { type: 'nickname', expected: '小红' },
    { type: 'goodsName', expected: '有机草莓 500g' },
    { type: 'goodsPrice', expected: '¥129.90' },
    { type: 'holderName', expected: '张三' },
    { type: 'certificateNumber', expected: 'NO-001' },
    { type: 'issueDate', expected: '2026-05-01' },
  ] as const)('fills a $type placeholder with the data', ({ type, expected }) => {
    const [op] = elementOps(text({ type, width: 500 }), data, measure);
    expect(op).toMatchObject({ kind: 'text', text: expected });
  });

  it.each([
    {
      name: 'an image draws its picture',
      element: picture({ src: '/uploads/a.png', radius: 8 }),
      expected: [{ kind: 'image', src: '/uploads/a.png', x: 10, y: 20, width: 100, height: 40, radius: 8 }],
    },
    {
      name: 'an empty image draws a placeholder',
      element: picture({}),
      expected: [{ kind: 'fill', x: 10, y: 20, width: 100, height: 40, colour: '#e8e2d8', radius: 0 }],
    },
    {
      name: 'the goods image is the data’s',
      element: picture({ type: 'goodsImage', radius: 99 }),
      expected: [
        { kind: 'image', src: '/uploads/1/strawberry.png', x: 10, y: 20, width: 100, height: 40, radius: 20 },
      ],
    },
    {
      name: 'a seal without a picture is a red stamp',
      element: picture({ type: 'seal' }),
      expected: [expect.objectContaining({ kind: 'fill', colour: '#c0392b' })],
    },
    {
      name: 'an avatar without a picture shows the first character',
      element: picture({ type: 'avatar', width: 40, height: 40 }),
      expected: [
        expect.objectContaining({ kind: 'fill' }),
        expect.objectContaining({ kind: 'text', text: '小', x: 30, align: 'center' }),
      ],
    },
  ])('$name', ({ element, expected }) => {
    expect(elementOps(element, data, measure)).toEqual(expected);
  });

  it('draws the QR code of the shop address centred on white', () => {
    const ops = elementOps(
      picture({ type: 'qrcode', width: 100, height: 100, colour: '#123456' }),
      data,
      measure,
    );
    const { size, dark } = qrCells(data.qrText);
    expect(ops[0]).toMatchObject({ kind: 'fill', colour: '#ffffff' });
    const cell = 100 / (size + 4);
    expect(ops[1]).toEqual({
      kind: 'cells',
      x: 10 + 2 * cell,
      y: 20 + 2 * cell,
      cell,
      size,
      dark,
      colour: '#123456',
    });
    expect(dark.filter(Boolean).length).toBeGreaterThan(size * 2);
    expect(qrCells('https://other.test/').dark).not.toEqual(dark);
  });

  it('skips hidden elements', () => {
    expect(elementOps(text({ hidden: true }), data, measure)).toEqual([]);
  });
});

describe('documentOps', () => {
  it('draws background colour, background picture, then elements bottom to top', () => {
    const document = {
      ...blankPosterDocument('poster'),
      background: { colour: '#fafafa', image: '/uploads/bg.png' },
      elements: [picture({ id: 'p', src: '/uploads/a.png' }), text({ id: 't' })],
    };
    const ops = documentOps(document, data, measure);
    expect(ops.map((op) => op.kind)).toEqual(['fill', 'image', 'image', 'text']);
    expect(ops[0]).toEqual({
      kind: 'fill',
      x: 0,
      y: 0,
      width: 750,
      height: 1334,
      colour: '#fafafa',
      radius: 0,
    });
    expect(imageSources(ops)).toEqual(['/uploads/bg.png', '/uploads/a.png']);
  });
});

describe('pngFileName', () => {
  it.each([
    { name: '春节 海报', expected: '春节-海报-750x1334.png' },
    { name: 'a/b:c', expected: 'a-b-c-750x1334.png' },
    { name: '///', expected: 'poster-750x1334.png' },
  ])('$name', ({ name, expected }) => {
    expect(pngFileName(name, 750, 1334)).toBe(expected);
  });
});
