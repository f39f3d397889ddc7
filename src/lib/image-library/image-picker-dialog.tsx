import { Button, CloseButton, Dialog, HStack, Portal, Spinner, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { FolderNav } from './folder-nav';
import { ImageGrid, PageButtons } from './image-grid';
import { SearchBox } from './search-box';
import { emptySelection, type Selection, singleSelection, toggleSelection } from './selection';
import { UploadButton } from './upload-button';
import { UploadList } from './upload-list';
import {
  type FolderChoice,
  IMAGE_PAGE_SIZE,
  uploadFolder,
  useImageFolders,
  useImagePage,
} from './use-image-library';
import { useUploadQueue } from './use-upload-queue';

function PickerBody({
  onClose,
  onPick,
  multiple,
}: {
  onClose(): void;
  onPick(urls: string[]): void;
  multiple: boolean;
}) {
  const intl = useIntl();
  const [folder, setFolder] = useState<FolderChoice>('all');
  const [name, setName] = useState('');
  const [page, setPage] = useState(1);
  const [selection, setSelection] = useState<Selection>(emptySelection);
  const [picked, setPicked] = useState<Map<number, string>>(new Map());
  const folders = useImageFolders();
  const images = useImagePage(folder, name, page);
  const queue = useUploadQueue();
  const rows = images.data?.Data ?? [];
  const pageIds = rows.map((image) => image.Id);

  const choose = (ids: ReadonlySet<number>, next: Selection) => {
    // Picked urls survive paging and folder changes: a tile may no longer be on screen.
    const urls = new Map([...picked].filter(([id]) => ids.has(id)));
    for (const image of rows) if (ids.has(image.Id)) urls.set(image.Id, image.Url);
    setPicked(urls);
    setSelection(next);
  };
  const toggle = (id: number, shift: boolean) => {
    const next = multiple ? toggleSelection(selection, pageIds, id, shift) : singleSelection(selection, id);
    choose(next.ids, next);
  };
  const upload = async (files: File[]) => {
    const uploaded = await queue.upload(files, uploadFolder(folder));
    if (uploaded.length === 0) return;
    const urls = multiple ? new Map(picked) : new Map<number, string>();
    for (const image of multiple ? uploaded : uploaded.slice(-1)) urls.set(image.Id, image.Url);
    setPicked(urls);
    setSelection({ ids: new Set(urls.keys()), anchor: null });
  };
  const changeFolder = (next: FolderChoice) => {
    setFolder(next);
    setPage(1);
  };

  return (
    <>
      <Dialog.Header>
        <Dialog.Title>
          <FormattedMessage id="imageLibrary.picker.title" />
        </Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        <HStack align="flex-start" gap="4">
          <Stack width="48" flexShrink={0}>
            <FolderNav
              folders={folders.data?.Data ?? []}
              rootCount={folders.data?.RootCount ?? 0}
              totalCount={folders.data?.TotalCount ?? 0}
              current={folder}
              onChoose={changeFolder}
            />
          </Stack>
          <Stack flex="1" minWidth="0" gap="3">
            <HStack justify="space-between" wrap="wrap" gap="2">
              <SearchBox
                value={name}
                onSearch={(next) => {
                  setName(next);
                  setPage(1);
                }}
              />
              <UploadButton onFiles={(files) => void upload(files)} />
            </HStack>
            <UploadList items={queue.items} onClear={queue.clearFinished} />
            {images.isPending ? (
              <Spinner aria-label={intl.formatMessage({ id: 'imageLibrary.loading' })} alignSelf="center" />
            ) : rows.length === 0 ? (
              <Text color="fg.muted">
                <FormattedMessage id="imageLibrary.empty" />
              </Text>
            ) : (
              <ImageGrid images={rows} selected={selection.ids} onToggle={toggle} />
            )}
            <PageButtons
              page={page}
              total={images.data?.Total ?? 0}
              pageSize={IMAGE_PAGE_SIZE}
              onPage={setPage}
            />
          </Stack>
        </HStack>
      </Dialog.Body>
      <Dialog.Footer>
        <Button variant="outline" onClick={onClose}>
          <FormattedMessage id="imageLibrary.cancel" />
        </Button>
        <Button
          colorPalette="brand"
          disabled={picked.size === 0}
          onClick={() => onPick([...picked.values()])}
        >
          {multiple ? (
            <FormattedMessage id="imageLibrary.picker.pickCount" values={{ count: picked.size }} />
          ) : (
            <FormattedMessage id="imageLibrary.picker.pick" />
          )}
        </Button>
      </Dialog.Footer>
      <Dialog.CloseTrigger asChild>
        <CloseButton size="sm" aria-label={intl.formatMessage({ id: 'imageLibrary.close' })} />
      </Dialog.CloseTrigger>
    </>
  );
}

/**
 * Picks one image (or several with `multiple`) from the shop's library: browse folders, search by
 * name, upload in place (the new images come selected). `onPick` gets the urls in picking order.
 */
export function ImagePickerDialog({
  open,
  onClose,
  onPick,
  multiple,
}: {
  open: boolean;
  onClose(): void;
  onPick(urls: string[]): void;
  multiple?: boolean;
}) {
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => !details.open && onClose()}
      placement="center"
      size="xl"
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="image-picker-dialog" maxHeight="90vh" overflowY="auto">
            <PickerBody onClose={onClose} onPick={onPick} multiple={multiple === true} />
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
