import { Button, Card, Field, Heading, HStack, Input, NativeSelect, Stack } from '@chakra-ui/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { getTicketStores, writeOffTicket } from '../../../contract/endpoints/tickets';
import { groupTicketCode, readTicketCode } from '../../../contract/ticket-code';
import { callEndpoint } from '../../../src/lib/http';
import { confirmDialog, showToast } from '../../../src/lib/notify';
import { endpointQuery, invalidateAreas } from '../../../src/lib/query-options';

/**
 * Writing a ticket off by its code at the counter: not a row action, because the ticket is found
 * by the code the member shows, so this is a small form of its own beside the verifier list.
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
  const mutation = useMutation({
    mutationFn: (input: { Code: string; StoreId: number }) => callEndpoint(writeOffTicket, input),
    onSuccess: (data) => {
      showToast(
        'success',
        intl.formatMessage(
          { id: 'writeOff.done' },
          {
            code: groupTicketCode(data.Ticket.Code),
            goods: data.Ticket.GoodsName,
            member: data.Ticket.MemberName,
          },
        ),
      );
      setCode('');
      return invalidateAreas(client, writeOffTicket);
    },
  });

  const submit = async () => {
    const parsed = readTicketCode(code);
    setCodeError(parsed ? undefined : intl.formatMessage({ id: 'writeOff.codeInvalid' }));
    setStoreError(storeId ? undefined : intl.formatMessage({ id: 'writeOff.chooseStore' }));
    if (!parsed || !storeId) return;
    const store = options.find((entry) => String(entry.Id) === storeId)?.Title ?? '';
    const confirmed = await confirmDialog({
      title: intl.formatMessage({ id: 'engine.confirmTitle' }),
      message: intl.formatMessage({ id: 'writeOff.confirm' }, { code: groupTicketCode(parsed), store }),
      confirmText: intl.formatMessage({ id: 'writeOff.submit' }),
      cancelText: intl.formatMessage({ id: 'engine.cancel' }),
    });
    if (!confirmed) return;
    try {
      await mutation.mutateAsync({ Code: parsed, StoreId: Number(storeId) });
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
                inputMode="numeric"
                autoComplete="off"
                maxLength={32}
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
