import {
  Box,
  Button,
  Heading,
  HStack,
  Link,
  SimpleGrid,
  Skeleton,
  Stack,
  Stat,
  Table,
  Text,
} from '@chakra-ui/react';
import { type ReactNode, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import {
  getMemberInfo,
  MEMBER_GENDERS,
  MEMBER_REMARK_MAX,
  type MemberAdjustKind,
  type MemberDetail,
  type MemberLedgerRow,
  MemberPermission,
  setMemberProfile,
} from '../../../contract/endpoints/members';
import { OrderPermission, orderMachine } from '../../../contract/machines/order';
import { EnumLabel } from '../../../src/lib/enum-values';
import { fenToYuan, parseTime } from '../../../src/lib/format';
import { withModuleMessages } from '../../../src/lib/i18n/module-messages';
import { FormFields, FormSection } from '../../core/form-field';
import { PageHeading, RecordView } from '../../core/record-view';
import { recordId, useRecord } from '../../core/use-record';
import { useResourceForm } from '../../core/use-resource-form';
import { MemberAdjustDialog } from './member-adjust-dialog';
import { MemberDealsView } from './member-deals-view';
import { memberCatalogues } from './messages';

const TIME = '{y}-{m}-{d} {h}:{i}';

interface ProfileDraft {
  Nickname: string;
  Mobile: string;
  Gender: MemberDetail['Gender'];
  Birthday: string;
  Remark: string;
}

function ProfileForm({ member }: { member: MemberDetail }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const { form, submit } = useResourceForm({
    defaultValues: {
      Nickname: member.Nickname,
      Mobile: member.Mobile,
      Gender: member.Gender,
      Birthday: member.Birthday ?? '',
      Remark: member.Remark,
    },
    save: setMemberProfile,
    toInput: (draft: ProfileDraft) => ({
      Id: member.Id,
      Version: member.Version,
      ...draft,
      Birthday: draft.Birthday.trim() === '' ? null : draft.Birthday.trim(),
    }),
  });
  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="3">
        <FormFields
          form={form}
          fields={[
            { name: 'Nickname', kind: 'text', label: t('members.profile.nickname'), maxLength: 30 },
            { name: 'Mobile', kind: 'text', label: t('members.profile.mobile'), inputMode: 'numeric' },
            {
              name: 'Gender',
              kind: 'select',
              label: t('members.profile.gender'),
              options: MEMBER_GENDERS.map((value) => ({ value, label: t(`members.gender.${value}`) })),
            },
            {
              name: 'Birthday',
              kind: 'text',
              label: t('members.profile.birthday'),
              help: t('members.profile.birthdayHelp'),
            },
            {
              name: 'Remark',
              kind: 'textarea',
              label: t('members.profile.remark'),
              maxLength: MEMBER_REMARK_MAX,
            },
          ]}
        />
        <Button
          type="submit"
          colorPalette="brand"
          alignSelf="flex-start"
          loading={form.formState.isSubmitting}
        >
          <FormattedMessage id="members.profile.save" />
        </Button>
      </Stack>
    </form>
  );
}

function Figure({ label, value, action }: { label: string; value: ReactNode; action?: ReactNode }) {
  return (
    <Stack gap="0" borderWidth="1px" borderRadius="md" padding="3" bg="bg" alignItems="flex-start">
      <Stat.Root>
        <Stat.Label>{label}</Stat.Label>
        <Stat.ValueText>{value}</Stat.ValueText>
      </Stat.Root>
      {action}
    </Stack>
  );
}

function Ledger({ title, rows, money }: { title: string; rows: MemberLedgerRow[]; money?: boolean }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const amount = (value: number) => (money ? fenToYuan(value) : String(value));
  return (
    <FormSection title={title}>
      {rows.length === 0 ? (
        <Text color="fg.muted">
          <FormattedMessage id="members.ledger.empty" />
        </Text>
      ) : (
        <Table.Root size="sm" aria-label={title}>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>{t('members.ledger.time')}</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">{t('members.ledger.change')}</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">{t('members.ledger.after')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('members.ledger.reason')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('members.ledger.note')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('members.ledger.actor')}</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {rows.map((row) => (
              <Table.Row key={row.Id}>
                <Table.Cell whiteSpace="nowrap">{parseTime(row.CreatedAt, TIME)}</Table.Cell>
                <Table.Cell textAlign="end" color={row.Delta < 0 ? 'red.fg' : 'green.fg'}>
                  {row.Delta > 0 ? `+${amount(row.Delta)}` : amount(row.Delta)}
                </Table.Cell>
                <Table.Cell textAlign="end">{amount(row.After)}</Table.Cell>
                <Table.Cell>{t(`members.reason.${row.Reason}`)}</Table.Cell>
                <Table.Cell>{row.Note || row.OrderNo}</Table.Cell>
                <Table.Cell>{row.ActorName}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      )}
    </FormSection>
  );
}

function MemberLink({ member }: { member: { Id: number; MemberNo: string; Nickname: string } }) {
  return (
    <Link asChild colorPalette="brand">
      <RouterLink to={`${MemberPermission.details}?id=${member.Id}`}>
        {member.Nickname || member.MemberNo} ({member.MemberNo})
      </RouterLink>
    </Link>
  );
}

function MemberView({ member }: { member: MemberDetail }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const [adjusting, setAdjusting] = useState<MemberAdjustKind | null>(null);
  const adjust = (kind: MemberAdjustKind) => (
    <Button size="xs" variant="outline" marginTop="2" onClick={() => setAdjusting(kind)}>
      {t(`members.adjust.open.${kind}`)}
    </Button>
  );
  return (
    <>
      <Box
        as="section"
        bg="bg"
        borderRadius="md"
        borderWidth="1px"
        padding="5"
        aria-label={t('members.summary')}
      >
        <Stack gap="3">
          <HStack gap="3" wrap="wrap">
            <Heading as="h2" size="md">
              {member.Nickname || member.MemberNo}
            </Heading>
            <Text color="fg.muted">{member.MemberNo}</Text>
            <Text>{t(`members.status.${member.Status}`)}</Text>
            <Text color="fg.muted">
              <FormattedMessage
                id="members.registeredAt"
                values={{
                  time: parseTime(member.RegisteredAt, TIME),
                  source: t(`members.filter.source.${member.Source}`),
                }}
              />
            </Text>
          </HStack>
          <Button asChild size="sm" variant="outline" alignSelf="flex-start">
            <RouterLink to={`${MemberPermission.details}?id=${member.Id}&view=deals`}>
              <FormattedMessage id="members.deals.open" />
            </RouterLink>
          </Button>
          {member.Tags.length > 0 && <Text>{t('members.tagsLine', { tags: member.Tags.join('、') })}</Text>}
          <SimpleGrid columns={{ base: 2, md: 5 }} gap="3">
            <Figure label={t('members.figure.grade')} value={member.GradeName || '—'} />
            <Figure label={t('members.figure.growth')} value={member.Growth} action={adjust('growth')} />
            <Figure
              label={t('members.figure.balance')}
              value={fenToYuan(member.BalanceFen)}
              action={adjust('balance')}
            />
            <Figure label={t('members.figure.points')} value={member.Points} action={adjust('points')} />
            <Figure label={t('members.figure.spent')} value={fenToYuan(member.SpentFen)} />
          </SimpleGrid>
          <Text>
            {member.Inviter ? (
              <FormattedMessage
                id="members.invitedBy"
                values={{ inviter: <MemberLink member={member.Inviter} /> }}
              />
            ) : (
              <FormattedMessage id="members.noInviter" />
            )}
          </Text>
          {member.Invitees.length > 0 && (
            <HStack gap="2" wrap="wrap">
              <Text>{t('members.invitees', { count: member.Invitees.length })}</Text>
              {member.Invitees.map((invitee) => (
                <MemberLink key={invitee.Id} member={invitee} />
              ))}
            </HStack>
          )}
        </Stack>
      </Box>
      <FormSection title={t('members.profile.title')}>
        <ProfileForm key={`${member.Id}-${member.Version}`} member={member} />
      </FormSection>
      <Ledger title={t('members.ledger.points')} rows={member.PointsLedger} />
      <Ledger title={t('members.ledger.balance')} rows={member.BalanceLedger} money />
      <Ledger title={t('members.ledger.growth')} rows={member.GrowthLedger} />
      <FormSection title={t('members.orders.title')}>
        {member.Orders.length === 0 ? (
          <Text color="fg.muted">{t('members.orders.empty')}</Text>
        ) : (
          <Table.Root size="sm" aria-label={t('members.orders.title')}>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t('members.orders.orderNo')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('members.orders.goods')}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t('members.orders.total')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('members.orders.state')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('members.orders.created')}</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {member.Orders.map((order) => (
                <Table.Row key={order.Id}>
                  <Table.Cell>
                    <Link asChild colorPalette="brand">
                      <RouterLink to={`${OrderPermission.details}?id=${order.Id}`}>
                        {order.OrderNo}
                      </RouterLink>
                    </Link>
                  </Table.Cell>
                  <Table.Cell>{order.GoodsName}</Table.Cell>
                  <Table.Cell textAlign="end">{fenToYuan(order.TotalFen)}</Table.Cell>
                  <Table.Cell>
                    <EnumLabel type={orderMachine.id} value={order.State} />
                  </Table.Cell>
                  <Table.Cell whiteSpace="nowrap">{parseTime(order.CreatedAt, TIME)}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        )}
      </FormSection>
      <FormSection title={t('members.addresses')}>
        {member.Addresses.length === 0 ? (
          <Text color="fg.muted">{t('members.addressesEmpty')}</Text>
        ) : (
          <Stack as="ul" gap="1" listStyleType="none">
            {member.Addresses.map((address) => (
              <li key={address.Text}>
                {address.Name} {address.Phone} · {address.Text}
              </li>
            ))}
          </Stack>
        )}
      </FormSection>
      {adjusting && (
        <MemberAdjustDialog memberId={member.Id} kind={adjusting} onClose={() => setAdjusting(null)} />
      )}
    </>
  );
}

/** /customer/memberDetails?id=: one member's profile, wallet and growth with their ledgers, orders and invitations. */
function MemberDetailsPage() {
  const [search] = useSearchParams();
  const id = recordId(search, 'id');
  if (search.get('view') === 'deals' && id !== null) return <MemberDealsView id={id} />;
  return <MemberDetails />;
}

function MemberDetails() {
  const navigate = useNavigate();
  const record = useRecord(getMemberInfo);
  return (
    <Stack gap="4" padding="5" maxWidth="5xl">
      <PageHeading>
        <Button size="sm" variant="outline" onClick={() => navigate(MemberPermission.list)}>
          <FormattedMessage id="members.backToList" />
        </Button>
      </PageHeading>
      <RecordView record={record} loading={<Skeleton height="40" />}>
        {(member) => <MemberView member={member} />}
      </RecordView>
    </Stack>
  );
}

export default withModuleMessages(MemberDetailsPage, memberCatalogues);
