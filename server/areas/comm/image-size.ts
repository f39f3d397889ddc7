import { imageSize as readHeader } from 'image-size';
import { AppError } from '../../http/errors';

export type ImageFormat = 'png' | 'jpg' | 'gif' | 'webp';

export interface ImageSize {
  width: number;
  height: number;
}

/**
 * Above this a decoded image costs a phone or browser more memory than any shop page needs
 * (40 megapixels is 160 MB of RGBA); the header alone says so before anything is stored.
 */
export const MAX_PIXELS = 40_000_000;

/** The width and height columns are 32-bit signed integers. */
const MAX_SIDE = 2 ** 31 - 1;

/**
 * Width and height from an image's header (image-size reads headers only, never pixels). Null when
 * the header is not the given format, is cut short or malformed, or gives a zero size; refused with
 * the file field named when the size is beyond what is stored or shown.
 */
export function imageSize(bytes: Uint8Array, format: ImageFormat): ImageSize | null {
  let header: ReturnType<typeof readHeader>;
  try {
    // image-size reads through the view's whole ArrayBuffer, and a small Buffer is a window on
    // Node's shared pool: a header cut short would be completed by whatever follows it there.
    header = readHeader(new Uint8Array(bytes));
  } catch {
    return null;
  }
  const { width, height, type } = header;
  if (type !== format || !width || !height) return null;
  if (width > MAX_SIDE || height > MAX_SIDE || width * height > MAX_PIXELS) {
    throw new AppError(
      'upload.tooManyPixels',
      { width, height, limit: MAX_PIXELS / 1_000_000 },
      { field: 'file' },
    );
  }
  return { width, height };
}
