import { Box, Heading, Table } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import { getPointsMonthlyTotals } from '../../../contract/endpoints/points';
import { thousands } from '../../../src/lib/format';
import { endpointQuery } from '../../../src/lib/query-options';
import { QueryOutcome } from '../../../src/lib/query-outcome';

/** Points issued, used (net of what came back) and expired per month, the last twelve, newest first. */
export function MonthlyTotals({ memberId }: { memberId?: number }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const query = useQuery(endpointQuery(getPointsMonthlyTotals, memberId === undefined ? {} : { memberId }));
  const title = t('pointsInquiry.monthly');
  return (
    <Box as="section" bg="bg" borderRadius="md" borderWidth="1px" padding="4" aria-label={title}>
      <Heading as="h2" size="sm" marginBottom="3">
        {title}
      </Heading>
      <QueryOutcome query={query} errorText={t('pointsInquiry.monthlyFailed')}>
        {(data) => (
          <Box overflowX="auto">
            <Table.Root size="sm" striped>
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>{t('pointsInquiry.month')}</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">{t('pointsInquiry.issued')}</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">{t('pointsInquiry.used')}</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">{t('pointsInquiry.expired')}</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {[...data.Data].reverse().map((month) => (
                  <Table.Row key={month.Month}>
                    <Table.Cell>{month.Month}</Table.Cell>
                    <Table.Cell textAlign="end">{thousands(month.Issued)}</Table.Cell>
                    <Table.Cell textAlign="end">{thousands(month.Used)}</Table.Cell>
                    <Table.Cell textAlign="end">{thousands(month.Expired)}</Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Box>
        )}
      </QueryOutcome>
    </Box>
  );
}
