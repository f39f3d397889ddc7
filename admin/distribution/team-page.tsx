import { Stack, Text } from '@chakra-ui/react';
import { FormattedMessage } from 'react-intl';
import { Link, useSearchParams } from 'react-router-dom';
import { type TeamRow, teamListResource } from '../../contract/endpoints/promoters';
import { DistributionPermission } from '../../contract/machines/distribution';
import { withModuleMessages } from '../../src/lib/i18n/module-messages';
import { columnKinds } from '../core/column-kinds';
import { PageHeading } from '../core/record-view';
import type { ResourceDefinition } from '../core/resource-definition';
import { ResourceScreen } from '../core/resource-screen';
import { distributionCatalogues } from './messages';

const column = columnKinds<TeamRow>('team.column');

/** One promoter's downline by level, with what each member's orders earned the promoter. */
const teamDefinition: ResourceDefinition<TeamRow> = {
  list: teamListResource,
  path: DistributionPermission.team,
  rowKey: (row) => row.MemberId,
  rowName: (row) => row.Nickname || row.MemberNo,
  columns: [
    column.picture('member', {
      image: (row) => row.Avatar,
      title: (row) => row.Nickname || row.MemberNo,
      muted: (row) => row.Mobile || row.MemberNo,
    }),
    column.text('via', (row) => row.ViaName),
    column.text('promoter', (row) => (
      <FormattedMessage id={row.IsPromoter ? 'team.isPromoter' : 'team.notPromoter'} />
    )),
    column.number('orders', (row) => row.Orders),
    column.money('paid', (row) => row.PaidFen),
    column.money('commission', (row) => row.CommissionFen, { sort: 'commission' }),
    column.time('registeredAt', (row) => row.RegisteredAt, { sort: 'registeredAt' }),
  ],
};

/** /customer/umbrellaPerformance?promoterId=: opened from the promoters list. */
function TeamPage() {
  const [params] = useSearchParams();
  const promoterId = params.get('promoterId');
  if (!promoterId)
    return (
      <Stack gap="4">
        <PageHeading />
        <Text>
          <FormattedMessage
            id="team.choosePromoter"
            values={{ link: (text) => <Link to={DistributionPermission.promoters}>{text}</Link> }}
          />
        </Text>
      </Stack>
    );
  return <ResourceScreen definition={teamDefinition} scope={{ promoterId }} />;
}

export default withModuleMessages(TeamPage, distributionCatalogues);
