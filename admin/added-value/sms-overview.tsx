import { Badge, Box, Button, Heading, HStack, SimpleGrid, Spinner, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { buySmsPackage, getSmsOverview } from '../../contract/endpoints/sms';
import { reviewMachine } from '../../contract/machines/added-value';
import { stateLabelKey } from '../../contract/state-machine';
import { fenToYuan, thousands } from '../../src/lib/format';
import { endpointQuery } from '../../src/lib/query-options';
import { PurchaseDialog } from './purchase-dialog';
import { SignatureDialog } from './signature-dialog';
import { usePurchase } from './use-purchase';

const REVIEW_PALETTE = { applied: 'blue', approved: 'green', rejected: 'red' } as const;

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Box as="section" aria-label={title} bg="bg" borderWidth="1px" borderRadius="md" padding="4">
      <Heading as="h2" size="sm" marginBottom="3">
        {title}
      </Heading>
      {children}
    </Box>
  );
}

/**
 * Over the template list of /addedValue/messageRecharge: the balance and who sends, the platform's
 * packages to buy, and the shop's signature with its review.
 */
export function SmsOverview() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const overview = useQuery(endpointQuery(getSmsOverview, {}));
  const purchase = usePurchase(buySmsPackage);
  const [signing, setSigning] = useState(false);
  if (!overview.data) return <Spinner aria-label={t('sms.loading')} />;
  const { Balance, SmsProvider, PayProvider, Signature, Packages, Today } = overview.data;
  return (
    <Stack gap="4">
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
        <Section title={t('sms.overview')}>
          <Text fontSize="sm">{t('sms.balance')}</Text>
          <Text fontSize="2xl" fontWeight="semibold" data-balance="">
            {thousands(Balance)}
          </Text>
          <Text fontSize="sm" color="fg.muted">
            <FormattedMessage
              id="sms.today"
              values={{ queued: Today.Queued, sent: Today.Sent, failed: Today.Failed }}
            />
          </Text>
          <Text fontSize="sm" color="fg.muted" marginTop="2">
            <FormattedMessage id={`sms.provider.${SmsProvider}`} />
          </Text>
        </Section>
        <Section title={t('sms.signature')}>
          {Signature ? (
            <Stack gap="2">
              <HStack>
                <Text fontWeight="medium">【{Signature.Name}】</Text>
                <Badge colorPalette={REVIEW_PALETTE[Signature.State]}>
                  <FormattedMessage id={stateLabelKey(reviewMachine, Signature.State)} />
                </Badge>
              </HStack>
              {Signature.State === 'rejected' && (
                <Text fontSize="sm" color="red.700">
                  <FormattedMessage id="sms.signature.reason" values={{ reason: Signature.Reason }} />
                </Text>
              )}
            </Stack>
          ) : (
            <Text fontSize="sm">
              <FormattedMessage id="sms.signature.none" />
            </Text>
          )}
          <Button
            size="xs"
            variant="outline"
            marginTop="3"
            disabled={Signature?.State === 'applied'}
            onClick={() => setSigning(true)}
          >
            <FormattedMessage id={Signature ? 'sms.signature.change' : 'sms.signature.apply'} />
          </Button>
        </Section>
        <Section title={t('sms.packages')}>
          <Stack gap="2">
            {Packages.map((item) => (
              <HStack key={item.Id} justify="space-between">
                <Text fontSize="sm">
                  {item.Name} · <FormattedMessage id="sms.package.count" values={{ count: item.Count }} /> · ¥
                  {fenToYuan(item.PriceFen)}
                </Text>
                <Button
                  size="xs"
                  colorPalette="brand"
                  loading={purchase.pending}
                  aria-label={intl.formatMessage({ id: 'sms.package.buyNamed' }, { name: item.Name })}
                  onClick={() =>
                    void purchase.buy(
                      { PackageId: item.Id },
                      {
                        key: 'sms.confirm.buy',
                        values: { name: item.Name, count: item.Count, price: fenToYuan(item.PriceFen) },
                      },
                    )
                  }
                >
                  <FormattedMessage id="sms.package.buy" />
                </Button>
              </HStack>
            ))}
          </Stack>
          <Text fontSize="sm" color="fg.muted" marginTop="2">
            <FormattedMessage id={`pay.provider.${PayProvider}`} />
          </Text>
        </Section>
      </SimpleGrid>
      {purchase.bought && <PurchaseDialog purchase={purchase.bought} onClose={purchase.close} />}
      {signing && <SignatureDialog signature={Signature} onClose={() => setSigning(false)} />}
    </Stack>
  );
}
