import { Box, DataList, Heading, Stack, Table } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { getSettlementOrderDetails } from '../../contract/endpoints/commissions';
import { fenToYuan, parseTime } from '../../src/lib/format';
import { withModuleMessages } from '../../src/lib/i18n/module-messages';
import { PageHeading, RecordView } from '../core/record-view';
import { useRecord } from '../core/use-record';
import { distributionCatalogues } from './messages';

const TIME = '{y}-{m}-{d} {h}:{i}';
const money = (fen: number) => `¥${fenToYuan(fen)}`;

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box as="section" bg="bg" borderRadius="md" borderWidth="1px" padding="5" aria-label={title}>
      <Heading as="h2" size="md" marginBottom="4">
        {title}
      </Heading>
      {children}
    </Box>
  );
}

function Facts({ items }: { items: [string, ReactNode][] }) {
  const intl = useIntl();
  return (
    <DataList.Root orientation="horizontal">
      {items.map(([label, value]) => (
        <DataList.Item key={label}>
          <DataList.ItemLabel>{intl.formatMessage({ id: label })}</DataList.ItemLabel>
          <DataList.ItemValue>{value === '' || value === null ? '—' : value}</DataList.ItemValue>
        </DataList.Item>
      ))}
    </DataList.Root>
  );
}

/** /distribution/settlementOrderDetails?id=: one order's commission, line by line and level by level. */
function SettlementOrderDetailsPage() {
  const intl = useIntl();
  const record = useRecord(getSettlementOrderDetails);
  return (
    <RecordView record={record}>
      {({ Order: order, Commission: commission }) => (
        <Stack gap="5">
          <PageHeading
            title={intl.formatMessage({ id: 'orderCommission.title' }, { number: order.OrderNo })}
          />
          <Section title={intl.formatMessage({ id: 'orderCommission.order' })}>
            <Facts
              items={[
                ['orderCommission.buyer', `${order.BuyerName} (${order.BuyerMemberNo})`],
                ['orderCommission.goods', money(order.GoodsFen)],
                ['orderCommission.freight', money(order.FreightFen)],
                ['orderCommission.paid', money(order.PaidFen)],
                ['orderCommission.refunded', money(order.RefundedFen)],
                ['orderCommission.base', money(commission.BaseFen)],
                ['orderCommission.paidAt', parseTime(order.PaidAt, TIME)],
                ['orderCommission.completedAt', parseTime(order.CompletedAt ?? order.ReceivedAt, TIME)],
                ['orderCommission.dueAt', parseTime(commission.DueAt, TIME)],
              ]}
            />
          </Section>
          <Section title={intl.formatMessage({ id: 'orderCommission.rows' })}>
            {commission.Rows.length === 0 ? (
              <FormattedMessage id="orderCommission.none" />
            ) : (
              <Table.ScrollArea>
                <Table.Root size="sm">
                  <Table.Header>
                    <Table.Row>
                      {[
                        'line',
                        'level',
                        'promoter',
                        'base',
                        'rule',
                        'amount',
                        'void',
                        'state',
                        'settledAt',
                      ].map((id) => (
                        <Table.ColumnHeader key={id}>
                          <FormattedMessage id={`orderCommission.column.${id}`} />
                        </Table.ColumnHeader>
                      ))}
                    </Table.Row>
                  </Table.Header>
                  <Table.Body>
                    {commission.Rows.map((row) => (
                      <Table.Row key={row.Id}>
                        <Table.Cell>
                          {row.LineName} {row.SpecText} × {row.Quantity}
                        </Table.Cell>
                        <Table.Cell>
                          <FormattedMessage id="orderCommission.levelN" values={{ level: row.Level }} />
                        </Table.Cell>
                        <Table.Cell>
                          {row.PromoterName} ({row.PromoterMemberNo})
                        </Table.Cell>
                        <Table.Cell>{money(row.BaseFen)}</Table.Cell>
                        <Table.Cell>
                          {row.Mode === 'ratio'
                            ? `${(row.Value / 100).toFixed(2)}%`
                            : `${money(row.Value)} / 1`}
                        </Table.Cell>
                        <Table.Cell>{money(row.AmountFen)}</Table.Cell>
                        <Table.Cell>{money(row.VoidFen)}</Table.Cell>
                        <Table.Cell>
                          <FormattedMessage id={`orderCommission.state.${row.State}`} />
                        </Table.Cell>
                        <Table.Cell>{parseTime(row.SettledAt, TIME) || '—'}</Table.Cell>
                      </Table.Row>
                    ))}
                  </Table.Body>
                </Table.Root>
              </Table.ScrollArea>
            )}
          </Section>
          <Section title={intl.formatMessage({ id: 'orderCommission.totals' })}>
            <Facts
              items={[
                ['orderCommission.pending', money(commission.PendingFen)],
                ['orderCommission.settled', money(commission.SettledFen)],
                ['orderCommission.void', money(commission.VoidFen)],
              ]}
            />
          </Section>
        </Stack>
      )}
    </RecordView>
  );
}

export default withModuleMessages(SettlementOrderDetailsPage, distributionCatalogues);
