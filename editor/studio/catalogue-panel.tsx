import { Box, Button, Heading, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useDraggable } from '@dnd-kit/core';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { type AnyBlockDefinition, BLOCK_CATEGORIES } from '../../components-catalog/block-definition';
import { blockAllowed, PALETTE_BLOCKS } from '../../components-catalog/registry';
import { useEnumLabels } from '../../src/lib/enum-values';
import { BlockGlyph } from './block-glyph';
import { useStudio } from './studio-context';

/** Drag ids of palette entries start with this; sortable blocks use their block id. */
export const PALETTE_PREFIX = 'palette:';

/** Blocks whose translated name contains the search text (any case). */
export function matchingBlocks(
  definitions: readonly AnyBlockDefinition[],
  search: string,
  nameOf: (definition: AnyBlockDefinition) => string,
): AnyBlockDefinition[] {
  const needle = search.trim().toLowerCase();
  if (!needle) return [...definitions];
  return definitions.filter((definition) => nameOf(definition).toLowerCase().includes(needle));
}

function PaletteItem({ definition, onAdd }: { definition: AnyBlockDefinition; onAdd: () => void }) {
  const intl = useIntl();
  const shopType = useStudio((state) => state.shopType);
  const allowed = blockAllowed(definition, shopType);
  const { attributes, listeners, setNodeRef, isDragging } = useDraggable({
    id: `${PALETTE_PREFIX}${definition.type}`,
    disabled: !allowed,
  });
  const name = intl.formatMessage({ id: definition.label });
  return (
    <Button
      ref={setNodeRef}
      {...attributes}
      {...listeners}
      role="button"
      aria-label={intl.formatMessage({ id: 'studio.catalogue.add' }, { block: name })}
      data-testid={`palette-${definition.type}`}
      variant="ghost"
      size="sm"
      height="auto"
      minHeight="16"
      paddingY="2"
      paddingX="1"
      flexDirection="column"
      gap="1.5"
      color="fg"
      borderWidth="1px"
      borderColor="transparent"
      _hover={{ borderColor: 'brand.solid', color: 'brand.fg', bg: 'brand.subtle' }}
      opacity={isDragging ? 0.4 : 1}
      disabled={!allowed}
      onClick={onAdd}
      whiteSpace="normal"
      fontWeight="normal"
      fontSize="xs"
    >
      <BlockGlyph icon={definition.icon} size={22} />
      <Text lineClamp={2} lineHeight="short">
        {name}
      </Text>
    </Button>
  );
}

/**
 * Which shop type the palette follows. It is the template's own, which publishing checks against,
 * even while the canvas previews another type; then it says so, as the canvas flags other blocks.
 */
function PaletteShopType() {
  const shopType = useStudio((state) => state.shopType);
  const preview = useStudio((state) => state.previewShopType);
  const name = useEnumLabels('shopType').label;
  const differs = preview !== shopType;
  return (
    <Text
      fontSize="xs"
      color={differs ? 'orange.700' : 'fg.muted'}
      role="status"
      data-testid="palette-shop-type"
    >
      <FormattedMessage
        id={differs ? 'studio.catalogue.followsNotPreview' : 'studio.catalogue.follows'}
        values={{ type: name(shopType), preview: name(preview) }}
      />
    </Text>
  );
}

/** The block catalogue: search, categories, click or drag a block onto the page. */
export function CataloguePanel() {
  const intl = useIntl();
  const [search, setSearch] = useState('');
  const insertBlock = useStudio((state) => state.insertBlock);
  const selection = useStudio((state) => state.selection);
  const page = useStudio((state) => state.history.document.pages.find((entry) => entry.id === state.pageId));
  const found = matchingBlocks(PALETTE_BLOCKS, search, (definition) =>
    intl.formatMessage({ id: definition.label }),
  );
  const add = (type: string) => {
    // A new block goes below the selected one, as in Youzan's editor; else at the end of the page.
    const after = selection.at(-1);
    const position = page && after ? page.blockIds.indexOf(after) : -1;
    insertBlock(type, position >= 0 ? position + 1 : (page?.blockIds.length ?? 0));
  };
  return (
    <Stack gap="3" padding="3" as="nav" aria-label={intl.formatMessage({ id: 'studio.catalogue.title' })}>
      <Input
        size="sm"
        type="search"
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        aria-label={intl.formatMessage({ id: 'studio.catalogue.search' })}
        placeholder={intl.formatMessage({ id: 'studio.catalogue.search' })}
      />
      <PaletteShopType />
      {found.length === 0 && (
        <Text color="fg.muted" fontSize="sm">
          <FormattedMessage id="studio.catalogue.none" />
        </Text>
      )}
      {BLOCK_CATEGORIES.map((category) => {
        const blocks = found.filter((definition) => definition.category === category);
        if (blocks.length === 0) return null;
        return (
          <Box key={category}>
            <Heading as="h3" size="xs" color="fg.muted" marginBottom="2">
              <FormattedMessage id={`category.${category}`} />
            </Heading>
            <SimpleGrid columns={3} gap="1.5">
              {blocks.map((definition) => (
                <PaletteItem
                  key={definition.type}
                  definition={definition}
                  onAdd={() => add(definition.type)}
                />
              ))}
            </SimpleGrid>
          </Box>
        );
      })}
    </Stack>
  );
}
