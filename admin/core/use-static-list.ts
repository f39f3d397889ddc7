import { useQuery } from '@tanstack/react-query';
import type { EndpointDefinition, EndpointInput } from '../../contract/endpoint';
import type { ListResource } from '../../contract/list-query';
import { callEndpoint } from '../../src/lib/http';
import { endpointKey } from '../../src/lib/query-options';
import type { ListState } from './list-state';
import type { ListPage } from './use-resource-list';

const STATE: ListState = { page: 1, pageSize: 100, sort: '', tab: '', filters: {} };
const ignore = () => undefined;

/**
 * A short list shown inside another page (the goods of a bargain event under its form): one page of
 * at most 100 rows read with a fixed input, no filters, tabs or paging in the address. It gives
 * ResourceList the props useResourceList would.
 */
export function useStaticList<Row>(resource: ListResource, input: Record<string, unknown>) {
  const query = { ...input, page: 1, pageSize: STATE.pageSize };
  const result = useQuery({
    queryKey: endpointKey(resource.list, query as EndpointInput<EndpointDefinition>),
    queryFn: ({ signal }) =>
      callEndpoint(resource.list, query as EndpointInput<EndpointDefinition>, {
        signal,
      }) as unknown as Promise<ListPage<Row>>,
  });
  return { state: STATE, setState: ignore, change: ignore, setPage: ignore, result };
}
