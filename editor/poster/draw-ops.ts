import QRCode from 'qrcode';
import {
  isTextElement,
  type PictureElement,
  type PosterDocument,
  type PosterElement,
  type TextElement,
} from '../../contract/poster-document';
import { fenToYuan } from '../../src/lib/format';

/**
 * What a poster looks like with data filled in, as a list of drawing operations for a 2D canvas. One
 * pure mapping serves the PNG export and the editor's own drawing of QR codes, so both agree.
 */

/** The data placeholders stand for; the editor and the export use sample values. */
export interface PosterData {
  nickname: string;
  /** A same-origin picture, or '' to draw the nickname's first character in a circle. */
  avatar: string;
  goodsName: string;
  goodsPriceFen: number;
  goodsImage: string;
  holderName: string;
  certificateNumber: string;
  issueDate: string;
  /** What the QR code encodes: the shop's preview address. */
  qrText: string;
}

export type DrawOp =
  | { kind: 'fill'; x: number; y: number; width: number; height: number; colour: string; radius: number }
  | { kind: 'image'; src: string; x: number; y: number; width: number; height: number; radius: number }
  | {
      kind: 'text';
      text: string;
      x: number;
      y: number;
      font: string;
      colour: string;
      align: 'left' | 'center' | 'right';
    }
  /** Dark cells of a square grid (a QR code), row by row. */
  | {
      kind: 'cells';
      x: number;
      y: number;
      cell: number;
      size: number;
      dark: readonly boolean[];
      colour: string;
    };

/** Placeholder tints when there is no picture to draw. */
export const PLACEHOLDER_FILL = '#e8e2d8';
const SEAL_COLOUR = '#c0392b';

export function fontOf(element: TextElement): string {
  const family = element.fontFamily.includes(' ')
    ? `"${element.fontFamily}", sans-serif`
    : element.fontFamily;
  return `${element.fontWeight} ${element.fontSize}px ${family}`;
}

/** The words an element shows: a text's own, or the data a placeholder stands for. */
export function elementText(element: TextElement, data: PosterData): string {
  switch (element.type) {
    case 'text':
      return element.text;
    case 'nickname':
      return data.nickname;
    case 'goodsName':
      return data.goodsName;
    case 'goodsPrice':
      return `¥${fenToYuan(data.goodsPriceFen)}`;
    case 'holderName':
      return data.holderName;
    case 'certificateNumber':
      return data.certificateNumber;
    case 'issueDate':
      return data.issueDate;
  }
}

/**
 * Breaks text into lines no wider than `maxWidth` (by character, as Chinese text breaks), keeping
 * the author's line breaks; at most `maxLines`, the last one ending in … when text was cut.
 */
export function wrapText(
  text: string,
  maxWidth: number,
  maxLines: number,
  measure: (text: string) => number,
): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    let line = '';
    for (const character of paragraph) {
      if (line && measure(line + character) > maxWidth) {
        lines.push(line);
        line = character.trim() ? character : '';
      } else line += character;
    }
    lines.push(line);
  }
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, Math.max(maxLines, 1));
  let last = kept.at(-1) ?? '';
  while (last && measure(`${last}…`) > maxWidth) last = last.slice(0, -1);
  kept[kept.length - 1] = `${last}…`;
  return kept;
}

/** The QR code of `text` as a grid of dark cells. */
export function qrCells(text: string): { size: number; dark: boolean[] } {
  const { modules } = QRCode.create(text || ' ', { errorCorrectionLevel: 'M' });
  return { size: modules.size, dark: Array.from(modules.data, (value) => value === 1) };
}

function textOps(element: TextElement, data: PosterData, measure: (text: string, font: string) => number) {
  const font = fontOf(element);
  const step = element.fontSize * element.lineHeight;
  const maxLines = Math.max(1, Math.floor((element.height + 0.5) / step));
  const lines = wrapText(elementText(element, data), element.width, maxLines, (line) => measure(line, font));
  const x =
    element.align === 'center'
      ? element.x + element.width / 2
      : element.align === 'right'
        ? element.x + element.width
        : element.x;
  // The line box's spare height sits half above and half below the glyphs, as in CSS.
  const lead = (step - element.fontSize) / 2;
  return lines.map(
    (text, index): DrawOp => ({
      kind: 'text',
      text,
      x,
      y: element.y + lead + index * step,
      font,
      colour: element.colour,
      align: element.align,
    }),
  );
}

function pictureOps(element: PictureElement, data: PosterData): DrawOp[] {
  const box = { x: element.x, y: element.y, width: element.width, height: element.height };
  const radius = Math.min(element.radius, element.width / 2, element.height / 2);
  const picture = (src: string): DrawOp => ({ kind: 'image', src, ...box, radius });
  const fill = (colour: string): DrawOp => ({ kind: 'fill', ...box, colour, radius });
  switch (element.type) {
    case 'image':
      return element.src ? [picture(element.src)] : [fill(PLACEHOLDER_FILL)];
    case 'goodsImage':
      return data.goodsImage ? [picture(data.goodsImage)] : [fill(PLACEHOLDER_FILL)];
    case 'seal':
      return element.src ? [picture(element.src)] : [fill(SEAL_COLOUR)];
    case 'avatar': {
      if (data.avatar) return [picture(data.avatar)];
      const size = Math.round(Math.min(element.width, element.height) * 0.5);
      return [
        fill('#8ab4f8'),
        {
          kind: 'text',
          text: [...data.nickname][0] ?? '',
          x: element.x + element.width / 2,
          y: element.y + (element.height - size) / 2,
          font: `bold ${size}px sans-serif`,
          colour: '#ffffff',
          align: 'center',
        },
      ];
    }
    case 'qrcode': {
      const { size, dark } = qrCells(data.qrText);
      // A quiet zone of two cells keeps the code readable on any background.
      const side = Math.min(element.width, element.height);
      const cell = side / (size + 4);
      return [
        { kind: 'fill', ...box, colour: '#ffffff', radius },
        {
          kind: 'cells',
          x: element.x + (element.width - cell * size) / 2,
          y: element.y + (element.height - cell * size) / 2,
          cell,
          size,
          dark,
          colour: element.colour,
        },
      ];
    }
  }
}

export function elementOps(
  element: PosterElement,
  data: PosterData,
  measure: (text: string, font: string) => number,
): DrawOp[] {
  if (element.hidden) return [];
  return isTextElement(element) ? textOps(element, data, measure) : pictureOps(element, data);
}

/** The whole poster, bottom to top: background colour, background picture, then each element. */
export function documentOps(
  document: PosterDocument,
  data: PosterData,
  measure: (text: string, font: string) => number,
): DrawOp[] {
  const page = { x: 0, y: 0, width: document.width, height: document.height, radius: 0 };
  const background: DrawOp[] = [{ kind: 'fill', ...page, colour: document.background.colour }];
  if (document.background.image) background.push({ kind: 'image', src: document.background.image, ...page });
  return [...background, ...document.elements.flatMap((element) => elementOps(element, data, measure))];
}

/** Pictures the operations draw, to load before drawing. */
export function imageSources(ops: readonly DrawOp[]): string[] {
  return [...new Set(ops.flatMap((op) => (op.kind === 'image' ? [op.src] : [])))];
}
