import { Box, Heading, Table } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import { getPointsMonthlyTotals } from '../../../contract/endpoints/points';
import { thousands } from '../../../src/lib/format';
import { endpointQuery } from '../../../src/lib/query-options';
import { QueryOutcome } from '../../../src/lib/query-outcome';

const FLOWS = ['Issued', 'Used', 'Expired'] as const;

/** Points issued, used (net of what came back) and expired per month: the last twelve, the latest last. */
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
            <Table.Root size="sm" showColumnBorder>
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>{t('pointsInquiry.month')}</Table.ColumnHeader>
                  {data.Data.map((month) => (
                    <Table.ColumnHeader key={month.Month} textAlign="end" whiteSpace="nowrap">
                      {month.Month}
                    </Table.ColumnHeader>
                  ))}
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {FLOWS.map((flow) => (
                  <Table.Row key={flow}>
                    <Table.ColumnHeader scope="row">
                      {t(`pointsInquiry.${flow.toLowerCase()}`)}
                    </Table.ColumnHeader>
                    {data.Data.map((month) => (
                      <Table.Cell key={month.Month} textAlign="end">
                        {thousands(month[flow])}
                      </Table.Cell>
                    ))}
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
