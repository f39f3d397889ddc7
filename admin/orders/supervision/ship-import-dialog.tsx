import {
  Badge,
  Box,
  Button,
  CloseButton,
  Dialog,
  Field,
  HStack,
  Input,
  NativeSelect,
  Portal,
  Stack,
  Table,
  Text,
} from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { EndpointOutput } from '../../../contract/endpoint';
import { getShipImportTemplate, importShipments } from '../../../contract/endpoints/orders';
import { CARRIERS, type Carrier } from '../../../contract/machines/order';
import { useEnumLabels } from '../../../src/lib/enum-values';
import { downloadFile } from '../../../src/lib/file-download';
import { http } from '../../../src/lib/http';
import { invalidateAreas } from '../../../src/lib/query-options';
import { serverFieldErrors } from '../../core/form-errors';

type ImportResult = EndpointOutput<typeof importShipments>;

/**
 * Bulk shipping: download the template, fill in order and tracking numbers, upload it; every row of
 * the sheet comes back shipped or refused with the server's reason.
 */
export function ShipImportDialog({ onClose }: { onClose(): void }) {
  const intl = useIntl();
  const client = useQueryClient();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const carriers = useEnumLabels('carrier');
  const [file, setFile] = useState<File | null>(null);
  const [carrier, setCarrier] = useState<Carrier>('ZTO');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<ImportResult | null>(null);

  const template = async () => {
    try {
      await downloadFile(getShipImportTemplate, {});
    } catch {
      // The HTTP layer already showed the server's message.
    }
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file) {
      setError(t('orders.import.fileRequired'));
      return;
    }
    setError(undefined);
    setBusy(true);
    try {
      const body = new FormData();
      // Fields before the file: the server reads them with the file's part.
      body.append('Carrier', carrier);
      body.append('file', file);
      const response = await http.post<ImportResult>(importShipments.path, body);
      setResult(response.data);
      await invalidateAreas(client, importShipments);
    } catch (failure) {
      setError(serverFieldErrors(failure).file);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog.Root
      open
      placement="center"
      size="lg"
      scrollBehavior="inside"
      onOpenChange={(details) => !details.open && onClose()}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content asChild>
            <form onSubmit={(event) => void submit(event)} noValidate>
              <Dialog.Header>
                <Dialog.Title>
                  <FormattedMessage id="orders.import.title" />
                </Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="4">
                  <Text fontSize="sm" color="fg.muted">
                    <FormattedMessage id="orders.import.help" />
                  </Text>
                  <HStack>
                    <Button size="sm" variant="outline" onClick={() => void template()}>
                      <FormattedMessage id="orders.import.template" />
                    </Button>
                  </HStack>
                  <Field.Root invalid={Boolean(error)} required>
                    <Field.Label>
                      <FormattedMessage id="orders.import.file" />
                      <Field.RequiredIndicator />
                    </Field.Label>
                    <Input
                      type="file"
                      accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
                      paddingY="1"
                      onChange={(event) => {
                        setFile(event.target.files?.[0] ?? null);
                        setResult(null);
                      }}
                    />
                    <Field.ErrorText>{error}</Field.ErrorText>
                  </Field.Root>
                  <Field.Root>
                    <Field.Label>
                      <FormattedMessage id="orders.import.carrier" />
                    </Field.Label>
                    <NativeSelect.Root>
                      <NativeSelect.Field
                        value={carrier}
                        onChange={(event) => setCarrier(event.target.value as Carrier)}
                      >
                        {CARRIERS.map((code) => (
                          <option key={code} value={code}>
                            {carriers.label(code)}
                          </option>
                        ))}
                      </NativeSelect.Field>
                      <NativeSelect.Indicator />
                    </NativeSelect.Root>
                    <Field.HelperText>
                      <FormattedMessage id="orders.import.carrierHelp" />
                    </Field.HelperText>
                  </Field.Root>
                  {result && (
                    <Box as="section" aria-label={t('orders.import.results')}>
                      <Text fontWeight="medium" marginBottom="2" role="status">
                        <FormattedMessage
                          id="orders.import.summary"
                          values={{ total: result.Total, shipped: result.Shipped, failed: result.Failed }}
                        />
                      </Text>
                      <Table.Root size="sm" aria-label={t('orders.import.results')}>
                        <Table.Header>
                          <Table.Row>
                            <Table.ColumnHeader>
                              <FormattedMessage id="orders.import.row" />
                            </Table.ColumnHeader>
                            <Table.ColumnHeader>
                              <FormattedMessage id="orders.column.orderNo" />
                            </Table.ColumnHeader>
                            <Table.ColumnHeader>
                              <FormattedMessage id="orders.form.trackingNoLabel" />
                            </Table.ColumnHeader>
                            <Table.ColumnHeader>
                              <FormattedMessage id="orders.import.outcome" />
                            </Table.ColumnHeader>
                          </Table.Row>
                        </Table.Header>
                        <Table.Body>
                          {result.Rows.map((row) => (
                            <Table.Row key={row.Row}>
                              <Table.Cell>{row.Row}</Table.Cell>
                              <Table.Cell>{row.OrderNo}</Table.Cell>
                              <Table.Cell>{row.TrackingNo}</Table.Cell>
                              <Table.Cell>
                                <Badge colorPalette={row.Ok ? 'green' : 'red'}>
                                  <FormattedMessage
                                    id={row.Ok ? 'orders.import.shipped' : 'orders.import.refused'}
                                  />
                                </Badge>
                                {row.Message && (
                                  <Text fontSize="xs" color="fg.error" marginTop="1">
                                    {row.Message}
                                  </Text>
                                )}
                              </Table.Cell>
                            </Table.Row>
                          ))}
                        </Table.Body>
                      </Table.Root>
                    </Box>
                  )}
                </Stack>
              </Dialog.Body>
              <Dialog.Footer>
                <Button variant="outline" size="sm" onClick={onClose}>
                  <FormattedMessage id="orders.close" />
                </Button>
                <Button type="submit" size="sm" colorPalette="brand" loading={busy}>
                  <FormattedMessage id="orders.import.upload" />
                </Button>
              </Dialog.Footer>
              <Dialog.CloseTrigger asChild>
                <CloseButton size="sm" aria-label={t('orders.close')} />
              </Dialog.CloseTrigger>
            </form>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
