import { Checkbox, Field, HStack, Input, NativeSelect, RadioGroup, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { FormattedMessage, useIntl } from 'react-intl';
import { getTicketStores } from '../../contract/endpoints/tickets';
import {
  GOODS_KINDS,
  type GoodsKind,
  TICKET_VALIDITY_MODES,
  type TicketValidityMode,
} from '../../contract/goods-kind';
import { endpointQuery } from '../../src/lib/query-options';

/** A virtual good's ticket settings as the form holds them (the day count as typed). */
export interface TicketDraft {
  Mode: TicketValidityMode;
  Days: string;
  From: string;
  Until: string;
  StoreIds: number[];
}

/** The goods kind and, for virtual goods, when and where their tickets may be used. */
export function GoodsKindFields({
  kind,
  ticket,
  onKind,
  onTicket,
  error,
}: {
  kind: GoodsKind;
  ticket: TicketDraft;
  onKind(kind: GoodsKind): void;
  onTicket(change: Partial<TicketDraft>): void;
  error(path: string): string | undefined;
}) {
  const intl = useIntl();
  const stores = useQuery({ ...endpointQuery(getTicketStores, {}), enabled: kind === 'virtual' });
  const t = (id: string) => intl.formatMessage({ id });
  return (
    <Stack gap="4">
      <RadioGroup.Root
        value={kind}
        onValueChange={(details) => onKind(details.value as GoodsKind)}
        aria-label={t('goods.form.kind')}
      >
        <HStack gap="6">
          {GOODS_KINDS.map((value) => (
            <RadioGroup.Item key={value} value={value}>
              <RadioGroup.ItemHiddenInput />
              <RadioGroup.ItemIndicator />
              <RadioGroup.ItemText>
                <FormattedMessage id={`goods.kind.${value}`} />
              </RadioGroup.ItemText>
            </RadioGroup.Item>
          ))}
        </HStack>
      </RadioGroup.Root>
      {kind === 'virtual' && (
        <>
          <Text color="fg.muted" textStyle="sm">
            <FormattedMessage id="goods.form.virtualHelp" />
          </Text>
          <HStack gap="4" align="start" wrap="wrap">
            <Field.Root width="60">
              <Field.Label>
                <FormattedMessage id="goods.form.ticketMode" />
              </Field.Label>
              <NativeSelect.Root>
                <NativeSelect.Field
                  value={ticket.Mode}
                  onChange={(event) => onTicket({ Mode: event.target.value as TicketValidityMode })}
                >
                  {TICKET_VALIDITY_MODES.map((mode) => (
                    <option key={mode} value={mode}>
                      {t(`goods.ticketMode.${mode}`)}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </Field.Root>
            {ticket.Mode === 'days' ? (
              <Field.Root width="60" invalid={Boolean(error('Ticket.Days'))} required>
                <Field.Label>
                  <FormattedMessage id="goods.form.ticketDays" />
                  <Field.RequiredIndicator />
                </Field.Label>
                <Input
                  inputMode="numeric"
                  value={ticket.Days}
                  onChange={(event) => onTicket({ Days: event.target.value })}
                />
                <Field.ErrorText>{error('Ticket.Days')}</Field.ErrorText>
              </Field.Root>
            ) : (
              <>
                <Field.Root width="60" invalid={Boolean(error('Ticket.From'))} required>
                  <Field.Label>
                    <FormattedMessage id="goods.form.ticketFrom" />
                    <Field.RequiredIndicator />
                  </Field.Label>
                  <Input
                    type="date"
                    value={ticket.From}
                    onChange={(event) => onTicket({ From: event.target.value })}
                  />
                  <Field.ErrorText>{error('Ticket.From')}</Field.ErrorText>
                </Field.Root>
                <Field.Root width="60" invalid={Boolean(error('Ticket.Until'))} required>
                  <Field.Label>
                    <FormattedMessage id="goods.form.ticketUntil" />
                    <Field.RequiredIndicator />
                  </Field.Label>
                  <Input
                    type="date"
                    value={ticket.Until}
                    onChange={(event) => onTicket({ Until: event.target.value })}
                  />
                  <Field.ErrorText>{error('Ticket.Until')}</Field.ErrorText>
                </Field.Root>
              </>
            )}
          </HStack>
          <Field.Root invalid={Boolean(error('Ticket.StoreIds'))}>
            <Field.Label>
              <FormattedMessage id="goods.form.ticketStores" />
            </Field.Label>
            <HStack gap="4" wrap="wrap">
              {(stores.data?.Data ?? []).map((store) => (
                <Checkbox.Root
                  key={store.Id}
                  checked={ticket.StoreIds.includes(store.Id)}
                  onCheckedChange={(event) =>
                    onTicket({
                      StoreIds:
                        event.checked === true
                          ? [...ticket.StoreIds, store.Id]
                          : ticket.StoreIds.filter((id) => id !== store.Id),
                    })
                  }
                >
                  <Checkbox.HiddenInput />
                  <Checkbox.Control />
                  <Checkbox.Label>{store.Title}</Checkbox.Label>
                </Checkbox.Root>
              ))}
            </HStack>
            <Field.HelperText>
              <FormattedMessage id="goods.form.ticketStoresHelp" />
            </Field.HelperText>
            <Field.ErrorText>{error('Ticket.StoreIds')}</Field.ErrorText>
          </Field.Root>
        </>
      )}
    </Stack>
  );
}
