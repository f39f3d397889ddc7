import { Avatar, Badge, Box, Button, HStack, SimpleGrid, Stack, Stat, Text } from '@chakra-ui/react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { MemberPermission } from '../../../contract/endpoints/members';
import { getPointsMemberInfo, type PointsMemberDetail } from '../../../contract/endpoints/points';
import { PointsPermission } from '../../../contract/machines/points-exchange';
import { parseTime, thousands } from '../../../src/lib/format';
import { withModuleMessages } from '../../../src/lib/i18n/module-messages';
import { RecordView } from '../../core/record-view';
import { ResourceScreen } from '../../core/resource-screen';
import { useRecord } from '../../core/use-record';
import { useGrantedPaths } from '../../core/use-resource-list';
import { ledgerDefinition } from './ledger-definition';
import { pointsCatalogues } from './messages';
import { MonthlyTotals } from './monthly-totals';

const ledger = ledgerDefinition(PointsPermission.details, false);

function Summary({ member }: { member: PointsMemberDetail }) {
  const intl = useIntl();
  const granted = useGrantedPaths();
  const figure = (label: string, value: number) => (
    <Stat.Root borderWidth="1px" borderRadius="md" padding="3" bg="bg">
      <Stat.Label>{intl.formatMessage({ id: label })}</Stat.Label>
      <Stat.ValueText>{thousands(value)}</Stat.ValueText>
    </Stat.Root>
  );
  const name = member.Nickname || member.MemberNo;
  return (
    <Stack gap="3">
      <HStack gap="3" wrap="wrap">
        <Avatar.Root size="md">
          <Avatar.Fallback name={name} />
          {member.Avatar && <Avatar.Image src={member.Avatar} alt="" />}
        </Avatar.Root>
        <Box>
          <Text fontWeight="semibold">{name}</Text>
          <Text color="fg.muted" fontSize="sm">
            {member.MemberNo} {member.Mobile} {member.GradeName}
          </Text>
        </Box>
        {member.Status === 'disabled' && (
          <Badge colorPalette="red">
            <FormattedMessage id="pointsDetails.disabled" />
          </Badge>
        )}
        {granted.has(MemberPermission.details) && (
          <Button asChild size="sm" variant="outline">
            <Link to={`${MemberPermission.details}?id=${member.Id}`}>
              <FormattedMessage id="pointsDetails.memberPage" />
            </Link>
          </Button>
        )}
        <Button asChild size="sm" variant="outline">
          <Link to={PointsPermission.inquiry}>
            <FormattedMessage id="pointsDetails.backToInquiry" />
          </Link>
        </Button>
      </HStack>
      <SimpleGrid columns={{ base: 2, md: 5 }} gap="3">
        {figure('pointsDetails.points', member.Points)}
        {figure('pointsDetails.issued', member.Issued)}
        {figure('pointsDetails.used', member.Used)}
        {figure('pointsDetails.expired', member.Expired)}
        {figure('pointsDetails.expiring', member.Expiring)}
      </SimpleGrid>
      <Text color="fg.muted" fontSize="sm">
        {member.ExpiringAt ? (
          <FormattedMessage
            id="pointsDetails.expiryRule.yearEnd"
            values={{
              date: parseTime(new Date(Date.parse(member.ExpiringAt) - 1), '{y}-{m}-{d}'),
              points: member.Expiring,
            }}
          />
        ) : (
          <FormattedMessage id="pointsDetails.expiryRule.never" />
        )}
      </Text>
      <MonthlyTotals memberId={member.Id} />
    </Stack>
  );
}

/** /marketing/integralExchange/integralDetails?id=: one member's points, their totals and every change. */
function PointsDetailsPage() {
  const record = useRecord(getPointsMemberInfo);
  return (
    <RecordView record={record}>
      {(member) => (
        <ResourceScreen
          definition={ledger}
          keep={{ id: String(member.Id) }}
          scope={{ memberId: String(member.Id) }}
          header={<Summary member={member} />}
        />
      )}
    </RecordView>
  );
}

export default withModuleMessages(PointsDetailsPage, pointsCatalogues);
