import { Button, Link as ChakraLink, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { getPointsSetting, type PointsSetting, setPointsSetting } from '../../../contract/endpoints/points';
import { OrderPermission } from '../../../contract/machines/order';
import { POINTS_EXPIRY_RULES, shopYear } from '../../../contract/points';
import { pointsDeduction } from '../../../contract/pricing';
import { fenToYuan } from '../../../src/lib/format';
import { withModuleMessages } from '../../../src/lib/i18n/module-messages';
import { type FieldSpec, FormFields, FormSection } from '../../core/form-field';
import { yuanToFen } from '../../core/list-state';
import { PageHeading, RecordView, useRouteTitle } from '../../core/record-view';
import { useRecord } from '../../core/use-record';
import { useResourceForm } from '../../core/use-resource-form';
import { pointsCatalogues } from './messages';
import { SETTING_RENAMES, type SettingDraft, settingDraft, settingInput } from './setting-form';

type Spec = FieldSpec<SettingDraft>;

/** An order of ¥100 under the typed rules, so the operator sees what the numbers do. */
const EXAMPLE_FEN = 10_000;

function Example({ draft }: { draft: SettingDraft }) {
  const minimum = yuanToFen(draft.MinOrder) ?? 0;
  const { pointsUsed, pointsFen } = pointsDeduction(
    {
      requested: Number.MAX_SAFE_INTEGER,
      balance: Number.MAX_SAFE_INTEGER,
      pointsPerYuan: draft.DeductPointsPerYuan,
      maxPercent: draft.MaxDeductPercent,
      minimumFen: minimum,
    },
    EXAMPLE_FEN,
  );
  return (
    <Text color="fg.muted" fontSize="sm" aria-live="polite">
      <FormattedMessage
        id="pointsSetting.example"
        values={{ order: fenToYuan(EXAMPLE_FEN), points: pointsUsed, off: fenToYuan(pointsFen) }}
      />
    </Text>
  );
}

function SettingForm({
  setting,
  version,
  earning,
}: {
  setting: PointsSetting;
  version: number;
  earning: { PointsPerYuan: number; PointsGrant: string };
}) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const title = useRouteTitle();
  const { form, submit } = useResourceForm({
    defaultValues: settingDraft(setting),
    save: setPointsSetting,
    toInput: (draft: SettingDraft) => settingInput(draft, version),
    renames: SETTING_RENAMES,
    savedMessage: 'pointsSetting.saved',
  });
  const draft = form.watch();
  const thisYear = shopYear(new Date());
  const deduction: Spec[] = [
    { name: 'DeductionEnabled', kind: 'checkbox', label: t('pointsSetting.deductionEnabled') },
  ];
  const deductionRules: Spec[] = [
    {
      name: 'DeductPointsPerYuan',
      kind: 'number',
      width: '56',
      label: t('pointsSetting.rate'),
      help: t('pointsSetting.rateHelp'),
      visibleWhen: (values) => values.DeductionEnabled,
    },
    {
      name: 'MaxDeductPercent',
      kind: 'number',
      width: '56',
      label: t('pointsSetting.maxPercent'),
      help: t('pointsSetting.maxPercentHelp'),
      visibleWhen: (values) => values.DeductionEnabled,
    },
    {
      name: 'MinOrder',
      kind: 'text',
      inputMode: 'decimal',
      width: '56',
      label: t('pointsSetting.minOrder'),
      help: t('pointsSetting.minOrderHelp'),
      visibleWhen: (values) => values.DeductionEnabled,
    },
  ];
  const others: Spec[] = [
    {
      name: 'Expiry',
      kind: 'select',
      width: '96',
      label: t('pointsSetting.expiry'),
      options: POINTS_EXPIRY_RULES.map((rule) => ({ value: rule, label: t(`pointsSetting.expiry.${rule}`) })),
    },
    {
      name: 'SignInPoints',
      kind: 'number',
      width: '56',
      label: t('pointsSetting.signIn'),
      help: t('pointsSetting.signInHelp'),
    },
  ];
  return (
    <form aria-label={title} onSubmit={submit} noValidate>
      <Stack gap="4" padding="5">
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
        <FormSection title={t('pointsSetting.earning')}>
          <Text>
            <FormattedMessage
              id="pointsSetting.earningRule"
              values={{
                points: earning.PointsPerYuan,
                moment: t(`pointsSetting.grant.${earning.PointsGrant}`),
              }}
            />
          </Text>
          <HStack>
            <ChakraLink asChild colorPalette="brand">
              <Link to={OrderPermission.parameterSetting}>
                <FormattedMessage id="pointsSetting.earningEdit" />
              </Link>
            </ChakraLink>
          </HStack>
        </FormSection>
        <FormSection title={t('pointsSetting.deduction')}>
          <FormFields form={form} fields={deduction} />
          <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
            <FormFields form={form} fields={deductionRules} />
          </SimpleGrid>
          {draft.DeductionEnabled && <Example draft={draft} />}
        </FormSection>
        <FormSection title={t('pointsSetting.others')}>
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            <FormFields form={form} fields={others} />
          </SimpleGrid>
          <Text color="fg.muted" fontSize="sm">
            <FormattedMessage
              id={`pointsSetting.expiryHelp.${draft.Expiry}`}
              values={{ year: thisYear, next: thisYear + 1 }}
            />
          </Text>
        </FormSection>
      </Stack>
    </form>
  );
}

/** /marketing/integralExchange/integralSetting: what points pay for, when they end, what a check-in gives. */
function PointsSettingPage() {
  const record = useRecord(getPointsSetting, { input: {} });
  return (
    <RecordView record={record}>
      {(data) => {
        const { Errcode: _code, Errmsg: _message, ErrShowType: _show, Version, Earning, ...setting } = data;
        return <SettingForm key={Version} setting={setting} version={Version} earning={Earning} />;
      }}
    </RecordView>
  );
}

export default withModuleMessages(PointsSettingPage, pointsCatalogues);
