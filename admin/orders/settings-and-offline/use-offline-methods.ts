import { useQuery } from '@tanstack/react-query';
import { getOfflinePayMethods, type OfflinePaymentMethod } from '../../../contract/endpoints/payment';
import { endpointQuery } from '../../../src/lib/query-options';

/**
 * The offline methods the shop takes (switched on under /shop/payConfig); null until known, so the
 * counter never offers a method the server would refuse.
 */
export function useOfflineMethods(): OfflinePaymentMethod[] | null {
  const methods = useQuery({ ...endpointQuery(getOfflinePayMethods, {}), staleTime: 60_000 });
  return methods.data?.Methods ?? null;
}
