import { Button, Card, Field, Heading, HStack, Input, NativeSelect, Stack } from '@chakra-ui/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { groupCouponCode, readCouponCode } from '../../../contract/coupon-code';
import { writeOffCoupon } from '../../../contract/endpoints/coupons';
import { getTicketStores, writeOffTicket } from '../../../contract/endpoints/tickets';
import { groupTicketCode, readTicketCode } from '../../../contract/ticket-code';
import { callEndpoint } from '../../../src/lib/http';
import { confirmDialog, showToast } from '../../../src/lib/notify';
import { endpointQuery, invalidateAreas } from '../../../src/lib/query-options';

/**
 * Writing a ticket or an offline coupon off by its code at the counter: not a row action, because
 * it is found by the code the member shows, so this is a small form of its own beside the verifiers.
 */
export function WriteOffPanel() {
  const intl = useIntl();
  const client = useQueryClient();
  const stores = useQuery(endpointQuery(getTicketStores, {}));
  const [code, setCode] = useState('');
  const [chosenStore, setChosenStore] = useState('');
  const [codeError, setCodeError] = useState<string>();
  const [storeError, setStoreError] = useState<string>();
  const options = stores.data?.Data ?? [];
  // A store account has one store: it is chosen for them.
  const storeId = chosenStore || (options.length === 1 ? String(options[0]!.Id) : '');
  // A ticket code is 12 digits, an offline coupon code 16 characters: the code says which it is.
  const mutation = useMutation({
    mutationFn: async (input: { Code: string; StoreId: number; coupon: boolean }) => {
      const call = { Code: input.Code, StoreId: input.StoreId };
      if (input.coupon) {
        const done = await callEndpoint(writeOffCoupon, call);
        return intl.formatMessage(
          { id: 'writeOff.couponDone' },
          { code: groupCouponCode(done.Code), title: done.Title },
        );
      }
      const done = await callEndpoint(writeOffTicket, call);
      return intl.formatMessage(
        { id: 'writeOff.done' },
        {
          code: groupTicketCode(done.Ticket.Code),
          goods: done.Ticket.GoodsName,
          member: done.Ticket.MemberName,
        },
      );
    },
    onSuccess: (message) => {
      showToast('success', message);
      setCode('');
      return invalidateAreas(client, writeOffTicket, writeOffCoupon);
    },
  });

  const submit = async () => {
    const ticket = readTicketCode(code);
    const coupon = ticket ? null : readCouponCode(code);
    const parsed = ticket ?? coupon;
    setCodeError(parsed ? undefined : intl.formatMessage({ id: 'writeOff.codeInvalid' }));
    setStoreError(storeId ? undefined : intl.formatMessage({ id: 'writeOff.chooseStore' }));
    if (!parsed || !storeId) return;
    const store = options.find((entry) => String(entry.Id) === storeId)?.Title ?? '';
    const shown = ticket ? groupTicketCode(ticket) : groupCouponCode(parsed);
    const confirmed = await confirmDialog({
      title: intl.formatMessage({ id: 'engine.confirmTitle' }),
      message: intl.formatMessage({ id: 'writeOff.confirm' }, { code: shown, store }),
      confirmText: intl.formatMessage({ id: 'writeOff.submit' }),
      cancelText: intl.formatMessage({ id: 'engine.cancel' }),
    });
    if (!confirmed) return;
    try {
      await mutation.mutateAsync({ Code: parsed, StoreId: Number(storeId), coupon: coupon !== null });
    } catch {
      // The HTTP layer already showed the server's message (already used, wrong store…).
    }
  };

  return (
    <Card.Root as="section" aria-labelledby="write-off-title" size="sm">
      <Card.Header>
        <Heading as="h2" size="md" id="write-off-title">
          <FormattedMessage id="writeOff.title" />
        </Heading>
      </Card.Header>
      <Card.Body>
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <Stack direction={{ base: 'column', md: 'row' }} gap="4" align={{ md: 'flex-start' }}>
            <Field.Root invalid={Boolean(codeError)} required maxWidth="xs">
              <Field.Label>
                <FormattedMessage id="writeOff.code" />
                <Field.RequiredIndicator />
              </Field.Label>
              <Input
                value={code}
                autoComplete="off"
                maxLength={40}
                onChange={(event) => {
                  setCode(event.target.value);
                  setCodeError(undefined);
                }}
              />
              {codeError ? (
                <Field.ErrorText>{codeError}</Field.ErrorText>
              ) : (
                <Field.HelperText>
                  <FormattedMessage id="writeOff.codeHelp" />
                </Field.HelperText>
              )}
            </Field.Root>
            <Field.Root invalid={Boolean(storeError)} required maxWidth="xs">
              <Field.Label>
                <FormattedMessage id="writeOff.store" />
                <Field.RequiredIndicator />
              </Field.Label>
              <NativeSelect.Root>
                <NativeSelect.Field
                  value={storeId}
                  onChange={(event) => {
                    setChosenStore(event.target.value);
                    setStoreError(undefined);
                  }}
                >
                  <option value="">{intl.formatMessage({ id: 'writeOff.chooseStore' })}</option>
                  {options.map((store) => (
                    <option key={store.Id} value={String(store.Id)}>
                      {store.Title}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
              <Field.ErrorText>{storeError}</Field.ErrorText>
            </Field.Root>
            <HStack paddingTop={{ md: '6' }}>
              <Button type="submit" colorPalette="blue" loading={mutation.isPending}>
                <FormattedMessage id="writeOff.submit" />
              </Button>
            </HStack>
          </Stack>
        </form>
      </Card.Body>
    </Card.Root>
  );
}
