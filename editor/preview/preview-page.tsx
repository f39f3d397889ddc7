import { Alert, Box, Button, ButtonGroup, Heading, HStack, Skeleton, Stack, Text } from '@chakra-ui/react';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useMemo } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useParams, useSearchParams } from 'react-router-dom';
import type { DataRequest } from '../../components-catalog/data-rows';
import { blockDefinition } from '../../components-catalog/registry';
import type { RenderContext } from '../../components-catalog/renderer-kit';
import { rendererOf } from '../../components-catalog/renderers';
import { getPreviewData } from '../../contract/endpoints/module-library';
import type { ShopType } from '../../contract/enums';
import { parseTemplate } from '../../contract/template/codec';
import type { BlockNode, TemplateDocument, TemplatePage } from '../../contract/template-document';
import { callEndpoint } from '../../src/lib/http';
import { ModuleMessages } from '../../src/lib/i18n/module-messages';
import { endpointKey } from '../../src/lib/query-options';
import { productRows } from '../studio/block-rows';
import { entityRows } from '../studio/entity-block-rows';
import { studioCatalogues } from '../studio/studio-messages';
import { PREVIEW_WIDTHS, previewWidth } from './preview-width';

type GoodsRows = Parameters<typeof productRows>[1];
type PreviewResponse = Awaited<ReturnType<typeof callEndpoint<typeof getPreviewData>>>;

/** What each data block of the page shows, by block id: goods, lookup rows or a resolved video. */
export interface PreviewRows {
  products: ReadonlyMap<string, GoodsRows>;
  lookups: ReadonlyMap<string, PreviewResponse['Lookups'][number]['Rows']>;
  videos: ReadonlyMap<string, PreviewResponse['Videos'][number]>;
}

/** A block's rows as its renderer draws them, shaped as the studio shapes them. */
function blockData(
  block: BlockNode,
  request: DataRequest | null,
  rows: PreviewRows,
): readonly unknown[] | undefined {
  if (!request) return undefined;
  if (request.source === 'products') {
    const goods = rows.products.get(block.id);
    return goods ? productRows(request, goods) : undefined;
  }
  if (request.source === 'video') {
    const video = rows.videos.get(block.id);
    return video ? [{ url: video.Url, title: video.Title, sandbox: video.Sandbox }] : [];
  }
  const lookup = rows.lookups.get(block.id);
  return lookup ? entityRows(request, lookup as unknown as Parameters<typeof entityRows>[1]) : undefined;
}

/** The preview is reachable without a session, outside the shell and its query client. */
const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } },
});

function PreviewBlock({
  block,
  rows,
  context,
}: {
  block: BlockNode;
  rows: PreviewRows;
  context: RenderContext;
}) {
  const Renderer = rendererOf(block.type);
  const request = useMemo(() => blockDefinition(block.type)?.data?.(block.props) ?? null, [block]);
  if (!Renderer) return null;
  const data = blockData(block, request, rows);
  return (
    <div data-testid={`preview-block-${block.id}`} data-block-type={block.type}>
      <Renderer props={block.props} data={data} context={context} />
    </div>
  );
}

function fixedBlock(document: TemplateDocument, page: TemplatePage, slot: keyof TemplatePage['fixed']) {
  const id = page.fixed[slot];
  return id && Object.hasOwn(document.blocks, id) ? document.blocks[id]! : null;
}

/** One saved page drawn read-only by the catalogue's renderers on a phone of the chosen width. */
export function PreviewPhone({
  document,
  rows,
  shopType,
  width,
}: {
  document: TemplateDocument;
  rows: PreviewRows;
  shopType: ShopType;
  width: number;
}) {
  const intl = useIntl();
  const page = document.pages[0]!;
  const context = useMemo<RenderContext>(() => ({ mode: 'preview', shopType, now: Date.now() }), [shopType]);
  const navigationBar = fixedBlock(document, page, 'navigationBar');
  const tabBar = fixedBlock(document, page, 'tabBar');
  const floating = fixedBlock(document, page, 'floatingButton');
  const popup = fixedBlock(document, page, 'popup');
  const NavigationRenderer = rendererOf('navigationBar')!;
  const view = (block: BlockNode) => (
    <PreviewBlock key={block.id} block={block} rows={rows} context={context} />
  );
  return (
    <Box
      as="main"
      aria-label={intl.formatMessage({ id: 'preview.phone' }, { width })}
      width={`${width}px`}
      maxWidth="100%"
      marginX="auto"
      minHeight="720px"
      bg={page.settings.backgroundColor || '#f5f5f5'}
      display="flex"
      flexDirection="column"
      position="relative"
      overflow="hidden"
      boxShadow="0 8px 30px rgba(0,0,0,.18)"
      data-testid="preview-phone"
      data-width={width}
    >
      {navigationBar ? (
        view(navigationBar)
      ) : (
        <NavigationRenderer
          props={{ ...blockDefinition('navigationBar')!.defaults(), title: page.settings.title }}
          context={context}
        />
      )}
      <Box flex="1" paddingBottom="4">
        {page.blockIds.length === 0 && (
          <Text padding="10" textAlign="center" color="gray.600" fontSize="sm">
            <FormattedMessage id="preview.empty" />
          </Text>
        )}
        {page.blockIds.map((id) => (Object.hasOwn(document.blocks, id) ? view(document.blocks[id]!) : null))}
      </Box>
      {floating && (
        <Box position="absolute" right="12px" bottom={tabBar ? '110px' : '60px'}>
          {view(floating)}
        </Box>
      )}
      {tabBar && (
        <Box position="sticky" bottom="0">
          {view(tabBar)}
        </Box>
      )}
      {popup && view(popup)}
    </Box>
  );
}

function WidthSwitch({ width, onChange }: { width: number; onChange: (width: number) => void }) {
  const intl = useIntl();
  return (
    <ButtonGroup
      size="xs"
      variant="outline"
      attached
      role="group"
      aria-label={intl.formatMessage({ id: 'preview.width' })}
    >
      {PREVIEW_WIDTHS.map((option) => (
        <Button
          key={option}
          aria-pressed={option === width}
          variant={option === width ? 'solid' : 'outline'}
          onClick={() => onChange(option)}
        >
          {intl.formatMessage({ id: 'preview.widthOption' }, { width: option })}
        </Button>
      ))}
    </ButtonGroup>
  );
}

function Preview() {
  const intl = useIntl();
  const params = useParams();
  const [search, setSearch] = useSearchParams();
  const siteId = Number(params.siteId);
  const validSite = Number.isInteger(siteId) && siteId > 0;
  const pageId = search.get('page') ?? undefined;
  const templateRaw = Number(search.get('template'));
  const templateId = Number.isInteger(templateRaw) && templateRaw > 0 ? templateRaw : undefined;
  const width = previewWidth(search.get('width'));
  const input = {
    SiteId: siteId,
    ...(pageId ? { PageId: pageId } : {}),
    ...(templateId ? { TemplateId: templateId } : {}),
  };
  const query = useQuery({
    queryKey: endpointKey(getPreviewData, input),
    enabled: validSite,
    queryFn: async ({ signal }) => {
      const response = await callEndpoint(getPreviewData, input, { signal });
      const parsed = parseTemplate(response.Data, blockDefinition);
      if (!parsed.ok) throw new Error(intl.formatMessage({ id: 'preview.failed' }));
      return {
        response,
        document: parsed.document,
        rows: {
          products: new Map(response.Products.map((entry) => [entry.BlockId, entry.Rows])),
          lookups: new Map(response.Lookups.map((entry) => [entry.BlockId, entry.Rows])),
          videos: new Map(response.Videos.map((entry) => [entry.BlockId, entry])),
        },
      };
    },
  });
  const title = query.data?.document.pages[0]?.settings.title;
  useEffect(() => {
    const page = intl.formatMessage({ id: 'preview.title' });
    window.document.title = title ? `${title} - ${page}` : page;
  }, [intl, title]);
  const setWidth = (next: number) =>
    setSearch(
      (previous) => {
        const copy = new URLSearchParams(previous);
        copy.set('width', String(next));
        return copy;
      },
      { replace: true },
    );

  const message = query.error instanceof Error ? query.error.message : '';
  let content: ReactNode;
  if (query.data)
    content = (
      <PreviewPhone
        document={query.data.document}
        rows={query.data.rows}
        shopType={query.data.response.ShopType as ShopType}
        width={width}
      />
    );
  else if (query.isError || !validSite)
    content = (
      <Alert.Root status="error" maxWidth="480px" data-testid="preview-error">
        <Alert.Indicator />
        <Stack gap="1">
          <Alert.Title>
            <FormattedMessage id="preview.failed" />
          </Alert.Title>
          {message && <Alert.Description>{message}</Alert.Description>}
        </Stack>
      </Alert.Root>
    );
  else content = <Skeleton width={`${width}px`} maxWidth="100%" height="720px" />;
  return (
    <Box minHeight="100vh" bg="gray.100" paddingY="4" paddingX="2">
      <Stack gap="3" align="center">
        <HStack justify="space-between" width="full" maxWidth="640px" wrap="wrap" gap="2">
          <Stack gap="0">
            <Heading as="h1" size="sm">
              {query.data ? query.data.response.SiteName : <FormattedMessage id="preview.title" />}
            </Heading>
            {query.data && (
              <Text fontSize="xs" color="gray.600">
                {intl.formatMessage(
                  { id: 'preview.savedAt' },
                  {
                    version: query.data.response.Version,
                    time: intl.formatDate(query.data.response.UpdatedAt, {
                      dateStyle: 'medium',
                      timeStyle: 'short',
                    }),
                  },
                )}
              </Text>
            )}
          </Stack>
          <WidthSwitch width={width} onChange={setWidth} />
        </HStack>
        {content}
      </Stack>
    </Box>
  );
}

/** /preview/:siteId?page=&template=&width=: a saved page as the phone shows it, for the QR codes. */
export function PreviewPage() {
  return (
    <QueryClientProvider client={queryClient}>
      <ModuleMessages catalogues={studioCatalogues}>
        <Preview />
      </ModuleMessages>
    </QueryClientProvider>
  );
}
