import {
  Badge,
  Button,
  CloseButton,
  Dialog,
  Field,
  HStack,
  IconButton,
  Input,
  Portal,
  Stack,
  Switch,
  Table,
  Text,
} from '@chakra-ui/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import {
  defaultSections,
  delProductTemplate,
  getProductTemplateList,
  type ProductSection,
  type ProductTemplate,
  REQUIRED_SECTIONS,
  saveProductTemplate,
  setProductTemplate,
  setProductTemplateDefault,
  setProductTypeTemplate,
} from '../../contract/endpoints/enterprise';
import { callEndpoint } from '../../src/lib/http';
import { confirmDialog, showToast } from '../../src/lib/notify';
import { endpointKey, endpointQuery } from '../../src/lib/query-options';
import { parseIds } from './parse-ids';

type Section = { Key: ProductSection; Visible: boolean };
type Editing = { template: ProductTemplate | null } | null;
type Binding = { template: ProductTemplate; kind: 'categories' | 'products' } | null;

function FormDialog({
  title,
  onClose,
  onSubmit,
  children,
}: {
  title: string;
  onClose: () => void;
  onSubmit: () => Promise<void>;
  children: ReactNode;
}) {
  const intl = useIntl();
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      await onSubmit();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog.Root open onOpenChange={(details) => !details.open && onClose()} scrollBehavior="inside">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content as="form" onSubmit={submit} data-testid="product-template-dialog">
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="3">{children}</Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose}>
                <FormattedMessage id="library.goods.cancel" />
              </Button>
              <Button type="submit" colorPalette="brand" loading={busy}>
                <FormattedMessage id="library.goods.submit" />
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

function LayoutDialog({
  template,
  onClose,
  onSaved,
}: {
  template: ProductTemplate | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const intl = useIntl();
  const [name, setName] = useState(template?.Name ?? '');
  const [sections, setSections] = useState<Section[]>(template?.Sections ?? defaultSections());
  const [buy, setBuy] = useState(
    template?.BuyButtonText ?? intl.formatMessage({ id: 'library.goods.buyText' }).slice(0, 6),
  );
  const [cart, setCart] = useState(
    template?.CartButtonText ?? intl.formatMessage({ id: 'library.goods.cartText' }).slice(0, 6),
  );
  const move = (index: number, delta: number) => {
    const next = [...sections];
    const [moved] = next.splice(index, 1);
    next.splice(index + delta, 0, moved!);
    setSections(next);
  };
  const label = (key: ProductSection) => intl.formatMessage({ id: `library.section.${key}` });
  return (
    <FormDialog
      title={intl.formatMessage({ id: template ? 'library.goods.edit' : 'library.goods.add' })}
      onClose={onClose}
      onSubmit={async () => {
        await callEndpoint(saveProductTemplate, {
          ...(template ? { Id: template.Id } : {}),
          Name: name,
          Sections: sections,
          BuyButtonText: buy,
          CartButtonText: cart,
        });
        showToast('success', intl.formatMessage({ id: 'library.goods.saved' }));
        onSaved();
      }}
    >
      <Field.Root required>
        <Field.Label>
          <FormattedMessage id="library.goods.name" />
        </Field.Label>
        <Input size="sm" maxLength={30} value={name} onChange={(event) => setName(event.target.value)} />
      </Field.Root>
      <Text fontSize="sm" fontWeight="medium">
        <FormattedMessage id="library.goods.sections" />
      </Text>
      <Stack as="ol" gap="1" listStyleType="none">
        {sections.map((section, index) => {
          const required = REQUIRED_SECTIONS.includes(section.Key);
          return (
            <HStack
              as="li"
              key={section.Key}
              gap="2"
              borderWidth="1px"
              borderRadius="md"
              paddingX="2"
              paddingY="1"
            >
              <Switch.Root
                size="sm"
                flex="1"
                checked={section.Visible}
                disabled={required}
                onCheckedChange={(details) =>
                  setSections(
                    sections.map((entry) =>
                      entry.Key === section.Key ? { ...entry, Visible: details.checked } : entry,
                    ),
                  )
                }
              >
                <Switch.HiddenInput />
                <Switch.Control />
                <Switch.Label>{label(section.Key)}</Switch.Label>
              </Switch.Root>
              {required && (
                <Text fontSize="xs" color="fg.muted">
                  <FormattedMessage id="library.goods.required" />
                </Text>
              )}
              <IconButton
                size="2xs"
                variant="ghost"
                disabled={index === 0}
                aria-label={intl.formatMessage({ id: 'library.user.moveUp' }, { title: label(section.Key) })}
                onClick={() => move(index, -1)}
              >
                <span aria-hidden="true">↑</span>
              </IconButton>
              <IconButton
                size="2xs"
                variant="ghost"
                disabled={index === sections.length - 1}
                aria-label={intl.formatMessage(
                  { id: 'library.user.moveDown' },
                  { title: label(section.Key) },
                )}
                onClick={() => move(index, 1)}
              >
                <span aria-hidden="true">↓</span>
              </IconButton>
            </HStack>
          );
        })}
      </Stack>
      <HStack gap="3">
        <Field.Root required>
          <Field.Label>
            <FormattedMessage id="library.goods.buyText" />
          </Field.Label>
          <Input size="sm" maxLength={6} value={buy} onChange={(event) => setBuy(event.target.value)} />
        </Field.Root>
        <Field.Root required>
          <Field.Label>
            <FormattedMessage id="library.goods.cartText" />
          </Field.Label>
          <Input size="sm" maxLength={6} value={cart} onChange={(event) => setCart(event.target.value)} />
        </Field.Root>
      </HStack>
    </FormDialog>
  );
}

function BindDialog({
  binding,
  onClose,
  onSaved,
}: {
  binding: NonNullable<Binding>;
  onClose: () => void;
  onSaved: () => void;
}) {
  const intl = useIntl();
  const rows = binding.kind === 'categories' ? binding.template.Categories : binding.template.Products;
  const [text, setText] = useState(rows.map((row) => row.Id).join(', '));
  const [invalid, setInvalid] = useState(false);
  const labelId = binding.kind === 'categories' ? 'library.goods.categoryIds' : 'library.goods.productIds';
  return (
    <FormDialog
      title={intl.formatMessage({
        id: binding.kind === 'categories' ? 'library.goods.bindCategories' : 'library.goods.bindProducts',
      })}
      onClose={onClose}
      onSubmit={async () => {
        const ids = parseIds(text);
        setInvalid(ids === null);
        if (ids === null) return;
        if (binding.kind === 'categories')
          await callEndpoint(setProductTypeTemplate, { Id: binding.template.Id, CategoryIds: ids });
        else await callEndpoint(setProductTemplate, { Id: binding.template.Id, ProductIds: ids });
        showToast('success', intl.formatMessage({ id: 'library.goods.bound' }));
        onSaved();
      }}
    >
      <Field.Root invalid={invalid}>
        <Field.Label>
          <FormattedMessage id={labelId} />
        </Field.Label>
        <Input size="sm" value={text} onChange={(event) => setText(event.target.value)} />
        {invalid && (
          <Field.ErrorText>
            <FormattedMessage id="library.goods.idsInvalid" />
          </Field.ErrorText>
        )}
      </Field.Root>
    </FormDialog>
  );
}

/** Goods-detail templates: layouts, the default, and which categories or goods use each. */
export function ProductTemplatesPanel() {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<Editing>(null);
  const [binding, setBinding] = useState<Binding>(null);
  const list = useQuery(endpointQuery(getProductTemplateList, { page: 1, pageSize: 20 }));
  // Only this list, not its whole area: the user-center editor beside it stays mounted, and fetching
  // its document again would replace the person's unsaved changes.
  const refresh = () => queryClient.invalidateQueries({ queryKey: endpointKey(getProductTemplateList) });
  const makeDefault = useMutation({
    mutationFn: (id: number) => callEndpoint(setProductTemplateDefault, { Id: id }),
    onSuccess: () => {
      showToast('success', intl.formatMessage({ id: 'library.goods.madeDefault' }));
      return refresh();
    },
  });
  const remove = async (template: ProductTemplate) => {
    const confirmed = await confirmDialog({
      title: intl.formatMessage({ id: 'library.goods.deleteTitle' }),
      message: intl.formatMessage({ id: 'library.goods.deleteMessage' }, { name: template.Name }),
    });
    if (!confirmed) return;
    await callEndpoint(delProductTemplate, { Id: template.Id });
    showToast('success', intl.formatMessage({ id: 'library.goods.deleted' }));
    await refresh();
  };
  const rows = list.data?.Data ?? [];
  const closeAndRefresh = () => {
    setEditing(null);
    setBinding(null);
    void refresh();
  };
  return (
    <Stack gap="3" data-testid="product-templates">
      <HStack justify="flex-end">
        <Button size="sm" colorPalette="brand" onClick={() => setEditing({ template: null })}>
          <FormattedMessage id="library.goods.add" />
        </Button>
      </HStack>
      {rows.length === 0 && !list.isPending ? (
        <Text color="fg.muted">
          <FormattedMessage id="library.goods.empty" />
        </Text>
      ) : (
        <Table.Root size="sm" variant="outline" bg="white">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>
                <FormattedMessage id="library.goods.name" />
              </Table.ColumnHeader>
              <Table.ColumnHeader>
                <FormattedMessage id="library.goods.sections" />
              </Table.ColumnHeader>
              <Table.ColumnHeader>
                <FormattedMessage id="library.goods.bindings" />
              </Table.ColumnHeader>
              <Table.ColumnHeader>
                <FormattedMessage id="studio.templates.actions" />
              </Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {rows.map((template) => (
              <Table.Row key={template.Id} data-testid={`product-template-${template.Id}`}>
                <Table.Cell>
                  <HStack gap="2">
                    <Text fontWeight="semibold">{template.Name}</Text>
                    {template.IsDefault && (
                      <Badge colorPalette="green">
                        <FormattedMessage id="library.goods.default" />
                      </Badge>
                    )}
                  </HStack>
                </Table.Cell>
                <Table.Cell fontSize="xs">
                  {template.Sections.filter((section) => section.Visible)
                    .map((section) => intl.formatMessage({ id: `library.section.${section.Key}` }))
                    .join(' · ')}
                </Table.Cell>
                <Table.Cell fontSize="xs">
                  {template.Categories.length + template.Products.length === 0 ? (
                    <FormattedMessage id="library.goods.noBindings" />
                  ) : (
                    [...template.Categories, ...template.Products].map((row) => row.Name).join('、')
                  )}
                </Table.Cell>
                <Table.Cell>
                  <HStack gap="1" wrap="wrap">
                    <Button size="xs" variant="outline" onClick={() => setEditing({ template })}>
                      <FormattedMessage id="library.goods.edit" />
                    </Button>
                    <Button
                      size="xs"
                      variant="outline"
                      onClick={() => setBinding({ template, kind: 'categories' })}
                    >
                      <FormattedMessage id="library.goods.bindCategories" />
                    </Button>
                    <Button
                      size="xs"
                      variant="outline"
                      onClick={() => setBinding({ template, kind: 'products' })}
                    >
                      <FormattedMessage id="library.goods.bindProducts" />
                    </Button>
                    {!template.IsDefault && (
                      <Button size="xs" variant="outline" onClick={() => makeDefault.mutate(template.Id)}>
                        <FormattedMessage id="library.goods.makeDefault" />
                      </Button>
                    )}
                    {!template.IsDefault && (
                      <Button
                        size="xs"
                        variant="outline"
                        colorPalette="red"
                        onClick={() => void remove(template)}
                      >
                        <FormattedMessage id="library.goods.delete" />
                      </Button>
                    )}
                  </HStack>
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      )}
      {editing && (
        <LayoutDialog
          template={editing.template}
          onClose={() => setEditing(null)}
          onSaved={closeAndRefresh}
        />
      )}
      {binding && <BindDialog binding={binding} onClose={() => setBinding(null)} onSaved={closeAndRefresh} />}
    </Stack>
  );
}
