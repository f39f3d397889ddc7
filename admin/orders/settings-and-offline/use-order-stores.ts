import { useQuery } from '@tanstack/react-query';
import { getOrderStores } from '../../../contract/endpoints/orders';
import { endpointQuery } from '../../../src/lib/query-options';
import { useSessionStore } from '../../../src/lib/session';

/**
 * The site's stores an order, a pickup point or the list's store filter may name. Store accounts
 * work for one store and never choose one, so they do not ask.
 */
export function useOrderStores(): { Id: number; Title: string }[] {
  const isStore = useSessionStore((state) => state.isStore);
  const stores = useQuery({
    ...endpointQuery(getOrderStores, {}),
    enabled: !isStore,
    staleTime: 60_000,
  });
  return stores.data?.Data ?? [];
}
