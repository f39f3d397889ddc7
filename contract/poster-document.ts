import { z } from 'zod';

/**
 * A poster or certificate design: a canvas of fixed size in design pixels with elements placed
 * absolutely, listed bottom to top. Placeholders (avatar, nickname, goods…, holder name…) are filled
 * with the member's or the goods' data when the mini-program draws the poster.
 */

export const POSTER_DOCUMENT_VERSION = 1;
export const POSTER_KINDS = ['poster', 'certificate'] as const;
export type PosterKind = (typeof POSTER_KINDS)[number];

export const MIN_CANVAS = 100;
export const MAX_CANVAS = 3000;
export const MIN_ELEMENT = 8;
export const MAX_ELEMENTS = 120;
export const MAX_TEXT = 500;

/** Canvas sizes offered in the editor, by kind; the first is the default. */
export const CANVAS_PRESETS: Record<PosterKind, readonly { width: number; height: number }[]> = {
  poster: [
    { width: 750, height: 1334 },
    { width: 750, height: 1000 },
    { width: 1080, height: 1920 },
  ],
  certificate: [
    { width: 1123, height: 794 },
    { width: 794, height: 1123 },
  ],
};

/** Fonts every phone and browser has a fallback for; the mini-program maps them to system fonts. */
export const FONT_FAMILIES = ['sans-serif', 'serif', 'monospace', 'PingFang SC', 'Microsoft YaHei'] as const;
export type FontFamily = (typeof FONT_FAMILIES)[number];

/** Text-like elements: their content is the text, or the data they stand for. */
export const TEXT_TYPES = [
  'text',
  'nickname',
  'goodsName',
  'goodsPrice',
  'holderName',
  'certificateNumber',
  'issueDate',
] as const;
/** Picture-like elements: an image, or the picture a placeholder stands for. */
export const PICTURE_TYPES = ['image', 'avatar', 'goodsImage', 'seal', 'qrcode'] as const;
export const ELEMENT_TYPES = [...TEXT_TYPES, ...PICTURE_TYPES] as const;
export type TextElementType = (typeof TEXT_TYPES)[number];
export type PictureElementType = (typeof PICTURE_TYPES)[number];
export type ElementType = TextElementType | PictureElementType;

/** Which element types each kind offers in the editor's palette. */
export const PALETTE: Record<PosterKind, readonly ElementType[]> = {
  poster: ['text', 'image', 'qrcode', 'avatar', 'nickname', 'goodsImage', 'goodsName', 'goodsPrice'],
  certificate: ['text', 'image', 'qrcode', 'holderName', 'certificateNumber', 'issueDate', 'seal'],
};

const colour = z.string().regex(/^#[0-9a-fA-F]{6}$/);
/** Same-origin uploads or inline pictures, so the export's canvas is never tainted. */
const imageUrl = z
  .string()
  .max(2_000_000)
  .refine((value) => value === '' || value.startsWith('/') || value.startsWith('data:image/'), {
    message: 'must be an uploaded image (/…) or an inline picture',
  });
const coordinate = z
  .number()
  .finite()
  .min(-MAX_CANVAS)
  .max(2 * MAX_CANVAS);
const length = z
  .number()
  .finite()
  .min(MIN_ELEMENT)
  .max(2 * MAX_CANVAS);

const base = {
  id: z.string().regex(/^[A-Za-z0-9_-]{1,32}$/),
  x: coordinate,
  y: coordinate,
  width: length,
  height: length,
  locked: z.boolean().default(false),
  hidden: z.boolean().default(false),
};

export const textStyleSchema = z.object({
  fontFamily: z.enum(FONT_FAMILIES).default('sans-serif'),
  fontSize: z.number().int().min(8).max(300).default(28),
  colour: colour.default('#333333'),
  fontWeight: z.enum(['normal', 'bold']).default('normal'),
  align: z.enum(['left', 'center', 'right']).default('left'),
  lineHeight: z.number().min(0.8).max(4).default(1.4),
});
export type TextStyle = z.infer<typeof textStyleSchema>;

const textElement = z.strictObject({
  ...base,
  ...textStyleSchema.shape,
  type: z.enum(TEXT_TYPES),
  /** The text of a `text` element; the others show sample data in the editor. */
  text: z.string().max(MAX_TEXT).default(''),
});

const pictureElement = z.strictObject({
  ...base,
  type: z.enum(PICTURE_TYPES),
  /** The picture of an `image` or `seal`; empty for placeholders filled at draw time. */
  src: imageUrl.default(''),
  /** Corner radius in design pixels; a round avatar uses half its size. */
  radius: z.number().min(0).max(MAX_CANVAS).default(0),
  /** Dots of a QR code. */
  colour: colour.default('#000000'),
});

export const posterElementSchema = z.discriminatedUnion('type', [textElement, pictureElement]);
export type PosterElement = z.infer<typeof posterElementSchema>;
export type TextElement = z.infer<typeof textElement>;
export type PictureElement = z.infer<typeof pictureElement>;

export const posterDocumentSchema = z
  .strictObject({
    version: z.literal(POSTER_DOCUMENT_VERSION),
    width: z.number().int().min(MIN_CANVAS).max(MAX_CANVAS),
    height: z.number().int().min(MIN_CANVAS).max(MAX_CANVAS),
    background: z.strictObject({ colour: colour, image: imageUrl }),
    elements: z.array(posterElementSchema).max(MAX_ELEMENTS),
  })
  .superRefine((document, context) => {
    const seen = new Set<string>();
    document.elements.forEach((element, index) => {
      if (seen.has(element.id))
        context.addIssue({ code: 'custom', path: ['elements', index, 'id'], message: 'duplicate id' });
      seen.add(element.id);
    });
  });
export type PosterDocument = z.infer<typeof posterDocumentSchema>;

export function isTextElement(element: PosterElement): element is TextElement {
  return (TEXT_TYPES as readonly string[]).includes(element.type);
}

export function blankPosterDocument(kind: PosterKind, size = CANVAS_PRESETS[kind][0]!): PosterDocument {
  return {
    version: POSTER_DOCUMENT_VERSION,
    width: size.width,
    height: size.height,
    background: { colour: kind === 'poster' ? '#ffffff' : '#fdf8ec', image: '' },
    elements: [],
  };
}
