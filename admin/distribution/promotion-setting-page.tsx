import { Button, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { FormattedMessage, useIntl } from 'react-intl';
import {
  type DistributionSetting,
  getDistributionSetting,
  JOINING_RULES,
  SETTLE_MOMENTS,
  setDistributionSetting,
} from '../../contract/endpoints/distribution';
import { WITHDRAWAL_CHANNELS } from '../../contract/machines/distribution';
import { withModuleMessages } from '../../src/lib/i18n/module-messages';
import { type FieldSpec, FormFields, FormSection } from '../core/form-field';
import { PageHeading, RecordView, useRouteTitle } from '../core/record-view';
import { useRecord } from '../core/use-record';
import { useResourceForm } from '../core/use-resource-form';
import { GoodsRuleSection } from './goods-rule-section';
import { GradeSection } from './grade-section';
import { distributionCatalogues } from './messages';
import {
  SETTING_RENAMES,
  type SettingDraft,
  settingDraft,
  settingInput,
  settingIssueMessage,
} from './setting-form';

type Spec = FieldSpec<SettingDraft>;

function SettingForm({
  setting,
  version,
  afterSaleDays,
}: {
  setting: DistributionSetting;
  version: number;
  afterSaleDays: number;
}) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const title = useRouteTitle();
  const { form, submit } = useResourceForm({
    defaultValues: settingDraft(setting),
    save: setDistributionSetting,
    toInput: (draft: SettingDraft) => settingInput(draft, version),
    renames: SETTING_RENAMES,
    issueMessage: settingIssueMessage,
    savedMessage: 'promotionSetting.saved',
  });
  const on = (values: SettingDraft) => values.Setting.Enabled;
  const joining: Spec[] = [
    {
      name: 'Setting.Joining',
      kind: 'select',
      width: '96',
      label: t('promotionSetting.joining'),
      options: JOINING_RULES.map((rule) => ({ value: rule, label: t(`promotionSetting.joining.${rule}`) })),
      visibleWhen: on,
    },
    {
      name: 'Setting.JoinSpending',
      kind: 'text',
      inputMode: 'decimal',
      width: '56',
      label: t('promotionSetting.joinSpending'),
      visibleWhen: (values) => on(values) && values.Setting.Joining === 'spending',
    },
  ];
  const commission: Spec[] = [
    {
      name: 'Setting.Levels',
      kind: 'select',
      width: '56',
      label: t('promotionSetting.levels'),
      options: ['1', '2'].map((levels) => ({ value: levels, label: t(`promotionSetting.levels.${levels}`) })),
    },
    {
      name: 'Setting.Level1Percent',
      kind: 'text',
      inputMode: 'decimal',
      width: '56',
      label: t('promotionSetting.level1'),
      help: t('promotionSetting.rateHelp'),
    },
    {
      name: 'Setting.Level2Percent',
      kind: 'text',
      inputMode: 'decimal',
      width: '56',
      label: t('promotionSetting.level2'),
      help: t('promotionSetting.rateHelp'),
      visibleWhen: (values) => values.Setting.Levels === '2',
    },
  ];
  const settlement: Spec[] = [
    {
      name: 'Setting.SettleMoment',
      kind: 'select',
      width: '96',
      label: t('promotionSetting.settleMoment'),
      options: SETTLE_MOMENTS.map((moment) => ({
        value: moment,
        label: t(`promotionSetting.settleMoment.${moment}`, { days: afterSaleDays }),
      })),
    },
    {
      name: 'Setting.FreezeDays',
      kind: 'number',
      width: '56',
      label: t('promotionSetting.freezeDays'),
      help: t('promotionSetting.freezeDaysHelp'),
    },
  ];
  const withdrawal: Spec[] = [
    {
      name: 'Setting.WithdrawMin',
      kind: 'text',
      inputMode: 'decimal',
      width: '56',
      label: t('promotionSetting.withdrawMin'),
    },
    {
      name: 'Setting.WithdrawFeePercent',
      kind: 'text',
      inputMode: 'decimal',
      width: '56',
      label: t('promotionSetting.withdrawFee'),
      help: t('promotionSetting.rateHelp'),
    },
    {
      name: 'Setting.DailyLimit',
      kind: 'text',
      inputMode: 'decimal',
      width: '56',
      label: t('promotionSetting.dailyLimit'),
      help: t('promotionSetting.dailyLimitHelp'),
    },
  ];
  const channels: Spec[] = WITHDRAWAL_CHANNELS.map((channel) => ({
    name: `Setting.Channels.${channel}` as const,
    kind: 'checkbox',
    label: t(`withdrawals.filter.channel.${channel}`),
  }));
  return (
    <form aria-label={title} onSubmit={submit} noValidate>
      <Stack gap="4">
        <PageHeading>
          <Button
            type="submit"
            colorPalette="brand"
            loading={form.formState.isSubmitting}
            loadingText={t('engine.saving')}
          >
            <FormattedMessage id="engine.save" />
          </Button>
        </PageHeading>
        <FormSection title={t('promotionSetting.joiningSection')}>
          <FormFields
            form={form}
            fields={[{ name: 'Setting.Enabled', kind: 'checkbox', label: t('promotionSetting.enabled') }]}
          />
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            <FormFields form={form} fields={joining} />
          </SimpleGrid>
        </FormSection>
        <FormSection title={t('promotionSetting.commissionSection')}>
          <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
            <FormFields form={form} fields={commission} />
          </SimpleGrid>
          <FormFields
            form={form}
            fields={[
              { name: 'Setting.SelfPurchase', kind: 'checkbox', label: t('promotionSetting.selfPurchase') },
            ]}
          />
          <Text color="fg.muted" fontSize="sm">
            <FormattedMessage id="promotionSetting.baseHelp" />
          </Text>
        </FormSection>
        <FormSection title={t('promotionSetting.settlementSection')}>
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            <FormFields form={form} fields={settlement} />
          </SimpleGrid>
        </FormSection>
        <FormSection title={t('promotionSetting.withdrawalSection')}>
          <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
            <FormFields form={form} fields={withdrawal} />
          </SimpleGrid>
          <fieldset>
            <legend>
              <FormattedMessage id="promotionSetting.channels" />
            </legend>
            <Stack direction="row" gap="6" marginTop="2">
              <FormFields form={form} fields={channels} />
            </Stack>
          </fieldset>
        </FormSection>
      </Stack>
    </form>
  );
}

/** /distribution/promotionSetting: who may promote, what they earn, when it settles, how it is withdrawn; grades. */
function PromotionSettingPage() {
  const record = useRecord(getDistributionSetting, { input: {} });
  return (
    <Stack gap="4" padding="5">
      <RecordView record={record}>
        {(data) => (
          <SettingForm
            key={data.Version}
            setting={data.Setting}
            version={data.Version}
            afterSaleDays={data.AfterSaleDays}
          />
        )}
      </RecordView>
      <GradeSection />
      <GoodsRuleSection />
    </Stack>
  );
}

export default withModuleMessages(PromotionSettingPage, distributionCatalogues);
