import { SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate, useSearchParams } from 'react-router-dom';
import {
  deleteRechargeRule,
  type RechargeRuleRow,
  rechargeRuleListResource,
  STORED_VALUE_PERMISSION,
  setRechargeRule,
} from '../../../contract/endpoints/stored-value';
import { shopDate } from '../../../contract/shop-time';
import { FormDialog } from '../../../src/lib/form-dialog';
import { withModuleMessages } from '../../../src/lib/i18n/module-messages';
import { columnKinds } from '../../core/column-kinds';
import { type FieldSpec, FormFields } from '../../core/form-field';
import type { ResourceDefinition } from '../../core/resource-definition';
import { ResourceScreen } from '../../core/resource-screen';
import { useResourceForm } from '../../core/use-resource-form';
import { storedValueCatalogues } from './messages';
import { NEW_RULE, RULE_RENAMES, type RuleDraft, ruleDraft, ruleInput } from './rule-form';

const column = columnKinds<RechargeRuleRow>('rechargeRules.column');
/** The query parameter that opens the new-rule dialog, so the toolbar's link can open it. */
const NEW_PARAM = 'newRule';

function RuleDialog({ row, onClose }: { row?: RechargeRuleRow; onClose(): void }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const record = row ? { Id: row.Id, Version: row.Version } : undefined;
  const { form, submit } = useResourceForm({
    defaultValues: row ? ruleDraft(row) : NEW_RULE,
    save: setRechargeRule,
    toInput: (draft: RuleDraft) => ruleInput(draft, record),
    renames: RULE_RENAMES,
    savedMessage: 'rechargeRules.form.saved',
    afterSave: () => {
      onClose();
      return undefined;
    },
  });
  const fields: FieldSpec<RuleDraft>[] = [
    { name: 'Pay', kind: 'text', label: t('rechargeRules.form.pay'), required: true, inputMode: 'decimal' },
    { name: 'Bonus', kind: 'text', label: t('rechargeRules.form.bonus'), inputMode: 'decimal' },
    { name: 'BonusPoints', kind: 'number', label: t('rechargeRules.form.bonusPoints') },
    { name: 'StartDay', kind: 'text', label: t('rechargeRules.form.startDay') },
    { name: 'EndDay', kind: 'text', label: t('rechargeRules.form.endDay') },
  ];
  return (
    <FormDialog
      title={t(row ? 'rechargeRules.form.editTitle' : 'rechargeRules.form.createTitle')}
      submitLabel={t('engine.save')}
      onSubmit={submit}
      onClose={onClose}
      busy={form.formState.isSubmitting}
      size="md"
    >
      <Stack gap="4">
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          <FormFields form={form} fields={fields} />
        </SimpleGrid>
        <FormFields
          form={form}
          fields={[{ name: 'Enabled', kind: 'checkbox', label: t('rechargeRules.form.enabled') }]}
        />
      </Stack>
    </FormDialog>
  );
}

function EditDialog({ rows, onClose }: { rows: RechargeRuleRow[]; onClose(): void }) {
  return <RuleDialog row={rows[0]} onClose={onClose} />;
}

function windowText(row: RechargeRuleRow) {
  const from = row.StartsAt ? shopDate(new Date(row.StartsAt)) : null;
  const to = row.EndsAt ? shopDate(new Date(Date.parse(row.EndsAt) - 1)) : null;
  if (from && to) return <FormattedMessage id="rechargeRules.window" values={{ from, to }} />;
  if (to) return <FormattedMessage id="rechargeRules.openStart" values={{ to }} />;
  if (from) return <FormattedMessage id="rechargeRules.openEnd" values={{ from }} />;
  return <FormattedMessage id="rechargeRules.always" />;
}

const ruleDefinition: ResourceDefinition<RechargeRuleRow> = {
  list: rechargeRuleListResource,
  path: STORED_VALUE_PERMISSION,
  rowKey: (row) => row.Id,
  rowName: (row) => `¥${(row.PayFen / 100).toFixed(2)}`,
  columns: [
    column.money('pay', (row) => row.PayFen, { sort: 'payFen' }),
    column.money('bonus', (row) => row.BonusFen),
    column.number('bonusPoints', (row) => row.BonusPoints),
    column.text('window', windowText),
    column.state('enabled', [
      {
        state: (row) => (row.Enabled ? 'on' : 'off'),
        label: (state) => `rechargeRules.enabled.${state}`,
        palette: { on: 'green', off: 'gray' },
      },
    ]),
  ],
  actions: [
    {
      kind: 'command',
      id: 'edit',
      label: 'rechargeRules.edit',
      permission: STORED_VALUE_PERMISSION,
      dialog: EditDialog,
    },
    {
      kind: 'command',
      id: 'delete',
      label: 'rechargeRules.delete',
      permission: STORED_VALUE_PERMISSION,
      destructive: true,
      confirm: 'rechargeRules.confirm.delete',
      call: (ids) => ({ endpoint: deleteRechargeRule, input: { Id: ids[0] } }),
    },
  ],
  toolbar: [
    {
      label: 'rechargeRules.new',
      to: `${STORED_VALUE_PERMISSION}?${NEW_PARAM}=1`,
      permission: STORED_VALUE_PERMISSION,
      primary: true,
    },
  ],
};

/**
 * /marketing/memberSupervise/memberStoredValue: the recharge rules. Rules are small, so they are
 * created and edited in a dialog over the list rather than on a page of their own.
 */
function RechargeRulePage() {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  return (
    <ResourceScreen definition={ruleDefinition}>
      <Text color="fg.muted" fontSize="sm">
        <FormattedMessage id="rechargeRules.intro" />
      </Text>
      {search.has(NEW_PARAM) && (
        <RuleDialog onClose={() => navigate(STORED_VALUE_PERMISSION, { replace: true })} />
      )}
    </ResourceScreen>
  );
}

export default withModuleMessages(RechargeRulePage, storedValueCatalogues);
