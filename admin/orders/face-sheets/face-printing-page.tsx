import {
  Alert,
  Box,
  Button,
  Field,
  Flex,
  Heading,
  HStack,
  Input,
  NativeSelect,
  Stack,
  Text,
} from '@chakra-ui/react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import type { z } from 'zod';
import {
  type batchFailureSchema,
  confirmFacePrint,
  type FaceSheet,
  getFacePrintConfigs,
  getFacePrintOrders,
  MAX_PRINT_BATCH,
  ORDER_SORT_FIELDS,
  type OrderRow,
  printFaceSheets,
} from '../../../contract/endpoints/orders';
import type { ListResource } from '../../../contract/list-query';
import { OrderPermission } from '../../../contract/machines/order';
import { CARRIER_TRACKING_FORMATS } from '../../../contract/tracking-number';
import { useEnumLabels } from '../../../src/lib/enum-values';
import { fenToYuan, parseTime } from '../../../src/lib/format';
import { callEndpoint } from '../../../src/lib/http';
import { withModuleMessages } from '../../../src/lib/i18n/module-messages';
import { showToast } from '../../../src/lib/notify';
import { endpointQuery, invalidateAreas } from '../../../src/lib/query-options';
import {
  changeListState,
  type ListState,
  listQuery,
  parseListState,
  serializeListState,
} from '../../core/list-state';
import { type ResourceColumn, ResourceList } from '../../core/resource-list';
import { faceSheetCatalogues } from './messages';
import { printOrders, type TrackingProblem, trackingProblems } from './waybill-layout';
import { WaybillSheets } from './waybill-sheets';

type Failure = z.infer<typeof batchFailureSchema>;

/** The theme's error red is too light for small text on white (WCAG AA); this one passes. */
const ERROR_COLOR = 'red.700';

interface Batch {
  BatchNo: string;
  Sheets: FaceSheet[];
  Failed: Failure[];
}

/** Orders waiting to ship by express, oldest payment first: what gets a face sheet. */
const toShipResource: ListResource = {
  resource: 'facePrinting',
  list: getFacePrintOrders,
  filters: [
    { name: 'orderNo', kind: 'text', params: ['orderNo'] },
    { name: 'buyer', kind: 'text', params: ['buyer'] },
    { name: 'paid', kind: 'dateRange', params: ['paidFrom', 'paidTo'] },
  ],
  sortFields: ORDER_SORT_FIELDS,
  defaultSort: 'paidAt',
};

const columns: ResourceColumn<OrderRow>[] = [
  { id: 'orderNo', header: 'facePrinting.column.orderNo', cell: (row) => row.OrderNo },
  {
    id: 'receiver',
    header: 'facePrinting.column.receiver',
    cell: (row) => (
      <Stack gap="0">
        <Text>{row.ReceiverName}</Text>
        <Text fontSize="xs" color="fg.muted">
          {row.ReceiverPhone}
        </Text>
      </Stack>
    ),
  },
  {
    id: 'goods',
    header: 'facePrinting.column.goods',
    cell: (row) => (
      <Text lineClamp={2} maxWidth="64">
        <FormattedMessage
          id="facePrinting.goodsSummary"
          values={{ name: row.GoodsName, count: row.ItemCount }}
        />
      </Text>
    ),
  },
  {
    id: 'total',
    header: 'facePrinting.column.total',
    sortField: 'total',
    align: 'end',
    cell: (row) => `¥${fenToYuan(row.PaidFen)}`,
  },
  {
    id: 'paidAt',
    header: 'facePrinting.column.paidAt',
    sortField: 'paidAt',
    cell: (row) => <Text whiteSpace="nowrap">{parseTime(row.PaidAt, '{y}-{m}-{d} {h}:{i}')}</Text>,
  },
];

function FailureList({ failures }: { failures: readonly Failure[] }) {
  if (failures.length === 0) return null;
  return (
    <Alert.Root status="warning">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>
          <FormattedMessage id="facePrinting.failedTitle" values={{ count: failures.length }} />
        </Alert.Title>
        <Alert.Description>
          <Box as="ul" paddingStart="4">
            {failures.map((failure) => (
              <li key={failure.OrderId}>
                {failure.OrderNo}: {failure.Message}
              </li>
            ))}
          </Box>
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}

/** Step 2: the printed batch, to print and then confirm (which ships its orders). */
function PrintedBatch({ batch, onDone }: { batch: Batch; onDone(): void }) {
  const intl = useIntl();
  const client = useQueryClient();
  const heading = useRef<HTMLHeadingElement>(null);
  const [confirming, setConfirming] = useState(false);
  const [shipped, setShipped] = useState<{ count: number; failed: Failure[] } | null>(null);
  useEffect(() => heading.current?.focus(), []);
  const confirm = async () => {
    setConfirming(true);
    try {
      const result = await callEndpoint(confirmFacePrint, { BatchNo: batch.BatchNo });
      setShipped({ count: result.Shipped.length, failed: result.Failed });
      showToast(
        'success',
        intl.formatMessage({ id: 'facePrinting.shipped' }, { count: result.Shipped.length }),
      );
      // Orders and their waybills are both in the order area.
      await invalidateAreas(client, confirmFacePrint);
    } catch {
      // The HTTP layer already showed the server's message.
    } finally {
      setConfirming(false);
    }
  };
  return (
    <Stack gap="4" padding="5">
      <Flex justify="space-between" align="center" gap="3" wrap="wrap">
        <Heading as="h1" size="lg" ref={heading} tabIndex={-1}>
          <FormattedMessage id="facePrinting.batchTitle" values={{ batchNo: batch.BatchNo }} />
        </Heading>
        <HStack>
          <Button variant="outline" onClick={onDone}>
            <FormattedMessage id={shipped ? 'facePrinting.backToOrders' : 'facePrinting.later'} />
          </Button>
          <Button variant="outline" colorPalette="brand" onClick={() => window.print()}>
            <FormattedMessage id="facePrinting.print" />
          </Button>
          {!shipped && (
            <Button colorPalette="brand" loading={confirming} onClick={() => void confirm()}>
              <FormattedMessage id="facePrinting.confirmPrinted" />
            </Button>
          )}
        </HStack>
      </Flex>
      <Text color="fg.muted">
        <FormattedMessage
          id={shipped ? 'facePrinting.shipped' : 'facePrinting.batchHelp'}
          values={{ count: shipped?.count ?? batch.Sheets.length }}
        />
      </Text>
      <FailureList failures={[...batch.Failed, ...(shipped?.failed ?? [])]} />
      <WaybillSheets sheets={batch.Sheets} />
    </Stack>
  );
}

function PrintSetup({
  orders,
  onCancel,
  onPrinted,
}: {
  orders: OrderRow[];
  onCancel(): void;
  onPrinted(batch: Batch): void;
}) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const carriers = useEnumLabels('carrier');
  const heading = useRef<HTMLHeadingElement>(null);
  const configs = useQuery(endpointQuery(getFacePrintConfigs, {}));
  const list = configs.data?.Data ?? [];
  const [chosen, setChosen] = useState<number | null>(null);
  const config = list.find((row) => row.Id === chosen) ?? list.find((row) => row.IsDefault) ?? list[0];
  const typed = config?.Provider === 'none';
  const [numbers, setNumbers] = useState<Record<number, string>>({});
  const [problems, setProblems] = useState<Record<number, TrackingProblem>>({});
  const [failed, setFailed] = useState<Failure[]>([]);
  const [printing, setPrinting] = useState(false);
  useEffect(() => heading.current?.focus(), []);
  const ids = orders.map((order) => order.Id);

  const print = async () => {
    if (!config) return;
    const found = typed ? trackingProblems(ids, numbers, config.Carrier) : {};
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    setPrinting(true);
    try {
      const result = await callEndpoint(printFaceSheets, {
        FaceConfigId: config.Id,
        Orders: printOrders(ids, numbers, typed),
      });
      if (result.Sheets.length > 0) onPrinted(result);
      else setFailed(result.Failed);
    } catch {
      // The HTTP layer already showed the server's message.
    } finally {
      setPrinting(false);
    }
  };

  return (
    <Box
      as="section"
      bg="bg"
      borderRadius="md"
      borderWidth="1px"
      padding="4"
      aria-labelledby="face-print-setup-title"
    >
      <Stack
        as="form"
        gap="4"
        onSubmit={(event) => {
          event.preventDefault();
          void print();
        }}
      >
        <Heading as="h2" size="md" id="face-print-setup-title" ref={heading} tabIndex={-1}>
          <FormattedMessage id="facePrinting.setupTitle" values={{ count: orders.length }} />
        </Heading>
        {configs.isSuccess && list.length === 0 ? (
          <Alert.Root status="warning">
            <Alert.Indicator />
            <Alert.Description>
              <FormattedMessage id="facePrinting.noConfig" />{' '}
              <RouterLink to={OrderPermission.faceConfig}>
                <FormattedMessage id="facePrinting.goToConfig" />
              </RouterLink>
            </Alert.Description>
          </Alert.Root>
        ) : (
          <Field.Root width="96">
            <Field.Label>
              <FormattedMessage id="facePrinting.config" />
            </Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field
                value={config ? String(config.Id) : ''}
                onChange={(event) => setChosen(Number(event.target.value))}
              >
                {list.map((row) => (
                  <option key={row.Id} value={row.Id}>
                    {t('facePrinting.configOption', {
                      name: row.Name,
                      carrier: carriers.label(row.Carrier),
                      paper: t(`face.paper.${row.Paper}`),
                    })}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
        )}
        {config &&
          (typed ? (
            <Alert.Root status="info">
              <Alert.Indicator />
              <Alert.Description>
                <FormattedMessage id="face.noProviderNotice" />
              </Alert.Description>
            </Alert.Root>
          ) : (
            <Text color="fg.muted">
              <FormattedMessage id="facePrinting.providerAssigns" />
            </Text>
          ))}
        {typed && (
          <Stack gap="2">
            {orders.map((order) => (
              <Field.Root key={order.Id} invalid={Boolean(problems[order.Id])} width="96">
                <Field.Label>
                  <FormattedMessage
                    id="facePrinting.trackingNoFor"
                    values={{ orderNo: order.OrderNo, receiver: order.ReceiverName }}
                  />
                </Field.Label>
                <Input
                  autoComplete="off"
                  value={numbers[order.Id] ?? ''}
                  onChange={(event) => {
                    setNumbers({ ...numbers, [order.Id]: event.target.value });
                    const { [order.Id]: _fixed, ...rest } = problems;
                    setProblems(rest);
                  }}
                />
                <Field.ErrorText color={ERROR_COLOR}>
                  {problems[order.Id] &&
                    t(`facePrinting.tracking.${problems[order.Id]}`, {
                      carrier: carriers.label(config!.Carrier),
                      example: CARRIER_TRACKING_FORMATS[config!.Carrier]?.example ?? '',
                    })}
                </Field.ErrorText>
              </Field.Root>
            ))}
          </Stack>
        )}
        <FailureList failures={failed} />
        <HStack>
          <Button type="submit" colorPalette="brand" loading={printing} disabled={!config}>
            <FormattedMessage id="facePrinting.printSheets" values={{ count: orders.length }} />
          </Button>
          <Button variant="outline" onClick={onCancel}>
            <FormattedMessage id="engine.cancel" />
          </Button>
        </HStack>
      </Stack>
    </Box>
  );
}

/** Step 1: orders waiting to ship by express; select some and print their face sheets. */
function OrdersToShip({ onPrinted }: { onPrinted(batch: Batch): void }) {
  const intl = useIntl();
  const [search, setSearch] = useSearchParams();
  const state = useMemo(() => parseListState(search, toShipResource), [search]);
  const [selection, setSelection] = useState<OrderRow[] | null>(null);
  const query = listQuery(state, toShipResource);
  const result = useQuery({ ...endpointQuery(getFacePrintOrders, query), placeholderData: keepPreviousData });
  const setState = (next: ListState) => setSearch(serializeListState(next, toShipResource));
  // Changes start from the address bar: a navigation may still be pending.
  const current = () => parseListState(new URLSearchParams(window.location.search), toShipResource);

  return (
    <Stack gap="4" padding="5">
      <Heading as="h1" size="lg">
        <FormattedMessage id="facePrinting.title" />
      </Heading>
      {selection && (
        <PrintSetup
          key={selection.map((order) => order.Id).join(',')}
          orders={selection}
          onCancel={() => setSelection(null)}
          onPrinted={onPrinted}
        />
      )}
      <ResourceList<OrderRow>
        resource={toShipResource}
        columns={columns}
        rowKey={(row) => row.Id}
        state={state}
        setState={setState}
        change={(change) => setState(changeListState(current(), change))}
        setPage={(page) => setState({ ...current(), page })}
        result={result}
        bulkActions={(rows) => (
          <Button
            size="xs"
            colorPalette="brand"
            disabled={rows.length > MAX_PRINT_BATCH}
            aria-label={intl.formatMessage({ id: 'facePrinting.printSelected' }, { count: rows.length })}
            onClick={() => setSelection(rows)}
          >
            <FormattedMessage id="facePrinting.printSelected" values={{ count: rows.length }} />
          </Button>
        )}
      />
    </Stack>
  );
}

/** /order/facePrinting: batch printing of waybills for orders to ship, then confirming them shipped. */
function FacePrintingPage() {
  const [batch, setBatch] = useState<Batch | null>(null);
  if (batch) return <PrintedBatch batch={batch} onDone={() => setBatch(null)} />;
  return <OrdersToShip onPrinted={setBatch} />;
}

export default withModuleMessages(FacePrintingPage, faceSheetCatalogues);
