import { Badge, Box, Button, Heading, HStack, Skeleton, Stack, Table, Text } from '@chakra-ui/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate } from 'react-router-dom';
import {
  addMyTemplate,
  delMyTemplate,
  getMyTemplateList,
  setMyTemplate,
  type TemplateSummary,
} from '../../contract/endpoints/module-library';
import { getShopTemplateList, setShopTemplate } from '../../contract/endpoints/shop-templates';
import { callEndpoint } from '../../src/lib/http';
import { withModuleMessages } from '../../src/lib/i18n/module-messages';
import { NameDialog } from '../../src/lib/name-dialog';
import { alertDialog, confirmDialog, showToast } from '../../src/lib/notify';
import { endpointQuery, invalidateAreas } from '../../src/lib/query-options';
import { libraryCatalogues } from '../library/messages';
import { PageTemplatesPanel } from '../library/page-templates-panel';

export const EDIT_TEMPLATE_PATH = '/shop/decorateShop/editTemplate';

type Naming =
  | { mode: 'add' }
  | { mode: 'rename'; template: TemplateSummary }
  | { mode: 'copy'; template: TemplateSummary }
  | null;

const PUBLIC_TEMPLATES_PATH = '/shop/decorateShop/publicTemplate';
const NAMING_TITLES = {
  add: 'studio.templates.addTitle',
  rename: 'studio.templates.renameTitle',
  copy: 'library.templates.copyTitle',
} as const;

/** The shop's decoration templates: open one in the studio, add, rename, delete, make current. */
function TemplatesPage() {
  const intl = useIntl();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [naming, setNaming] = useState<Naming>(null);
  const list = useQuery(endpointQuery(getMyTemplateList, { page: 1, pageSize: 50, sort: '-updatedAt' }));
  const refresh = () => invalidateAreas(queryClient, getMyTemplateList);
  const done = (key: string) => {
    showToast('success', intl.formatMessage({ id: key }));
    return refresh();
  };
  const add = useMutation({
    mutationFn: (name: string) => callEndpoint(addMyTemplate, { Name: name }),
    onSuccess: () => done('studio.templates.added'),
  });
  const copy = useMutation({
    mutationFn: ({ id, name }: { id: number; name: string }) =>
      callEndpoint(addMyTemplate, { Name: name, CopyFromId: id }),
    onSuccess: () => done('library.templates.copied'),
  });
  const rename = useMutation({
    mutationFn: ({ id, name }: { id: number; name: string }) =>
      callEndpoint(setMyTemplate, { Id: id, Name: name }),
    onSuccess: () => done('studio.templates.renamed'),
  });
  const makeCurrent = useMutation({
    mutationFn: (id: number) => callEndpoint(setShopTemplate, { Kind: 'home', TemplateId: id }),
    onSuccess: async () => {
      await invalidateAreas(queryClient, getShopTemplateList);
      return done('studio.templates.madeCurrent');
    },
  });
  const remove = useMutation({
    mutationFn: (id: number) => callEndpoint(delMyTemplate, { Id: id }),
    onSuccess: () => done('studio.templates.deleted'),
  });

  const confirmDelete = async (template: TemplateSummary) => {
    if (template.IsCurrent) {
      await alertDialog(
        intl.formatMessage({ id: 'studio.templates.deleteTitle' }),
        intl.formatMessage({ id: 'library.templates.deleteCurrent' }),
      );
      return;
    }
    const confirmed = await confirmDialog({
      title: intl.formatMessage({ id: 'studio.templates.deleteTitle' }),
      message: intl.formatMessage({ id: 'studio.templates.deleteMessage' }, { name: template.Name }),
    });
    if (confirmed) remove.mutate(template.Id);
  };

  const rows = list.data?.Data ?? [];
  return (
    <Stack gap="4" padding="5" data-testid="templates-page">
      <HStack justify="space-between">
        <Heading as="h1" size="lg">
          <FormattedMessage id="studio.templates.title" />
        </Heading>
        <HStack gap="2">
          <Button variant="outline" size="sm" onClick={() => navigate(PUBLIC_TEMPLATES_PATH)}>
            <FormattedMessage id="library.templates.browsePublic" />
          </Button>
          <Button colorPalette="brand" size="sm" onClick={() => setNaming({ mode: 'add' })}>
            <FormattedMessage id="studio.templates.add" />
          </Button>
        </HStack>
      </HStack>
      <PageTemplatesPanel />
      {list.isPending ? (
        <Skeleton height="40" />
      ) : rows.length === 0 ? (
        <Text color="fg.muted">
          <FormattedMessage id="studio.templates.empty" />
        </Text>
      ) : (
        <Box bg="white" borderRadius="md" overflow="auto">
          <Table.Root size="sm" variant="outline">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>
                  <FormattedMessage id="studio.templates.name" />
                </Table.ColumnHeader>
                <Table.ColumnHeader>
                  <FormattedMessage id="studio.templates.status" />
                </Table.ColumnHeader>
                <Table.ColumnHeader>
                  <FormattedMessage id="studio.templates.updatedAt" />
                </Table.ColumnHeader>
                <Table.ColumnHeader>
                  <FormattedMessage id="studio.templates.actions" />
                </Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {rows.map((template) => (
                <Table.Row key={template.Id} data-testid={`template-row-${template.Id}`}>
                  <Table.Cell fontWeight="semibold">{template.Name}</Table.Cell>
                  <Table.Cell>
                    <HStack gap="1">
                      {template.IsCurrent && (
                        <Badge colorPalette="green">
                          <FormattedMessage id="studio.templates.current" />
                        </Badge>
                      )}
                      <Badge colorPalette={template.PublishedAt ? 'blue' : 'gray'}>
                        <FormattedMessage
                          id={
                            template.PublishedAt
                              ? 'studio.templates.published'
                              : 'studio.templates.unpublished'
                          }
                        />
                      </Badge>
                      {template.HasUnpublishedChanges && template.PublishedAt && (
                        <Badge colorPalette="orange">
                          <FormattedMessage id="studio.templates.changed" />
                        </Badge>
                      )}
                    </HStack>
                  </Table.Cell>
                  <Table.Cell>
                    {intl.formatDate(new Date(template.UpdatedAt), {
                      dateStyle: 'medium',
                      timeStyle: 'short',
                    })}
                  </Table.Cell>
                  <Table.Cell>
                    <HStack gap="1" wrap="wrap">
                      <Button
                        size="xs"
                        colorPalette="brand"
                        onClick={() => navigate(`${EDIT_TEMPLATE_PATH}?id=${template.Id}`)}
                      >
                        <FormattedMessage id="studio.templates.open" />
                      </Button>
                      <Button
                        size="xs"
                        variant="outline"
                        onClick={() => setNaming({ mode: 'rename', template })}
                      >
                        <FormattedMessage id="studio.templates.rename" />
                      </Button>
                      <Button
                        size="xs"
                        variant="outline"
                        onClick={() => setNaming({ mode: 'copy', template })}
                      >
                        <FormattedMessage id="library.templates.copy" />
                      </Button>
                      {!template.IsCurrent && (
                        <Button size="xs" variant="outline" onClick={() => makeCurrent.mutate(template.Id)}>
                          <FormattedMessage id="studio.templates.makeCurrent" />
                        </Button>
                      )}
                      <Button
                        size="xs"
                        variant="outline"
                        colorPalette="red"
                        onClick={() => confirmDelete(template)}
                      >
                        <FormattedMessage id="studio.templates.delete" />
                      </Button>
                    </HStack>
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Box>
      )}
      {naming && (
        <NameDialog
          title={intl.formatMessage({ id: NAMING_TITLES[naming.mode] })}
          label={intl.formatMessage({ id: 'studio.templates.name' })}
          initial={
            naming.mode === 'rename'
              ? naming.template.Name
              : naming.mode === 'copy'
                ? intl.formatMessage({ id: 'library.templates.copyName' }, { name: naming.template.Name })
                : ''
          }
          maxLength={40}
          onClose={() => setNaming(null)}
          onSubmit={async (name) => {
            if (naming.mode === 'add') await add.mutateAsync(name);
            else if (naming.mode === 'copy') await copy.mutateAsync({ id: naming.template.Id, name });
            else await rename.mutateAsync({ id: naming.template.Id, name });
            setNaming(null);
          }}
        />
      )}
    </Stack>
  );
}

export default withModuleMessages(TemplatesPage, libraryCatalogues);
