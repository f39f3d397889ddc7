import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getImageFolderList, getImageList } from '../../../contract/endpoints/image-library';
import { endpointQuery } from '../query-options';

/** Which images a grid shows: `all`, the root (0) or a folder id. */
export type FolderChoice = 'all' | number;

export const IMAGE_PAGE_SIZE = 24;

export function useImageFolders() {
  return useQuery(endpointQuery(getImageFolderList, {}));
}

export function useImagePage(folder: FolderChoice, name: string, page: number) {
  const input = {
    page,
    pageSize: IMAGE_PAGE_SIZE,
    ...(folder === 'all' ? {} : { FolderId: folder }),
    ...(name ? { Name: name } : {}),
  };
  return useQuery({ ...endpointQuery(getImageList, input), placeholderData: keepPreviousData });
}

/** The folder an upload goes to when the grid shows `folder`. */
export function uploadFolder(folder: FolderChoice): number {
  return folder === 'all' ? 0 : folder;
}
