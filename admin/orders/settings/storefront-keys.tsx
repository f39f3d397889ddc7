import {
  Badge,
  Box,
  Button,
  Clipboard,
  Code,
  Field,
  Heading,
  HStack,
  Input,
  Stack,
  Table,
  Text,
} from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import {
  addStorefrontKey,
  getStorefrontKeys,
  MAX_STOREFRONT_KEYS,
  revokeStorefrontKey,
} from '../../../contract/endpoints/orders';
import { STOREFRONT_KEY_HEADER } from '../../../contract/endpoints/storefront';
import { parseTime } from '../../../src/lib/format';
import { callEndpoint } from '../../../src/lib/http';
import { InformationDialog } from '../../../src/lib/information-dialog';
import { endpointArea, endpointQuery } from '../../../src/lib/query-options';
import { serverFieldErrors } from '../../core/form-errors';
import { useResourceAction } from '../../core/use-resource-list';

const TIME = '{y}-{m}-{d} {h}:{i}';

/** Shows a new key the one time it exists in the clear, with a copy button. */
function NewKeyDialog({ name, secret, onClose }: { name: string; secret: string; onClose(): void }) {
  const intl = useIntl();
  return (
    <InformationDialog
      title={<FormattedMessage id="orders.keys.createdTitle" values={{ name }} />}
      closeLabel={intl.formatMessage({ id: 'orders.keys.done' })}
      onClose={onClose}
    >
      <Stack gap="3">
        <Text>
          <FormattedMessage id="orders.keys.createdHelp" values={{ header: STOREFRONT_KEY_HEADER }} />
        </Text>
        <Clipboard.Root value={secret}>
          <HStack>
            <Code
              flex="1"
              padding="2"
              wordBreak="break-all"
              aria-label={intl.formatMessage({ id: 'orders.keys.secret' })}
              data-testid="storefront-key"
            >
              {secret}
            </Code>
            <Clipboard.Trigger asChild>
              <Button size="sm" variant="outline">
                <Clipboard.Indicator copied={<FormattedMessage id="orders.keys.copied" />}>
                  <FormattedMessage id="orders.keys.copy" />
                </Clipboard.Indicator>
              </Button>
            </Clipboard.Trigger>
          </HStack>
        </Clipboard.Root>
      </Stack>
    </InformationDialog>
  );
}

/** The keys a shop's mini-program server places orders with: list, add (shown once), revoke. */
export function StorefrontKeys() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const keys = useQuery(endpointQuery(getStorefrontKeys, {}));
  const revoke = useResourceAction([endpointArea(revokeStorefrontKey.path)], revokeStorefrontKey);
  const [name, setName] = useState('');
  const [error, setError] = useState<string>();
  const [adding, setAdding] = useState(false);
  const [created, setCreated] = useState<{ name: string; secret: string } | null>(null);
  const rows = keys.data?.Data ?? [];
  const active = rows.filter((row) => row.RevokedAt === null).length;

  const create = async () => {
    setError(undefined);
    setAdding(true);
    try {
      const response = await callEndpoint(addStorefrontKey, { Name: name });
      setCreated({ name: name.trim(), secret: response.Key });
      setName('');
      await keys.refetch();
    } catch (failure) {
      setError(serverFieldErrors(failure).Name);
    } finally {
      setAdding(false);
    }
  };

  return (
    <Box
      as="section"
      bg="bg"
      borderRadius="md"
      borderWidth="1px"
      padding="5"
      marginX="5"
      marginBottom="5"
      aria-label={t('orders.keys.title')}
    >
      <Heading as="h2" size="md" marginBottom="2">
        <FormattedMessage id="orders.keys.title" />
      </Heading>
      <Text color="fg.muted" fontSize="sm" marginBottom="4">
        <FormattedMessage id="orders.keys.help" values={{ max: MAX_STOREFRONT_KEYS }} />
      </Text>
      <HStack
        as="form"
        align="end"
        gap="3"
        marginBottom="4"
        onSubmit={(event) => {
          event.preventDefault();
          void create();
        }}
      >
        <Field.Root width="72" invalid={Boolean(error)}>
          <Field.Label>
            <FormattedMessage id="orders.keys.name" />
          </Field.Label>
          <Input value={name} maxLength={30} onChange={(event) => setName(event.target.value)} />
          <Field.ErrorText>{error}</Field.ErrorText>
        </Field.Root>
        <Button type="submit" colorPalette="brand" loading={adding} disabled={active >= MAX_STOREFRONT_KEYS}>
          <FormattedMessage id="orders.keys.add" />
        </Button>
      </HStack>
      <Table.Root size="sm" aria-label={t('orders.keys.title')}>
        <Table.Header>
          <Table.Row>
            {['name', 'prefix', 'createdAt', 'lastUsedAt', 'state'].map((column) => (
              <Table.ColumnHeader key={column}>
                <FormattedMessage id={`orders.keys.column.${column}`} />
              </Table.ColumnHeader>
            ))}
            <Table.ColumnHeader textAlign="end">
              <FormattedMessage id="engine.actions" />
            </Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map((row) => (
            <Table.Row key={row.Id}>
              <Table.Cell>{row.Name}</Table.Cell>
              <Table.Cell>
                <Code>{row.Prefix}…</Code>
              </Table.Cell>
              <Table.Cell>{parseTime(row.CreatedAt, TIME)}</Table.Cell>
              <Table.Cell>
                {row.LastUsedAt ? parseTime(row.LastUsedAt, TIME) : t('orders.keys.neverUsed')}
              </Table.Cell>
              <Table.Cell>
                <Badge colorPalette={row.RevokedAt ? 'gray' : 'green'}>
                  <FormattedMessage id={row.RevokedAt ? 'orders.keys.revoked' : 'orders.keys.active'} />
                </Badge>
              </Table.Cell>
              <Table.Cell textAlign="end">
                {!row.RevokedAt && (
                  <Button
                    size="xs"
                    variant="ghost"
                    colorPalette="red"
                    aria-label={t('orders.keys.revokeNamed', { name: row.Name })}
                    onClick={() =>
                      void revoke.run({
                        input: { Id: row.Id },
                        confirmKey: 'orders.keys.confirmRevoke',
                        destructive: true,
                      })
                    }
                  >
                    <FormattedMessage id="orders.keys.revoke" />
                  </Button>
                )}
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
      {keys.isSuccess && rows.length === 0 && (
        <Text color="fg.muted" fontSize="sm" marginTop="3">
          <FormattedMessage id="orders.keys.empty" />
        </Text>
      )}
      {created && <NewKeyDialog {...created} onClose={() => setCreated(null)} />}
    </Box>
  );
}
