/** Types the server accepts (it checks the content again); the browser's type is only a first filter. */
export const ACCEPTED_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
/** The server's UPLOAD_LIMIT (server/http/limits.ts). */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
export const MAX_UPLOAD_LABEL = '5 MB';

export type UploadRefusal = 'type' | 'size';

/** Why a file is refused before it is sent, or null when it may be sent. */
export function uploadRefusal(file: { type: string; size: number }): UploadRefusal | null {
  if (!(ACCEPTED_IMAGE_TYPES as readonly string[]).includes(file.type)) return 'type';
  if (file.size > MAX_UPLOAD_BYTES) return 'size';
  return null;
}

/** Whole percent of a progress event; 0 when the total is unknown yet. */
export function uploadPercent(loaded: number, total: number | undefined): number {
  if (!total) return 0;
  return Math.min(100, Math.max(0, Math.floor((loaded / total) * 100)));
}
