import { Badge, Box, Button, Flex, Heading, HStack, Input, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import {
  bindCategory,
  type CategoryNode,
  getCategoryTree,
  MAX_CATEGORY_DEPTH,
} from '../../contract/endpoints/goods';
import { GoodsPermission } from '../../contract/machines/goods';
import { callEndpoint } from '../../src/lib/http';
import { withModuleMessages } from '../../src/lib/i18n/module-messages';
import { useGrantedPaths, useResourceAction } from '../core/use-resource-list';
import { canDeleteCategory, totalGoods } from './category-rules';
import { goodsCatalogues } from './messages';

type Editing = { mode: 'rename'; node: CategoryNode } | { mode: 'add'; parentId: number | null } | null;

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

/** /goods/goodsClassify: the category tree; add, rename, sort, and delete empty categories. */
function GoodsClassifyPage() {
  const intl = useIntl();
  const granted = useGrantedPaths();
  const canChange = granted.has(GoodsPermission.classify);
  const tree = useQuery({
    queryKey: ['goods', 'categories'],
    queryFn: () => callEndpoint(getCategoryTree, {}),
  });
  const change = useResourceAction(['goods'], bindCategory);
  const [editing, setEditing] = useState<Editing>(null);

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
        <Flex
          align="center"
          gap="3"
          paddingY="2"
          paddingStart={`${depth * 28 + 12}px`}
          paddingEnd="3"
          borderBottomWidth="1px"
          _hover={{ bg: 'bg.muted' }}
        >
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
              <Badge variant="subtle">
                <FormattedMessage id="goods.classify.goodsCount" values={{ count: totalGoods(node) }} />
              </Badge>
              <Text fontSize="sm" color="fg.muted" width="20">
                <FormattedMessage id="goods.classify.sortValue" values={{ sort: node.Sort }} />
              </Text>
              {canChange && (
                <HStack gap="1">
                  <Button
                    size="xs"
                    variant="ghost"
                    colorPalette="brand"
                    aria-label={intl.formatMessage({ id: 'goods.classify.renameNamed' }, { name: node.Name })}
                    onClick={() => setEditing({ mode: 'rename', node })}
                  >
                    <FormattedMessage id="goods.classify.rename" />
                  </Button>
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
        </Flex>
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
        <Heading as="h1" size="lg">
          <FormattedMessage id="goods.classify.title" />
        </Heading>
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
        {tree.isPending && <Skeleton height="40" />}
        {tree.isError && (
          <Text padding="4" color="fg.error">
            <FormattedMessage id="engine.loadFailed" />
          </Text>
        )}
        {tree.data && tree.data.Data.length === 0 && (
          <Text padding="4" color="fg.muted">
            <FormattedMessage id="engine.empty" />
          </Text>
        )}
        {tree.data && (
          <Box role="tree" aria-label={intl.formatMessage({ id: 'goods.classify.title' })}>
            {renderNodes(tree.data.Data, 0)}
          </Box>
        )}
      </Box>
    </Stack>
  );
}

export default withModuleMessages(GoodsClassifyPage, goodsCatalogues);
