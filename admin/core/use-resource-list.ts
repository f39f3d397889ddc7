import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { useIntl } from 'react-intl';
import { useSearchParams } from 'react-router-dom';
import type { EndpointDefinition, EndpointInput } from '../../contract/endpoint';
import type { ListResource } from '../../contract/list-query';
import { callEndpoint, type EndpointResponse } from '../../src/lib/http';
import { confirmDialog, showToast } from '../../src/lib/notify';
import { endpointKey, invalidateAreas } from '../../src/lib/query-options';
import { useSessionStore } from '../../src/lib/session';
import { changeListState, type ListState, listQuery, parseListState, serializeListState } from './list-state';
import { grantedPathsFromMenus } from './row-actions';

export interface ListPage<Row> {
  Data: Row[];
  Total: number;
  Counts?: Record<string, number>;
  AuditRequired?: boolean;
}

/**
 * A list screen's URL state and its current page from the server. `keep` are URL parameters that
 * are not the list's own but must survive its changes (e.g. which view of a page is showing);
 * `scope` are kept too and narrow every call of the list (the coupon whose codes are listed).
 */
export function useResourceList<Row>(
  resource: ListResource,
  keep?: Readonly<Record<string, string>>,
  scope?: Readonly<Record<string, string>>,
  refreshWhile?: (page: ListPage<Row>) => number | false,
) {
  const [search, setSearch] = useSearchParams();
  const state = useMemo(() => parseListState(search, resource), [search, resource]);
  const setState = useCallback(
    (next: ListState) => {
      const params = serializeListState(next, resource);
      for (const [name, value] of Object.entries({ ...keep, ...scope })) params.set(name, value);
      setSearch(params);
    },
    [setSearch, resource, keep, scope],
  );
  const query = { ...listQuery(state, resource), ...scope };
  const result = useQuery({
    queryKey: endpointKey(resource.list, query as EndpointInput<EndpointDefinition>),
    queryFn: ({ signal }) =>
      callEndpoint(resource.list, query as EndpointInput<EndpointDefinition>, { signal }) as Promise<
        EndpointResponse<EndpointDefinition> & ListPage<Row>
      >,
    placeholderData: keepPreviousData,
    refetchInterval: (current) =>
      current.state.data && refreshWhile ? refreshWhile(current.state.data) : false,
  });
  // Changes start from the address bar, not this render's state: a navigation may be pending
  // (router updates are transitions), and a second change must not undo the first.
  const current = () => parseListState(new URLSearchParams(window.location.search), resource);
  return {
    scope,
    state,
    setState,
    change: (change: Partial<Omit<ListState, 'page'>>) => setState(changeListState(current(), change)),
    setPage: (page: number) => setState({ ...current(), page }),
    result,
  };
}

/** The menu paths the signed-in account was granted. */
export function useGrantedPaths(): ReadonlySet<string> {
  const menus = useSessionStore((state) => state.menus);
  return useMemo(() => grantedPathsFromMenus(menus), [menus]);
}

export interface ActionRequest<E extends EndpointDefinition> {
  input: EndpointInput<E>;
  /** Ask first, with this catalogue key's text (`{count}` rows). */
  confirmKey?: string;
  count?: number;
  destructive?: boolean;
}

/**
 * A write on a resource: optional confirmation, the call, a success toast, and a refresh of every
 * read of the write's area and of the other areas (names or endpoints) whose screens the write
 * changes too. Resolves false when the person cancelled or the call failed.
 */
export function useResourceAction<E extends EndpointDefinition>(
  otherAreas: ReadonlyArray<string | Pick<EndpointDefinition, 'path'>>,
  endpoint: E,
) {
  const intl = useIntl();
  const client = useQueryClient();
  const mutation = useMutation({
    mutationFn: (input: EndpointInput<E>) => callEndpoint(endpoint, input),
    onSuccess: () => {
      showToast('success', intl.formatMessage({ id: 'engine.actionDone' }));
      return invalidateAreas(client, endpoint, ...otherAreas);
    },
  });
  const run = async (request: ActionRequest<E>): Promise<boolean> => {
    if (request.confirmKey) {
      const confirmed = await confirmDialog({
        title: intl.formatMessage({ id: 'engine.confirmTitle' }),
        message: intl.formatMessage({ id: request.confirmKey }, { count: request.count ?? 1 }),
        confirmText: intl.formatMessage({
          id: request.destructive ? 'engine.confirmDestructive' : 'engine.confirm',
        }),
        cancelText: intl.formatMessage({ id: 'engine.cancel' }),
      });
      if (!confirmed) return false;
    }
    try {
      await mutation.mutateAsync(request.input);
      return true;
    } catch {
      // The HTTP layer already showed the server's message.
      return false;
    }
  };
  return { run, pending: mutation.isPending };
}
