import { Button, HStack } from '@chakra-ui/react';
import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import {
  type CouponRuleRow,
  couponRuleListResource,
  deleteCouponRule,
  setCouponRuleEnabled,
} from '../../../contract/endpoints/coupons';
import { CouponPermission, couponMachine } from '../../../contract/machines/coupon';
import { EnumLabel } from '../../../src/lib/enum-values';
import { fenToYuan } from '../../../src/lib/format';
import { withModuleMessages } from '../../../src/lib/i18n/module-messages';
import { columnKinds } from '../../core/column-kinds';
import type { ResourceDefinition } from '../../core/resource-definition';
import { ResourceScreen } from '../../core/resource-screen';
import { couponCatalogues } from './messages';
import { RuleDialog } from './rule-dialog';

const column = columnKinds<CouponRuleRow>('couponRules.column');

function terms(row: CouponRuleRow) {
  if (row.Event === 'recharge')
    return (
      <FormattedMessage id="couponRules.terms.recharge" values={{ amount: fenToYuan(row.MinRechargeFen) }} />
    );
  if (row.Event === 'gradeUpgrade')
    return row.GradeNames.length === 0 ? (
      <FormattedMessage id="couponRules.terms.anyGrade" />
    ) : (
      row.GradeNames.join('、')
    );
  return <FormattedMessage id={`couponRules.eventHelp.${row.Event}`} />;
}

const enable = (Enabled: boolean) => (Ids: number[]) => ({
  endpoint: setCouponRuleEnabled,
  input: { Ids, Enabled },
});

/** /marketing/couponActivity/sendSetting: rules that send coupons on events, and what each has sent. */
const ruleDefinition: ResourceDefinition<CouponRuleRow> = {
  list: couponRuleListResource,
  path: CouponPermission.rules,
  rowKey: (row) => row.Id,
  rowName: (row) => row.CouponTitle,
  columns: [
    column.twoLines('event', (row) => <FormattedMessage id={`couponRules.event.${row.Event}`} />, terms),
    column.twoLines(
      'coupon',
      (row) => (
        <FormattedMessage
          id="couponRules.couponCopies"
          values={{ title: row.CouponTitle, copies: row.Copies }}
        />
      ),
      (row) => <EnumLabel type={couponMachine.id} value={row.CouponState} />,
    ),
    column.twoLines(
      'sent',
      (row) => (
        <FormattedMessage id="couponRules.sentCount" values={{ granted: row.Granted, failed: row.Failed }} />
      ),
      (row) => row.LastFailure,
    ),
    column.state('enabled', [
      {
        state: (row) => (row.Enabled ? 'on' : 'off'),
        label: (state) => `couponRules.enabled.${state}`,
        palette: { on: 'green', off: 'gray' },
      },
    ]),
    column.time('since', (row) => row.Since),
  ],
  actions: [
    {
      kind: 'command',
      id: 'edit',
      label: 'couponRules.edit',
      permission: CouponPermission.rules,
      dialog: ({ rows, onClose }) => <RuleDialog row={rows[0]} onClose={onClose} />,
    },
    {
      kind: 'command',
      id: 'enable',
      label: 'couponRules.enable',
      permission: CouponPermission.rules,
      offer: (row) => !row.Enabled,
      call: enable(true),
      on: 'both',
    },
    {
      kind: 'command',
      id: 'disable',
      label: 'couponRules.disable',
      permission: CouponPermission.rules,
      offer: (row) => row.Enabled,
      call: enable(false),
      on: 'both',
    },
    {
      kind: 'command',
      id: 'delete',
      label: 'couponRules.delete',
      permission: CouponPermission.rules,
      destructive: true,
      confirm: 'couponRules.confirm.delete',
      call: (ids) => ({ endpoint: deleteCouponRule, input: { Id: ids[0] } }),
    },
  ],
};

function RuleListPage() {
  const [adding, setAdding] = useState(false);
  return (
    <ResourceScreen definition={ruleDefinition}>
      <HStack>
        <Button size="sm" colorPalette="brand" onClick={() => setAdding(true)}>
          <FormattedMessage id="couponRules.new" />
        </Button>
      </HStack>
      {adding && <RuleDialog onClose={() => setAdding(false)} />}
    </ResourceScreen>
  );
}

export default withModuleMessages(RuleListPage, couponCatalogues);
