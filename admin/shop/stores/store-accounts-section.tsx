import { Badge, Button, Field, HStack, NativeSelect, Stack, Table, Text } from '@chakra-ui/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import {
  bindStoreAccount,
  getStoreAccounts,
  type StoreAccount,
  unbindStoreAccount,
} from '../../../contract/endpoints/stores';
import { callEndpoint } from '../../../src/lib/http';
import { confirmDialog, showToast } from '../../../src/lib/notify';
import { endpointQuery, invalidateAreas } from '../../../src/lib/query-options';
import { FormSection } from '../../core/form-field';

/**
 * The store accounts working at a store, with binding and unbinding of the shop's existing store
 * accounts. A table of a few rows beside the form rather than an engine list: it has no filters,
 * pages or tabs, and it acts on accounts, not stores.
 */
export function StoreAccountsSection({ storeId, storeName }: { storeId: number; storeName: string }) {
  const intl = useIntl();
  const client = useQueryClient();
  const selectId = useId();
  const accounts = useQuery(endpointQuery(getStoreAccounts, { StoreId: storeId }));
  const [chosen, setChosen] = useState('');
  const [busy, setBusy] = useState(false);
  const bound = accounts.data?.Bound ?? [];
  const free = accounts.data?.Free ?? [];

  const run = async (call: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await call();
      showToast('success', intl.formatMessage({ id: 'engine.actionDone' }));
      setChosen('');
      await invalidateAreas(client, getStoreAccounts);
    } catch {
      // The HTTP layer has shown the server's message.
    } finally {
      setBusy(false);
    }
  };
  const bind = () =>
    run(() => callEndpoint(bindStoreAccount, { StoreId: storeId, AccountId: Number(chosen) }));
  const unbind = async (account: StoreAccount) => {
    const agreed = await confirmDialog({
      title: intl.formatMessage({ id: 'engine.confirmTitle' }),
      message: intl.formatMessage(
        { id: 'stores.accounts.confirmUnbind' },
        { name: account.UserName, store: storeName },
      ),
      confirmText: intl.formatMessage({ id: 'engine.confirmDestructive' }),
      cancelText: intl.formatMessage({ id: 'engine.cancel' }),
    });
    if (agreed)
      await run(() => callEndpoint(unbindStoreAccount, { StoreId: storeId, AccountId: account.Id }));
  };
  const freeLabel = (account: StoreAccount) =>
    account.StoreName
      ? intl.formatMessage(
          { id: 'stores.accounts.movesFrom' },
          { name: account.UserName, store: account.StoreName },
        )
      : account.UserName;

  return (
    <FormSection title={intl.formatMessage({ id: 'stores.accounts.title' })}>
      {bound.length === 0 ? (
        <Text color="fg.muted">
          <FormattedMessage id="stores.accounts.none" />
        </Text>
      ) : (
        <Table.Root size="sm" aria-label={intl.formatMessage({ id: 'stores.accounts.title' })}>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>
                <FormattedMessage id="stores.accounts.userName" />
              </Table.ColumnHeader>
              <Table.ColumnHeader>
                <FormattedMessage id="stores.accounts.state" />
              </Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">
                <FormattedMessage id="engine.actions" />
              </Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {bound.map((account) => (
              <Table.Row key={account.Id}>
                <Table.Cell>{account.UserName}</Table.Cell>
                <Table.Cell>
                  <Badge colorPalette={account.Disabled ? 'gray' : 'green'}>
                    <FormattedMessage
                      id={account.Disabled ? 'stores.accounts.disabled' : 'stores.accounts.active'}
                    />
                  </Badge>
                </Table.Cell>
                <Table.Cell textAlign="end">
                  <Button
                    size="xs"
                    variant="ghost"
                    colorPalette="red"
                    disabled={busy}
                    aria-label={intl.formatMessage(
                      { id: 'stores.accounts.unbindNamed' },
                      { name: account.UserName },
                    )}
                    onClick={() => void unbind(account)}
                  >
                    <FormattedMessage id="stores.accounts.unbind" />
                  </Button>
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      )}
      <Stack gap="2">
        <HStack gap="2" align="end">
          <Field.Root maxWidth="sm">
            <Field.Label htmlFor={selectId}>
              <FormattedMessage id="stores.accounts.choose" />
            </Field.Label>
            <NativeSelect.Root disabled={free.length === 0}>
              <NativeSelect.Field
                id={selectId}
                value={chosen}
                onChange={(event) => setChosen(event.currentTarget.value)}
              >
                <option value="">{intl.formatMessage({ id: 'stores.accounts.pick' })}</option>
                {free.map((account) => (
                  <option key={account.Id} value={account.Id}>
                    {freeLabel(account)}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
          <Button variant="outline" disabled={!chosen} loading={busy} onClick={() => void bind()}>
            <FormattedMessage id="stores.accounts.bind" />
          </Button>
        </HStack>
        {free.length === 0 && accounts.data && (
          <Text fontSize="sm" color="fg.muted">
            <FormattedMessage id="stores.accounts.noneFree" />
          </Text>
        )}
      </Stack>
    </FormSection>
  );
}
