import {
  Box,
  Button,
  Checkbox,
  Field,
  Flex,
  Heading,
  HStack,
  IconButton,
  Image,
  Input,
  NativeSelect,
  Spinner,
  Stack,
  Table,
  Text,
  Textarea,
} from '@chakra-ui/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { type FieldError, type FieldErrors, get } from 'react-hook-form';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { uploadImage } from '../../contract/endpoints/comm';
import {
  getCategoryTree,
  getFreightTemplates,
  getProductInfo,
  MAX_GALLERY,
  MAX_SPECS,
  type ProductDetail,
  productFormSchema,
  saveProduct,
} from '../../contract/endpoints/goods';
import { DEFAULT_TICKET_SETTINGS, type GoodsKind, type TicketSettings } from '../../contract/goods-kind';
import { GoodsPermission } from '../../contract/machines/goods';
import { callEndpoint, http } from '../../src/lib/http';
import { withModuleMessages } from '../../src/lib/i18n/module-messages';
import { ImagePickerDialog } from '../../src/lib/image-library/image-picker-dialog';
import { showToast } from '../../src/lib/notify';
import { endpointKey, endpointQuery, invalidateAreas } from '../../src/lib/query-options';
import { QueryOutcome } from '../../src/lib/query-outcome';
import { fenToYuanText, yuanToFen } from '../core/list-state';
import { useDraftForm } from '../core/use-draft-form';
import { categoryOptions } from './category-options';
import { GoodsKindFields, type TicketDraft } from './goods-kind-fields';
import { goodsCatalogues } from './messages';
import { savedNotice } from './save-notice';
import {
  type BulkFill,
  buildSkuRows,
  bulkFill,
  type SkuDraft,
  type SpecDraft,
  skuDrafts,
  skuInputs,
} from './sku-table';

interface Draft {
  Name: string;
  Subtitle: string;
  Code: string;
  CategoryId: string;
  Gallery: string[];
  Video: string;
  Description: string;
  MarketPrice: string;
  SalesBase: string;
  FreightTemplateId: string;
  Kind: GoodsKind;
  Ticket: TicketDraft;
  Specs: SpecDraft[];
  Skus: SkuDraft[];
  OnShelf: boolean;
}

const EMPTY: Draft = {
  Name: '',
  Subtitle: '',
  Code: '',
  CategoryId: '',
  Gallery: [],
  Video: '',
  Description: '',
  MarketPrice: '',
  SalesBase: '0',
  FreightTemplateId: '',
  Kind: 'physical',
  Ticket: ticketDraft(DEFAULT_TICKET_SETTINGS),
  Specs: [],
  Skus: buildSkuRows([], []),
  OnShelf: true,
};

function ticketDraft(settings: TicketSettings): TicketDraft {
  return {
    Mode: settings.Mode,
    Days: String(settings.Days),
    From: settings.From ?? '',
    Until: settings.Until ?? '',
    StoreIds: settings.StoreIds,
  };
}

/** Save-call fields that the draft holds under another name (yuan text rather than fen, and so on). */
const RENAMES = {
  MarketPriceFen: 'MarketPrice',
  PriceFen: 'Price',
  WeightG: 'Weight',
  VolumeCm3: 'Volume',
} as const;

const SKU_KEYS = ['Price', 'Stock', 'Code', 'Weight', 'Volume'] as const;

function draftOf(detail: ProductDetail): Draft {
  return {
    Name: detail.Name,
    Subtitle: detail.Subtitle,
    Code: detail.Code,
    CategoryId: detail.CategoryId === null ? '' : String(detail.CategoryId),
    Gallery: detail.Gallery,
    Video: detail.Video,
    Description: detail.Description,
    MarketPrice: detail.MarketPriceFen ? fenToYuanText(detail.MarketPriceFen) : '',
    SalesBase: String(detail.SalesBase),
    FreightTemplateId: detail.FreightTemplateId === null ? '' : String(detail.FreightTemplateId),
    Kind: detail.Kind,
    Ticket: ticketDraft(detail.Ticket),
    Specs: detail.Specs,
    Skus: skuDrafts(detail.Skus),
    OnShelf: detail.ShelfState === 'on' || detail.AutoShelf,
  };
}

/** The save call's input for the draft; what was typed wrong becomes NaN for the schema to name. */
function inputOf(draft: Draft, detail: ProductDetail | undefined) {
  const specs = draft.Specs.map((spec) => ({
    Name: spec.Name.trim(),
    Values: spec.Values.map((value) => value.trim()).filter(Boolean),
  })).filter((spec) => spec.Name || spec.Values.length);
  return {
    ...(detail ? { Id: detail.Id, Version: detail.Version } : {}),
    Name: draft.Name,
    Subtitle: draft.Subtitle,
    Code: draft.Code,
    CategoryId: draft.CategoryId === '' ? undefined : Number(draft.CategoryId),
    CustomTypeIds: detail?.CustomTypeIds ?? [],
    Gallery: draft.Gallery,
    Video: draft.Video.trim(),
    Description: draft.Description,
    MarketPriceFen: draft.MarketPrice.trim() === '' ? 0 : (yuanToFen(draft.MarketPrice) ?? Number.NaN),
    SalesBase: Number(draft.SalesBase || 0),
    FreightTemplateId: draft.FreightTemplateId ? Number(draft.FreightTemplateId) : null,
    Kind: draft.Kind,
    Ticket: {
      Mode: draft.Ticket.Mode,
      Days: draft.Ticket.Days.trim() === '' ? Number.NaN : Number(draft.Ticket.Days),
      From: draft.Ticket.From || null,
      Until: draft.Ticket.Until || null,
      StoreIds: draft.Ticket.StoreIds,
    },
    Sort: detail?.Sort ?? 0,
    Specs: specs,
    Skus: skuInputs(draft.Skus),
    OnShelf: draft.OnShelf,
  };
}

/** The message at a path, also when it belongs to a list as a whole. */
function errorAt(errors: FieldErrors<Draft>, path: string): string | undefined {
  const at = (where: string) => (get(errors, where) as FieldError | undefined)?.message;
  return at(path) ?? at(`${path}.root`);
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box as="section" bg="bg" borderRadius="md" borderWidth="1px" padding="5" aria-label={title}>
      <Heading as="h2" size="md" marginBottom="4">
        {title}
      </Heading>
      <Stack gap="4">{children}</Stack>
    </Box>
  );
}

function GoodsForm({ detail }: { detail?: ProductDetail }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const client = useQueryClient();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const { form, markSaved, saveFailed } = useDraftForm<Draft>({
    defaultValues: detail ? draftOf(detail) : EMPTY,
    schema: productFormSchema,
    toInput: (values) => inputOf(values, detail),
    renames: RENAMES,
  });
  const draft = form.watch();
  const { errors, isSubmitting: saving, isSubmitted } = form.formState;
  const [uploading, setUploading] = useState(false);
  const [picking, setPicking] = useState(false);
  const [fill, setFill] = useState<BulkFill>({ Price: '', Stock: '', Code: '', Weight: '', Volume: '' });
  const categories = useQuery(endpointQuery(getCategoryTree, {}));
  // Fetched on every opening: templates are added and defaulted on another screen moments before.
  const freight = useQuery({ ...endpointQuery(getFreightTemplates, {}), staleTime: 0 });
  const defaultTemplate = freight.data?.Data.find((template) => template.IsDefault)?.Id;
  useEffect(() => {
    // New goods start with the shop's default template, as a default value: nothing unsaved yet.
    if (!detail && defaultTemplate !== undefined && !form.getFieldState('FreightTemplateId').isDirty)
      form.resetField('FreightTemplateId', { defaultValue: String(defaultTemplate) });
  }, [detail, defaultTemplate, form]);

  // After a refused save, each change is checked again at once, as typing in a registered field is.
  const options = { shouldDirty: true, shouldValidate: isSubmitted };
  const update = (change: Partial<Draft>) => {
    for (const [key, value] of Object.entries(change)) form.setValue(key as keyof Draft, value, options);
  };
  const setSpecs = (Specs: SpecDraft[]) => update({ Specs, Skus: buildSkuRows(Specs, draft.Skus) });
  const setSku = (index: number, key: (typeof SKU_KEYS)[number], value: string) =>
    form.setValue(`Skus.${index}.${key}`, value, options);
  const error = (path: string) => errorAt(errors, path);

  const upload = async (files: FileList | null) => {
    if (!files?.length) return;
    setUploading(true);
    try {
      const urls: string[] = [];
      for (const file of Array.from(files).slice(0, MAX_GALLERY - draft.Gallery.length)) {
        const body = new FormData();
        body.append('file', file);
        const response = await http.post<{ Url: string }>(uploadImage.path, body);
        urls.push(response.data.Url);
      }
      update({ Gallery: [...form.getValues('Gallery'), ...urls] });
    } catch {
      // The HTTP layer already showed the server's message.
    } finally {
      setUploading(false);
    }
  };
  const moveImage = (index: number, by: number) => {
    const gallery = [...draft.Gallery];
    const [image] = gallery.splice(index, 1);
    gallery.splice(index + by, 0, image!);
    update({ Gallery: gallery });
  };

  const save = form.handleSubmit(async (values) => {
    try {
      const saved = await callEndpoint(saveProduct, productFormSchema.parse(inputOf(values, detail)));
      markSaved();
      const notice = savedNotice(saved);
      showToast(notice.type, t(notice.id), notice.type === 'info' ? 6000 : undefined);
      await invalidateAreas(client, saveProduct);
      // Leaving right after the state update would still see the form as dirty.
      window.setTimeout(() => navigate(`${GoodsPermission.edit}?id=${saved.Id}`, { replace: !detail }));
    } catch (failure) {
      await saveFailed(failure, () => client.invalidateQueries({ queryKey: endpointKey(getProductInfo) }));
    }
  });

  const textField = (
    name: 'Name' | 'Subtitle' | 'Code' | 'Video' | 'MarketPrice' | 'SalesBase',
    label: string,
    props: { required?: boolean; help?: string } = {},
  ) => (
    <Field.Root invalid={Boolean(error(name))} required={props.required}>
      <Field.Label>
        {label}
        {props.required && <Field.RequiredIndicator />}
      </Field.Label>
      <Input {...form.register(name)} />
      {props.help && <Field.HelperText>{props.help}</Field.HelperText>}
      <Field.ErrorText>{error(name)}</Field.ErrorText>
    </Field.Root>
  );

  return (
    <Stack asChild gap="4" padding="5">
      {/* noValidate: the engine's messages under each field, never the browser's bubbles. */}
      <form
        noValidate
        aria-label={t(detail ? 'goods.form.editTitle' : 'goods.form.createTitle')}
        onSubmit={save}
      >
        <Flex justify="space-between" align="center">
          <Heading as="h1" size="lg">
            <FormattedMessage id={detail ? 'goods.form.editTitle' : 'goods.form.createTitle'} />
          </Heading>
          <HStack>
            <Button variant="outline" onClick={() => navigate(GoodsPermission.list)}>
              <FormattedMessage id="goods.form.backToList" />
            </Button>
            <Button type="submit" colorPalette="brand" loading={saving} loadingText={t('engine.saving')}>
              <FormattedMessage id="engine.save" />
            </Button>
          </HStack>
        </Flex>

        <Section title={t('goods.form.basics')}>
          {textField('Name', t('goods.form.name'), { required: true })}
          {textField('Subtitle', t('goods.form.subtitle'))}
          {textField('Code', t('goods.form.code'))}
          <Field.Root invalid={Boolean(error('CategoryId'))} required>
            <Field.Label>
              <FormattedMessage id="goods.form.category" />
              <Field.RequiredIndicator />
            </Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field {...form.register('CategoryId')}>
                <option value="">{t('goods.form.choose')}</option>
                {categoryOptions(categories.data?.Data ?? []).map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
            <Field.ErrorText>{error('CategoryId')}</Field.ErrorText>
          </Field.Root>
          <Field.Root invalid={Boolean(error('Gallery'))}>
            <Field.Label>
              <FormattedMessage id="goods.form.gallery" values={{ max: MAX_GALLERY }} />
            </Field.Label>
            <HStack gap="3" wrap="wrap">
              {draft.Gallery.map((url, index) => (
                <Stack key={url} gap="1" align="center">
                  <Image
                    src={url}
                    alt={t('goods.form.imageNumber', { number: index + 1 })}
                    boxSize="20"
                    objectFit="cover"
                    borderRadius="md"
                  />
                  <HStack gap="0">
                    <IconButton
                      size="2xs"
                      variant="ghost"
                      aria-label={t('goods.form.moveImageBack', { number: index + 1 })}
                      disabled={index === 0}
                      onClick={() => moveImage(index, -1)}
                    >
                      <span aria-hidden="true">‹</span>
                    </IconButton>
                    <IconButton
                      size="2xs"
                      variant="ghost"
                      colorPalette="red"
                      aria-label={t('goods.form.removeImage', { number: index + 1 })}
                      onClick={() =>
                        update({ Gallery: draft.Gallery.filter((_, position) => position !== index) })
                      }
                    >
                      <span aria-hidden="true">×</span>
                    </IconButton>
                    <IconButton
                      size="2xs"
                      variant="ghost"
                      aria-label={t('goods.form.moveImageForward', { number: index + 1 })}
                      disabled={index === draft.Gallery.length - 1}
                      onClick={() => moveImage(index, 1)}
                    >
                      <span aria-hidden="true">›</span>
                    </IconButton>
                  </HStack>
                </Stack>
              ))}
              {draft.Gallery.length < MAX_GALLERY && (
                <Button as="label" variant="outline" size="sm" cursor="pointer">
                  {uploading ? <Spinner size="xs" /> : <FormattedMessage id="goods.form.upload" />}
                  <input
                    type="file"
                    accept="image/png,image/jpeg,image/gif,image/webp"
                    multiple
                    hidden
                    onChange={(event) => void upload(event.target.files)}
                  />
                </Button>
              )}
              {draft.Gallery.length < MAX_GALLERY && (
                <Button variant="outline" size="sm" onClick={() => setPicking(true)}>
                  <FormattedMessage id="imageLibrary.field.choose" />
                </Button>
              )}
            </HStack>
            <ImagePickerDialog
              open={picking}
              multiple
              onClose={() => setPicking(false)}
              onPick={(urls) => {
                setPicking(false);
                const added = urls.filter((url) => !draft.Gallery.includes(url));
                update({ Gallery: [...draft.Gallery, ...added].slice(0, MAX_GALLERY) });
              }}
            />
            <Field.ErrorText>{error('Gallery')}</Field.ErrorText>
          </Field.Root>
          {textField('Video', t('goods.form.video'), { help: t('goods.form.videoHelp') })}
          <Field.Root invalid={Boolean(error('Description'))}>
            <Field.Label>
              <FormattedMessage id="goods.form.description" />
            </Field.Label>
            <Textarea rows={5} {...form.register('Description')} />
            <Field.ErrorText>{error('Description')}</Field.ErrorText>
          </Field.Root>
        </Section>

        <Section title={t('goods.form.pricing')}>
          <HStack gap="4" align="start" wrap="wrap">
            <Box width="60">{textField('MarketPrice', t('goods.form.marketPrice'))}</Box>
            <Box width="60">{textField('SalesBase', t('goods.form.salesBase'))}</Box>
            <Field.Root width="60">
              <Field.Label>
                <FormattedMessage id="goods.form.freight" />
              </Field.Label>
              <NativeSelect.Root>
                <NativeSelect.Field {...form.register('FreightTemplateId')}>
                  <option value="">{t('goods.form.freightNone')}</option>
                  {(freight.data?.Data ?? []).map((template) => (
                    <option key={template.Id} value={template.Id}>
                      {template.Name}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </Field.Root>
          </HStack>
        </Section>

        <Section title={t('goods.form.kind')}>
          <GoodsKindFields
            kind={draft.Kind}
            ticket={draft.Ticket}
            onKind={(Kind) => update({ Kind })}
            onTicket={(change) => update({ Ticket: { ...form.getValues('Ticket'), ...change } })}
            error={error}
          />
        </Section>

        <Section title={t('goods.form.specs')}>
          {draft.Specs.map((spec, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: specs are edited in place, their names change while typing
            <HStack key={index} gap="3" align="end" wrap="wrap">
              <Field.Root width="48" invalid={Boolean(error(`Specs.${index}.Name`))}>
                <Field.Label>{t('goods.form.specName', { number: index + 1 })}</Field.Label>
                <Input
                  value={spec.Name}
                  onChange={(event) =>
                    setSpecs(
                      draft.Specs.map((entry, position) =>
                        position === index ? { ...entry, Name: event.target.value } : entry,
                      ),
                    )
                  }
                />
                <Field.ErrorText>{error(`Specs.${index}.Name`)}</Field.ErrorText>
              </Field.Root>
              <Field.Root flex="1" minWidth="64" invalid={Boolean(error(`Specs.${index}.Values`))}>
                <Field.Label>{t('goods.form.specValues', { number: index + 1 })}</Field.Label>
                <Input
                  value={spec.Values.join(',')}
                  onChange={(event) =>
                    setSpecs(
                      draft.Specs.map((entry, position) =>
                        position === index ? { ...entry, Values: event.target.value.split(/[,，]/) } : entry,
                      ),
                    )
                  }
                />
                <Field.HelperText>
                  <FormattedMessage id="goods.form.specValuesHelp" />
                </Field.HelperText>
                <Field.ErrorText>{error(`Specs.${index}.Values`)}</Field.ErrorText>
              </Field.Root>
              <Button
                variant="ghost"
                colorPalette="red"
                onClick={() => setSpecs(draft.Specs.filter((_, position) => position !== index))}
              >
                {t('goods.form.removeSpec', { number: index + 1 })}
              </Button>
            </HStack>
          ))}
          {draft.Specs.length < MAX_SPECS && (
            <Box>
              <Button
                size="sm"
                variant="outline"
                onClick={() => setSpecs([...draft.Specs, { Name: '', Values: [] }])}
              >
                <FormattedMessage id="goods.form.addSpec" />
              </Button>
            </Box>
          )}
          <HStack gap="2" wrap="wrap" align="end" role="group" aria-label={t('goods.form.bulkFill')}>
            {SKU_KEYS.map((key) => (
              <Field.Root key={key} width="32">
                <Field.Label fontSize="xs">{t(`goods.form.fill${key}`)}</Field.Label>
                <Input
                  size="sm"
                  value={fill[key]}
                  onChange={(event) => setFill({ ...fill, [key]: event.target.value })}
                />
              </Field.Root>
            ))}
            <Button size="sm" variant="outline" onClick={() => update({ Skus: bulkFill(draft.Skus, fill) })}>
              <FormattedMessage id="goods.form.applyFill" />
            </Button>
          </HStack>
          <Box overflowX="auto">
            <Table.Root size="sm" aria-label={t('goods.form.skuTable')}>
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>
                    <FormattedMessage id="goods.form.skuSpec" />
                  </Table.ColumnHeader>
                  {SKU_KEYS.map((key) => (
                    <Table.ColumnHeader key={key}>
                      <FormattedMessage id={`goods.form.sku${key}`} />
                    </Table.ColumnHeader>
                  ))}
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {draft.Skus.map((row, index) => {
                  const name = row.SpecValues.join(' / ') || t('goods.form.singleSku');
                  return (
                    <Table.Row key={row.SpecValues.join('\u0000')}>
                      <Table.Cell>
                        {name}
                        {error(`Skus.${index}.SpecValues`) && (
                          <Text color="fg.error" fontSize="xs">
                            {error(`Skus.${index}.SpecValues`)}
                          </Text>
                        )}
                      </Table.Cell>
                      {SKU_KEYS.map((key) => {
                        const message = error(`Skus.${index}.${key}`);
                        return (
                          <Table.Cell key={key}>
                            <Field.Root invalid={Boolean(message)}>
                              <Input
                                size="sm"
                                minWidth="24"
                                aria-label={t(`goods.form.sku${key}Of`, { name })}
                                value={row[key]}
                                onChange={(event) => setSku(index, key, event.target.value)}
                              />
                              <Field.ErrorText>{message}</Field.ErrorText>
                            </Field.Root>
                          </Table.Cell>
                        );
                      })}
                    </Table.Row>
                  );
                })}
              </Table.Body>
            </Table.Root>
          </Box>
          {error('Skus') && <Text color="fg.error">{error('Skus')}</Text>}
        </Section>

        <Section title={t('goods.form.publishing')}>
          <Checkbox.Root
            checked={draft.OnShelf}
            onCheckedChange={(event) => update({ OnShelf: event.checked === true })}
          >
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>
              <FormattedMessage id="goods.form.onShelf" />
            </Checkbox.Label>
          </Checkbox.Root>
        </Section>
      </form>
    </Stack>
  );
}

/** /goods/issueGoods (new goods) and /goods/editGoodsDetails?id= (existing goods). */
function GoodsFormPage() {
  const [search] = useSearchParams();
  const id = Number(search.get('id'));
  const detail = useQuery({ ...endpointQuery(getProductInfo, { id }), enabled: id > 0 });
  if (!(id > 0)) return <GoodsForm key="new" />;
  return (
    <QueryOutcome query={detail} errorText={<FormattedMessage id="engine.record.loadFailed" />}>
      {(data) => <GoodsForm key={`${data.Id}:${data.Version}`} detail={data} />}
    </QueryOutcome>
  );
}

export default withModuleMessages(GoodsFormPage, goodsCatalogues);
