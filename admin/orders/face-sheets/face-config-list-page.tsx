import { Alert, Badge, Box, Button, Flex, Skeleton, Stack, Table, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate } from 'react-router-dom';
import { deleteFaceConfig, getFaceConfigs, setDefaultFaceConfig } from '../../../contract/endpoints/orders';
import { OrderPermission } from '../../../contract/machines/order';
import { EnumLabel } from '../../../src/lib/enum-values';
import { withModuleMessages } from '../../../src/lib/i18n/module-messages';
import { endpointQuery } from '../../../src/lib/query-options';
import { QueryOutcome } from '../../../src/lib/query-outcome';
import { PageHeading, useRouteTitle } from '../../core/record-view';
import { useGrantedPaths, useResourceAction } from '../../core/use-resource-list';
import { faceSheetCatalogues } from './messages';

/** /order/faceConfig: the shop's carrier accounts and waybill templates, one of them the default. */
function FaceConfigListPage() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const navigate = useNavigate();
  const granted = useGrantedPaths();
  const title = useRouteTitle();
  const configs = useQuery(endpointQuery(getFaceConfigs, {}));
  const remove = useResourceAction([], deleteFaceConfig);
  const makeDefault = useResourceAction([], setDefaultFaceConfig);
  const rows = configs.data?.Data ?? [];
  const canEdit = granted.has(OrderPermission.editFaceConfig);
  const anyProvider = rows.some((row) => row.Provider !== 'none');

  return (
    <Stack gap="4" padding="5">
      <PageHeading>
        {canEdit && (
          <Button size="sm" colorPalette="brand" onClick={() => navigate(OrderPermission.editFaceConfig)}>
            <FormattedMessage id="face.config.add" />
          </Button>
        )}
      </PageHeading>
      {configs.isSuccess && !anyProvider && (
        <Alert.Root status="info">
          <Alert.Indicator />
          <Alert.Description>
            <FormattedMessage id="face.noProviderNotice" />
          </Alert.Description>
        </Alert.Root>
      )}
      <Box
        bg="bg"
        borderRadius="md"
        borderWidth="1px"
        padding="3"
        overflowX="auto"
        aria-busy={configs.isFetching}
      >
        <QueryOutcome
          query={configs}
          isEmpty={(data) => data.Data.length === 0}
          emptyText={<FormattedMessage id="face.config.empty" />}
          loading={<Skeleton height="24" />}
        >
          {() => (
            <Table.Root size="sm" aria-label={title}>
              <Table.Header>
                <Table.Row bg="bg.muted">
                  {['name', 'carrier', 'paper', 'sender', 'phone', 'address', 'provider'].map((column) => (
                    <Table.ColumnHeader key={column}>
                      <FormattedMessage id={`face.config.column.${column}`} />
                    </Table.ColumnHeader>
                  ))}
                  <Table.ColumnHeader textAlign="end">
                    <FormattedMessage id="engine.actions" />
                  </Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {rows.map((row) => (
                  <Table.Row key={row.Id}>
                    <Table.Cell>
                      <Text as="span" fontWeight="medium">
                        {row.Name}
                      </Text>{' '}
                      {row.IsDefault && (
                        <Badge colorPalette="green">
                          <FormattedMessage id="face.config.default" />
                        </Badge>
                      )}
                    </Table.Cell>
                    <Table.Cell>
                      <EnumLabel type="carrier" value={row.Carrier} />
                    </Table.Cell>
                    <Table.Cell whiteSpace="nowrap">
                      <FormattedMessage id={`face.paper.${row.Paper}`} />
                    </Table.Cell>
                    <Table.Cell>{row.SenderName}</Table.Cell>
                    <Table.Cell>{row.SenderPhone}</Table.Cell>
                    <Table.Cell>{row.SenderAddress}</Table.Cell>
                    <Table.Cell>
                      <FormattedMessage id={`face.provider.${row.Provider}`} />
                    </Table.Cell>
                    <Table.Cell textAlign="end">
                      <Flex gap="1" justify="end" wrap="wrap">
                        {canEdit && (
                          <Button
                            size="xs"
                            variant="ghost"
                            colorPalette="brand"
                            aria-label={t('face.config.editNamed', { name: row.Name })}
                            onClick={() => navigate(`${OrderPermission.editFaceConfig}?id=${row.Id}`)}
                          >
                            <FormattedMessage id="face.config.edit" />
                          </Button>
                        )}
                        {!row.IsDefault && (
                          <Button
                            size="xs"
                            variant="ghost"
                            colorPalette="brand"
                            aria-label={t('face.config.setDefaultNamed', { name: row.Name })}
                            onClick={() => void makeDefault.run({ input: { Id: row.Id } })}
                          >
                            <FormattedMessage id="face.config.setDefault" />
                          </Button>
                        )}
                        <Button
                          size="xs"
                          variant="ghost"
                          colorPalette="red"
                          aria-label={t('face.config.deleteNamed', { name: row.Name })}
                          onClick={() =>
                            void remove.run({
                              input: { Id: row.Id, Version: row.Version },
                              confirmKey: 'face.config.confirmDelete',
                              destructive: true,
                            })
                          }
                        >
                          <FormattedMessage id="face.config.delete" />
                        </Button>
                      </Flex>
                    </Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          )}
        </QueryOutcome>
      </Box>
    </Stack>
  );
}

export default withModuleMessages(FaceConfigListPage, faceSheetCatalogues);
