import { Button, HStack, Table, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';

export interface PagedColumn<Row> {
  /** Catalogue key of the header. */
  header: string;
  cell(row: Row): ReactNode;
}

/**
 * Rows of one page inside a dialog (members' copies, a send's failures), with previous and next:
 * these lists are read where they open, so their state stays out of the page's address.
 */
export function PagedTable<Row>({
  label,
  rows,
  total,
  page,
  pageSize,
  onPage,
  columns,
  rowKey,
  empty,
}: {
  label: string;
  rows: readonly Row[];
  total: number;
  page: number;
  pageSize: number;
  onPage(page: number): void;
  columns: readonly PagedColumn<Row>[];
  rowKey(row: Row): number;
  /** Catalogue key shown without rows. */
  empty: string;
}) {
  const intl = useIntl();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (rows.length === 0)
    return (
      <Text color="fg.muted">
        <FormattedMessage id={empty} />
      </Text>
    );
  return (
    <>
      <Table.Root size="sm" aria-label={label}>
        <Table.Header>
          <Table.Row>
            {columns.map((column) => (
              <Table.ColumnHeader key={column.header}>
                <FormattedMessage id={column.header} />
              </Table.ColumnHeader>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map((row) => (
            <Table.Row key={rowKey(row)}>
              {columns.map((column) => (
                <Table.Cell key={column.header}>{column.cell(row)}</Table.Cell>
              ))}
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
      <HStack justify="space-between" marginTop="3">
        <Text fontSize="sm" color="fg.muted">
          <FormattedMessage id="coupons.pageOf" values={{ page, pages, total }} />
        </Text>
        <HStack>
          <Button size="xs" variant="outline" disabled={page <= 1} onClick={() => onPage(page - 1)}>
            {intl.formatMessage({ id: 'coupons.previousPage' })}
          </Button>
          <Button size="xs" variant="outline" disabled={page >= pages} onClick={() => onPage(page + 1)}>
            {intl.formatMessage({ id: 'coupons.nextPage' })}
          </Button>
        </HStack>
      </HStack>
    </>
  );
}
