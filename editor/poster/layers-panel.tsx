import { Box, Button, HStack, IconButton, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { PosterElement } from '../../contract/poster-document';
import { SortableList, useSortableItem } from '../../src/lib/sortable-list';
import { elementName } from './element-view';
import { usePoster, usePosterStore } from './poster-context';

function RowButton({
  label,
  onClick,
  disabled,
  children,
}: {
  label: string;
  onClick(): void;
  disabled?: boolean;
  children: ReactNode;
}) {
  return (
    <IconButton size="2xs" variant="ghost" aria-label={label} disabled={disabled} onClick={onClick}>
      <span aria-hidden="true">{children}</span>
    </IconButton>
  );
}

/** One layer: select, drag or arrow buttons to reorder, lock, hide, duplicate, delete. */
function LayerRow({ element, index, count }: { element: PosterElement; index: number; count: number }) {
  const intl = useIntl();
  const store = usePosterStore();
  const selected = usePoster((state) => state.selection.includes(element.id));
  const sortable = useSortableItem(element.id);
  const name = elementName(intl.formatMessage, element);
  const t = (id: string) => intl.formatMessage({ id }, { element: name });
  const actions = store.getState();
  return (
    <HStack
      ref={sortable.ref}
      as="li"
      gap="0.5"
      paddingX="1"
      paddingY="0.5"
      borderRadius="md"
      borderWidth="1px"
      borderColor={selected ? 'blue.500' : 'border'}
      bg={selected ? 'blue.50' : 'white'}
      opacity={sortable.isDragging ? 0.5 : 1}
      style={sortable.style}
      data-testid={`layer-${element.id}`}
    >
      <IconButton
        {...sortable.handleProps}
        size="2xs"
        variant="ghost"
        cursor="grab"
        aria-label={t('poster.editor.layerDrag')}
      >
        <span aria-hidden="true">⠿</span>
      </IconButton>
      <Button
        flex="1"
        minWidth="0"
        size="xs"
        variant="ghost"
        justifyContent="flex-start"
        aria-pressed={selected}
        onClick={(event) =>
          actions.select(
            [element.id],
            event.shiftKey || event.metaKey || event.ctrlKey ? 'toggle' : 'replace',
          )
        }
      >
        <Text as="span" lineClamp={1} textDecoration={element.hidden ? 'line-through' : undefined}>
          {name}
        </Text>
      </Button>
      {/* The list runs top to bottom, the document bottom to top. */}
      <RowButton
        label={t('poster.editor.layerUp')}
        disabled={index === 0}
        onClick={() => actions.reorder(element.id, count - index)}
      >
        ↑
      </RowButton>
      <RowButton
        label={t('poster.editor.layerDown')}
        disabled={index === count - 1}
        onClick={() => actions.reorder(element.id, count - index - 2)}
      >
        ↓
      </RowButton>
      <RowButton
        label={t(element.locked ? 'poster.editor.unlock' : 'poster.editor.lock')}
        onClick={() => actions.setLocked([element.id], !element.locked)}
      >
        {element.locked ? '🔒' : '🔓'}
      </RowButton>
      <RowButton
        label={t(element.hidden ? 'poster.editor.show' : 'poster.editor.hide')}
        onClick={() => actions.setHidden([element.id], !element.hidden)}
      >
        {element.hidden ? '◌' : '◉'}
      </RowButton>
      <RowButton label={t('poster.editor.duplicate')} onClick={() => actions.duplicate([element.id])}>
        ⧉
      </RowButton>
      <RowButton
        label={t('poster.editor.delete')}
        disabled={element.locked}
        onClick={() => actions.remove([element.id])}
      >
        ✕
      </RowButton>
    </HStack>
  );
}

/** The elements from the top layer down. */
export function LayersPanel() {
  const intl = useIntl();
  const store = usePosterStore();
  const elements = usePoster((state) => state.history.document.elements);
  const topDown = [...elements].reverse();
  const nameOf = (id: string) => {
    const element = elements.find((candidate) => candidate.id === id);
    return element ? elementName(intl.formatMessage, element) : '';
  };
  return (
    <Stack gap="2">
      <Text as="h2" fontWeight="semibold" fontSize="sm">
        <FormattedMessage id="poster.editor.layers" />
      </Text>
      {topDown.length === 0 ? (
        <Text fontSize="xs" color="fg.muted">
          <FormattedMessage id="poster.editor.layersEmpty" />
        </Text>
      ) : (
        <SortableList
          ids={topDown.map((element) => element.id)}
          nameOf={nameOf}
          // The list runs top to bottom, the document bottom to top.
          onMove={(id, toIndex) => store.getState().reorder(id, elements.length - 1 - toIndex)}
        >
          <Box
            as="ol"
            listStyleType="none"
            display="flex"
            flexDirection="column"
            gap="1"
            data-testid="poster-layers"
          >
            {topDown.map((element, index) => (
              <LayerRow key={element.id} element={element} index={index} count={topDown.length} />
            ))}
          </Box>
        </SortableList>
      )}
    </Stack>
  );
}
