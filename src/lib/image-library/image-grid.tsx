import { Box, Button, chakra, HStack, Image, SimpleGrid, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import type { LibraryImage } from '../../../contract/endpoints/image-library';

const Checkbox = chakra('input');

/**
 * Image tiles, each with a checkbox named after the image. A click on the checkbox or the picture
 * toggles it; with Shift held it selects the range from the last clicked tile.
 */
export function ImageGrid({
  images,
  selected,
  onToggle,
  actions,
}: {
  images: readonly LibraryImage[];
  selected: ReadonlySet<number>;
  onToggle(id: number, shift: boolean): void;
  actions?: (image: LibraryImage) => ReactNode;
}) {
  const intl = useIntl();
  return (
    <SimpleGrid as="ul" minChildWidth="36" gap="3" listStyleType="none" margin="0" padding="0">
      {images.map((image) => {
        const checked = selected.has(image.Id);
        return (
          <Box
            as="li"
            key={image.Id}
            data-testid="image-tile"
            borderWidth="2px"
            borderRadius="md"
            borderColor={checked ? 'colorPalette.solid' : 'border'}
            colorPalette="brand"
            padding="2"
            maxWidth="48"
          >
            <HStack gap="2" marginBottom="1">
              <Checkbox
                type="checkbox"
                checked={checked}
                readOnly
                aria-label={intl.formatMessage({ id: 'imageLibrary.select' }, { name: image.Name })}
                onClick={(event) => onToggle(image.Id, event.shiftKey)}
                width="4"
                height="4"
                cursor="pointer"
              />
              <Text fontSize="xs" truncate title={image.Name}>
                {image.Name}
              </Text>
            </HStack>
            <Image
              src={image.Url}
              alt={image.Name}
              loading="lazy"
              width="100%"
              height="28"
              objectFit="contain"
              background="bg.muted"
              borderRadius="sm"
              cursor="pointer"
              onClick={(event) => onToggle(image.Id, event.shiftKey)}
            />
            <HStack justify="space-between" marginTop="1">
              <Text fontSize="xs" color="fg.muted">
                {intl.formatMessage(
                  { id: 'imageLibrary.size' },
                  { width: image.Width, height: image.Height },
                )}
              </Text>
              {actions?.(image)}
            </HStack>
          </Box>
        );
      })}
    </SimpleGrid>
  );
}

/** Previous / next page buttons with "page x of y". */
export function PageButtons({
  page,
  total,
  pageSize,
  onPage,
}: {
  page: number;
  total: number;
  pageSize: number;
  onPage(page: number): void;
}) {
  const intl = useIntl();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  return (
    <HStack gap="2" justify="center" fontSize="sm">
      <Button size="xs" variant="outline" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {intl.formatMessage({ id: 'imageLibrary.previousPage' })}
      </Button>
      <Text>{intl.formatMessage({ id: 'imageLibrary.page' }, { page, pages })}</Text>
      <Button size="xs" variant="outline" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {intl.formatMessage({ id: 'imageLibrary.nextPage' })}
      </Button>
    </HStack>
  );
}
