import {
  Box,
  Button,
  Field,
  HStack,
  Input,
  NativeSelect,
  SimpleGrid,
  Stack,
  Table,
  Text,
} from '@chakra-ui/react';
import { useRef, useState } from 'react';
import { type Path, type UseFormReturn, useFieldArray, useWatch } from 'react-hook-form';
import { FormattedMessage, useIntl } from 'react-intl';
import {
  FREIGHT_LIST_PERMISSION,
  type FreightTemplate,
  getFreightTemplateInfo,
  saveFreightTemplate,
} from '../../../contract/endpoints/freight-templates';
import { getFreightTemplates } from '../../../contract/endpoints/goods';
import { CHARGE_MODES, type ChargeMode, FREE_WHEN, FREIGHT_NAME_MAX } from '../../../contract/freight';
import { withModuleMessages } from '../../../src/lib/i18n/module-messages';
import { type IssueLike, issueMessage } from '../../core/form-binding';
import { errorAt, type FieldSpec, FormFields, FormSection } from '../../core/form-field';
import { FormHeading, RecordView } from '../../core/record-view';
import { useRecord } from '../../core/use-record';
import { useResourceForm } from '../../core/use-resource-form';
import {
  blankRule,
  FREIGHT_RENAMES,
  type FreightDraft,
  freightDraft,
  freightInput,
  newFreightDraft,
  regionNames,
  regionOwners,
} from './freight-form';
import { freightCatalogues } from './messages';
import { RegionPickerDialog } from './region-picker';

type Form = UseFormReturn<FreightDraft>;
type RulePath = 'DefaultRule' | `Rules.${number}`;

/**
 * One typed amount of a rule, named by its column and its rule for assistive technology; `caption`
 * shows what it is where no column header does.
 */
function AmountInput({
  form,
  path,
  label,
  caption,
}: {
  form: Form;
  path: Path<FreightDraft>;
  label: string;
  caption?: string;
}) {
  const message = errorAt(form.formState.errors, path);
  return (
    <Field.Root invalid={Boolean(message)}>
      {caption && (
        <Text fontSize="xs" color="fg.muted" aria-hidden="true">
          {caption}
        </Text>
      )}
      <Input size="sm" minWidth="20" inputMode="decimal" aria-label={label} {...form.register(path)} />
      <Field.ErrorText color="red.700">{message}</Field.ErrorText>
    </Field.Root>
  );
}

/** The amount, fee and free-shipping cells of the default rule or a region rule. */
function RuleCells({
  form,
  path,
  ruleName,
  mode,
}: {
  form: Form;
  path: RulePath;
  ruleName: string;
  mode: ChargeMode;
}) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const named = (field: string) => t('freight.form.cell', { field, rule: ruleName });
  const freeWhen = useWatch({
    control: form.control,
    name: `${path}.FreeWhen` as Path<FreightDraft>,
  }) as string;
  const cells: [string, string][] = [
    ['First', t(`freight.form.first.${mode}`)],
    ['FirstFee', t('freight.form.firstFee')],
    ['Next', t(`freight.form.next.${mode}`)],
    ['NextFee', t('freight.form.nextFee')],
  ];
  return (
    <>
      {cells.map(([field, label]) => (
        <Table.Cell key={field} verticalAlign="top">
          <AmountInput form={form} path={`${path}.${field}` as Path<FreightDraft>} label={named(label)} />
        </Table.Cell>
      ))}
      <Table.Cell verticalAlign="top">
        <Stack gap="2" minWidth="56">
          <NativeSelect.Root size="sm">
            <NativeSelect.Field
              aria-label={named(t('freight.form.free'))}
              {...form.register(`${path}.FreeWhen` as Path<FreightDraft>)}
            >
              {FREE_WHEN.map((when) => (
                <option key={when} value={when}>
                  {t(`freight.form.freeWhen.${when}`)}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          {(freeWhen === 'quantity' || freeWhen === 'both') && (
            <AmountInput
              form={form}
              path={`${path}.FreeQuantity` as Path<FreightDraft>}
              label={named(t('freight.form.freeQuantity'))}
              caption={t('freight.form.freeQuantity')}
            />
          )}
          {(freeWhen === 'amount' || freeWhen === 'both') && (
            <AmountInput
              form={form}
              path={`${path}.FreeAmount` as Path<FreightDraft>}
              label={named(t('freight.form.freeAmount'))}
              caption={t('freight.form.freeAmount')}
            />
          )}
        </Stack>
      </Table.Cell>
    </>
  );
}

/** A list of regions as text, with its error and the button that opens the picker. */
function RegionsCell({
  names,
  empty,
  error,
  buttonLabel,
  buttonText,
  onChoose,
}: {
  names: string[];
  empty: string;
  error?: string;
  buttonLabel: string;
  buttonText: string;
  onChoose(): void;
}) {
  return (
    <Stack gap="1" align="start" maxWidth="72">
      <Text fontSize="sm" color={names.length ? undefined : 'fg.muted'}>
        {names.length ? names.join('、') : empty}
      </Text>
      {error && (
        <Text fontSize="xs" color="red.700">
          {error}
        </Text>
      )}
      <Button size="xs" variant="outline" aria-label={buttonLabel} onClick={onChoose}>
        {buttonText}
      </Button>
    </Stack>
  );
}

function FreightEditor({ detail }: { detail?: FreightTemplate }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const record = detail ? { Id: detail.Id, Version: detail.Version } : undefined;
  // Overlap messages name regions by code; the form says their names, as the operator chose them.
  const names = useRef(new Map<string, string>());
  const { form, submit } = useResourceForm({
    defaultValues: detail ? freightDraft(detail) : newFreightDraft(),
    save: saveFreightTemplate,
    toInput: (draft: FreightDraft) => freightInput(draft, record),
    renames: FREIGHT_RENAMES,
    issueMessage: (issue: IssueLike) => {
      const message = issueMessage(issue);
      const region = message.values?.region;
      return region === undefined
        ? message
        : { ...message, values: { ...message.values, region: names.current.get(String(region)) ?? region } };
    },
    savedMessage: 'freight.form.saved',
    // The goods form's template select reads them too.
    invalidates: [getFreightTemplates],
    afterSave: () => ({ to: FREIGHT_LIST_PERMISSION }),
  });
  const rules = useFieldArray({ control: form.control, name: 'Rules' });
  const values = useWatch({ control: form.control }) as FreightDraft;
  names.current = regionNames(values);
  const mode = values.ChargeMode;
  const [picking, setPicking] = useState<number | 'undeliverable' | null>(null);
  const errors = form.formState.errors;
  const ruleName = (index: number) => t('freight.form.ruleName', { rule: index + 1 });
  const regionText = (regions: FreightDraft['Undeliverable'] = []) => regions.map((region) => region.Name);

  const basics: FieldSpec<FreightDraft>[] = [
    {
      name: 'Name',
      kind: 'text',
      label: t('freight.form.name'),
      required: true,
      maxLength: FREIGHT_NAME_MAX,
    },
    {
      name: 'ChargeMode',
      kind: 'select',
      label: t('freight.form.chargeMode'),
      help: t(`freight.form.chargeModeHelp.${mode}`),
      options: CHARGE_MODES.map((value) => ({ value, label: t(`freight.mode.${value}`) })),
    },
  ];
  const title = t(detail ? 'freight.form.editTitle' : 'freight.form.createTitle');
  const pickingRegions =
    picking === null
      ? []
      : picking === 'undeliverable'
        ? values.Undeliverable
        : (values.Rules[picking]?.Regions ?? []);

  return (
    <Stack gap="4" padding="5">
      <form aria-label={title} onSubmit={submit} noValidate>
        <Stack gap="4">
          <FormHeading
            title={title}
            backTo={FREIGHT_LIST_PERMISSION}
            backLabel={t('freight.form.backToList')}
            saving={form.formState.isSubmitting}
          />

          <FormSection title={t('freight.form.basics')}>
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
              <FormFields form={form} fields={basics} />
            </SimpleGrid>
            {detail && (
              <Text fontSize="sm" color="fg.muted">
                <FormattedMessage id="freight.form.goodsUsing" values={{ count: detail.GoodsCount }} />
              </Text>
            )}
          </FormSection>

          <FormSection title={t('freight.form.rules')}>
            <Text fontSize="sm" color="fg.muted">
              <FormattedMessage id="freight.form.rulesHelp" />
            </Text>
            <Box overflowX="auto">
              <Table.Root size="sm" aria-label={t('freight.form.rulesTable')}>
                <Table.Header>
                  <Table.Row>
                    <Table.ColumnHeader>{t('freight.form.regions')}</Table.ColumnHeader>
                    <Table.ColumnHeader>{t(`freight.form.first.${mode}`)}</Table.ColumnHeader>
                    <Table.ColumnHeader>{t('freight.form.firstFee')}</Table.ColumnHeader>
                    <Table.ColumnHeader>{t(`freight.form.next.${mode}`)}</Table.ColumnHeader>
                    <Table.ColumnHeader>{t('freight.form.nextFee')}</Table.ColumnHeader>
                    <Table.ColumnHeader>{t('freight.form.free')}</Table.ColumnHeader>
                    <Table.ColumnHeader>{t('freight.form.actions')}</Table.ColumnHeader>
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  <Table.Row>
                    <Table.Cell verticalAlign="top">
                      <Text fontSize="sm">{t('freight.form.defaultRegions')}</Text>
                    </Table.Cell>
                    <RuleCells
                      form={form}
                      path="DefaultRule"
                      ruleName={t('freight.form.defaultRule')}
                      mode={mode}
                    />
                    <Table.Cell />
                  </Table.Row>
                  {rules.fields.map((field, index) => (
                    <Table.Row key={field.id}>
                      <Table.Cell verticalAlign="top">
                        <RegionsCell
                          names={regionText(values.Rules[index]?.Regions)}
                          empty={t('freight.form.noRegions')}
                          error={errorAt(errors, `Rules.${index}.Regions`)}
                          buttonLabel={t('freight.form.chooseRegionsOf', { rule: ruleName(index) })}
                          buttonText={t('freight.form.chooseRegions')}
                          onChoose={() => setPicking(index)}
                        />
                      </Table.Cell>
                      <RuleCells form={form} path={`Rules.${index}`} ruleName={ruleName(index)} mode={mode} />
                      <Table.Cell verticalAlign="top">
                        <Button
                          size="xs"
                          variant="ghost"
                          colorPalette="red"
                          onClick={() => rules.remove(index)}
                        >
                          <FormattedMessage id="freight.form.removeRule" values={{ rule: ruleName(index) }} />
                        </Button>
                      </Table.Cell>
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table.Root>
            </Box>
            {errorAt(errors, 'Rules') && (
              <Text fontSize="sm" color="red.700">
                {errorAt(errors, 'Rules')}
              </Text>
            )}
            <HStack>
              <Button
                size="sm"
                variant="outline"
                onClick={() => rules.append({ ...blankRule(mode), Regions: [] })}
              >
                <FormattedMessage id="freight.form.addRule" />
              </Button>
            </HStack>
          </FormSection>

          <FormSection title={t('freight.form.undeliverable')}>
            <Text fontSize="sm" color="fg.muted">
              <FormattedMessage id="freight.form.undeliverableHelp" />
            </Text>
            <RegionsCell
              names={regionText(values.Undeliverable)}
              empty={t('freight.form.noneUndeliverable')}
              error={errorAt(errors, 'Undeliverable')}
              buttonLabel={t('freight.form.chooseUndeliverable')}
              buttonText={t('freight.form.chooseUndeliverable')}
              onChoose={() => setPicking('undeliverable')}
            />
          </FormSection>
        </Stack>
      </form>
      {picking !== null && (
        <RegionPickerDialog
          title={
            picking === 'undeliverable'
              ? t('freight.picker.titleUndeliverable')
              : t('freight.picker.title', { rule: ruleName(picking) })
          }
          value={pickingRegions}
          owners={regionOwners(values, picking)}
          onClose={() => setPicking(null)}
          onApply={(regions) => {
            const path =
              picking === 'undeliverable' ? 'Undeliverable' : (`Rules.${picking}.Regions` as const);
            form.setValue(path, regions, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
            setPicking(null);
          }}
        />
      )}
    </Stack>
  );
}

/** /shop/editFreight: a new template (no id) or the one of `?id=`, opened from the template list. */
function FreightEditPage() {
  const record = useRecord(getFreightTemplateInfo, { allowNew: true });
  return (
    <RecordView record={record} renderNew={() => <FreightEditor key="new" />}>
      {(detail) => <FreightEditor key={`${detail.Id}-${detail.Version}`} detail={detail} />}
    </RecordView>
  );
}

export default withModuleMessages(FreightEditPage, freightCatalogues);
