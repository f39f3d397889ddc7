import { useState } from 'react';
import { useIntl } from 'react-intl';
import type { EndpointInput } from '../../contract/endpoint';
import type { buyDataStock } from '../../contract/endpoints/data-recharge';
import type { PurchaseRow } from '../../contract/endpoints/recharge-records';
import type { buySmsPackage } from '../../contract/endpoints/sms';
import { callEndpoint } from '../../src/lib/http';
import { confirmDialog } from '../../src/lib/notify';

type BuyEndpoint = typeof buySmsPackage | typeof buyDataStock;

/**
 * Buys from the platform (an SMS package, data stock): the operator confirms what it costs, then
 * the purchase is shown in PurchaseDialog until it is paid. `bought` is the purchase on show.
 */
export function usePurchase<E extends BuyEndpoint>(endpoint: E) {
  const intl = useIntl();
  const [bought, setBought] = useState<PurchaseRow | null>(null);
  const [pending, setPending] = useState(false);
  const buy = async (
    input: EndpointInput<E>,
    confirm?: { key: string; values: Record<string, string | number> },
  ) => {
    if (confirm) {
      const confirmed = await confirmDialog({
        title: intl.formatMessage({ id: 'engine.confirmTitle' }),
        message: intl.formatMessage({ id: confirm.key }, confirm.values),
        confirmText: intl.formatMessage({ id: 'engine.confirm' }),
        cancelText: intl.formatMessage({ id: 'engine.cancel' }),
      });
      if (!confirmed) return false;
    }
    setPending(true);
    try {
      const answer: { Purchase: PurchaseRow } = await callEndpoint<BuyEndpoint>(endpoint, input);
      setBought(answer.Purchase);
      return true;
    } catch {
      // The HTTP layer has shown the server's message.
      return false;
    } finally {
      setPending(false);
    }
  };
  return { buy, pending, bought, close: () => setBought(null) };
}
