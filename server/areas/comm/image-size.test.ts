import { describe, expect, it } from 'vitest';
import { type ImageFormat, type ImageSize, imageSize } from './image-size';

const bytes = (...parts: (number[] | string | Uint8Array)[]) =>
  Uint8Array.from(
    parts.flatMap((part) =>
      typeof part === 'string' ? [...part].map((c) => c.charCodeAt(0)) : Array.from(part),
    ),
  );
const u16be = (value: number) => [value >> 8, value & 0xff];
const u16le = (value: number) => [value & 0xff, value >> 8];
const u24le = (value: number) => [value & 0xff, (value >> 8) & 0xff, value >> 16];
const u32be = (value: number) => [value >>> 24, (value >> 16) & 0xff, (value >> 8) & 0xff, value & 0xff];
const u32le = (value: number) => u32be(value).reverse();

const png = (width: number, height: number) =>
  bytes(
    [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
    u32be(13),
    'IHDR',
    u32be(width),
    u32be(height),
    [8, 6, 0, 0, 0],
  );
const gif = (width: number, height: number) => bytes('GIF89a', u16le(width), u16le(height), [0xf7, 0, 0]);
const jfifApp0 = [
  0xff,
  0xe0,
  ...u16be(16),
  ...'JFIF'.split('').map((c) => c.charCodeAt(0)),
  0,
  1,
  1,
  0,
  0,
  1,
  0,
  1,
  0,
  0,
];
const huffmanTable = [0xff, 0xc4, ...u16be(5), 0, 0, 0];
const startOfFrame = (marker: number, width: number, height: number) => [
  0xff,
  marker,
  ...u16be(17),
  8,
  ...u16be(height),
  ...u16be(width),
  3,
];
const jpeg = (...segments: number[][]) => bytes([0xff, 0xd8], ...segments);
const webpLossy = (width: number, height: number) =>
  bytes(
    'RIFF',
    u32le(30),
    'WEBP',
    'VP8 ',
    u32le(18),
    [0x30, 0x01, 0x00, 0x9d, 0x01, 0x2a],
    u16le(width),
    u16le(height),
  );
const webpLossless = (width: number, height: number) =>
  bytes(
    'RIFF',
    u32le(30),
    'WEBP',
    'VP8L',
    u32le(10),
    [0x2f],
    u32le((width - 1) | ((height - 1) << 14)),
    [0, 0, 0],
  );
const webpExtended = (width: number, height: number) =>
  bytes('RIFF', u32le(30), 'WEBP', 'VP8X', u32le(10), [0x10, 0, 0, 0], u24le(width - 1), u24le(height - 1));

const cases: { name: string; format: ImageFormat; input: Uint8Array; expected: ImageSize | null }[] = [
  { name: 'PNG', format: 'png', input: png(640, 480), expected: { width: 640, height: 480 } },
  { name: 'PNG of 1×1', format: 'png', input: png(1, 1), expected: { width: 1, height: 1 } },
  { name: 'PNG cut inside IHDR', format: 'png', input: png(640, 480).subarray(0, 20), expected: null },
  {
    name: 'PNG whose first chunk is not IHDR',
    format: 'png',
    input: bytes(png(2, 2).subarray(0, 12), 'IDAT', u32be(2), u32be(2)),
    expected: null,
  },
  { name: 'PNG of zero width', format: 'png', input: png(0, 10), expected: null },
  { name: 'GIF', format: 'gif', input: gif(300, 200), expected: { width: 300, height: 200 } },
  {
    name: 'GIF87a',
    format: 'gif',
    input: bytes('GIF87a', u16le(7), u16le(9)),
    expected: { width: 7, height: 9 },
  },
  {
    name: 'baseline JPEG after JFIF and a Huffman table',
    format: 'jpg',
    input: jpeg(jfifApp0, huffmanTable, startOfFrame(0xc0, 1024, 768)),
    expected: { width: 1024, height: 768 },
  },
  {
    name: 'progressive JPEG',
    format: 'jpg',
    input: jpeg(jfifApp0, startOfFrame(0xc2, 50, 4000)),
    expected: { width: 50, height: 4000 },
  },
  {
    name: 'JPEG whose scan starts before any frame header',
    format: 'jpg',
    input: jpeg(jfifApp0, [0xff, 0xda, 0, 8]),
    expected: null,
  },
  { name: 'JPEG cut inside a segment', format: 'jpg', input: jpeg(jfifApp0).subarray(0, 10), expected: null },
  {
    name: 'JPEG with garbage between segments',
    format: 'jpg',
    input: jpeg(jfifApp0, [0x00, 0x11]),
    expected: null,
  },
  { name: 'lossy WebP', format: 'webp', input: webpLossy(320, 240), expected: { width: 320, height: 240 } },
  {
    name: 'lossless WebP',
    format: 'webp',
    input: webpLossless(16383, 2),
    expected: { width: 16383, height: 2 },
  },
  {
    name: 'extended WebP',
    format: 'webp',
    input: webpExtended(8000, 5000),
    expected: { width: 8000, height: 5000 },
  },
  {
    name: 'extended WebP cut inside its canvas size',
    format: 'webp',
    input: webpExtended(20, 9).subarray(0, 28),
    expected: null,
  },
  { name: 'a PNG read as a JPEG', format: 'jpg', input: png(10, 10), expected: null },
  {
    name: 'text read as a PNG',
    format: 'png',
    input: bytes('hello, this is not an image at all'),
    expected: null,
  },
  { name: 'an empty buffer', format: 'webp', input: new Uint8Array(), expected: null },
];

describe('imageSize', () => {
  it.each(cases)('$name', ({ format, input, expected }) => {
    expect(imageSize(input, format)).toEqual(expected);
  });

  it.each([
    ['PNG', 'png', png(2 ** 31, 1)],
    ['PNG', 'png', png(20_000, 20_000)],
    ['extended WebP', 'webp', webpExtended(6400, 6251)],
    ['GIF', 'gif', gif(65535, 65535)],
  ] as const)('refuses a %s beyond 40 megapixels, naming the file field', (_, format, input) => {
    expect(() => imageSize(input, format)).toThrow(
      expect.objectContaining({ key: 'upload.tooManyPixels', options: { field: 'file' } }),
    );
  });

  it('accepts exactly 40 megapixels', () => {
    expect(imageSize(png(8000, 5000), 'png')).toEqual({ width: 8000, height: 5000 });
  });

  it('reads a buffer that is a slice of a larger one', () => {
    const whole = bytes([1, 2, 3], png(9, 8));
    expect(imageSize(whole.subarray(3), 'png')).toEqual({ width: 9, height: 8 });
  });
});
