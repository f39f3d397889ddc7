import { API_BASE, type EndpointDefinition } from '../../contract/endpoint';

/**
 * An endpoint's method and path, typed by its contract definition but without its schemas, so a
 * light route (the login page) can name a call without loading zod or the HTTP client.
 */
export interface EndpointRef<E extends EndpointDefinition> {
  method: E['method'];
  path: string;
  /** Carries the definition's type only; never set. */
  readonly definition?: E;
}

export function endpointRef<E extends EndpointDefinition>(method: E['method'], path: string): EndpointRef<E> {
  return { method, path };
}

/** The URL of a GET endpoint with its query, for an <img src> or a link. */
export function endpointUrl(
  endpoint: Pick<EndpointDefinition, 'path'>,
  query: Record<string, string> = {},
): string {
  const search = new URLSearchParams(query).toString();
  return `${API_BASE}${endpoint.path}${search ? `?${search}` : ''}`;
}
