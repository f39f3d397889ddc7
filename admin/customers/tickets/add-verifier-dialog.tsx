import { Field, HStack, Input, NativeSelect, RadioGroup } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import {
  addVerifier,
  getTicketStores,
  VERIFIER_KINDS,
  type VerifierKind,
} from '../../../contract/endpoints/tickets';
import { FormDialog } from '../../../src/lib/form-dialog';
import { endpointQuery } from '../../../src/lib/query-options';
import { useResourceAction } from '../../core/use-resource-list';

/** Adds a member (by number or mobile) or a store account as a verifier of a store. */
export function AddVerifierDialog({ onClose }: { onClose(): void }) {
  const intl = useIntl();
  const stores = useQuery(endpointQuery(getTicketStores, {}));
  const options = stores.data?.Data ?? [];
  const [kind, setKind] = useState<VerifierKind>('member');
  const [who, setWho] = useState('');
  const [chosenStore, setChosenStore] = useState('');
  const [errors, setErrors] = useState<{ who?: string; store?: string }>({});
  const storeId = chosenStore || (options.length === 1 ? String(options[0]!.Id) : '');
  const action = useResourceAction([], addVerifier);
  return (
    <FormDialog
      title={intl.formatMessage({ id: 'verifiers.addTitle' })}
      submitLabel={intl.formatMessage({ id: 'verifiers.add' })}
      busy={action.pending}
      onClose={onClose}
      onSubmit={async () => {
        const next = {
          who: who.trim() ? undefined : intl.formatMessage({ id: 'verifiers.whoRequired' }),
          store: storeId ? undefined : intl.formatMessage({ id: 'verifiers.storeRequired' }),
        };
        setErrors(next);
        if (next.who || next.store) return;
        const done = await action.run({ input: { Kind: kind, Who: who.trim(), StoreId: Number(storeId) } });
        if (done) onClose();
      }}
    >
      <RadioGroup.Root
        value={kind}
        onValueChange={(details) => setKind(details.value as VerifierKind)}
        aria-label={intl.formatMessage({ id: 'verifiers.column.kind' })}
      >
        <HStack gap="4">
          {VERIFIER_KINDS.map((value) => (
            <RadioGroup.Item key={value} value={value}>
              <RadioGroup.ItemHiddenInput />
              <RadioGroup.ItemIndicator />
              <RadioGroup.ItemText>
                <FormattedMessage id={`verifiers.kind.${value}`} />
              </RadioGroup.ItemText>
            </RadioGroup.Item>
          ))}
        </HStack>
      </RadioGroup.Root>
      <Field.Root invalid={Boolean(errors.who)} required marginTop="4">
        <Field.Label>
          <FormattedMessage id={`verifiers.who.${kind}`} />
          <Field.RequiredIndicator />
        </Field.Label>
        <Input autoFocus value={who} maxLength={64} onChange={(event) => setWho(event.target.value)} />
        <Field.ErrorText>{errors.who}</Field.ErrorText>
      </Field.Root>
      <Field.Root invalid={Boolean(errors.store)} required marginTop="4">
        <Field.Label>
          <FormattedMessage id="writeOff.store" />
          <Field.RequiredIndicator />
        </Field.Label>
        <NativeSelect.Root>
          <NativeSelect.Field value={storeId} onChange={(event) => setChosenStore(event.target.value)}>
            <option value="">{intl.formatMessage({ id: 'writeOff.chooseStore' })}</option>
            {options.map((store) => (
              <option key={store.Id} value={String(store.Id)}>
                {store.Title}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        <Field.ErrorText>{errors.store}</Field.ErrorText>
      </Field.Root>
    </FormDialog>
  );
}
