import { Box, Button, EmptyState, Flex, Spinner } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';

/** The part of a react-query result the outcome reads, so a derived result fits too. */
export interface QueryLike<Data> {
  isError: boolean;
  data: Data | undefined;
  refetch(): unknown;
}

/**
 * What a screen shows for a read before it has data: a spinner while loading, the failure with a
 * way to try again, or the empty text. Every screen says these the same way, and a failed load is
 * never a blank page.
 */
export function QueryOutcome<Data>({
  query,
  children,
  isEmpty,
  emptyText,
  errorText,
  loading,
}: {
  query: QueryLike<Data>;
  children(data: Data): ReactNode;
  /** Whether loaded data counts as nothing to show. */
  isEmpty?(data: Data): boolean;
  emptyText?: ReactNode;
  errorText?: ReactNode;
  /** A placeholder shaped like the content, instead of the spinner. */
  loading?: ReactNode;
}) {
  const intl = useIntl();
  if (query.isError)
    return (
      <EmptyState.Root size="sm" role="alert">
        <EmptyState.Content>
          <EmptyState.Title>{errorText ?? <FormattedMessage id="app.loadFailed" />}</EmptyState.Title>
          <Button size="sm" variant="outline" onClick={() => void query.refetch()}>
            <FormattedMessage id="app.retry" />
          </Button>
        </EmptyState.Content>
      </EmptyState.Root>
    );
  if (query.data === undefined) {
    const label = intl.formatMessage({ id: 'app.loading' });
    return loading ? (
      <Box role="status" aria-label={label}>
        {loading}
      </Box>
    ) : (
      <Flex justify="center" padding="6" role="status" aria-label={label}>
        <Spinner />
      </Flex>
    );
  }
  if (isEmpty?.(query.data))
    return (
      <EmptyState.Root size="sm">
        <EmptyState.Content>
          <EmptyState.Title>{emptyText ?? <FormattedMessage id="app.empty" />}</EmptyState.Title>
        </EmptyState.Content>
      </EmptyState.Root>
    );
  return children(query.data);
}
