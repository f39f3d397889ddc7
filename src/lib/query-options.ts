import { type QueryClient, queryOptions } from '@tanstack/react-query';
import type { EndpointDefinition, EndpointInput } from '../../contract/endpoint';
import type { EndpointRef } from './endpoint-ref';
import { callEndpoint } from './http';

type Callable<E extends EndpointDefinition> = E | EndpointRef<E>;

/**
 * The area of an endpoint path: its first segment (`/DistributorsShopOrder/GetList` →
 * `DistributorsShopOrder`). Writes invalidate by area, so every read of that area refetches.
 */
export function endpointArea(path: string): string {
  return path.split('/').find((segment) => segment !== '') ?? '';
}

/** The query key of a call: area, path, then the input, so keys never need writing by hand. */
export function endpointKey<E extends EndpointDefinition>(endpoint: Callable<E>, input?: EndpointInput<E>) {
  const base = [endpointArea(endpoint.path), endpoint.path] as const;
  return input === undefined ? base : ([...base, input] as const);
}

/** Query options of a contract call (bulletproof-react's query options per endpoint). */
export function endpointQuery<E extends EndpointDefinition>(endpoint: Callable<E>, input: EndpointInput<E>) {
  return queryOptions({
    queryKey: endpointKey(endpoint, input),
    queryFn: ({ signal }) => callEndpoint(endpoint, input, { signal }),
  });
}

/** Refetches every read of the areas a write touched; pass endpoints or area names. */
export function invalidateAreas(
  client: QueryClient,
  ...areas: Array<string | Pick<EndpointDefinition, 'path'>>
): Promise<void> {
  const names = new Set(areas.map((area) => (typeof area === 'string' ? area : endpointArea(area.path))));
  return client.invalidateQueries({
    predicate: (query) => typeof query.queryKey[0] === 'string' && names.has(query.queryKey[0]),
  });
}
