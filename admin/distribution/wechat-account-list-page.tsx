import { useSearchParams } from 'react-router-dom';
import {
  unbindWechatAccounts,
  type WechatAccountRow,
  wechatAccountListResource,
} from '../../contract/endpoints/promoters';
import { DistributionPermission } from '../../contract/machines/distribution';
import { withModuleMessages } from '../../src/lib/i18n/module-messages';
import { columnKinds } from '../core/column-kinds';
import type { ResourceDefinition } from '../core/resource-definition';
import { ResourceScreen } from '../core/resource-screen';
import { distributionCatalogues } from './messages';

const column = columnKinds<WechatAccountRow>('wechatAccounts.column');

/** The WeChat accounts promoters bound for change payouts; unbinding stops payouts to one. */
const wechatDefinition: ResourceDefinition<WechatAccountRow> = {
  list: wechatAccountListResource,
  path: DistributionPermission.wechat,
  rowKey: (row) => row.Id,
  rowName: (row) => row.Nickname || row.MemberNo,
  columns: [
    column.picture('promoter', {
      image: (row) => row.Avatar,
      title: (row) => row.Nickname || row.MemberNo,
      muted: (row) => row.Mobile || row.MemberNo,
    }),
    column.twoLines(
      'account',
      (row) => row.RealName,
      (row) => row.OpenId,
    ),
    column.state('state', [
      {
        state: (row) => row.State,
        label: (state) => `wechatAccounts.tab.${state}`,
        palette: { bound: 'green', unbound: 'gray' },
      },
    ]),
    column.number('payouts', (row) => row.Payouts),
    column.money('paid', (row) => row.PaidFen),
    column.time('boundAt', (row) => row.BoundAt, { sort: 'boundAt' }),
    column.time('unboundAt', (row) => row.UnboundAt),
  ],
  actions: [
    {
      kind: 'command',
      id: 'unbind',
      label: 'wechatAccounts.unbind',
      permission: DistributionPermission.wechat,
      destructive: true,
      confirm: 'wechatAccounts.confirm.unbind',
      offer: (row) => row.State === 'bound',
      call: (Ids) => ({ endpoint: unbindWechatAccounts, input: { Ids } }),
      on: 'both',
    },
  ],
};

/** /distribution/wechartList: every promoter's accounts, or one promoter's (`?promoterId=`). */
function WechatAccountListPage() {
  const [params] = useSearchParams();
  const promoterId = params.get('promoterId');
  return <ResourceScreen definition={wechatDefinition} scope={promoterId ? { promoterId } : undefined} />;
}

export default withModuleMessages(WechatAccountListPage, distributionCatalogues);
