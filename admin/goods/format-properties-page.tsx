import {
  Badge,
  Box,
  Button,
  Flex,
  Heading,
  HStack,
  Input,
  Skeleton,
  Stack,
  Table,
  Text,
} from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import {
  getAttributeSpecs,
  getAttributeTypes,
  saveAttributeSpec,
  saveAttributeType,
} from '../../contract/endpoints/goods';
import { GoodsPermission } from '../../contract/machines/goods';
import type { EndpointResponse } from '../../src/lib/http';
import { withModuleMessages } from '../../src/lib/i18n/module-messages';
import { endpointQuery } from '../../src/lib/query-options';
import { QueryOutcome } from '../../src/lib/query-outcome';
import { useGrantedPaths, useResourceAction } from '../core/use-resource-list';
import { parseSpecValues, withSpecValue } from './attribute-rules';
import { goodsCatalogues } from './messages';

type AttributeType = EndpointResponse<typeof getAttributeTypes>['Data'][number];
type AttributeSpec = EndpointResponse<typeof getAttributeSpecs>['Data'][number];

/** One line of inputs with a save and a cancel button. */
function InlineForm({
  fields,
  onSave,
  onCancel,
}: {
  fields: { label: string; value: string; width?: string }[];
  onSave(values: string[]): void;
  onCancel(): void;
}) {
  const [values, setValues] = useState(fields.map((field) => field.value));
  return (
    <HStack
      as="form"
      gap="2"
      wrap="wrap"
      onSubmit={(event) => {
        event.preventDefault();
        onSave(values);
      }}
    >
      {fields.map((field, index) => (
        <Input
          key={field.label}
          size="sm"
          width={field.width ?? '48'}
          autoFocus={index === 0}
          aria-label={field.label}
          placeholder={field.label}
          value={values[index]}
          onChange={(event) =>
            setValues((current) =>
              current.map((value, position) => (position === index ? event.target.value : value)),
            )
          }
        />
      ))}
      <Button size="xs" type="submit" colorPalette="brand" disabled={values[0]!.trim() === ''}>
        <FormattedMessage id="engine.save" />
      </Button>
      <Button size="xs" variant="ghost" onClick={onCancel}>
        <FormattedMessage id="engine.cancel" />
      </Button>
    </HStack>
  );
}

/** The spec names of one attribute type, each with its values. */
function SpecTable({ type, canChange }: { type: AttributeType; canChange: boolean }) {
  const intl = useIntl();
  const specs = useQuery(endpointQuery(getAttributeSpecs, { typeId: type.Id }));
  const save = useResourceAction([], saveAttributeSpec);
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const [newValues, setNewValues] = useState<Record<number, string>>({});
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);

  const write = (spec: AttributeSpec | null, name: string, values: string[], sort: number) =>
    save.run({
      input: {
        Action: 'save',
        ...(spec ? { Id: spec.Id, Version: spec.Version } : {}),
        TypeId: type.Id,
        Name: name.trim(),
        Values: values,
        Sort: sort,
      },
    });
  const editor = (spec: AttributeSpec | null) => (
    <InlineForm
      fields={[
        { label: t('goodsAttributes.specName'), value: spec?.Name ?? '', width: '40' },
        { label: t('goodsAttributes.specValues'), value: spec?.Values.join(', ') ?? '', width: '72' },
        { label: t('goodsAttributes.sort'), value: String(spec?.Sort ?? 0), width: '20' },
      ]}
      onCancel={() => setEditing(null)}
      onSave={async ([name, values, sort]) => {
        if (await write(spec, name!, parseSpecValues(values!), Number(sort) || 0)) setEditing(null);
      }}
    />
  );
  const addValue = async (spec: AttributeSpec) => {
    const values = withSpecValue(spec.Values, newValues[spec.Id] ?? '');
    if (values.length === spec.Values.length) return;
    if (await write(spec, spec.Name, values, spec.Sort))
      setNewValues((current) => ({ ...current, [spec.Id]: '' }));
  };

  return (
    <Stack gap="3">
      <Flex justify="space-between" align="center" gap="3">
        <Heading as="h2" size="md">
          <FormattedMessage id="goodsAttributes.specsOf" values={{ name: type.Name }} />
        </Heading>
        {canChange && (
          <Button size="sm" colorPalette="brand" onClick={() => setEditing('new')}>
            <FormattedMessage id="goodsAttributes.addSpec" />
          </Button>
        )}
      </Flex>
      {editing === 'new' && editor(null)}
      <QueryOutcome
        query={specs}
        isEmpty={(data) => data.Data.length === 0}
        loading={<Skeleton height="24" />}
        emptyText={<FormattedMessage id="goodsAttributes.noSpecs" />}
      >
        {(data) => (
          <Table.Root size="sm" aria-label={t('goodsAttributes.specsOf', { name: type.Name })}>
            <Table.Header>
              <Table.Row bg="bg.muted">
                <Table.ColumnHeader>
                  <FormattedMessage id="goodsAttributes.specName" />
                </Table.ColumnHeader>
                <Table.ColumnHeader>
                  <FormattedMessage id="goodsAttributes.specValues" />
                </Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">
                  <FormattedMessage id="goodsAttributes.sort" />
                </Table.ColumnHeader>
                {canChange && (
                  <Table.ColumnHeader textAlign="end">
                    <FormattedMessage id="engine.actions" />
                  </Table.ColumnHeader>
                )}
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {data.Data.map((spec) =>
                editing === spec.Id ? (
                  <Table.Row key={spec.Id}>
                    <Table.Cell colSpan={4}>{editor(spec)}</Table.Cell>
                  </Table.Row>
                ) : (
                  <Table.Row key={spec.Id}>
                    <Table.Cell fontWeight="medium">{spec.Name}</Table.Cell>
                    <Table.Cell>
                      <Stack gap="2">
                        <HStack gap="1" wrap="wrap">
                          {spec.Values.map((value) => (
                            <Badge key={value} variant="subtle">
                              {value}
                            </Badge>
                          ))}
                        </HStack>
                        {canChange && (
                          <HStack
                            as="form"
                            gap="1"
                            onSubmit={(event) => {
                              event.preventDefault();
                              void addValue(spec);
                            }}
                          >
                            <Input
                              size="xs"
                              width="32"
                              aria-label={t('goodsAttributes.newValueOf', { name: spec.Name })}
                              placeholder={t('goodsAttributes.newValue')}
                              value={newValues[spec.Id] ?? ''}
                              onChange={(event) =>
                                setNewValues((current) => ({ ...current, [spec.Id]: event.target.value }))
                              }
                            />
                            <Button
                              size="xs"
                              variant="outline"
                              type="submit"
                              aria-label={t('goodsAttributes.addValueTo', { name: spec.Name })}
                              disabled={(newValues[spec.Id] ?? '').trim() === ''}
                            >
                              <FormattedMessage id="goodsAttributes.addValue" />
                            </Button>
                          </HStack>
                        )}
                      </Stack>
                    </Table.Cell>
                    <Table.Cell textAlign="end">{spec.Sort}</Table.Cell>
                    {canChange && (
                      <Table.Cell textAlign="end">
                        <HStack gap="1" justify="end">
                          <Button
                            size="xs"
                            variant="ghost"
                            colorPalette="brand"
                            aria-label={t('goodsAttributes.editNamed', { name: spec.Name })}
                            onClick={() => setEditing(spec.Id)}
                          >
                            <FormattedMessage id="goods.action.edit" />
                          </Button>
                          <Button
                            size="xs"
                            variant="ghost"
                            colorPalette="red"
                            aria-label={t('goodsAttributes.deleteNamed', { name: spec.Name })}
                            onClick={() =>
                              void save.run({
                                input: { Action: 'delete', Id: spec.Id, Version: spec.Version },
                                confirmKey: 'goodsAttributes.confirmDeleteSpec',
                                destructive: true,
                              })
                            }
                          >
                            <FormattedMessage id="goods.classify.delete" />
                          </Button>
                        </HStack>
                      </Table.Cell>
                    )}
                  </Table.Row>
                ),
              )}
            </Table.Body>
          </Table.Root>
        )}
      </QueryOutcome>
    </Stack>
  );
}

/** /goods/formatProperties: attribute types (spec templates), each with spec names and their values. */
function FormatPropertiesPage() {
  const intl = useIntl();
  const granted = useGrantedPaths();
  const canChange = granted.has(GoodsPermission.properties);
  const types = useQuery(endpointQuery(getAttributeTypes, {}));
  const save = useResourceAction([], saveAttributeType);
  const [chosen, setChosen] = useState<number | null>(null);
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const list = types.data?.Data ?? [];
  const selected = list.find((type) => type.Id === chosen) ?? list[0];
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);

  const editor = (type: AttributeType | null) => (
    <InlineForm
      fields={[
        { label: t('goodsAttributes.typeName'), value: type?.Name ?? '', width: '36' },
        { label: t('goodsAttributes.sort'), value: String(type?.Sort ?? 0), width: '16' },
      ]}
      onCancel={() => setEditing(null)}
      onSave={async ([name, sort]) => {
        const done = await save.run({
          input: {
            Action: 'save',
            ...(type ? { Id: type.Id, Version: type.Version } : {}),
            Name: name!.trim(),
            Sort: Number(sort) || 0,
          },
        });
        if (done) setEditing(null);
      }}
    />
  );

  return (
    <Stack gap="4" padding="5">
      <Heading as="h1" size="lg">
        <FormattedMessage id="goodsAttributes.title" />
      </Heading>
      <Flex gap="4" align="flex-start" direction={{ base: 'column', lg: 'row' }}>
        <Stack
          as="nav"
          aria-label={t('goodsAttributes.types')}
          gap="2"
          bg="bg"
          borderRadius="md"
          borderWidth="1px"
          padding="3"
          width={{ base: 'full', lg: '80' }}
          flexShrink={0}
        >
          <Flex justify="space-between" align="center">
            <Heading as="h2" size="md">
              <FormattedMessage id="goodsAttributes.types" />
            </Heading>
            {canChange && (
              <Button size="xs" colorPalette="brand" onClick={() => setEditing('new')}>
                <FormattedMessage id="goodsAttributes.addType" />
              </Button>
            )}
          </Flex>
          {editing === 'new' && editor(null)}
          <QueryOutcome
            query={types}
            isEmpty={(data) => data.Data.length === 0}
            loading={<Skeleton height="32" />}
          >
            {() =>
              list.map((type) =>
                editing === type.Id ? (
                  <Box key={type.Id}>{editor(type)}</Box>
                ) : (
                  <HStack key={type.Id} gap="1">
                    <Button
                      flex="1"
                      size="sm"
                      justifyContent="flex-start"
                      variant={type.Id === selected?.Id ? 'subtle' : 'ghost'}
                      colorPalette={type.Id === selected?.Id ? 'brand' : 'gray'}
                      aria-current={type.Id === selected?.Id ? 'true' : undefined}
                      onClick={() => setChosen(type.Id)}
                    >
                      <Text truncate>{type.Name}</Text>
                      <Badge size="sm" variant="outline" marginStart="auto">
                        {type.SpecNames.length}
                      </Badge>
                    </Button>
                    {canChange && (
                      <>
                        <Button
                          size="xs"
                          variant="ghost"
                          colorPalette="brand"
                          aria-label={t('goods.classify.renameNamed', { name: type.Name })}
                          onClick={() => setEditing(type.Id)}
                        >
                          <FormattedMessage id="goods.classify.rename" />
                        </Button>
                        <Button
                          size="xs"
                          variant="ghost"
                          colorPalette="red"
                          aria-label={t('goodsAttributes.deleteNamed', { name: type.Name })}
                          onClick={() =>
                            void save.run({
                              input: { Action: 'delete', Id: type.Id, Version: type.Version },
                              confirmKey: 'goodsAttributes.confirmDeleteType',
                              destructive: true,
                            })
                          }
                        >
                          <FormattedMessage id="goods.classify.delete" />
                        </Button>
                      </>
                    )}
                  </HStack>
                ),
              )
            }
          </QueryOutcome>
        </Stack>
        <Box bg="bg" borderRadius="md" borderWidth="1px" padding="3" flex="1" minWidth="0" width="full">
          {selected ? (
            <SpecTable key={selected.Id} type={selected} canChange={canChange} />
          ) : (
            <Text color="fg.muted">
              <FormattedMessage id="goodsAttributes.chooseType" />
            </Text>
          )}
        </Box>
      </Flex>
    </Stack>
  );
}

export default withModuleMessages(FormatPropertiesPage, goodsCatalogues);
