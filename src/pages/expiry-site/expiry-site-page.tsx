import { Box, Button, Center, Heading, Skeleton, Stack, Table, Text, VStack } from '@chakra-ui/react';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { FormattedMessage } from 'react-intl';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { getExpirySiteList } from '../../../contract/endpoints/comm';
import { queryClient } from '../../app/query-client';
import { parseTime } from '../../lib/format';
import { endpointQuery } from '../../lib/query-options';

function ExpiredSites() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const aid = Number(params.get('aid'));
  const valid = Number.isInteger(aid) && aid > 0;
  const query = useQuery({ ...endpointQuery(getExpirySiteList, { aid }), enabled: valid });
  const sites = query.data?.Data ?? [];
  return (
    <Center minHeight="100vh" bg="#2d3a4b" padding="6">
      <VStack
        bg="bg.panel"
        borderRadius="xl"
        boxShadow="lg"
        padding={{ base: '6', md: '10' }}
        gap="5"
        width="full"
        maxWidth="2xl"
        align="stretch"
      >
        <Box>
          <Heading as="h1" size="xl" color="red.600" data-testid="expiry-title">
            <FormattedMessage id="expiry.title" />
          </Heading>
          <Text color="fg.muted" marginTop="2">
            <FormattedMessage id="expiry.text" />
          </Text>
        </Box>
        {query.isLoading ? (
          <Stack gap="2">
            <Skeleton height="8" />
            <Skeleton height="8" />
          </Stack>
        ) : sites.length === 0 ? (
          <Text color="fg.muted">
            <FormattedMessage id="expiry.none" />
          </Text>
        ) : (
          <Table.Root size="sm" variant="outline">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>
                  <FormattedMessage id="expiry.site" />
                </Table.ColumnHeader>
                <Table.ColumnHeader>
                  <FormattedMessage id="expiry.expiresAt" />
                </Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {sites.map((site) => (
                <Table.Row key={site.Id}>
                  <Table.Cell>{site.Text}</Table.Cell>
                  <Table.Cell>{parseTime(site.ExpiresAt, '{y}-{m}-{d}')}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        )}
        <Button alignSelf="start" onClick={() => navigate('/login', { replace: true })}>
          <FormattedMessage id="expiry.backToLogin" />
        </Button>
      </VStack>
    </Center>
  );
}

/** /expirySite?aid=…: the account's expired sites (SPEC §2, §8). */
export function ExpirySitePage() {
  return (
    <QueryClientProvider client={queryClient}>
      <ExpiredSites />
    </QueryClientProvider>
  );
}
