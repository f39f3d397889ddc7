import { Badge, Button, CloseButton, Dialog, Portal, Skeleton, Stack, Table, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { getGroupBuyTeamInfo, type TeamRow } from '../../../contract/endpoints/group-buy';
import { OrderPermission } from '../../../contract/machines/order';
import { fenToYuan, parseTime } from '../../../src/lib/format';
import { endpointQuery } from '../../../src/lib/query-options';

/** A team's members with their seats and their orders, each order opening its details page. */
export function TeamDialog({ rows, onClose }: { rows: TeamRow[]; onClose(): void }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const team = rows[0]!;
  const info = useQuery(endpointQuery(getGroupBuyTeamInfo, { id: team.Id }));
  return (
    <Dialog.Root
      open
      onOpenChange={(details) => !details.open && onClose()}
      size="xl"
      scrollBehavior="inside"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{t('teams.dialogTitle', { name: team.LeaderName, id: team.Id })}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="3">
                <Text fontSize="sm" color="fg.muted">
                  <FormattedMessage
                    id="teams.summary"
                    values={{
                      activity: team.ActivityTitle,
                      joined: team.Joined,
                      paid: team.Paid,
                      size: team.Size,
                      virtual: team.VirtualFilled,
                    }}
                  />
                </Text>
                {info.data ? (
                  <Table.Root size="sm" aria-label={t('teams.members')}>
                    <Table.Header>
                      <Table.Row>
                        <Table.ColumnHeader>{t('teams.member')}</Table.ColumnHeader>
                        <Table.ColumnHeader>{t('teams.seat')}</Table.ColumnHeader>
                        <Table.ColumnHeader>{t('teams.order')}</Table.ColumnHeader>
                        <Table.ColumnHeader>{t('teams.orderState')}</Table.ColumnHeader>
                        <Table.ColumnHeader textAlign="end">{t('teams.paid')}</Table.ColumnHeader>
                        <Table.ColumnHeader textAlign="end">{t('teams.refunded')}</Table.ColumnHeader>
                        <Table.ColumnHeader>{t('teams.joinedAt')}</Table.ColumnHeader>
                      </Table.Row>
                    </Table.Header>
                    <Table.Body>
                      {info.data.Members.map((member) => (
                        <Table.Row key={member.Id}>
                          <Table.Cell>
                            {member.BuyerName}
                            {member.Leader && (
                              <Badge marginStart="2" colorPalette="orange" size="sm">
                                <FormattedMessage id="teams.leader" />
                              </Badge>
                            )}
                          </Table.Cell>
                          <Table.Cell>
                            <FormattedMessage id={`teams.seatState.${member.State}`} />
                          </Table.Cell>
                          <Table.Cell>
                            <Link
                              to={`${OrderPermission.details}?id=${member.OrderId}`}
                              aria-label={t('teams.openOrder', { orderNo: member.OrderNo })}
                            >
                              {member.OrderNo}
                            </Link>
                          </Table.Cell>
                          <Table.Cell>
                            <FormattedMessage id={`teams.orderState.${member.OrderState}`} />
                            {member.RefundState !== 'none' && (
                              <Text as="span" color="fg.muted">
                                {' · '}
                                <FormattedMessage id={`teams.refundState.${member.RefundState}`} />
                              </Text>
                            )}
                          </Table.Cell>
                          <Table.Cell textAlign="end">¥{fenToYuan(member.PaidFen)}</Table.Cell>
                          <Table.Cell textAlign="end">¥{fenToYuan(member.RefundedFen)}</Table.Cell>
                          <Table.Cell>{parseTime(member.JoinedAt, '{y}-{m}-{d} {h}:{i}')}</Table.Cell>
                        </Table.Row>
                      ))}
                    </Table.Body>
                  </Table.Root>
                ) : (
                  <Skeleton height="24" />
                )}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" size="sm" onClick={onClose}>
                <FormattedMessage id="app.close" />
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t('app.close')} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
