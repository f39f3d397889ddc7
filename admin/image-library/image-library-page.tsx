import {
  Button,
  Checkbox,
  Heading,
  HStack,
  IconButton,
  NativeSelect,
  Spinner,
  Stack,
  Text,
} from '@chakra-ui/react';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import {
  delImage,
  delImageFolder,
  type ImageFolder,
  type LibraryImage,
  setImage,
  setImageFolder,
} from '../../contract/endpoints/image-library';
import { callEndpoint } from '../../src/lib/http';
import { withModuleMessages } from '../../src/lib/i18n/module-messages';
import { FolderNav } from '../../src/lib/image-library/folder-nav';
import { ImageGrid, PageButtons } from '../../src/lib/image-library/image-grid';
import { SearchBox } from '../../src/lib/image-library/search-box';
import {
  emptySelection,
  type Selection,
  toggleAllOnPage,
  toggleSelection,
} from '../../src/lib/image-library/selection';
import { UploadButton } from '../../src/lib/image-library/upload-button';
import { UploadList } from '../../src/lib/image-library/upload-list';
import {
  type FolderChoice,
  IMAGE_PAGE_SIZE,
  uploadFolder,
  useImageFolders,
  useImagePage,
} from '../../src/lib/image-library/use-image-library';
import { useUploadQueue } from '../../src/lib/image-library/use-upload-queue';
import { NameDialog } from '../../src/lib/name-dialog';
import { confirmDialog, showToast } from '../../src/lib/notify';
import { useResourceAction } from '../core/use-resource-list';
import { imageLibraryCatalogues } from './messages';
import { usageLines } from './usage-text';

type Naming =
  | { kind: 'newFolder' }
  | { kind: 'folder'; folder: ImageFolder }
  | { kind: 'image'; image: LibraryImage };

/** /shop/decorateShop/imagesSupervise: folders, upload, search, rename, move and delete images. */
function ImageLibraryPage() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const [folder, setFolder] = useState<FolderChoice>('all');
  const [name, setName] = useState('');
  const [page, setPage] = useState(1);
  const [selection, setSelection] = useState<Selection>(emptySelection);
  const [naming, setNaming] = useState<Naming | null>(null);
  const [target, setTarget] = useState('0');
  const folders = useImageFolders();
  const images = useImagePage(folder, name, page);
  const queue = useUploadQueue();
  const saveFolder = useResourceAction([], setImageFolder);
  const removeFolder = useResourceAction([], delImageFolder);
  const changeImages = useResourceAction([], setImage);
  const rows = images.data?.Data ?? [];
  const pageIds = rows.map((image) => image.Id);
  const selectedIds = [...selection.ids];
  const allOnPage = pageIds.length > 0 && pageIds.every((id) => selection.ids.has(id));
  const folderList = folders.data?.Data ?? [];

  const show = (next: FolderChoice) => {
    setFolder(next);
    setPage(1);
    setSelection(emptySelection);
  };

  const deleteFolder = async (entry: ImageFolder) => {
    const confirmed = await confirmDialog({
      title: t('images.confirmTitle'),
      message: t('images.folder.deleteConfirm', { name: entry.Name, count: entry.ImageCount }),
      confirmText: t('images.folder.delete'),
      cancelText: t('images.cancel'),
    });
    if (!confirmed) return;
    if ((await removeFolder.run({ input: { Id: entry.Id } })) && folder === entry.Id) show('all');
  };

  const confirmDelete = async () => {
    const ids = selectedIds;
    const confirmed = await confirmDialog({
      title: t('images.confirmTitle'),
      message: t('images.deleteConfirm', { count: ids.length }),
      confirmText: t('images.delete'),
      cancelText: t('images.cancel'),
    });
    if (!confirmed) return;
    try {
      const first = await callEndpoint(delImage, { Ids: ids });
      if (first.Deleted === 0 && first.Usages.length > 0) {
        const list = usageLines(first.Usages, (use) => t(`images.use.${use.Kind}`, { name: use.Name }));
        const force = await confirmDialog({
          title: t('images.inUseTitle'),
          message: t('images.inUse', { count: first.Usages.length, list }),
          confirmText: t('images.deleteAnyway'),
          cancelText: t('images.cancel'),
        });
        if (!force) return;
        await callEndpoint(delImage, { Ids: ids, Force: true });
      }
      showToast('success', t('images.done'));
      setSelection(emptySelection);
    } catch {
      // The HTTP layer showed the server's message.
    } finally {
      await images.refetch();
      await folders.refetch();
    }
  };

  const move = async () => {
    if (await changeImages.run({ input: { Ids: selectedIds, FolderId: Number(target) } })) {
      setSelection(emptySelection);
    }
  };

  return (
    <Stack gap="4" padding="5">
      <Heading as="h1" size="lg">
        <FormattedMessage id="images.title" />
      </Heading>
      <HStack align="flex-start" gap="5">
        <Stack width="60" flexShrink={0} gap="2">
          <Button size="sm" variant="outline" onClick={() => setNaming({ kind: 'newFolder' })}>
            <FormattedMessage id="images.folder.add" />
          </Button>
          <FolderNav
            folders={folderList}
            rootCount={folders.data?.RootCount ?? 0}
            totalCount={folders.data?.TotalCount ?? 0}
            current={folder}
            onChoose={show}
            actions={(entry) => (
              <>
                <IconButton
                  size="xs"
                  variant="ghost"
                  aria-label={t('images.folder.renameNamed', { name: entry.Name })}
                  onClick={() => setNaming({ kind: 'folder', folder: entry })}
                >
                  <span aria-hidden="true">✎</span>
                </IconButton>
                <IconButton
                  size="xs"
                  variant="ghost"
                  colorPalette="red"
                  aria-label={t('images.folder.deleteNamed', { name: entry.Name })}
                  onClick={() => void deleteFolder(entry)}
                >
                  <span aria-hidden="true">×</span>
                </IconButton>
              </>
            )}
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
            <UploadButton onFiles={(files) => void queue.upload(files, uploadFolder(folder))} />
          </HStack>
          <UploadList items={queue.items} onClear={queue.clearFinished} />
          <HStack gap="3" wrap="wrap" minHeight="8">
            <Checkbox.Root
              checked={allOnPage}
              disabled={pageIds.length === 0}
              onCheckedChange={() => setSelection(toggleAllOnPage(selection, pageIds))}
            >
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>
                <FormattedMessage id="images.selectAll" />
              </Checkbox.Label>
            </Checkbox.Root>
            {selectedIds.length > 0 && (
              <>
                <Text fontSize="sm" role="status">
                  <FormattedMessage id="images.selected" values={{ count: selectedIds.length }} />
                </Text>
                <NativeSelect.Root size="sm" width="48">
                  <NativeSelect.Field
                    aria-label={t('images.moveTo')}
                    value={target}
                    onChange={(event) => setTarget(event.target.value)}
                  >
                    <option value="0">{t('imageLibrary.folder.root')}</option>
                    {folderList.map((entry) => (
                      <option key={entry.Id} value={String(entry.Id)}>
                        {entry.Name}
                      </option>
                    ))}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
                <Button
                  size="sm"
                  variant="outline"
                  loading={changeImages.pending}
                  onClick={() => void move()}
                >
                  <FormattedMessage id="images.move" />
                </Button>
                <Button size="sm" variant="outline" colorPalette="red" onClick={() => void confirmDelete()}>
                  <FormattedMessage id="images.delete" />
                </Button>
              </>
            )}
          </HStack>
          {images.isPending ? (
            <Spinner aria-label={t('imageLibrary.loading')} alignSelf="center" />
          ) : rows.length === 0 ? (
            <Text color="fg.muted">
              <FormattedMessage id="imageLibrary.empty" />
            </Text>
          ) : (
            <ImageGrid
              images={rows}
              selected={selection.ids}
              onToggle={(id, shift) => setSelection(toggleSelection(selection, pageIds, id, shift))}
              actions={(image) => (
                <Button
                  size="2xs"
                  variant="ghost"
                  aria-label={t('images.image.renameNamed', { name: image.Name })}
                  onClick={() => setNaming({ kind: 'image', image })}
                >
                  <FormattedMessage id="images.image.rename" />
                </Button>
              )}
            />
          )}
          <PageButtons
            page={page}
            total={images.data?.Total ?? 0}
            pageSize={IMAGE_PAGE_SIZE}
            onPage={(next) => {
              setPage(next);
              setSelection({ ids: selection.ids, anchor: null });
            }}
          />
        </Stack>
      </HStack>
      {naming && (
        <NameDialog
          title={t(
            naming.kind === 'image'
              ? 'images.image.rename'
              : naming.kind === 'folder'
                ? 'images.folder.rename'
                : 'images.folder.add',
          )}
          label={t(naming.kind === 'image' ? 'images.image.name' : 'images.folder.name')}
          initial={
            naming.kind === 'image' ? naming.image.Name : naming.kind === 'folder' ? naming.folder.Name : ''
          }
          maxLength={naming.kind === 'image' ? 100 : 30}
          submitLabel={t('images.save')}
          onClose={() => setNaming(null)}
          onSubmit={async (value) => {
            const saved = await (naming.kind === 'image'
              ? changeImages.run({ input: { Ids: [naming.image.Id], Name: value } })
              : saveFolder.run({
                  input: naming.kind === 'folder' ? { Id: naming.folder.Id, Name: value } : { Name: value },
                }));
            if (saved) setNaming(null);
          }}
        />
      )}
    </Stack>
  );
}

export default withModuleMessages(ImageLibraryPage, imageLibraryCatalogues);
