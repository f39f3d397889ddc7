import { Button, HStack, List, Stack, Text } from '@chakra-ui/react';
import { FormattedMessage, useIntl } from 'react-intl';
import {
  getPreferentialSetting,
  MAX_EXCLUDED_GOODS,
  type PreferentialSetting,
  setPreferentialSetting,
} from '../../../contract/endpoints/member-grades';
import { withModuleMessages } from '../../../src/lib/i18n/module-messages';
import { type ChosenGoods, GoodsFinder } from '../../core/finder';
import { type FieldSpec, FormFields, FormSection } from '../../core/form-field';
import { PageHeading, RecordView, useRouteTitle } from '../../core/record-view';
import { useRecord } from '../../core/use-record';
import { useResourceForm } from '../../core/use-resource-form';
import { gradeCatalogues } from './messages';

type Goods = ChosenGoods;
type Draft = Omit<PreferentialSetting, 'ExcludedProductIds'> & { ExcludedGoods: Goods[] };
type Spec = FieldSpec<Draft>;

const FINDER_LABELS = {
  search: 'preferential.search',
  add: 'preferential.add',
  noMatch: 'preferential.noMatch',
};

function PreferentialForm({ data }: { data: Draft & { Version: number } }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const title = useRouteTitle();
  const { Version, ...defaults } = data;
  const { form, submit } = useResourceForm({
    defaultValues: defaults,
    save: setPreferentialSetting,
    toInput: ({ ExcludedGoods, ...values }: Draft) => ({
      ...values,
      ExcludedProductIds: ExcludedGoods.map((goods) => goods.Id),
      Version,
    }),
    renames: { ExcludedProductIds: 'ExcludedGoods' },
    savedMessage: 'preferential.saved',
  });
  const excluded = form.watch('ExcludedGoods');
  const setExcluded = (next: Goods[]) => form.setValue('ExcludedGoods', next, { shouldDirty: true });
  const growth: Spec[] = [
    {
      name: 'GrowthPerYuan',
      kind: 'number',
      width: '56',
      label: t('preferential.growthPerYuan'),
      help: t('preferential.growthPerYuanHelp'),
    },
    { name: 'GrowthPerCheckIn', kind: 'number', width: '56', label: t('preferential.growthPerCheckIn') },
    { name: 'GrowthPerReview', kind: 'number', width: '56', label: t('preferential.growthPerReview') },
  ];
  const stacking: Spec[] = [
    { name: 'GradeOnActivityPrices', kind: 'checkbox', label: t('preferential.onActivity') },
    { name: 'GradeWithCoupon', kind: 'checkbox', label: t('preferential.withCoupon') },
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
        <FormSection title={t('preferential.growth')}>
          <HStack gap="4" wrap="wrap" align="start">
            <FormFields form={form} fields={growth} />
          </HStack>
        </FormSection>
        <FormSection title={t('preferential.stacking')}>
          <FormFields form={form} fields={stacking} />
        </FormSection>
        <FormSection title={t('preferential.excluded')}>
          {excluded.length === 0 ? (
            <Text color="fg.muted">
              <FormattedMessage id="preferential.excludedNone" />
            </Text>
          ) : (
            <List.Root gap="1" listStyle="none" aria-label={t('preferential.excluded')}>
              {excluded.map((goods) => (
                <List.Item key={goods.Id}>
                  <HStack gap="2">
                    <Text>{goods.Name}</Text>
                    <Button
                      size="xs"
                      variant="ghost"
                      colorPalette="red"
                      onClick={() => setExcluded(excluded.filter((item) => item.Id !== goods.Id))}
                    >
                      <FormattedMessage id="preferential.remove" values={{ name: goods.Name }} />
                    </Button>
                  </HStack>
                </List.Item>
              ))}
            </List.Root>
          )}
          <GoodsFinder
            chosen={excluded}
            max={MAX_EXCLUDED_GOODS}
            labels={FINDER_LABELS}
            onAdd={(goods) => setExcluded([...excluded, goods])}
          />
        </FormSection>
      </Stack>
    </form>
  );
}

/** /marketing/memberSupervise/preferentialSetting: growth rules, stacking switches, goods without member prices. */
function PreferentialSettingPage() {
  const record = useRecord(getPreferentialSetting, { input: {} });
  return (
    <RecordView record={record}>
      {(setting) => {
        const {
          Errcode: _code,
          Errmsg: _message,
          ErrShowType: _show,
          ExcludedProductIds: _ids,
          ...data
        } = setting;
        return <PreferentialForm key={setting.Version} data={data} />;
      }}
    </RecordView>
  );
}

export default withModuleMessages(PreferentialSettingPage, gradeCatalogues);
