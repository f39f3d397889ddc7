import { Button, HStack, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import type { ImageFolder } from '../../../contract/endpoints/image-library';
import type { FolderChoice } from './use-image-library';

/** The folder list: all images, the root, then each folder with its count. */
export function FolderNav({
  folders,
  rootCount,
  totalCount,
  current,
  onChoose,
  actions,
}: {
  folders: readonly ImageFolder[];
  rootCount: number;
  totalCount: number;
  current: FolderChoice;
  onChoose(folder: FolderChoice): void;
  actions?: (folder: ImageFolder) => ReactNode;
}) {
  const intl = useIntl();
  const entry = (key: FolderChoice, name: string, count: number, folder?: ImageFolder) => (
    <HStack as="li" key={String(key)} gap="1">
      <Button
        size="sm"
        variant={current === key ? 'subtle' : 'ghost'}
        colorPalette={current === key ? 'brand' : 'gray'}
        aria-current={current === key ? 'true' : undefined}
        justifyContent="flex-start"
        flex="1"
        minWidth="0"
        onClick={() => onChoose(key)}
      >
        <Text truncate>{intl.formatMessage({ id: 'imageLibrary.folder.count' }, { name, count })}</Text>
      </Button>
      {folder && actions?.(folder)}
    </HStack>
  );
  return (
    <Stack as="nav" aria-label={intl.formatMessage({ id: 'imageLibrary.folders' })} gap="1">
      <Stack as="ul" gap="1" listStyleType="none" margin="0" padding="0">
        {entry('all', intl.formatMessage({ id: 'imageLibrary.folder.all' }), totalCount)}
        {entry(0, intl.formatMessage({ id: 'imageLibrary.folder.root' }), rootCount)}
        {folders.map((folder) => entry(folder.Id, folder.Name, folder.ImageCount, folder))}
      </Stack>
    </Stack>
  );
}
