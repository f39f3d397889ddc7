import { Box, Button, HStack, SimpleGrid, Stack, Table, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { Controller, type Path, type UseFormReturn, useFieldArray, useWatch } from 'react-hook-form';
import { FormattedMessage, useIntl } from 'react-intl';
import { getSelectCouponList } from '../../../contract/endpoints/coupons';
import { getSelectProducts } from '../../../contract/endpoints/goods';
import {
  bindLottery,
  getLotteryInfo,
  LOTTERY_RULES_MAX,
  LOTTERY_SUMMARY_MAX,
  LOTTERY_TITLE_MAX,
  type LotteryDetail,
  NOTHING_TEXT_MAX,
  PRIZE_NAME_MAX,
} from '../../../contract/endpoints/lotteries';
import { ENTRY_MODES, MAX_PRIZES, PRIZE_KINDS } from '../../../contract/lottery';
import { LotteryPermission } from '../../../contract/machines/lottery';
import { withModuleMessages } from '../../../src/lib/i18n/module-messages';
import { ImageField } from '../../../src/lib/image-library/image-field';
import { endpointQuery } from '../../../src/lib/query-options';
import { errorAt, type FieldSpec, FormField, FormFields, FormSection } from '../../core/form-field';
import { FormHeading, RecordView } from '../../core/record-view';
import { useRecord } from '../../core/use-record';
import { useResourceForm } from '../../core/use-resource-form';
import {
  basisPointsText,
  LOTTERY_RENAMES,
  type LotteryDraft,
  lotteryDraft,
  lotteryInput,
  newPrize,
  nothingLeft,
} from './lottery-form';
import { lotteryCatalogues } from './messages';

type Spec = FieldSpec<LotteryDraft>;
type Option = { value: string; label: string };

/** The shop's online coupons on offer and its goods that ship: what coupon and goods prizes give. */
function usePrizeOptions(): { coupons: Option[]; goods: Option[] } {
  const coupons = useQuery(endpointQuery(getSelectCouponList, { channel: 'online', pageSize: 100, page: 1 }));
  const goods = useQuery(endpointQuery(getSelectProducts, { kind: 'physical', pageSize: 100, page: 1 }));
  return {
    coupons: (coupons.data?.Data ?? []).map((row) => ({ value: String(row.Id), label: row.Title })),
    goods: (goods.data?.Data ?? []).map((row) => ({ value: String(row.Id), label: row.Name })),
  };
}

/** The prizes as a table, one band of chance each, and the rest that draws nothing below them. */
function PrizeTable({ form }: { form: UseFormReturn<LotteryDraft> }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const prizes = useFieldArray({ control: form.control, name: 'Prizes' });
  const values = useWatch({ control: form.control, name: 'Prizes' }) ?? [];
  const nothingText = useWatch({ control: form.control, name: 'NothingText' });
  const options = usePrizeOptions();
  const left = nothingLeft(values);
  const cell = (
    index: number,
    name: string,
    spec: Omit<Spec, 'name' | 'label' | 'hideLabel'>,
    label: string,
  ) => (
    <Table.Cell verticalAlign="top">
      <FormField
        form={form}
        spec={{
          ...spec,
          name: `Prizes.${index}.${name}` as Path<LotteryDraft>,
          label: t('lotteries.form.ofPrize', { field: label, n: index + 1 }),
          hideLabel: true,
        }}
      />
    </Table.Cell>
  );
  const choose = (placeholder: string, list: Option[]) => [{ value: '', label: placeholder }, ...list];
  const error = errorAt(form.formState.errors, 'Prizes');
  return (
    <Stack gap="3">
      <Box overflowX="auto">
        <Table.Root size="sm" aria-label={t('lotteries.form.prizesTable')}>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>{t('lotteries.form.prizeKind')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('lotteries.form.prizeName')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('lotteries.form.gives')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('lotteries.form.chance')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('lotteries.form.stock')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('lotteries.form.won')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('lotteries.form.actions')}</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {prizes.fields.map((field, index) => {
              const kind = values[index]?.Kind ?? field.Kind;
              const gives =
                kind === 'points'
                  ? cell(index, 'Points', { kind: 'number' }, t('lotteries.form.points'))
                  : kind === 'balance'
                    ? cell(
                        index,
                        'Balance',
                        { kind: 'text', inputMode: 'decimal' },
                        t('lotteries.form.balance'),
                      )
                    : kind === 'coupon'
                      ? cell(
                          index,
                          'CouponId',
                          {
                            kind: 'select',
                            options: choose(t('lotteries.form.chooseCoupon'), options.coupons),
                          },
                          t('lotteries.form.coupon'),
                        )
                      : cell(
                          index,
                          'ProductId',
                          { kind: 'select', options: choose(t('lotteries.form.chooseGoods'), options.goods) },
                          t('lotteries.form.goods'),
                        );
              return (
                <Table.Row key={field.id}>
                  {cell(
                    index,
                    'Kind',
                    {
                      kind: 'select',
                      options: PRIZE_KINDS.map((value) => ({ value, label: t(`lotteries.kind.${value}`) })),
                    },
                    t('lotteries.form.prizeKind'),
                  )}
                  {cell(
                    index,
                    'Name',
                    { kind: 'text', maxLength: PRIZE_NAME_MAX },
                    t('lotteries.form.prizeName'),
                  )}
                  {gives}
                  {cell(index, 'Chance', { kind: 'text', inputMode: 'decimal' }, t('lotteries.form.chance'))}
                  {cell(index, 'Stock', { kind: 'number' }, t('lotteries.form.stock'))}
                  <Table.Cell verticalAlign="top">{values[index]?.Won ?? 0}</Table.Cell>
                  <Table.Cell verticalAlign="top">
                    <Button size="xs" variant="ghost" colorPalette="red" onClick={() => prizes.remove(index)}>
                      <FormattedMessage id="lotteries.form.removePrize" values={{ n: index + 1 }} />
                    </Button>
                  </Table.Cell>
                </Table.Row>
              );
            })}
            <Table.Row>
              <Table.Cell>
                <FormattedMessage id="lotteries.kind.nothing" />
              </Table.Cell>
              <Table.Cell>{nothingText}</Table.Cell>
              <Table.Cell>—</Table.Cell>
              <Table.Cell aria-live="polite">
                {left === null
                  ? '—'
                  : left < 0
                    ? t('lotteries.form.chancesOver')
                    : `${basisPointsText(left)} %`}
              </Table.Cell>
              <Table.Cell>—</Table.Cell>
              <Table.Cell />
              <Table.Cell />
            </Table.Row>
          </Table.Body>
        </Table.Root>
      </Box>
      {error && (
        <Text fontSize="sm" color="red.700" role="alert">
          {error}
        </Text>
      )}
      <HStack>
        <Button
          size="sm"
          variant="outline"
          disabled={prizes.fields.length >= MAX_PRIZES}
          onClick={() => prizes.append(newPrize())}
        >
          <FormattedMessage id="lotteries.form.addPrize" />
        </Button>
        <Text color="fg.muted" fontSize="sm">
          <FormattedMessage id="lotteries.form.chanceHelp" values={{ max: MAX_PRIZES }} />
        </Text>
      </HStack>
    </Stack>
  );
}

function LotteryEditor({ row }: { row: LotteryDetail | null }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const { form, submit } = useResourceForm({
    defaultValues: lotteryDraft(row, t('lotteries.form.nothingDefault')),
    save: bindLottery,
    toInput: (draft: LotteryDraft) => lotteryInput(draft, row),
    renames: LOTTERY_RENAMES,
    savedMessage: 'lotteries.form.saved',
    afterSave: () => ({ to: LotteryPermission.list }),
  });
  const basics: Spec[] = [
    {
      name: 'Title',
      kind: 'text',
      label: t('lotteries.form.title'),
      required: true,
      maxLength: LOTTERY_TITLE_MAX,
    },
    { name: 'Summary', kind: 'text', label: t('lotteries.form.summary'), maxLength: LOTTERY_SUMMARY_MAX },
    { name: 'Rules', kind: 'textarea', label: t('lotteries.form.rules'), maxLength: LOTTERY_RULES_MAX },
  ];
  const entry: Spec[] = [
    {
      name: 'EntryMode',
      kind: 'select',
      label: t('lotteries.form.entryMode'),
      options: ENTRY_MODES.map((value) => ({ value, label: t(`lotteries.entry.${value}`) })),
    },
    {
      name: 'PointsCost',
      kind: 'number',
      label: t('lotteries.form.pointsCost'),
      required: true,
      visibleWhen: (values) => values.EntryMode === 'points',
    },
    {
      name: 'DailyLimit',
      kind: 'number',
      label: t('lotteries.form.dailyLimit'),
      help: t('lotteries.form.limitHelp'),
    },
    {
      name: 'TotalLimit',
      kind: 'number',
      label: t('lotteries.form.totalLimit'),
      help: t('lotteries.form.limitHelp'),
    },
  ];
  const window: Spec[] = [
    { name: 'StartsAt', kind: 'datetime-local', label: t('lotteries.form.startsAt'), required: true },
    { name: 'EndsAt', kind: 'datetime-local', label: t('lotteries.form.endsAt'), required: true },
  ];
  const state: Spec[] = [
    { name: 'SwitchedOn', kind: 'checkbox', label: t('lotteries.form.switchedOn') },
    {
      name: 'Sort',
      kind: 'number',
      width: '40',
      label: t('lotteries.form.sort'),
      help: t('lotteries.form.sortHelp'),
    },
  ];
  const nothing: Spec[] = [
    {
      name: 'NothingText',
      kind: 'text',
      label: t('lotteries.form.nothingText'),
      required: true,
      maxLength: NOTHING_TEXT_MAX,
    },
  ];
  const title = t(row ? 'lotteries.form.editTitle' : 'lotteries.form.createTitle');
  return (
    <form aria-label={title} onSubmit={submit} noValidate>
      <Stack gap="4" padding="5">
        <FormHeading
          title={title}
          backTo={LotteryPermission.list}
          backLabel={t('lotteries.form.backToList')}
          saving={form.formState.isSubmitting}
        />
        <FormSection title={t('lotteries.form.basics')}>
          <FormFields form={form} fields={basics} />
          <Controller
            control={form.control}
            name="Image"
            render={({ field }) => (
              <ImageField
                label={t('lotteries.form.image')}
                value={field.value}
                onChange={(url) => form.setValue('Image', url, { shouldDirty: true })}
              />
            )}
          />
        </FormSection>
        <FormSection title={t('lotteries.form.entry')}>
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            <FormFields form={form} fields={entry} />
          </SimpleGrid>
        </FormSection>
        <FormSection title={t('lotteries.form.prizes')}>
          <FormFields form={form} fields={nothing} />
          <PrizeTable form={form} />
        </FormSection>
        <FormSection title={t('lotteries.form.window')}>
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            <FormFields form={form} fields={window} />
          </SimpleGrid>
          <FormFields form={form} fields={state} />
        </FormSection>
      </Stack>
    </form>
  );
}

/** /marketing/editLotteryActivity: a new lucky draw, or (?id=) an existing one with its prizes. */
function LotteryEditPage() {
  const record = useRecord(getLotteryInfo, { allowNew: true });
  return (
    <RecordView record={record} renderNew={() => <LotteryEditor key="new" row={null} />}>
      {(row) => <LotteryEditor key={`${row.Id}-${row.Version}`} row={row} />}
    </RecordView>
  );
}

export default withModuleMessages(LotteryEditPage, lotteryCatalogues);
