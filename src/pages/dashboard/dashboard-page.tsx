import {
  Box,
  Button,
  Card,
  Flex,
  Grid,
  Heading,
  HStack,
  Image,
  Link,
  Skeleton,
  Stack,
  Text,
} from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { type ComponentType, lazy, Suspense, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { DashboardFigures } from '../../../contract/endpoints/dashboard';
import type { ShopType } from '../../../contract/enums';
import { useEnumLabels } from '../../lib/enum-values';
import { fenToYuan, formatTime, thousands } from '../../lib/format';
import { callEndpoint } from '../../lib/http';
import type { MessageKey } from '../../lib/i18n/en';
import { translatorFunction } from '../../lib/i18n/language';
import { endpointKey, endpointQuery } from '../../lib/query-options';
import {
  BellIcon,
  CustomerIcon,
  GoodsIcon,
  MoneyIcon,
  OrderIcon,
  QrIcon,
  TruckIcon,
  UserPlusIcon,
} from '../../shell/icons';
import { useControlSize } from '../../stores/app-store';
import { useSessionStore } from '../../stores/session-store';
import { useSettingsStore } from '../../stores/settings-store';
import {
  getIndexDataInfoRef,
  getIndexOrderSaleReportRef,
  getNewNewsRef,
  getQcodeImgRef,
} from './dashboard-endpoints';

const SalesChart = lazy(() => import('./sales-chart'));

interface FigureCard {
  key: keyof DashboardFigures;
  label: MessageKey;
  icon: ComponentType<{ boxSize?: string | Record<string, string> }>;
  color: string;
  money?: boolean;
}

const FIGURES: FigureCard[] = [
  { key: 'TodayOrders', label: 'dashboard.todayOrders', icon: OrderIcon, color: '#40c9c6' },
  { key: 'TodaySales', label: 'dashboard.todaySales', icon: MoneyIcon, color: '#f4516c', money: true },
  { key: 'TodayNewCustomers', label: 'dashboard.todayCustomers', icon: UserPlusIcon, color: '#36a3f7' },
  { key: 'OrdersToShip', label: 'dashboard.ordersToShip', icon: TruckIcon, color: '#f6a23b' },
  { key: 'WeekOrders', label: 'dashboard.weekOrders', icon: OrderIcon, color: '#34bfa3' },
  { key: 'WeekSales', label: 'dashboard.weekSales', icon: MoneyIcon, color: '#e05a7a', money: true },
  { key: 'WeekNewCustomers', label: 'dashboard.weekCustomers', icon: CustomerIcon, color: '#5b8ff9' },
  { key: 'GoodsOnSale', label: 'dashboard.goodsOnSale', icon: GoodsIcon, color: '#9b7ede' },
];

function Panel({
  title,
  icon,
  action,
  children,
  testId,
}: {
  title: string;
  icon?: React.ReactNode;
  action?: React.ReactNode;
  children: React.ReactNode;
  testId: string;
}) {
  return (
    <Card.Root
      size="sm"
      bg="white"
      borderColor="transparent"
      boxShadow="0 1px 3px rgba(0,0,0,0.06)"
      height="full"
      data-testid={testId}
    >
      <Card.Header>
        <Flex align="center" justify="space-between" gap="3">
          <HStack gap="2">
            {icon}
            <Heading as="h2" size="sm">
              {title}
            </Heading>
          </HStack>
          {action}
        </Flex>
      </Card.Header>
      <Card.Body>{children}</Card.Body>
    </Card.Root>
  );
}

function FailedText() {
  return (
    <Text color="fg.muted" fontSize="sm" role="alert">
      <FormattedMessage id="dashboard.loadFailed" />
    </Text>
  );
}

function Figures() {
  const intl = useIntl();
  const query = useQuery(endpointQuery(getIndexDataInfoRef, {}));
  return (
    <Grid
      templateColumns={{ base: 'repeat(2, 1fr)', xl: 'repeat(4, 1fr)' }}
      gap={{ base: '3', md: '4' }}
      data-testid="dashboard-figures"
    >
      {FIGURES.map((figure) => {
        const value = query.data?.Data[figure.key];
        const Icon = figure.icon;
        return (
          <Flex
            key={figure.key}
            bg="white"
            borderRadius="md"
            boxShadow="0 1px 3px rgba(0,0,0,0.06)"
            padding={{ base: '3', md: '5' }}
            align="center"
            justify="space-between"
            gap={{ base: '2', md: '4' }}
            transition="box-shadow 0.2s"
            _hover={{ boxShadow: '0 4px 14px rgba(0,0,0,0.08)' }}
            data-testid={`figure-${figure.key}`}
          >
            <Flex
              width={{ base: '9', md: '14' }}
              height={{ base: '9', md: '14' }}
              borderRadius="lg"
              align="center"
              justify="center"
              bg={`${figure.color}1f`}
              color={figure.color}
              flexShrink={0}
            >
              <Icon boxSize={{ base: '5', md: '7' }} />
            </Flex>
            <Stack gap="1" align="end" minWidth="0">
              <Text fontSize={{ base: 'xs', md: 'sm' }} color="fg.muted" fontWeight="medium" textAlign="end">
                {intl.formatMessage({ id: figure.label })}
              </Text>
              {query.isLoading ? (
                <Skeleton height="7" width="20" />
              ) : query.isError || value === undefined ? (
                <Text fontSize="2xl" fontWeight="bold" color="fg.muted">
                  –
                </Text>
              ) : (
                <Text
                  fontSize={{ base: 'lg', md: '2xl' }}
                  fontWeight="bold"
                  color="fg"
                  data-testid="figure-value"
                >
                  {figure.money ? `¥${fenToYuan(value)}` : thousands(value)}
                </Text>
              )}
            </Stack>
          </Flex>
        );
      })}
    </Grid>
  );
}

function SalesTrend() {
  const intl = useIntl();
  const size = useControlSize();
  const theme = useSettingsStore((state) => state.theme);
  const [range, setRange] = useState<7 | 30>(7);
  const end = new Date();
  const start = new Date(end.getTime() - (range - 1) * 86_400_000);
  const iso = (date: Date) =>
    `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
  const query = useQuery(
    endpointQuery(getIndexOrderSaleReportRef, { startDate: iso(start), endDate: iso(end) }),
  );
  const days = query.data?.Data ?? [];
  const empty = query.isSuccess && days.every((day) => day.Sales === 0 && day.OrderCount === 0);
  return (
    <Panel
      testId="dashboard-sales"
      title={intl.formatMessage({ id: 'dashboard.salesTrend' })}
      action={
        <HStack gap="1" role="group" aria-label={intl.formatMessage({ id: 'dashboard.salesTrend' })}>
          {([7, 30] as const).map((option) => (
            <Button
              key={option}
              size={size === 'md' ? 'sm' : size}
              variant={range === option ? 'solid' : 'ghost'}
              aria-pressed={range === option}
              onClick={() => setRange(option)}
            >
              <FormattedMessage id={option === 7 ? 'dashboard.last7' : 'dashboard.last30'} />
            </Button>
          ))}
        </HStack>
      }
    >
      <Box position="relative" height="320px">
        {query.isLoading ? (
          <Skeleton height="full" />
        ) : query.isError ? (
          <FailedText />
        ) : (
          <Suspense fallback={<Skeleton height="full" />}>
            <SalesChart
              days={days}
              color={theme}
              salesLabel={intl.formatMessage({ id: 'dashboard.sales' })}
              ordersLabel={intl.formatMessage({ id: 'dashboard.orders' })}
              description={intl.formatMessage(
                { id: 'dashboard.chartLabel' },
                { from: days[0]?.Date ?? '', to: days.at(-1)?.Date ?? '' },
              )}
            />
          </Suspense>
        )}
        {empty && (
          <Flex position="absolute" inset="0" align="center" justify="center" pointerEvents="none">
            <Text
              bg="whiteAlpha.900"
              paddingX="4"
              paddingY="2"
              borderRadius="md"
              color="fg.muted"
              fontSize="sm"
              data-testid="sales-empty"
            >
              <FormattedMessage id="dashboard.noSales" />
            </Text>
          </Flex>
        )}
      </Box>
    </Panel>
  );
}

const NOTICE_INPUT = { limit: 6 };

function Notices() {
  const intl = useIntl();
  // The server answers notices in the request's language, so a language switch must fetch them again.
  const query = useQuery({
    queryKey: [...endpointKey(getNewNewsRef, NOTICE_INPUT), intl.locale],
    queryFn: ({ signal }) => callEndpoint(getNewNewsRef, NOTICE_INPUT, { signal }),
  });
  const translate = translatorFunction(intl);
  const items = query.data?.Data ?? [];
  return (
    <Panel
      testId="dashboard-notices"
      title={intl.formatMessage({ id: 'dashboard.notices' })}
      icon={<BellIcon color="brand.fg" />}
    >
      {query.isLoading ? (
        <Stack gap="3">
          <Skeleton height="10" />
          <Skeleton height="10" />
          <Skeleton height="10" />
        </Stack>
      ) : query.isError ? (
        <FailedText />
      ) : items.length === 0 ? (
        <Text color="fg.muted" fontSize="sm">
          <FormattedMessage id="dashboard.noNotices" />
        </Text>
      ) : (
        <Stack as="ul" gap="0" listStyleType="none" margin="0" padding="0">
          {items.map((notice) => (
            <Box
              as="li"
              key={notice.Id}
              paddingY="3"
              borderBottomWidth="1px"
              borderColor="border.muted"
              _last={{ borderBottomWidth: 0 }}
            >
              <Flex justify="space-between" gap="3" align="baseline">
                <Text fontSize="sm" fontWeight="medium" lineClamp={1}>
                  {notice.Title}
                </Text>
                <Text asChild fontSize="xs" color="fg.muted" flexShrink={0}>
                  <time dateTime={notice.CreatedAt}>{formatTime(notice.CreatedAt, translate)}</time>
                </Text>
              </Flex>
              {notice.Content && (
                <Text fontSize="xs" color="fg.muted" marginTop="1" lineClamp={2}>
                  {notice.Content}
                </Text>
              )}
            </Box>
          ))}
        </Stack>
      )}
    </Panel>
  );
}

function PreviewQr() {
  const intl = useIntl();
  const query = useQuery({ ...endpointQuery(getQcodeImgRef, {}), staleTime: Infinity });
  return (
    <Panel
      testId="dashboard-qr"
      title={intl.formatMessage({ id: 'dashboard.qrTitle' })}
      icon={<QrIcon color="brand.fg" />}
    >
      <Stack align="center" gap="3">
        {query.isLoading ? (
          <Skeleton width="180px" height="180px" />
        ) : query.isError || !query.data ? (
          <FailedText />
        ) : (
          <>
            <Image
              src={query.data.Image}
              alt={intl.formatMessage({ id: 'dashboard.qrAlt' })}
              width="180px"
              height="180px"
              data-testid="qr-image"
            />
            <Text fontSize="sm" color="fg.muted" textAlign="center">
              <FormattedMessage id="dashboard.qrHint" />
            </Text>
            <Link
              href={query.data.Url}
              target="_blank"
              rel="noreferrer"
              fontSize="xs"
              color="brand.fg"
              wordBreak="break-all"
              textAlign="center"
            >
              {query.data.Url}
            </Link>
          </>
        )}
      </Stack>
    </Panel>
  );
}

function Welcome() {
  const intl = useIntl();
  const userName = useSessionStore((state) => state.userName);
  const siteId = useSessionStore((state) => state.siteId);
  const shopType = useSessionStore((state) => state.shopType) as ShopType;
  const shopTypes = useEnumLabels('shopType');
  return (
    <Flex
      bg="white"
      borderRadius="md"
      boxShadow="0 1px 3px rgba(0,0,0,0.06)"
      padding="5"
      align="center"
      justify="space-between"
      gap="4"
      wrap="wrap"
    >
      <Stack gap="1">
        <Heading as="h1" size="lg" data-testid="dashboard-welcome">
          {intl.formatMessage({ id: 'dashboard.welcome' }, { name: userName })}
        </Heading>
        <Text color="fg.muted" fontSize="sm">
          {intl.formatMessage(
            { id: 'dashboard.siteInfo' },
            {
              site: siteId,
              type: shopType === undefined || shopType === null ? '' : shopTypes.label(shopType),
            },
          )}
        </Text>
      </Stack>
    </Flex>
  );
}

/** The dashboard: today's and this week's figures, the sales trend, notices and the preview QR. */
export default function DashboardPage() {
  return (
    <Stack gap="4" padding={{ base: '3', md: '5' }} data-testid="dashboard">
      <Welcome />
      <Figures />
      <Grid templateColumns={{ base: '1fr', lg: '2fr 1fr' }} gap="4">
        <SalesTrend />
        <PreviewQr />
      </Grid>
      <Notices />
    </Stack>
  );
}
