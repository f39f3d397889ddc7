import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import type { EndpointDefinition, EndpointInput } from '../../contract/endpoint';
import { callEndpoint, type EndpointResponse } from '../../src/lib/http';
import { endpointQuery } from '../../src/lib/query-options';

/**
 * Where a record page stands: `new` (no id, on a page that creates), `missingId` (no id on a page
 * that only shows one), `loading`, `notFound`, `error` (anything else went wrong, worth a retry),
 * or `ready`.
 */
export type RecordStatus = 'new' | 'missingId' | 'loading' | 'notFound' | 'error' | 'ready';

/** The record's id in the query string: a positive whole number, or null. */
export function recordId(search: URLSearchParams, param: string): number | null {
  const text = search.get(param);
  if (text === null || !/^\d+$/.test(text)) return null;
  const id = Number(text);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

function refusedFields(body: unknown): string[] {
  if (typeof body !== 'object' || body === null || !('Errors' in body) || !Array.isArray(body.Errors))
    return [];
  return body.Errors.map((entry: { Field?: unknown }) =>
    typeof entry.Field === 'string' ? entry.Field : '',
  );
}

/**
 * Whether a refused read means the record is not there: the server names the id it was asked for
 * as the field in error (`id` in the query, `Id` in its message), whatever the words.
 */
export function isNotFound(error: unknown, idField: string): boolean {
  if (typeof error !== 'object' || error === null || !('body' in error)) return false;
  const wanted = idField.toLowerCase();
  return refusedFields(error.body).some((field) => field.toLowerCase() === wanted);
}

interface RecordOptions<E extends EndpointDefinition> {
  /** The query-string parameter holding the id; `id` unless the route says otherwise. */
  param?: string;
  /** The page creates a record when no id is given. */
  allowNew?: boolean;
  /** A record with no id (the shop's own settings): read with this input, never `?id=`. */
  input?: EndpointInput<E>;
}

/**
 * The record a page shows or edits (ra-core's useShowController): read with the endpoint's own
 * query key, its not-found refusal shown on the page rather than as a toast.
 */
export function useRecord<E extends EndpointDefinition>(endpoint: E, options: RecordOptions<E> = {}) {
  const [search] = useSearchParams();
  const param = options.param ?? 'id';
  const id = options.input ? null : recordId(search, param);
  const input = options.input ?? ({ [param]: id } as EndpointInput<E>);
  const enabled = options.input !== undefined || id !== null;
  const query = useQuery({
    ...endpointQuery(endpoint, input),
    queryFn: ({ signal }) =>
      callEndpoint(endpoint, input, { signal, quietErrors: (body) => isNotFound({ body }, param) }),
    enabled,
  });
  let status: RecordStatus;
  if (!enabled) status = options.allowNew ? 'new' : 'missingId';
  else if (query.isError) status = isNotFound(query.error, param) ? 'notFound' : 'error';
  else status = query.data === undefined ? 'loading' : 'ready';
  return { status, id, query, record: query.data as EndpointResponse<E> | undefined };
}

export type RecordResult<E extends EndpointDefinition> = ReturnType<typeof useRecord<E>>;
