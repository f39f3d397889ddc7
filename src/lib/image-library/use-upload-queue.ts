import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import type { EndpointOutput } from '../../../contract/endpoint';
import { uploadImage } from '../../../contract/endpoints/comm';
import { getImageFolderList, getImageList } from '../../../contract/endpoints/image-library';
import { http } from '../http';
import { endpointKey } from '../query-options';
import { uploadPercent, uploadRefusal } from './upload-rules';

export type UploadedImage = EndpointOutput<typeof uploadImage>;

export type UploadState =
  | { status: 'waiting' }
  | { status: 'sending'; percent: number }
  | { status: 'done'; image: UploadedImage }
  | { status: 'refused'; reason: 'type' | 'size' }
  | { status: 'failed'; message: string };

export interface UploadItem {
  key: string;
  name: string;
  state: UploadState;
}

let uploadCounter = 0;

async function send(
  file: File,
  folderId: number,
  onPercent: (percent: number) => void,
): Promise<UploadedImage> {
  const form = new FormData();
  // Text fields go before the file: the server reads the fields that precede it.
  form.append('FolderId', String(folderId));
  form.append('file', file);
  const response = await http.post(uploadImage.path, form, {
    onUploadProgress: (event) => onPercent(uploadPercent(event.loaded, event.total)),
  });
  return response.data as UploadedImage;
}

/**
 * Uploads several files one after the other into a folder, keeping each file's progress and its
 * own error (refused type, too big, or what the server said), so one bad file does not stop the rest.
 */
export function useUploadQueue() {
  const queryClient = useQueryClient();
  const [items, setItems] = useState<UploadItem[]>([]);

  const update = useCallback((key: string, state: UploadState) => {
    setItems((current) => current.map((item) => (item.key === key ? { ...item, state } : item)));
  }, []);

  const upload = useCallback(
    async (files: readonly File[], folderId: number): Promise<UploadedImage[]> => {
      const queued = files.map((file) => {
        uploadCounter += 1;
        const refusal = uploadRefusal(file);
        const state: UploadState = refusal ? { status: 'refused', reason: refusal } : { status: 'waiting' };
        return { file, item: { key: `upload-${uploadCounter}`, name: file.name, state } };
      });
      setItems((current) => [...current, ...queued.map((entry) => entry.item)]);
      const uploaded: UploadedImage[] = [];
      for (const { file, item } of queued) {
        if (item.state.status === 'refused') continue;
        update(item.key, { status: 'sending', percent: 0 });
        try {
          const image = await send(file, folderId, (percent) =>
            update(item.key, { status: 'sending', percent }),
          );
          uploaded.push(image);
          update(item.key, { status: 'done', image });
        } catch (error) {
          update(item.key, {
            status: 'failed',
            message: error instanceof Error ? error.message : String(error),
          });
        }
      }
      // Only the library's reads: its area is shared with the editors, whose documents must not be
      // fetched again under the person's unsaved changes.
      if (uploaded.length > 0)
        await Promise.all(
          [getImageList, getImageFolderList].map((endpoint) =>
            queryClient.invalidateQueries({ queryKey: endpointKey(endpoint) }),
          ),
        );
      return uploaded;
    },
    [queryClient, update],
  );

  const clearFinished = useCallback(() => {
    setItems((current) =>
      current.filter((item) => item.state.status === 'waiting' || item.state.status === 'sending'),
    );
  }, []);

  return { items, upload, clearFinished };
}
