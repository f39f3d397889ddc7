import {
  Badge,
  Box,
  Button,
  Flex,
  Heading,
  HStack,
  IconButton,
  Input,
  Skeleton,
  Stack,
  Text,
} from '@chakra-ui/react';
import {
  type Announcements,
  DndContext,
  type DragEndEvent,
  PointerSensor,
  pointerWithin,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import {
  bindCategory,
  type CategoryNode,
  getCategoryTree,
  MAX_CATEGORY_DEPTH,
} from '../../contract/endpoints/goods';
import { GoodsPermission } from '../../contract/machines/goods';
import { withModuleMessages } from '../../src/lib/i18n/module-messages';
import { showToast } from '../../src/lib/notify';
import { endpointQuery } from '../../src/lib/query-options';
import { QueryOutcome } from '../../src/lib/query-outcome';
import { useGrantedPaths, useResourceAction } from '../core/use-resource-list';
import {
  type CategoryMove,
  canDeleteCategory,
  directionMove,
  dropMove,
  locateCategory,
  MOVE_DIRECTIONS,
  type MoveCheck,
  type MoveDirection,
  totalGoods,
} from './category-rules';
import { goodsCatalogues } from './messages';

type Editing = { mode: 'rename'; node: CategoryNode } | { mode: 'add'; parentId: number | null } | null;

/** The room a row's missing button would take, so the buttons of every row line up in columns. */
function ButtonPlaceholder({ children }: { children: ReactNode }) {
  return (
    <Box visibility="hidden" aria-hidden="true">
      <Button size="xs" variant="ghost" tabIndex={-1}>
        {children}
      </Button>
    </Box>
  );
}

function CategoryEditor({
  initial,
  onSave,
  onCancel,
}: {
  initial: { Name: string; Sort: number };
  onSave(value: { Name: string; Sort: number }): void;
  onCancel(): void;
}) {
  const intl = useIntl();
  const [name, setName] = useState(initial.Name);
  const [sort, setSort] = useState(String(initial.Sort));
  return (
    <HStack
      as="form"
      gap="2"
      onSubmit={(event) => {
        event.preventDefault();
        onSave({ Name: name, Sort: Number(sort) || 0 });
      }}
    >
      <Input
        size="sm"
        width="56"
        autoFocus
        aria-label={intl.formatMessage({ id: 'goods.classify.name' })}
        value={name}
        onChange={(event) => setName(event.target.value)}
      />
      <Input
        size="sm"
        width="20"
        inputMode="numeric"
        aria-label={intl.formatMessage({ id: 'goods.classify.sort' })}
        value={sort}
        onChange={(event) => setSort(event.target.value)}
      />
      <Button size="xs" type="submit" colorPalette="brand" disabled={name.trim() === ''}>
        <FormattedMessage id="engine.save" />
      </Button>
      <Button size="xs" variant="ghost" onClick={onCancel}>
        <FormattedMessage id="engine.cancel" />
      </Button>
    </HStack>
  );
}

const MOVE_ARROWS: Record<MoveDirection, string> = { up: '↑', down: '↓', into: '↳', out: '↰' };

/** A category's row: a drop target, with a drag handle when the tree can be changed. */
function CategoryRow({
  node,
  depth,
  draggable,
  children,
}: {
  node: CategoryNode;
  depth: number;
  draggable: boolean;
  children: ReactNode;
}) {
  const intl = useIntl();
  const drop = useDroppable({ id: node.Id });
  const drag = useDraggable({ id: node.Id, disabled: !draggable });
  return (
    <Flex
      ref={drop.setNodeRef}
      align="center"
      gap="3"
      paddingY="2"
      paddingStart={`${depth * 28 + 12}px`}
      paddingEnd="3"
      borderBottomWidth="1px"
      bg={drop.isOver && !drag.isDragging ? 'brand.subtle' : undefined}
      opacity={drag.isDragging ? 0.5 : 1}
      _hover={{ bg: 'bg.muted' }}
    >
      {draggable && (
        <IconButton
          ref={drag.setNodeRef}
          size="xs"
          variant="ghost"
          cursor="grab"
          {...drag.attributes}
          {...drag.listeners}
          // Moving by keyboard is done with the move buttons; the handle is for pointers.
          tabIndex={-1}
          aria-label={intl.formatMessage({ id: 'goods.classify.dragNamed' }, { name: node.Name })}
        >
          <span aria-hidden="true">⠿</span>
        </IconButton>
      )}
      {children}
    </Flex>
  );
}

/** /goods/goodsClassify: the category tree; add, rename, sort, move by drag or by keyboard, delete empty ones. */
function GoodsClassifyPage() {
  const intl = useIntl();
  const granted = useGrantedPaths();
  const canChange = granted.has(GoodsPermission.classify);
  const tree = useQuery(endpointQuery(getCategoryTree, {}));
  const change = useResourceAction([], bindCategory);
  const [editing, setEditing] = useState<Editing>(null);
  const nodes = tree.data?.Data ?? [];
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 5 } }));
  // After a keyboard move the same button of the moved category gets the focus back.
  const refocus = useRef<string | null>(null);
  const treeBox = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!refocus.current || !tree.data) return;
    const [id, direction] = refocus.current.split(':');
    const target =
      treeBox.current?.querySelector<HTMLElement>(`[data-move="${id}:${direction}"]`) ??
      treeBox.current?.querySelector<HTMLElement>(`[data-move^="${id}:"]`);
    refocus.current = null;
    target?.focus();
  }, [tree.data]);

  const nameOf = (id: unknown) => locateCategory(nodes, Number(id))?.node.Name ?? '';
  const announcements: Announcements = {
    onDragStart: ({ active }) =>
      intl.formatMessage({ id: 'goods.classify.dragStart' }, { name: nameOf(active.id) }),
    onDragOver: ({ active, over }) =>
      over
        ? intl.formatMessage(
            { id: 'goods.classify.dragOver' },
            { name: nameOf(active.id), target: nameOf(over.id) },
          )
        : undefined,
    onDragEnd: ({ active, over }) =>
      over
        ? intl.formatMessage(
            { id: 'goods.classify.dragEnd' },
            { name: nameOf(active.id), target: nameOf(over.id) },
          )
        : undefined,
    onDragCancel: ({ active }) =>
      intl.formatMessage({ id: 'goods.classify.dragCancel' }, { name: nameOf(active.id) }),
  };

  const move = (node: CategoryNode, check: MoveCheck) => {
    if (!check) return Promise.resolve(false);
    if ('refused' in check) {
      showToast(
        'error',
        intl.formatMessage({ id: `goods.classify.refused.${check.refused}` }, { max: MAX_CATEGORY_DEPTH }),
      );
      return Promise.resolve(false);
    }
    const target: CategoryMove = check.move;
    return change.run({ input: { Action: 'move', Id: node.Id, Version: node.Version, ...target } });
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    const dragged = locateCategory(nodes, Number(active.id));
    if (!over || !dragged) return;
    void move(dragged.node, dropMove(nodes, dragged.node.Id, Number(over.id), MAX_CATEGORY_DEPTH));
  };

  const save = async (value: { Name: string; Sort: number }) => {
    if (!editing) return;
    const done = await change.run({
      input:
        editing.mode === 'rename'
          ? {
              Action: 'save',
              Id: editing.node.Id,
              Version: editing.node.Version,
              Name: value.Name,
              Sort: value.Sort,
              Image: editing.node.Image,
            }
          : { Action: 'save', ParentId: editing.parentId, Name: value.Name, Sort: value.Sort, Image: '' },
    });
    if (done) setEditing(null);
  };

  const renderNodes = (nodes: CategoryNode[], depth: number) =>
    nodes.map((node) => (
      <Box
        key={node.Id}
        role="treeitem"
        aria-level={depth + 1}
        aria-label={node.Name}
        aria-expanded={node.Children.length > 0 ? true : undefined}
      >
        <CategoryRow node={node} depth={depth} draggable={canChange && editing === null}>
          {editing?.mode === 'rename' && editing.node.Id === node.Id ? (
            <CategoryEditor
              initial={node}
              onSave={(value) => void save(value)}
              onCancel={() => setEditing(null)}
            />
          ) : (
            <>
              <Text fontWeight={depth === 0 ? 'semibold' : 'normal'} flex="1">
                {node.Name}
              </Text>
              {/* Fixed-width cells, and a blank for each button a row lacks, keep the columns aligned. */}
              <Box width="24" flexShrink={0} textAlign="end">
                <Badge variant="subtle">
                  <FormattedMessage id="goods.classify.goodsCount" values={{ count: totalGoods(node) }} />
                </Badge>
              </Box>
              <Text fontSize="sm" color="fg.muted" width="20">
                <FormattedMessage id="goods.classify.sortValue" values={{ sort: node.Sort }} />
              </Text>
              {canChange && (
                <HStack gap="1">
                  {MOVE_DIRECTIONS.map((direction) => {
                    const check = directionMove(nodes, node.Id, direction, MAX_CATEGORY_DEPTH);
                    if (!check || 'refused' in check)
                      return <Box key={direction} boxSize="8" flexShrink={0} />;
                    const capital = `${direction[0]!.toUpperCase()}${direction.slice(1)}`;
                    return (
                      <IconButton
                        key={direction}
                        size="xs"
                        variant="ghost"
                        data-move={`${node.Id}:${direction}`}
                        aria-label={intl.formatMessage(
                          { id: `goods.classify.move${capital}Named` },
                          { name: node.Name },
                        )}
                        title={intl.formatMessage({ id: `goods.classify.move${capital}` })}
                        onClick={async () => {
                          refocus.current = `${node.Id}:${direction}`;
                          if (!(await move(node, check))) refocus.current = null;
                        }}
                      >
                        <span aria-hidden="true">{MOVE_ARROWS[direction]}</span>
                      </IconButton>
                    );
                  })}
                  <Button
                    size="xs"
                    variant="ghost"
                    colorPalette="brand"
                    aria-label={intl.formatMessage({ id: 'goods.classify.renameNamed' }, { name: node.Name })}
                    onClick={() => setEditing({ mode: 'rename', node })}
                  >
                    <FormattedMessage id="goods.classify.rename" />
                  </Button>
                  {depth >= MAX_CATEGORY_DEPTH - 1 && (
                    <ButtonPlaceholder>
                      <FormattedMessage id="goods.classify.addChild" />
                    </ButtonPlaceholder>
                  )}
                  {depth < MAX_CATEGORY_DEPTH - 1 && (
                    <Button
                      size="xs"
                      variant="ghost"
                      colorPalette="brand"
                      aria-label={intl.formatMessage(
                        { id: 'goods.classify.addChildNamed' },
                        { name: node.Name },
                      )}
                      onClick={() => setEditing({ mode: 'add', parentId: node.Id })}
                    >
                      <FormattedMessage id="goods.classify.addChild" />
                    </Button>
                  )}
                  {!canDeleteCategory(node) && (
                    <ButtonPlaceholder>
                      <FormattedMessage id="goods.classify.delete" />
                    </ButtonPlaceholder>
                  )}
                  {canDeleteCategory(node) && (
                    <Button
                      size="xs"
                      variant="ghost"
                      colorPalette="red"
                      aria-label={intl.formatMessage(
                        { id: 'goods.classify.deleteNamed' },
                        { name: node.Name },
                      )}
                      onClick={() =>
                        void change.run({
                          input: { Action: 'delete', Id: node.Id, Version: node.Version },
                          confirmKey: 'goods.classify.confirmDelete',
                          destructive: true,
                        })
                      }
                    >
                      <FormattedMessage id="goods.classify.delete" />
                    </Button>
                  )}
                </HStack>
              )}
            </>
          )}
        </CategoryRow>
        {editing?.mode === 'add' && editing.parentId === node.Id && (
          <Box paddingY="2" paddingStart={`${(depth + 1) * 28 + 12}px`} borderBottomWidth="1px">
            <CategoryEditor
              initial={{ Name: '', Sort: 0 }}
              onSave={(value) => void save(value)}
              onCancel={() => setEditing(null)}
            />
          </Box>
        )}
        {node.Children.length > 0 && <Box role="group">{renderNodes(node.Children, depth + 1)}</Box>}
      </Box>
    ));

  return (
    <Stack gap="4" padding="5">
      <Flex justify="space-between" align="center">
        <Stack gap="1">
          <Heading as="h1" size="lg">
            <FormattedMessage id="goods.classify.title" />
          </Heading>
          {canChange && (
            <Text fontSize="sm" color="fg.muted">
              <FormattedMessage id="goods.classify.dragHint" />
            </Text>
          )}
        </Stack>
        {canChange && (
          <Button size="sm" colorPalette="brand" onClick={() => setEditing({ mode: 'add', parentId: null })}>
            <FormattedMessage id="goods.classify.add" />
          </Button>
        )}
      </Flex>
      <Box bg="bg" borderRadius="md" borderWidth="1px">
        {editing?.mode === 'add' && editing.parentId === null && (
          <Box padding="3" borderBottomWidth="1px">
            <CategoryEditor
              initial={{ Name: '', Sort: 0 }}
              onSave={(value) => void save(value)}
              onCancel={() => setEditing(null)}
            />
          </Box>
        )}
        <QueryOutcome
          query={tree}
          isEmpty={(data) => data.Data.length === 0}
          loading={<Skeleton height="40" />}
        >
          {(data) => (
            <DndContext
              sensors={sensors}
              collisionDetection={pointerWithin}
              onDragEnd={onDragEnd}
              accessibility={{
                announcements,
                screenReaderInstructions: {
                  draggable: intl.formatMessage({ id: 'goods.classify.dragHint' }),
                },
              }}
            >
              <Box ref={treeBox} role="tree" aria-label={intl.formatMessage({ id: 'goods.classify.title' })}>
                {renderNodes(data.Data, 0)}
              </Box>
            </DndContext>
          )}
        </QueryOutcome>
      </Box>
    </Stack>
  );
}

export default withModuleMessages(GoodsClassifyPage, goodsCatalogues);
