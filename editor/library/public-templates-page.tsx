import {
  Badge,
  Box,
  Button,
  CloseButton,
  Dialog,
  Heading,
  HStack,
  Portal,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
} from '@chakra-ui/react';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate } from 'react-router-dom';
import { blockDefinition } from '../../components-catalog/registry';
import {
  getIndustryTypeList,
  getPublicTemplateList,
  getPublicTemplatePreview,
  type PublicTemplateSummary,
  usePublicTemplate,
} from '../../contract/endpoints/module-library';
import type { ShopType } from '../../contract/enums';
import { parseTemplate } from '../../contract/template/codec';
import { callEndpoint } from '../../src/lib/http';
import { withModuleMessages } from '../../src/lib/i18n/module-messages';
import { NameDialog } from '../../src/lib/name-dialog';
import { confirmDialog, showToast } from '../../src/lib/notify';
import { endpointKey, endpointQuery } from '../../src/lib/query-options';
import { PreviewPhone } from '../preview/preview-page';
import { EDIT_TEMPLATE_PATH } from '../studio/templates-page';
import { libraryCatalogues } from './messages';

const PAGE_SIZE = 12;
const PREVIEW_WIDTH = 375;

/** One page of a public template drawn by the preview's renderers, with the shop's own goods. */
function PreviewDialog({ template, onClose }: { template: PublicTemplateSummary; onClose: () => void }) {
  const intl = useIntl();
  const [pageId, setPageId] = useState<string | undefined>(undefined);
  const input = { Id: template.Id, ...(pageId ? { PageId: pageId } : {}) };
  const preview = useQuery({
    queryKey: endpointKey(getPublicTemplatePreview, input),
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }) => {
      const response = await callEndpoint(getPublicTemplatePreview, input, { signal });
      const parsed = parseTemplate(response.Data, blockDefinition);
      if (!parsed.ok) throw new Error(intl.formatMessage({ id: 'preview.failed' }));
      return {
        response,
        document: parsed.document,
        // Public templates show the sample goods only: no shop's rows or videos stand behind them.
        rows: {
          products: new Map(response.Products.map((entry) => [entry.BlockId, entry.Rows])),
          lookups: new Map(),
          videos: new Map(),
        },
      };
    },
  });
  const shownPage = pageId ?? preview.data?.response.Pages[0]?.Id;
  return (
    <Dialog.Root
      open
      onOpenChange={(details) => !details.open && onClose()}
      size="lg"
      scrollBehavior="inside"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="public-preview">
            <Dialog.Header>
              <Dialog.Title>
                <FormattedMessage id="library.public.previewOf" values={{ name: template.Name }} />
              </Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="3">
                <HStack
                  gap="2"
                  wrap="wrap"
                  role="group"
                  aria-label={intl.formatMessage({ id: 'library.public.page' })}
                >
                  {preview.data?.response.Pages.map((page) => (
                    <Button
                      key={page.Id}
                      size="xs"
                      variant={page.Id === shownPage ? 'solid' : 'outline'}
                      aria-pressed={page.Id === shownPage}
                      onClick={() => setPageId(page.Id)}
                    >
                      {page.Title}
                    </Button>
                  ))}
                </HStack>
                <Box bg="gray.100" paddingY="3">
                  {preview.data ? (
                    <PreviewPhone
                      document={preview.data.document}
                      rows={preview.data.rows}
                      shopType={preview.data.response.ShopType as ShopType}
                      width={PREVIEW_WIDTH}
                    />
                  ) : (
                    <Skeleton width={`${PREVIEW_WIDTH}px`} maxWidth="100%" height="600px" marginX="auto" />
                  )}
                </Box>
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose}>
                <FormattedMessage id="library.public.close" />
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={intl.formatMessage({ id: 'library.public.close' })} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

function TemplateCard({
  template,
  usable,
  onPreview,
  onUse,
}: {
  template: PublicTemplateSummary;
  usable: boolean;
  onPreview: () => void;
  onUse: () => void;
}) {
  const intl = useIntl();
  return (
    <Stack
      as="article"
      aria-labelledby={`public-template-${template.Id}`}
      bg="white"
      borderRadius="md"
      borderWidth="1px"
      overflow="hidden"
      data-testid={`public-template-${template.Id}`}
    >
      <Box height="16" bg={template.ThemeColour || 'gray.300'} aria-hidden="true" />
      <Stack padding="3" gap="2" flex="1">
        <Heading as="h2" size="sm" id={`public-template-${template.Id}`}>
          {template.Name}
        </Heading>
        <Text fontSize="sm" color="fg.muted" flex="1">
          {template.Description}
        </Text>
        <Badge alignSelf="flex-start">
          <FormattedMessage id="library.public.pages" values={{ count: template.PageCount }} />
        </Badge>
        <HStack gap="2">
          <Button
            size="xs"
            variant="outline"
            onClick={onPreview}
            aria-label={intl.formatMessage({ id: 'library.public.previewOf' }, { name: template.Name })}
          >
            <FormattedMessage id="library.public.preview" />
          </Button>
          <Button
            size="xs"
            colorPalette="brand"
            disabled={!usable}
            title={usable ? undefined : intl.formatMessage({ id: 'library.public.otherType' })}
            onClick={onUse}
            aria-label={intl.formatMessage({ id: 'library.public.useTitle' }, { name: template.Name })}
          >
            <FormattedMessage id="library.public.use" />
          </Button>
        </HStack>
      </Stack>
    </Stack>
  );
}

/** Public templates by industry: preview one, or copy it into my templates and open it. */
function PublicTemplatesPage() {
  const intl = useIntl();
  const navigate = useNavigate();
  const [chosenType, setChosenType] = useState<number | null>(null);
  const [page, setPage] = useState(1);
  const [previewing, setPreviewing] = useState<PublicTemplateSummary | null>(null);
  const [using, setUsing] = useState<PublicTemplateSummary | null>(null);
  const industries = useQuery(endpointQuery(getIndustryTypeList, {}));
  const siteType = industries.data?.SiteShopType;
  const shopType = chosenType ?? siteType;
  const list = useQuery({
    ...endpointQuery(getPublicTemplateList, { ShopType: shopType, page, pageSize: PAGE_SIZE }),
    enabled: shopType !== undefined,
    placeholderData: keepPreviousData,
  });
  const use = useMutation({
    mutationFn: ({ id, name }: { id: number; name: string }) =>
      callEndpoint(usePublicTemplate, { Id: id, Name: name }),
  });
  const pages = Math.max(1, Math.ceil((list.data?.Total ?? 0) / PAGE_SIZE));
  const rows = list.data?.Data ?? [];

  const submitUse = async (name: string) => {
    if (!using) return;
    const created = await use.mutateAsync({ id: using.Id, name });
    setUsing(null);
    showToast('success', intl.formatMessage({ id: 'library.public.used' }, { name }));
    const open = await confirmDialog({
      title: intl.formatMessage({ id: 'library.public.openTitle' }),
      message: intl.formatMessage({ id: 'library.public.openMessage' }, { name }),
      confirmText: intl.formatMessage({ id: 'library.public.open' }),
      cancelText: intl.formatMessage({ id: 'library.public.later' }),
    });
    if (open) navigate(`${EDIT_TEMPLATE_PATH}?id=${created.Id}`);
  };

  return (
    <Stack gap="4" padding="5" data-testid="public-templates-page">
      <Heading as="h1" size="lg">
        <FormattedMessage id="library.public.title" />
      </Heading>
      <Stack direction={{ base: 'column', md: 'row' }} gap="4" align="flex-start">
        <Stack
          as="nav"
          aria-label={intl.formatMessage({ id: 'library.public.industries' })}
          gap="1"
          minWidth="44"
          bg="white"
          borderRadius="md"
          padding="2"
        >
          {industries.isPending && <Skeleton height="48" />}
          {industries.data?.Data.map((industry) => (
            <Button
              key={industry.ShopType}
              size="sm"
              justifyContent="space-between"
              variant={industry.ShopType === shopType ? 'solid' : 'ghost'}
              aria-pressed={industry.ShopType === shopType}
              onClick={() => {
                setChosenType(industry.ShopType);
                setPage(1);
              }}
            >
              <FormattedMessage
                id="library.public.industry"
                values={{ name: industry.Name, count: industry.Count }}
              />
              {industry.ShopType === siteType && (
                <Badge size="sm" colorPalette="green">
                  <FormattedMessage id="library.public.yourType" />
                </Badge>
              )}
            </Button>
          ))}
        </Stack>
        <Stack flex="1" gap="3" width="full">
          {list.isPending ? (
            <Skeleton height="60" />
          ) : rows.length === 0 ? (
            <Text color="fg.muted">
              <FormattedMessage id="library.public.empty" />
            </Text>
          ) : (
            <SimpleGrid columns={{ base: 1, md: 2, xl: 3 }} gap="3">
              {rows.map((template) => (
                <TemplateCard
                  key={template.Id}
                  template={template}
                  usable={template.ShopType === siteType}
                  onPreview={() => setPreviewing(template)}
                  onUse={() => setUsing(template)}
                />
              ))}
            </SimpleGrid>
          )}
          {pages > 1 && (
            <HStack justify="flex-end" gap="2">
              <Text fontSize="sm">
                <FormattedMessage id="library.public.pageOf" values={{ page, pages }} />
              </Text>
              <Button size="xs" variant="outline" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                <FormattedMessage id="library.public.previous" />
              </Button>
              <Button size="xs" variant="outline" disabled={page >= pages} onClick={() => setPage(page + 1)}>
                <FormattedMessage id="library.public.next" />
              </Button>
            </HStack>
          )}
        </Stack>
      </Stack>
      {previewing && <PreviewDialog template={previewing} onClose={() => setPreviewing(null)} />}
      {using && (
        <NameDialog
          title={intl.formatMessage({ id: 'library.public.useTitle' }, { name: using.Name })}
          label={intl.formatMessage({ id: 'library.public.useName' })}
          initial={using.Name}
          maxLength={40}
          onClose={() => setUsing(null)}
          onSubmit={submitUse}
        />
      )}
    </Stack>
  );
}

export default withModuleMessages(PublicTemplatesPage, libraryCatalogues);
