import { Image, Spinner, Stack, Text } from '@chakra-ui/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { getPurchase, type PurchaseRow } from '../../contract/endpoints/recharge-records';
import { fenToYuan } from '../../src/lib/format';
import { InformationDialog } from '../../src/lib/information-dialog';
import { endpointQuery, invalidateAreas } from '../../src/lib/query-options';

/** How often an unpaid purchase is read again while its WeChat Pay code is shown. */
const POLL_MS = 3_000;

function PayCode({ purchase }: { purchase: PurchaseRow }) {
  const intl = useIntl();
  const [image, setImage] = useState<string | null>(null);
  useEffect(() => {
    if (!purchase.CodeUrl) return;
    let current = true;
    void QRCode.toDataURL(purchase.CodeUrl, { margin: 1, width: 200 }).then((url) => {
      if (current) setImage(url);
    });
    return () => {
      current = false;
    };
  }, [purchase.CodeUrl]);
  return (
    <Stack gap="3" align="center">
      <Text>
        <FormattedMessage id="purchase.scan" values={{ amount: fenToYuan(purchase.AmountFen) }} />
      </Text>
      {image ? (
        <Image
          src={image}
          width="200px"
          height="200px"
          alt={intl.formatMessage({ id: 'purchase.code' }, { number: purchase.PurchaseNo })}
        />
      ) : (
        <Spinner aria-label={intl.formatMessage({ id: 'purchase.waiting' })} />
      )}
    </Stack>
  );
}

/**
 * A purchase just made (or an unpaid one reopened): paid at once in the sandbox; with WeChat Pay
 * its code to scan, read again until the platform's notification pays it, then every added-value
 * read refetches so the balance or stock shows what was bought.
 */
export function PurchaseDialog({ purchase, onClose }: { purchase: PurchaseRow; onClose(): void }) {
  const intl = useIntl();
  const client = useQueryClient();
  const read = useQuery({
    ...endpointQuery(getPurchase, { id: purchase.Id }),
    refetchInterval: (query) =>
      (query.state.data?.Purchase ?? purchase).State === 'toPay' ? POLL_MS : false,
  });
  const current = read.data?.Purchase ?? purchase;
  useEffect(() => {
    if (current.State === 'paid') void invalidateAreas(client, getPurchase);
  }, [current.State, client]);
  return (
    <InformationDialog
      title={intl.formatMessage({ id: 'purchase.title' }, { number: current.PurchaseNo })}
      onClose={onClose}
      size="sm"
    >
      {current.State === 'paid' && (
        <Text>
          <FormattedMessage
            id="purchase.paid"
            values={{ name: current.ItemName, quantity: current.Quantity }}
          />
        </Text>
      )}
      {current.State === 'closed' && (
        <Text>
          <FormattedMessage id="purchase.closed" />
        </Text>
      )}
      {current.State === 'toPay' && <PayCode purchase={current} />}
    </InformationDialog>
  );
}
