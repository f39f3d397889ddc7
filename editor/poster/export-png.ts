import type { PosterDocument } from '../../contract/poster-document';
import { type DrawOp, documentOps, imageSources, type PosterData } from './draw-ops';

function loadImage(src: string): Promise<HTMLImageElement | null> {
  return new Promise((resolve) => {
    const image = new Image();
    // Uploads are same-origin; anything else must not taint the canvas, so it is asked for with CORS.
    if (!src.startsWith('/') && !src.startsWith('data:')) image.crossOrigin = 'anonymous';
    image.onload = () => resolve(image);
    image.onerror = () => resolve(null);
    image.src = src;
  });
}

function roundedPath(
  context: CanvasRenderingContext2D,
  op: { x: number; y: number; width: number; height: number; radius: number },
) {
  context.beginPath();
  context.roundRect(op.x, op.y, op.width, op.height, op.radius);
}

/** Covers the box with the picture, cropping what overflows, as `object-fit: cover`. */
function drawCover(
  context: CanvasRenderingContext2D,
  image: HTMLImageElement,
  op: Extract<DrawOp, { kind: 'image' }>,
) {
  const scale = Math.max(op.width / image.naturalWidth, op.height / image.naturalHeight);
  const width = op.width / scale;
  const height = op.height / scale;
  context.save();
  roundedPath(context, op);
  context.clip();
  context.drawImage(
    image,
    (image.naturalWidth - width) / 2,
    (image.naturalHeight - height) / 2,
    width,
    height,
    op.x,
    op.y,
    op.width,
    op.height,
  );
  context.restore();
}

export function drawOps(
  context: CanvasRenderingContext2D,
  ops: readonly DrawOp[],
  images: ReadonlyMap<string, HTMLImageElement | null>,
): void {
  context.textBaseline = 'top';
  for (const op of ops) {
    if (op.kind === 'fill') {
      context.fillStyle = op.colour;
      roundedPath(context, op);
      context.fill();
    } else if (op.kind === 'image') {
      const image = images.get(op.src);
      if (image) drawCover(context, image, op);
    } else if (op.kind === 'text') {
      context.font = op.font;
      context.fillStyle = op.colour;
      context.textAlign = op.align;
      context.fillText(op.text, op.x, op.y);
    } else {
      context.fillStyle = op.colour;
      op.dark.forEach((dark, index) => {
        if (!dark) return;
        const row = Math.floor(index / op.size);
        const column = index % op.size;
        // Overlap by a hair so neighbouring cells leave no seams.
        context.fillRect(op.x + column * op.cell, op.y + row * op.cell, op.cell + 0.5, op.cell + 0.5);
      });
    }
  }
}

/** Draws the poster at its design size with the given data and returns it as a PNG. */
export async function renderPosterPng(document: PosterDocument, data: PosterData): Promise<Blob> {
  const canvas = window.document.createElement('canvas');
  canvas.width = document.width;
  canvas.height = document.height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('canvas 2d unavailable');
  const ops = documentOps(document, data, (text, font) => {
    context.font = font;
    return context.measureText(text).width;
  });
  const sources = imageSources(ops);
  const loaded = await Promise.all(sources.map(loadImage));
  drawOps(context, ops, new Map(sources.map((src, index) => [src, loaded[index] ?? null])));
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('canvas.toBlob failed'))), 'image/png'),
  );
}

/** A file name for the exported PNG: the design's name without characters file systems refuse. */
export function pngFileName(name: string, width: number, height: number): string {
  const safe = name.replace(/[\\/:*?"<>|\s]+/g, '-').replace(/^-+|-+$/g, '') || 'poster';
  return `${safe}-${width}x${height}.png`;
}
