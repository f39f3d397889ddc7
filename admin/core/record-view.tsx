import { Button, EmptyState, Flex, Heading, HStack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useLocation, useNavigate } from 'react-router-dom';
import type { EndpointDefinition } from '../../contract/endpoint';
import { flattenMenuTree } from '../../contract/menu-tree';
import type { EndpointResponse } from '../../src/lib/http';
import { QueryOutcome } from '../../src/lib/query-outcome';
import type { RecordResult } from './use-record';

const TITLE_KEYS: ReadonlyMap<string, string> = new Map(
  flattenMenuTree().map((entry) => [entry.path, `route.${entry.titleKey}`]),
);

/** The title of the route being shown, in the menus' words, so a page never names itself twice. */
export function useRouteTitle(): string {
  const intl = useIntl();
  const { pathname } = useLocation();
  const key = TITLE_KEYS.get(pathname);
  return key ? intl.formatMessage({ id: key }) : '';
}

/** A page's heading (its route's title unless it has a more precise one) and its buttons. */
export function PageHeading({ title, children }: { title?: string; children?: ReactNode }) {
  const routeTitle = useRouteTitle();
  return (
    <Flex justify="space-between" align="center" gap="3" wrap="wrap">
      <Heading as="h1" size="lg">
        {title ?? routeTitle}
      </Heading>
      {children && <HStack>{children}</HStack>}
    </Flex>
  );
}

/**
 * The heading of a form page: its title, a way back to its list and the form's save button (a
 * submit, so it belongs inside the form). The saving state shows while the form submits.
 */
export function FormHeading({
  title,
  backTo,
  backLabel,
  saving,
}: {
  title: string;
  backTo: string;
  backLabel: string;
  saving: boolean;
}) {
  const intl = useIntl();
  const navigate = useNavigate();
  return (
    <PageHeading title={title}>
      <Button variant="outline" onClick={() => navigate(backTo)}>
        {backLabel}
      </Button>
      <Button
        type="submit"
        colorPalette="brand"
        loading={saving}
        loadingText={intl.formatMessage({ id: 'engine.saving' })}
      >
        <FormattedMessage id="engine.save" />
      </Button>
    </PageHeading>
  );
}

function Notice({ id }: { id: string }) {
  return (
    <EmptyState.Root size="sm" role="alert">
      <EmptyState.Content>
        <EmptyState.Title>
          <FormattedMessage id={id} />
        </EmptyState.Title>
      </EmptyState.Content>
    </EmptyState.Root>
  );
}

/**
 * The states of a record page in one place: no id, loading, not found, failed (with a retry),
 * then the record itself; a page that creates gets `renderNew` when no id is given.
 */
export function RecordView<E extends EndpointDefinition>({
  record,
  children,
  renderNew,
  loading,
}: {
  record: RecordResult<E>;
  children(data: EndpointResponse<E>): ReactNode;
  renderNew?(): ReactNode;
  loading?: ReactNode;
}) {
  switch (record.status) {
    case 'new':
      return renderNew?.() ?? null;
    case 'missingId':
      return <Notice id="engine.record.missingId" />;
    case 'notFound':
      return <Notice id="engine.record.notFound" />;
    default:
      return (
        <QueryOutcome
          query={{ isError: record.query.isError, data: record.record, refetch: record.query.refetch }}
          loading={loading}
          errorText={<FormattedMessage id="engine.record.loadFailed" />}
        >
          {children}
        </QueryOutcome>
      );
  }
}
