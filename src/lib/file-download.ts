import type { EndpointDefinition, EndpointInput } from '../../contract/endpoint';
import type { EndpointRef } from './endpoint-ref';
import { downloadEndpoint, type FileDownload } from './http';

/** Hands a file to the browser as a download under its own name. */
export function saveFile(file: FileDownload): void {
  const url = URL.createObjectURL(file.blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = file.fileName;
  anchor.click();
  // The browser reads the blob after this tick; revoking at once can cancel the download.
  window.setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Calls a binary endpoint (an export) and saves what it answers. */
export async function downloadFile<E extends EndpointDefinition>(
  endpoint: E | EndpointRef<E>,
  input: EndpointInput<E>,
): Promise<void> {
  saveFile(await downloadEndpoint(endpoint, input));
}
