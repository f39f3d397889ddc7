/** Largest JSON body the API reads; bigger ones get HTTP 413 with the envelope. */
export const JSON_BODY_LIMIT = 1024 * 1024;
/** Largest uploaded file (UploadImage1). */
export const UPLOAD_LIMIT = 5 * 1024 * 1024;

/** A byte count as the messages show it: whole megabytes. */
export function megabytes(bytes: number): string {
  return `${Math.round(bytes / (1024 * 1024))} MB`;
}
