import { Box, Button, HStack, IconButton, Stack, Text } from '@chakra-ui/react';
import { SortableContext, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { FormattedMessage, useIntl } from 'react-intl';
import { blockDefinition } from '../../components-catalog/registry';
import type { BlockNode } from '../../contract/template-document';
import { scrollToTarget } from '../../src/lib/scroll-to';
import { useSortableItem } from '../../src/lib/sortable-list';
import { BlockGlyph } from './block-glyph';
import { canvasBlockSelector } from './phone-canvas';
import { useStudio } from './studio-context';

function OutlineRow({ block, index, count }: { block: BlockNode; index: number; count: number }) {
  const intl = useIntl();
  const selected = useStudio((state) => state.selection.includes(block.id));
  const select = useStudio((state) => state.select);
  const moveBlockBy = useStudio((state) => state.moveBlockBy);
  const setHover = useStudio((state) => state.setHover);
  const sortable = useSortableItem(block.id, { disabled: block.locked });
  const definition = blockDefinition(block.type);
  const name = intl.formatMessage({ id: definition?.label ?? 'studio.canvas.unknownBlock' });
  const t = (id: string) => intl.formatMessage({ id }, { block: name });
  return (
    <HStack
      ref={sortable.ref}
      as="li"
      gap="1"
      paddingX="1.5"
      paddingY="1"
      borderRadius="md"
      borderWidth="1px"
      borderColor={selected ? 'blue.500' : 'border'}
      bg={selected ? 'blue.50' : 'white'}
      opacity={sortable.isDragging ? 0.5 : block.hidden ? 0.6 : 1}
      style={sortable.style}
      onMouseEnter={() => setHover(block.id)}
      onMouseLeave={() => setHover(null)}
      data-testid={`outline-${block.id}`}
    >
      <IconButton
        {...sortable.handleProps}
        size="2xs"
        variant="ghost"
        cursor={block.locked ? 'not-allowed' : 'grab'}
        aria-label={t('studio.outline.drag')}
        data-testid={`drag-${block.id}`}
      >
        <span aria-hidden="true">⠿</span>
      </IconButton>
      <Button
        flex="1"
        size="xs"
        variant="ghost"
        justifyContent="flex-start"
        aria-pressed={selected}
        onClick={(event) => {
          select([block.id], event.shiftKey || event.metaKey || event.ctrlKey ? 'toggle' : 'replace');
          // The outline is the keyboard path to blocks: bring the chosen one into view on the phone.
          scrollToTarget(canvasBlockSelector(block.id));
        }}
      >
        <BlockGlyph icon={definition?.icon ?? ''} />
        <Text lineClamp={1} textDecoration={block.hidden ? 'line-through' : undefined}>
          {name}
        </Text>
        {block.locked && (
          <Text as="span" fontSize="2xs" color="fg.muted">
            <FormattedMessage id="studio.outline.locked" />
          </Text>
        )}
      </Button>
      <IconButton
        size="2xs"
        variant="ghost"
        aria-label={t('studio.outline.moveUp')}
        disabled={index === 0 || block.locked}
        onClick={() => moveBlockBy(block.id, -1)}
      >
        <span aria-hidden="true">↑</span>
      </IconButton>
      <IconButton
        size="2xs"
        variant="ghost"
        aria-label={t('studio.outline.moveDown')}
        disabled={index === count - 1 || block.locked}
        onClick={() => moveBlockBy(block.id, 1)}
      >
        <span aria-hidden="true">↓</span>
      </IconButton>
    </HStack>
  );
}

/** The page's blocks in order: select, reorder by drag, keyboard (space, arrows) or the arrow buttons. */
export function OutlinePanel() {
  const document = useStudio((state) => state.history.document);
  const pageId = useStudio((state) => state.pageId);
  const page = document.pages.find((entry) => entry.id === pageId);
  const blocks = (page?.blockIds ?? []).filter((id) => Object.hasOwn(document.blocks, id));
  return (
    <Stack gap="2">
      <Text fontWeight="semibold" fontSize="sm">
        <FormattedMessage id="studio.outline.title" />
      </Text>
      {blocks.length === 0 ? (
        <Text fontSize="xs" color="fg.muted">
          <FormattedMessage id="studio.outline.empty" />
        </Text>
      ) : (
        <SortableContext items={blocks} strategy={verticalListSortingStrategy}>
          <Box
            as="ol"
            listStyleType="none"
            display="flex"
            flexDirection="column"
            gap="1"
            data-testid="outline"
          >
            {blocks.map((id, index) => (
              <OutlineRow key={id} block={document.blocks[id]!} index={index} count={blocks.length} />
            ))}
          </Box>
        </SortableContext>
      )}
    </Stack>
  );
}
