import { Badge, Box, Button, DataList, Heading, HStack, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSearchParams } from 'react-router-dom';
import {
  completeAuthorization,
  getAuthorization,
  setVisitStatus,
  startAuthorization,
} from '../../contract/endpoints/mini-program';
import { parseTime } from '../../src/lib/format';
import { callEndpoint } from '../../src/lib/http';
import { confirmDialog, showToast } from '../../src/lib/notify';
import { endpointQuery, invalidateAreas } from '../../src/lib/query-options';
import { SandboxNotice } from './sandbox-notice';

const TIME = '{y}-{m}-{d} {h}:{i}';
const STATUS_PALETTE = { none: 'gray', authorized: 'green', revoked: 'red' } as const;

/**
 * The shop's mini-program as the platform holds it. Authorising leaves for WeChat's page (or the
 * sandbox's answer), which comes back here with ?auth_code=; the code is exchanged once and dropped
 * from the address so a reload does not send it again.
 */
export function AuthorizationPanel() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const client = useQueryClient();
  const [params, setParams] = useSearchParams();
  const authorization = useQuery(endpointQuery(getAuthorization, {}));
  const [busy, setBusy] = useState(false);
  const [switching, setSwitching] = useState(false);
  const exchanged = useRef(false);
  const authCode = params.get('auth_code');

  useEffect(() => {
    if (!authCode || exchanged.current) return;
    exchanged.current = true;
    const next = new URLSearchParams(params);
    next.delete('auth_code');
    next.delete('expires_in');
    setParams(next, { replace: true });
    callEndpoint(completeAuthorization, { AuthCode: authCode })
      .then(() => showToast('success', t('miniProgram.authorization.done')))
      .catch(() => undefined)
      .finally(() => void invalidateAreas(client, completeAuthorization));
  });

  const authorize = async () => {
    setBusy(true);
    try {
      const { Url } = await callEndpoint(startAuthorization, {});
      window.location.assign(Url);
    } catch {
      setBusy(false);
    }
  };

  /** Closing turns visitors away from a shop on line, so it is confirmed; opening is not. */
  const switchVisits = async (open: boolean) => {
    if (
      !open &&
      !(await confirmDialog({
        title: t('miniProgram.visit.confirmTitle'),
        message: t('miniProgram.visit.confirmMessage'),
        confirmText: t('miniProgram.visit.close'),
        cancelText: t('engine.cancel'),
      }))
    )
      return;
    setSwitching(true);
    try {
      await callEndpoint(setVisitStatus, { Open: open });
      showToast('success', t(open ? 'miniProgram.visit.opened' : 'miniProgram.visit.closed'));
    } catch {
      // The envelope's message was shown by the http client.
    } finally {
      setSwitching(false);
      await invalidateAreas(client, setVisitStatus);
    }
  };

  const data = authorization.data;
  const item = (label: string, value: string) => (
    <DataList.Item key={label}>
      <DataList.ItemLabel>{label}</DataList.ItemLabel>
      <DataList.ItemValue>{value || '—'}</DataList.ItemValue>
    </DataList.Item>
  );
  return (
    <Stack gap="3">
      {data?.Provider === 'sandbox' && <SandboxNotice />}
      <Box
        as="section"
        aria-labelledby="mini-program-authorization"
        bg="bg"
        borderWidth="1px"
        borderRadius="md"
        padding="4"
      >
        <HStack justify="space-between" marginBottom="3" wrap="wrap" gap="2">
          <HStack gap="2">
            <Heading as="h2" size="md" id="mini-program-authorization">
              <FormattedMessage id="miniProgram.authorization.title" />
            </Heading>
            {data && (
              <Badge colorPalette={STATUS_PALETTE[data.Status]} data-testid="authorization-status">
                <FormattedMessage id={`miniProgram.authorization.status.${data.Status}`} />
              </Badge>
            )}
          </HStack>
          <Button size="sm" colorPalette="brand" loading={busy} onClick={() => void authorize()}>
            <FormattedMessage
              id={
                data?.Status === 'authorized'
                  ? 'miniProgram.authorization.again'
                  : 'miniProgram.authorization.start'
              }
            />
          </Button>
        </HStack>
        {!data ? (
          <Skeleton height="16" />
        ) : data.Status === 'none' ? (
          <Text color="fg.muted">
            <FormattedMessage id="miniProgram.authorization.none" />
          </Text>
        ) : (
          <DataList.Root orientation="horizontal" size="sm">
            {item(t('miniProgram.authorization.appId'), data.AppId)}
            {item(t('miniProgram.authorization.nickname'), data.NickName)}
            {item(t('miniProgram.authorization.principal'), data.PrincipalName)}
            {item(t('miniProgram.authorization.released'), data.ReleasedVersion)}
            {data.Status === 'authorized' && data.ReleasedVersion !== '' && (
              <DataList.Item>
                <DataList.ItemLabel>{t('miniProgram.visit.label')}</DataList.ItemLabel>
                <DataList.ItemValue>
                  <HStack gap="3">
                    <Badge colorPalette={data.VisitOpen ? 'green' : 'red'} data-testid="visit-status">
                      <FormattedMessage
                        id={data.VisitOpen ? 'miniProgram.visit.open' : 'miniProgram.visit.closedState'}
                      />
                    </Badge>
                    <Button
                      size="xs"
                      variant="outline"
                      colorPalette={data.VisitOpen ? 'red' : undefined}
                      loading={switching}
                      onClick={() => void switchVisits(!data.VisitOpen)}
                    >
                      <FormattedMessage
                        id={data.VisitOpen ? 'miniProgram.visit.close' : 'miniProgram.visit.reopen'}
                      />
                    </Button>
                  </HStack>
                </DataList.ItemValue>
              </DataList.Item>
            )}
            {item(t('miniProgram.authorization.requestDomains'), data.Domains.Request.join(', '))}
            {item(t('miniProgram.authorization.uploadDomains'), data.Domains.Upload.join(', '))}
            {item(t('miniProgram.authorization.permissions'), data.Permissions.join(', '))}
            {item(
              t('miniProgram.authorization.at'),
              data.AuthorizedAt ? (parseTime(data.AuthorizedAt, TIME) ?? '') : '',
            )}
          </DataList.Root>
        )}
      </Box>
    </Stack>
  );
}
