import type { FileDownload } from '../../../src/lib/http';

/** Hands a downloaded file to the browser as a save. */
export function saveDownload(file: FileDownload): void {
  const url = URL.createObjectURL(file.blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = file.fileName;
  anchor.click();
  window.setTimeout(() => URL.revokeObjectURL(url), 1000);
}
