import { Alert, Button, HStack, List, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useWatch } from 'react-hook-form';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSearchParams } from 'react-router-dom';
import { COUPON_AUDIENCES, COUPON_KINDS, COUPON_SCOPES, MAX_SCOPE_IDS } from '../../../contract/coupon-rules';
import {
  type CouponRow,
  getCouponInfo,
  getSendOptions,
  saveCoupon,
} from '../../../contract/endpoints/coupons';
import { type CategoryNode, getCategoryTree } from '../../../contract/endpoints/goods';
import { getTicketStores } from '../../../contract/endpoints/tickets';
import { CouponPermission } from '../../../contract/machines/coupon';
import { shopDate } from '../../../contract/shop-time';
import { withModuleMessages } from '../../../src/lib/i18n/module-messages';
import { endpointQuery } from '../../../src/lib/query-options';
import { GoodsFinder } from '../../core/finder';
import { errorAt, type FieldSpec, FormFields, FormSection } from '../../core/form-field';
import { FormHeading, RecordView } from '../../core/record-view';
import { useRecord } from '../../core/use-record';
import { useResourceForm } from '../../core/use-resource-form';
import { CheckList } from './check-list';
import {
  COUPON_FORM_RENAMES,
  type CouponDraft,
  couponDraft,
  couponInput,
  newCouponDraft,
} from './coupon-form';
import { couponCatalogues } from './messages';

type Spec = FieldSpec<CouponDraft>;

const FINDER_LABELS = {
  search: 'coupons.form.findGoods',
  add: 'coupons.form.addGoods',
  noMatch: 'coupons.form.noGoods',
};

/** Categories in tree order, each with its depth. */
function flatten(
  nodes: readonly CategoryNode[],
  depth = 0,
): { value: number; label: string; depth: number }[] {
  return nodes.flatMap((node) => [
    { value: node.Id, label: node.Name, depth },
    ...flatten(node.Children, depth + 1),
  ]);
}

function CouponEditor({ row, draft }: { row?: CouponRow; draft: CouponDraft }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const record = row ? { Id: row.Id, Version: row.Version } : undefined;
  const listPath = draft.Channel === 'offline' ? CouponPermission.offline : CouponPermission.online;
  const { form, submit } = useResourceForm({
    defaultValues: draft,
    save: saveCoupon,
    toInput: (values: CouponDraft) => couponInput(values, record),
    renames: COUPON_FORM_RENAMES,
    savedMessage: 'coupons.form.saved',
    afterSave: (_, values) => ({
      to: values.Channel === 'offline' ? CouponPermission.offline : CouponPermission.online,
    }),
  });
  const values = useWatch({ control: form.control }) as CouponDraft;
  const locked = (row?.Issued ?? 0) > 0;
  const online = values.Channel === 'online';
  const options = useQuery(endpointQuery(getSendOptions, {}));
  const categories = useQuery({
    ...endpointQuery(getCategoryTree, {}),
    enabled: values.Scope === 'categories',
  });
  const stores = useQuery({ ...endpointQuery(getTicketStores, {}), enabled: !online });
  const choice = (prefix: string, keys: readonly string[]) =>
    keys.map((key) => ({ value: key, label: t(`${prefix}.${key}`) }));
  const set = <K extends keyof CouponDraft>(name: K, value: CouponDraft[K]) =>
    form.setValue(name, value as never, { shouldDirty: true });

  const basics: Spec[] = [
    { name: 'Title', kind: 'text', label: t('coupons.form.title'), required: true, maxLength: 30 },
    {
      name: 'Channel',
      kind: 'select',
      label: t('coupons.form.channel'),
      options: choice('coupons.channel', ['online', 'offline']),
      disabled: locked,
    },
    {
      name: 'Kind',
      kind: 'select',
      label: t('coupons.form.kind'),
      options: choice(
        'coupons.kind',
        online ? COUPON_KINDS : COUPON_KINDS.filter((kind) => kind !== 'freeShipping'),
      ),
      disabled: locked,
    },
    {
      name: 'Value',
      kind: 'text',
      inputMode: 'decimal',
      label: t(values.Kind === 'discount' ? 'coupons.form.discount' : 'coupons.form.amount'),
      help: t(values.Kind === 'discount' ? 'coupons.form.discountHelp' : 'coupons.form.amountHelp'),
      required: true,
      visibleWhen: (draft) => draft.Kind !== 'freeShipping',
      disabled: locked,
    },
    {
      name: 'Cap',
      kind: 'text',
      inputMode: 'decimal',
      label: t('coupons.form.cap'),
      help: t('coupons.form.capHelp'),
      visibleWhen: (draft) => draft.Kind === 'discount',
      disabled: locked,
    },
    {
      name: 'Threshold',
      kind: 'text',
      inputMode: 'decimal',
      label: t('coupons.form.threshold'),
      help: t('coupons.form.thresholdHelp'),
      disabled: locked,
    },
  ];
  const quantity: Spec[] = [
    {
      name: 'TotalQuantity',
      kind: 'text',
      inputMode: 'numeric',
      label: t('coupons.form.total'),
      help: t(locked ? 'coupons.form.totalLockedHelp' : 'coupons.form.totalHelp', {
        issued: row?.Issued ?? 0,
      }),
    },
    {
      name: 'PerMemberLimit',
      kind: 'text',
      inputMode: 'numeric',
      label: t('coupons.form.perMember'),
      help: t('coupons.form.limitHelp'),
      visibleWhen: (draft) => draft.Channel === 'online',
      disabled: locked,
    },
    {
      name: 'PerDayLimit',
      kind: 'text',
      inputMode: 'numeric',
      label: t('coupons.form.perDay'),
      help: t('coupons.form.limitHelp'),
      visibleWhen: (draft) => draft.Channel === 'online',
      disabled: locked,
    },
  ];
  const window: Spec[] = [
    { name: 'StartsOn', kind: 'date', label: t('coupons.form.startsOn'), required: true, disabled: locked },
    { name: 'EndsOn', kind: 'date', label: t('coupons.form.endsOn'), required: true },
  ];
  const validity: Spec[] = [
    {
      name: 'Validity.kind',
      kind: 'select',
      label: t('coupons.form.validity'),
      options: choice('coupons.form.validityKind', ['fixed', 'relative']),
      disabled: locked,
    },
    {
      name: 'Validity.from',
      kind: 'date',
      label: t('coupons.form.validFrom'),
      visibleWhen: (draft) => draft.Validity.kind === 'fixed',
      disabled: locked,
    },
    {
      name: 'Validity.until',
      kind: 'date',
      label: t('coupons.form.validUntil'),
      visibleWhen: (draft) => draft.Validity.kind === 'fixed',
    },
    {
      name: 'Validity.days',
      kind: 'number',
      label: t('coupons.form.validDays'),
      visibleWhen: (draft) => draft.Validity.kind === 'relative',
      disabled: locked,
    },
    {
      name: 'Validity.fromTomorrow',
      kind: 'checkbox',
      label: t('coupons.form.fromTomorrow'),
      visibleWhen: (draft) => draft.Validity.kind === 'relative',
      disabled: locked,
    },
  ];
  const scopeError = errorAt(form.formState.errors, 'ScopeItems');
  const title = t(row ? 'coupons.form.editTitle' : 'coupons.form.createTitle');
  return (
    <form aria-label={title} onSubmit={submit} noValidate>
      <Stack gap="4" padding="5">
        <FormHeading
          title={title}
          backTo={listPath}
          backLabel={t('coupons.form.backToList')}
          saving={form.formState.isSubmitting}
        />
        {locked && (
          <Alert.Root status="info">
            <Alert.Indicator />
            <Alert.Title>
              <FormattedMessage id="coupons.form.lockedNotice" values={{ issued: row!.Issued }} />
            </Alert.Title>
          </Alert.Root>
        )}
        <FormSection title={t('coupons.form.basics')}>
          <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
            <FormFields form={form} fields={basics} />
          </SimpleGrid>
          <FormFields
            form={form}
            fields={[
              { name: 'Description', kind: 'textarea', label: t('coupons.form.description'), maxLength: 200 },
            ]}
          />
        </FormSection>
        {online && (
          <FormSection title={t('coupons.form.scopeSection')}>
            <FormFields
              form={form}
              fields={[
                {
                  name: 'Scope',
                  kind: 'select',
                  label: t('coupons.form.scope'),
                  options: choice('coupons.scope', COUPON_SCOPES),
                  width: 'xs',
                  disabled: locked,
                },
              ]}
            />
            {(values.Scope === 'goods' || values.Scope === 'exceptGoods') && (
              <Stack gap="2">
                {values.ScopeItems.length > 0 && (
                  <List.Root gap="1" listStyle="none" aria-label={t('coupons.form.chosenGoods')}>
                    {values.ScopeItems.map((goods) => (
                      <List.Item key={goods.Id}>
                        <HStack gap="2">
                          <Text>{goods.Name}</Text>
                          <Button
                            size="xs"
                            variant="ghost"
                            colorPalette="red"
                            disabled={locked}
                            onClick={() =>
                              set(
                                'ScopeItems',
                                values.ScopeItems.filter((item) => item.Id !== goods.Id),
                              )
                            }
                          >
                            <FormattedMessage id="coupons.form.removeGoods" values={{ name: goods.Name }} />
                          </Button>
                        </HStack>
                      </List.Item>
                    ))}
                  </List.Root>
                )}
                <GoodsFinder
                  chosen={values.ScopeItems}
                  max={MAX_SCOPE_IDS}
                  disabled={locked}
                  labels={FINDER_LABELS}
                  onAdd={(goods) => set('ScopeItems', [...values.ScopeItems, goods])}
                />
                {scopeError && (
                  <Text color="red.700" fontSize="sm">
                    {scopeError}
                  </Text>
                )}
              </Stack>
            )}
            {values.Scope === 'categories' && (
              <CheckList
                legend={t('coupons.form.categories')}
                options={flatten(categories.data?.Data ?? [])}
                chosen={values.ScopeItems.map((item) => item.Id)}
                disabled={locked}
                error={scopeError}
                empty="coupons.form.noCategories"
                onChange={(ids) => {
                  const names = new Map(
                    flatten(categories.data?.Data ?? []).map((option) => [option.value, option.label]),
                  );
                  set(
                    'ScopeItems',
                    ids.map((id) => ({ Id: id, Name: names.get(id) ?? `#${id}` })),
                  );
                }}
              />
            )}
            <FormFields
              form={form}
              fields={[
                {
                  name: 'WithActivity',
                  kind: 'checkbox',
                  label: t('coupons.form.withActivity'),
                  disabled: locked,
                },
              ]}
            />
          </FormSection>
        )}
        <FormSection title={t('coupons.form.quantitySection')}>
          <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
            <FormFields form={form} fields={quantity} />
          </SimpleGrid>
        </FormSection>
        <FormSection title={t('coupons.form.timeSection')}>
          <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
            <FormFields form={form} fields={window} />
          </SimpleGrid>
          <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
            <FormFields form={form} fields={validity} />
          </SimpleGrid>
        </FormSection>
        {online ? (
          <FormSection title={t('coupons.form.audienceSection')}>
            <FormFields
              form={form}
              fields={[
                {
                  name: 'Audience',
                  kind: 'select',
                  label: t('coupons.form.audience'),
                  options: choice('coupons.audience', COUPON_AUDIENCES),
                  width: 'xs',
                  disabled: locked,
                },
              ]}
            />
            {values.Audience === 'grades' && (
              <CheckList
                legend={t('coupons.form.grades')}
                options={(options.data?.Grades ?? []).map((grade) => ({
                  value: grade.Id,
                  label: grade.Name,
                }))}
                chosen={values.AudienceGradeIds}
                disabled={locked}
                error={errorAt(form.formState.errors, 'AudienceGradeIds')}
                empty="coupons.form.noGrades"
                onChange={(ids) => set('AudienceGradeIds', ids)}
              />
            )}
          </FormSection>
        ) : (
          <FormSection title={t('coupons.form.storesSection')}>
            <CheckList
              legend={t('coupons.form.stores')}
              options={(stores.data?.Data ?? []).map((store) => ({ value: store.Id, label: store.Title }))}
              chosen={values.StoreIds}
              disabled={locked}
              error={errorAt(form.formState.errors, 'StoreIds')}
              empty="coupons.form.noStores"
              onChange={(ids) => set('StoreIds', ids)}
            />
            <Text color="fg.muted" fontSize="sm">
              <FormattedMessage id="coupons.form.storesHelp" />
            </Text>
          </FormSection>
        )}
      </Stack>
    </form>
  );
}

/** /marketing/couponActivity/editCoupon: a coupon, new (no id; `?channel=offline` for a store one) or existing. */
function CouponFormPage() {
  const record = useRecord(getCouponInfo, { allowNew: true });
  const [search] = useSearchParams();
  const channel = search.get('channel') === 'offline' ? 'offline' : 'online';
  return (
    <RecordView
      record={record}
      renderNew={() => (
        <CouponEditor key={`new-${channel}`} draft={newCouponDraft(shopDate(new Date()), channel)} />
      )}
    >
      {(data) => (
        <CouponEditor
          key={`${data.Data.Id}-${data.Data.Version}`}
          row={data.Data}
          draft={couponDraft(data.Data, new Map(data.ScopeItems.map((item) => [item.Id, item.Name])))}
        />
      )}
    </RecordView>
  );
}

export default withModuleMessages(CouponFormPage, couponCatalogues);
