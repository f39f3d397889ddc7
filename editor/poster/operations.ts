import {
  type ElementType,
  MIN_ELEMENT,
  PICTURE_TYPES,
  type PictureElement,
  type PictureElementType,
  type PosterDocument,
  type PosterElement,
  type TextElement,
  type TextElementType,
  textStyleSchema,
} from '../../contract/poster-document';
import { clampRect, moveBy, type Rect, type Size } from './geometry';

/** Pure edits of a poster document; each returns a new document, or the same one when nothing changed. */

const SIZES: Record<ElementType, Size> = {
  text: { width: 400, height: 60 },
  nickname: { width: 300, height: 44 },
  goodsName: { width: 500, height: 90 },
  goodsPrice: { width: 300, height: 60 },
  holderName: { width: 500, height: 70 },
  certificateNumber: { width: 400, height: 40 },
  issueDate: { width: 300, height: 40 },
  image: { width: 300, height: 300 },
  avatar: { width: 96, height: 96 },
  goodsImage: { width: 500, height: 500 },
  seal: { width: 160, height: 160 },
  qrcode: { width: 200, height: 200 },
};

const TEXT_PRESETS: Partial<Record<TextElementType, Partial<PosterElement>>> = {
  goodsPrice: { fontSize: 40, colour: '#e4393c', fontWeight: 'bold' },
  holderName: { fontSize: 44, align: 'center', fontFamily: 'serif' },
  certificateNumber: { fontSize: 22 },
  issueDate: { fontSize: 22 },
};

/** A new element of the type, centred on the canvas (shrunk to fit a small one). */
export function createElement(type: ElementType, id: string, canvas: Size, text = ''): PosterElement {
  const wanted = SIZES[type];
  const width = Math.max(MIN_ELEMENT, Math.min(wanted.width, canvas.width));
  const height = Math.max(MIN_ELEMENT, Math.min(wanted.height, canvas.height));
  const box = {
    id,
    x: Math.round((canvas.width - width) / 2),
    y: Math.round((canvas.height - height) / 2),
    width,
    height,
    locked: false,
    hidden: false,
  };
  if ((PICTURE_TYPES as readonly string[]).includes(type)) {
    const round = type === 'avatar' || type === 'seal';
    return {
      ...box,
      type: type as PictureElementType,
      src: '',
      radius: round ? Math.round(width / 2) : 0,
      colour: '#000000',
    };
  }
  return {
    ...box,
    ...textStyleSchema.parse({}),
    ...(TEXT_PRESETS[type as TextElementType] ?? {}),
    type: type as TextElementType,
    text: type === 'text' ? text : '',
  } as PosterElement;
}

function mapElements(
  document: PosterDocument,
  ids: readonly string[],
  change: (element: PosterElement) => PosterElement,
): PosterDocument {
  let changed = false;
  const elements = document.elements.map((element) => {
    if (!ids.includes(element.id)) return element;
    const next = change(element);
    if (next !== element) changed = true;
    return next;
  });
  return changed ? { ...document, elements } : document;
}

export function addElement(document: PosterDocument, element: PosterElement): PosterDocument {
  return { ...document, elements: [...document.elements, element] };
}

/** Places an unlocked element at a rectangle (a drag's end, or the property panel's numbers). */
export function placeElement(document: PosterDocument, id: string, rect: Rect): PosterDocument {
  return mapElements(document, [id], (element) => {
    if (element.locked) return element;
    const next = clampRect(rect, document);
    if (
      next.x === element.x &&
      next.y === element.y &&
      next.width === element.width &&
      next.height === element.height
    )
      return element;
    return { ...element, ...next };
  });
}

/** Moves unlocked elements by whole pixels, each kept inside the canvas. */
export function nudgeElements(
  document: PosterDocument,
  ids: readonly string[],
  dx: number,
  dy: number,
): PosterDocument {
  return mapElements(document, ids, (element) => {
    if (element.locked) return element;
    const next = moveBy(element, dx, dy, document);
    return next.x === element.x && next.y === element.y ? element : { ...element, x: next.x, y: next.y };
  });
}

/** Any element's editable fields; each element keeps only the ones it has. */
export type ElementPatch = Partial<Omit<TextElement, 'id' | 'type'>> &
  Partial<Omit<PictureElement, 'id' | 'type'>>;

/** Property edits (text, colour, font…); geometry goes through placeElement. */
export function updateElement(document: PosterDocument, id: string, patch: ElementPatch): PosterDocument {
  return mapElements(document, [id], (element) => {
    const entries = Object.entries(patch).filter(
      ([key, value]) => (element as Record<string, unknown>)[key] !== value,
    );
    return entries.length === 0 ? element : ({ ...element, ...Object.fromEntries(entries) } as PosterElement);
  });
}

export function deleteElements(document: PosterDocument, ids: readonly string[]): PosterDocument {
  const elements = document.elements.filter((element) => !ids.includes(element.id) || element.locked);
  return elements.length === document.elements.length ? document : { ...document, elements };
}

/** Copies sit just above their originals, offset by 20 px; returns the copies' ids. */
export function duplicateElements(
  document: PosterDocument,
  ids: readonly string[],
  newId: () => string,
): { document: PosterDocument; ids: string[] } {
  const copies: string[] = [];
  const elements = document.elements.flatMap((element) => {
    if (!ids.includes(element.id)) return [element];
    const id = newId();
    copies.push(id);
    const moved = moveBy(element, 20, 20, document);
    return [element, { ...element, id, x: moved.x, y: moved.y, locked: false }];
  });
  return copies.length === 0 ? { document, ids: [] } : { document: { ...document, elements }, ids: copies };
}

/** Moves an element to a position of the bottom-to-top order. */
export function reorderElement(document: PosterDocument, id: string, toIndex: number): PosterDocument {
  const from = document.elements.findIndex((element) => element.id === id);
  const to = Math.max(0, Math.min(toIndex, document.elements.length - 1));
  if (from === -1 || from === to) return document;
  const elements = [...document.elements];
  const [moved] = elements.splice(from, 1);
  elements.splice(to, 0, moved!);
  return { ...document, elements };
}

export function setFlag(
  document: PosterDocument,
  ids: readonly string[],
  flag: 'locked' | 'hidden',
  value: boolean,
): PosterDocument {
  return mapElements(document, ids, (element) =>
    element[flag] === value ? element : { ...element, [flag]: value },
  );
}

export function setBackground(
  document: PosterDocument,
  patch: Partial<PosterDocument['background']>,
): PosterDocument {
  const background = { ...document.background, ...patch };
  return background.colour === document.background.colour && background.image === document.background.image
    ? document
    : { ...document, background };
}

/** A new canvas size; elements that would stick out move back inside. */
export function resizeCanvas(document: PosterDocument, size: Size): PosterDocument {
  if (size.width === document.width && size.height === document.height) return document;
  return {
    ...document,
    ...size,
    elements: document.elements.map((element) => {
      const width = Math.min(element.width, size.width);
      const height = Math.min(element.height, size.height);
      return { ...element, ...clampRect({ x: element.x, y: element.y, width, height }, size) };
    }),
  };
}

export function findElement(document: PosterDocument, id: string): PosterElement | undefined {
  return document.elements.find((element) => element.id === id);
}
