import { Badge, Box, Button, Heading, HStack, Skeleton, Stack, Table, Tabs, Text } from '@chakra-ui/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate, useSearchParams } from 'react-router-dom';
import {
  addMySharePoster,
  addPoster,
  delPoster,
  getPosterList,
  getSharePosterList,
  type PosterSummary,
  setPoster,
  updateAccountCertificate,
  useMySharePoster,
} from '../../contract/endpoints/posters';
import type { PosterKind } from '../../contract/poster-document';
import { callEndpoint } from '../../src/lib/http';
import { withModuleMessages } from '../../src/lib/i18n/module-messages';
import { NameDialog } from '../../src/lib/name-dialog';
import { confirmDialog, showToast } from '../../src/lib/notify';
import { endpointQuery, invalidateAreas } from '../../src/lib/query-options';
import { posterCatalogues } from './poster-messages';

export const EDITOR_PATHS: Record<PosterKind, string> = {
  poster: '/shop/decorateShop/editPoster',
  certificate: '/shop/decorateShop/editCertificate',
};

type Naming = { mode: 'add' } | { mode: 'rename'; design: PosterSummary } | null;

/** The shop's posters and certificates: create, rename, copy, delete, choose the one in use, edit. */
function PosterListPage() {
  const intl = useIntl();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [search, setSearch] = useSearchParams();
  const kind: PosterKind = search.get('kind') === 'certificate' ? 'certificate' : 'poster';
  const [naming, setNaming] = useState<Naming>(null);
  const list = useQuery(endpointQuery(getPosterList, { Kind: kind, page: 1, pageSize: 100 }));
  const shares = useQuery({
    ...endpointQuery(getSharePosterList, { page: 1, pageSize: 100 }),
    enabled: kind === 'poster',
  });
  const done = (key: string) => {
    showToast('success', intl.formatMessage({ id: key }));
    return invalidateAreas(queryClient, getPosterList);
  };
  const add = useMutation({
    mutationFn: (name: string) => callEndpoint(addPoster, { Kind: kind, Name: name }),
    onSuccess: (result) => {
      void done('poster.list.added');
      navigate(`${EDITOR_PATHS[kind]}?id=${result.Id}`);
    },
  });
  const rename = useMutation({
    mutationFn: ({ design, name }: { design: PosterSummary; name: string }) =>
      callEndpoint(setPoster, { Id: design.Id, Version: design.Version, Name: name }),
    onSuccess: () => done('poster.list.renamed'),
  });
  const copy = useMutation({
    mutationFn: (design: PosterSummary) =>
      callEndpoint(addPoster, {
        Kind: kind,
        Name: intl.formatMessage({ id: 'poster.list.copyName' }, { name: design.Name }).slice(0, 40),
        CopyFromId: design.Id,
      }),
    onSuccess: () => done('poster.list.copied'),
  });
  const remove = useMutation({
    mutationFn: (id: number) => callEndpoint(delPoster, { Id: id }),
    onSuccess: () => done('poster.list.deleted'),
  });
  const use = useMutation({
    mutationFn: async (design: PosterSummary) => {
      if (design.Kind === 'certificate') {
        await callEndpoint(updateAccountCertificate, { CertificateId: design.Id });
        return 'poster.list.nowCertificate';
      }
      const share = shares.data?.Data.find((row) => row.PosterId === design.Id);
      if (share) await callEndpoint(useMySharePoster, { Id: share.Id });
      else await callEndpoint(addMySharePoster, { PosterId: design.Id, Use: true });
      return 'poster.list.nowShared';
    },
    onSuccess: (key) => done(key),
  });

  const confirmDelete = async (design: PosterSummary) => {
    const confirmed = await confirmDialog({
      title: intl.formatMessage({ id: 'poster.list.deleteTitle' }),
      message: intl.formatMessage({ id: 'poster.list.deleteMessage' }, { name: design.Name }),
    });
    if (confirmed) remove.mutate(design.Id);
  };

  const rows = list.data?.Data ?? [];
  const header = (id: string) => (
    <Table.ColumnHeader>
      <FormattedMessage id={id} />
    </Table.ColumnHeader>
  );
  const designs = list.isPending ? (
    <Skeleton height="40" />
  ) : rows.length === 0 ? (
    <Text color="fg.muted">
      <FormattedMessage id="poster.list.empty" />
    </Text>
  ) : (
    <Box bg="white" borderRadius="md" overflow="auto">
      <Table.Root size="sm" variant="outline">
        <Table.Header>
          <Table.Row>
            {header('poster.list.name')}
            {header('poster.list.size')}
            {header('poster.list.status')}
            {header('poster.list.updatedAt')}
            {header('poster.list.actions')}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map((design) => (
            <Table.Row key={design.Id} data-testid={`poster-row-${design.Id}`}>
              <Table.Cell fontWeight="semibold">{design.Name}</Table.Cell>
              <Table.Cell>
                {design.Width} × {design.Height}
              </Table.Cell>
              <Table.Cell>
                {design.InUse ? (
                  <Badge colorPalette="green">
                    <FormattedMessage
                      id={kind === 'poster' ? 'poster.list.sharedInUse' : 'poster.list.certificateInUse'}
                    />
                  </Badge>
                ) : (
                  design.IsSharePoster && (
                    <Badge colorPalette="blue">
                      <FormattedMessage id="poster.list.shared" />
                    </Badge>
                  )
                )}
              </Table.Cell>
              <Table.Cell>
                {intl.formatDate(new Date(design.UpdatedAt), { dateStyle: 'medium', timeStyle: 'short' })}
              </Table.Cell>
              <Table.Cell>
                <HStack
                  gap="1"
                  wrap="wrap"
                  role="group"
                  aria-label={intl.formatMessage({ id: 'poster.list.rowActions' }, { name: design.Name })}
                >
                  <Button
                    size="xs"
                    colorPalette="brand"
                    onClick={() => navigate(`${EDITOR_PATHS[kind]}?id=${design.Id}`)}
                  >
                    <FormattedMessage id="poster.list.open" />
                  </Button>
                  <Button size="xs" variant="outline" onClick={() => setNaming({ mode: 'rename', design })}>
                    <FormattedMessage id="poster.list.rename" />
                  </Button>
                  <Button size="xs" variant="outline" onClick={() => copy.mutate(design)}>
                    <FormattedMessage id="poster.list.copy" />
                  </Button>
                  {!design.InUse && (
                    <Button size="xs" variant="outline" onClick={() => use.mutate(design)}>
                      <FormattedMessage
                        id={kind === 'poster' ? 'poster.list.useShare' : 'poster.list.useCertificate'}
                      />
                    </Button>
                  )}
                  <Button
                    size="xs"
                    variant="outline"
                    colorPalette="red"
                    disabled={design.InUse}
                    onClick={() => confirmDelete(design)}
                  >
                    <FormattedMessage id="poster.list.delete" />
                  </Button>
                </HStack>
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Box>
  );
  return (
    <Stack gap="4" padding="5" data-testid="poster-list-page">
      <HStack justify="space-between">
        <Heading as="h1" size="lg">
          <FormattedMessage id="poster.list.title" />
        </Heading>
        <Button colorPalette="brand" size="sm" onClick={() => setNaming({ mode: 'add' })}>
          <FormattedMessage id={kind === 'poster' ? 'poster.list.addPoster' : 'poster.list.addCertificate'} />
        </Button>
      </HStack>
      <Tabs.Root
        value={kind}
        onValueChange={(details) => setSearch(details.value === 'certificate' ? { kind: 'certificate' } : {})}
        variant="line"
      >
        <Tabs.List aria-label={intl.formatMessage({ id: 'poster.list.tabs' })}>
          <Tabs.Trigger value="poster">
            <FormattedMessage id="poster.list.posters" />
          </Tabs.Trigger>
          <Tabs.Trigger value="certificate">
            <FormattedMessage id="poster.list.certificates" />
          </Tabs.Trigger>
        </Tabs.List>
        {(['poster', 'certificate'] as const).map((value) => (
          <Tabs.Content key={value} value={value}>
            {value === kind && designs}
          </Tabs.Content>
        ))}
      </Tabs.Root>
      {naming && (
        <NameDialog
          title={intl.formatMessage({
            id: naming.mode === 'add' ? 'poster.list.addTitle' : 'poster.list.renameTitle',
          })}
          label={intl.formatMessage({ id: 'poster.list.name' })}
          initial={naming.mode === 'rename' ? naming.design.Name : ''}
          maxLength={40}
          onClose={() => setNaming(null)}
          onSubmit={async (name) => {
            if (naming.mode === 'add') await add.mutateAsync(name);
            else await rename.mutateAsync({ design: naming.design, name });
            setNaming(null);
          }}
        />
      )}
    </Stack>
  );
}

export default withModuleMessages(PosterListPage, posterCatalogues);
