import {
  Badge,
  Box,
  Button,
  Heading,
  HStack,
  Progress,
  Skeleton,
  Stack,
  Table,
  Text,
} from '@chakra-ui/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSearchParams } from 'react-router-dom';
import {
  type BatchItemState,
  getBatchInfo,
  getBatchList,
  retryBatch,
} from '../../contract/endpoints/mini-program-batch';
import { parseTime } from '../../src/lib/format';
import { callEndpoint } from '../../src/lib/http';
import { showToast } from '../../src/lib/notify';
import { endpointQuery, invalidateAreas } from '../../src/lib/query-options';

const TIME = '{y}-{m}-{d} {h}:{i}';
/** How often a batch still under way is read again. */
const POLL_MS = 1_000;
const ITEM_PALETTE: Record<BatchItemState, string> = { pending: 'gray', committed: 'green', failed: 'red' };

/**
 * One batch's progress: n of m shops done, each shop's state and WeChat's reason for a failure,
 * read again until no shop is pending; the failed shops can be sent again.
 */
export function BatchProgress({ id }: { id: number }) {
  const intl = useIntl();
  const t = (key: string) => intl.formatMessage({ id: key });
  const client = useQueryClient();
  const [retrying, setRetrying] = useState(false);
  const read = useQuery({
    ...endpointQuery(getBatchInfo, { id }),
    refetchInterval: (query) => ((query.state.data?.Pending ?? 0) > 0 ? POLL_MS : false),
  });
  const batch = read.data;
  const retry = async () => {
    setRetrying(true);
    try {
      await callEndpoint(retryBatch, { Id: id });
      showToast('success', t('miniProgram.batch.retried'));
    } catch {
      // The envelope's message was shown by the http client.
    } finally {
      setRetrying(false);
      await invalidateAreas(client, retryBatch);
    }
  };
  const headingId = `mini-program-batch-${id}`;
  return (
    <Box as="section" aria-labelledby={headingId} bg="bg" borderWidth="1px" borderRadius="md" padding="5">
      <Heading as="h2" size="md" id={headingId} marginBottom="3">
        <FormattedMessage
          id="miniProgram.batch.progressTitle"
          values={{ id, version: batch?.UserVersion ?? '' }}
        />
      </Heading>
      {!batch ? (
        read.isError ? null : (
          <Skeleton height="20" />
        )
      ) : (
        <Stack gap="3">
          <HStack justify="space-between" wrap="wrap" gap="2">
            <Text role="status" data-testid="batch-progress">
              <FormattedMessage
                id={batch.Pending > 0 ? 'miniProgram.batch.underWay' : 'miniProgram.batch.done'}
                values={{
                  done: batch.Total - batch.Pending,
                  total: batch.Total,
                  committed: batch.Committed,
                  failed: batch.Failed,
                }}
              />
            </Text>
            {batch.Failed > 0 && batch.Pending === 0 && (
              <Button size="sm" variant="outline" loading={retrying} onClick={() => void retry()}>
                <FormattedMessage id="miniProgram.batch.retry" values={{ count: batch.Failed }} />
              </Button>
            )}
          </HStack>
          <Progress.Root
            size="sm"
            value={batch.Total === 0 ? 100 : ((batch.Total - batch.Pending) * 100) / batch.Total}
            aria-label={t('miniProgram.batch.progressLabel')}
          >
            <Progress.Track>
              <Progress.Range />
            </Progress.Track>
          </Progress.Root>
          <Table.Root size="sm" aria-label={t('miniProgram.batch.itemsLabel')}>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t('miniProgram.batch.column.shop')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('miniProgram.batch.column.appId')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('miniProgram.batch.column.state')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('miniProgram.batch.column.reason')}</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {batch.Items.map((item) => (
                <Table.Row key={item.Id}>
                  <Table.Cell>{item.SiteName}</Table.Cell>
                  <Table.Cell>{item.AppId || '—'}</Table.Cell>
                  <Table.Cell>
                    <Badge colorPalette={ITEM_PALETTE[item.Status]}>
                      <FormattedMessage id={`miniProgram.batch.state.${item.Status}`} />
                    </Badge>
                  </Table.Cell>
                  <Table.Cell>{item.Reason}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Stack>
      )}
    </Box>
  );
}

/** The batches started from this shop, newest first, each opening its progress. */
export function BatchList() {
  const intl = useIntl();
  const t = (key: string) => intl.formatMessage({ id: key });
  const [, setParams] = useSearchParams();
  const list = useQuery(endpointQuery(getBatchList, { page: 1, pageSize: 10 }));
  const title = t('miniProgram.batch.listTitle');
  return (
    <Box as="section" aria-label={title} bg="bg" borderWidth="1px" borderRadius="md" padding="5">
      <Heading as="h2" size="md" marginBottom="3">
        {title}
      </Heading>
      {!list.data ? (
        <Skeleton height="16" />
      ) : list.data.Data.length === 0 ? (
        <Text color="fg.muted">
          <FormattedMessage id="miniProgram.batch.none" />
        </Text>
      ) : (
        <Table.Root size="sm" aria-label={title}>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>{t('miniProgram.batch.column.version')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('miniProgram.batch.column.progress')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('miniProgram.batch.column.createdBy')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('miniProgram.batch.column.createdAt')}</Table.ColumnHeader>
              <Table.ColumnHeader>
                <Text srOnly>{t('miniProgram.batch.column.actions')}</Text>
              </Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {list.data.Data.map((batch) => (
              <Table.Row key={batch.Id}>
                <Table.Cell>
                  {batch.UserVersion}
                  <Text color="fg.muted" fontSize="sm">
                    {batch.UserDesc}
                  </Text>
                </Table.Cell>
                <Table.Cell>
                  <FormattedMessage
                    id="miniProgram.batch.counts"
                    values={{
                      done: batch.Total - batch.Pending,
                      total: batch.Total,
                      committed: batch.Committed,
                      failed: batch.Failed,
                    }}
                  />
                </Table.Cell>
                <Table.Cell>{batch.CreatedBy}</Table.Cell>
                <Table.Cell>{parseTime(batch.CreatedAt, TIME)}</Table.Cell>
                <Table.Cell>
                  <Button
                    size="xs"
                    variant="plain"
                    colorPalette="brand"
                    aria-label={intl.formatMessage(
                      { id: 'miniProgram.batch.openFor' },
                      { id: batch.Id, version: batch.UserVersion },
                    )}
                    onClick={() => setParams({ batch: String(batch.Id) }, { replace: true })}
                  >
                    <FormattedMessage id="miniProgram.batch.open" />
                  </Button>
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      )}
    </Box>
  );
}
