import {
  Box,
  Button,
  Checkbox,
  Field,
  Flex,
  Heading,
  HStack,
  IconButton,
  RadioGroup,
  Stack,
  Text,
  Textarea,
} from '@chakra-ui/react';
import { Controller, useWatch } from 'react-hook-form';
import { FormattedMessage, useIntl } from 'react-intl';
import {
  getReceiptSetting,
  RECEIPT_FIELDS,
  RECEIPT_PAPERS,
  type ReceiptSetting,
  setReceiptSetting,
} from '../../../contract/endpoints/orders';
import { withModuleMessages } from '../../../src/lib/i18n/module-messages';
import { FormField, FormSection } from '../../core/form-field';
import { PageHeading, RecordView, useRouteTitle } from '../../core/record-view';
import { useRecord } from '../../core/use-record';
import { useResourceForm } from '../../core/use-resource-form';
import { orderCounterCatalogues } from '../settings-and-offline/messages';
import { moveField, type Receipt, type ReceiptField, toggleField } from './receipt-blocks';
import { ReceiptPaper } from './receipt-paper';

/** A made-up order to preview the settings with (its text from the catalogue). */
function sampleReceipt(t: (id: string) => string): Receipt {
  const now = new Date().toISOString();
  return {
    ShopName: t('orders.receipt.sample.shop'),
    OrderNo: 'U0000000000001',
    CreatedAt: now,
    PaidAt: now,
    Cashier: t('orders.receipt.sample.cashier'),
    BuyerName: t('orders.receipt.sample.buyer'),
    BuyerPhone: '13800000000',
    Lines: [
      {
        Name: t('orders.receipt.sample.goods1'),
        SpecText: '500g',
        Quantity: 2,
        UnitFen: 3990,
        AmountFen: 7980,
      },
      { Name: t('orders.receipt.sample.goods2'), SpecText: '', Quantity: 1, UnitFen: 1250, AmountFen: 1250 },
    ],
    GoodsFen: 9230,
    FreightFen: 0,
    DiscountFen: 230,
    AdjustFen: 0,
    TotalFen: 9000,
    PaidFen: 9000,
    PaymentMethod: 'cash',
    Remark: t('orders.receipt.sample.remark'),
  };
}

function FieldChooser({ value, onChange }: { value: ReceiptField[]; onChange(next: ReceiptField[]): void }) {
  const intl = useIntl();
  const label = (field: ReceiptField) => intl.formatMessage({ id: `orders.receipt.field.${field}` });
  // Printed parts first, in their order, then the others.
  const ordered = [...value, ...RECEIPT_FIELDS.filter((field) => !value.includes(field))];
  return (
    <Stack gap="1" role="group" aria-label={intl.formatMessage({ id: 'orders.receipt.fields' })}>
      {ordered.map((field) => {
        const index = value.indexOf(field);
        const on = index >= 0;
        return (
          <HStack key={field} gap="2">
            <Checkbox.Root
              width="48"
              checked={on}
              onCheckedChange={(event) => onChange(toggleField(value, field, event.checked === true))}
            >
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>{label(field)}</Checkbox.Label>
            </Checkbox.Root>
            {on && (
              <>
                <IconButton
                  size="2xs"
                  variant="ghost"
                  disabled={index === 0}
                  aria-label={intl.formatMessage({ id: 'orders.receipt.moveUp' }, { field: label(field) })}
                  onClick={() => onChange(moveField(value, field, -1))}
                >
                  <span aria-hidden="true">↑</span>
                </IconButton>
                <IconButton
                  size="2xs"
                  variant="ghost"
                  disabled={index === value.length - 1}
                  aria-label={intl.formatMessage({ id: 'orders.receipt.moveDown' }, { field: label(field) })}
                  onClick={() => onChange(moveField(value, field, 1))}
                >
                  <span aria-hidden="true">↓</span>
                </IconButton>
              </>
            )}
          </HStack>
        );
      })}
    </Stack>
  );
}

function ReceiptSettingForm({ data }: { data: ReceiptSetting & { Version: number } }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const title = useRouteTitle();
  const { Version, ...defaults } = data;
  const { form, submit } = useResourceForm({
    defaultValues: defaults,
    save: setReceiptSetting,
    toInput: (values: ReceiptSetting) => ({ ...values, Version }),
    savedMessage: 'orders.settings.saved',
  });
  const { errors, isDirty, isSubmitting } = form.formState;
  const live = useWatch({ control: form.control }) as ReceiptSetting;

  return (
    <form aria-label={title} onSubmit={submit} noValidate>
      <Stack gap="4" padding="5">
        <PageHeading>
          <Button variant="outline" disabled={!isDirty} onClick={() => form.reset()}>
            <FormattedMessage id="orders.settings.discard" />
          </Button>
          <Button type="submit" colorPalette="brand" loading={isSubmitting} loadingText={t('engine.saving')}>
            <FormattedMessage id="engine.save" />
          </Button>
        </PageHeading>
        <Flex gap="4" align="start" wrap="wrap">
          <Stack gap="4" flex="1" minWidth="96">
            <FormSection title={t('orders.receipt.printer')}>
              <Controller
                control={form.control}
                name="Paper"
                render={({ field }) => (
                  <Field.Root>
                    <Field.Label id="receipt-paper-label">
                      <FormattedMessage id="orders.receipt.paper" />
                    </Field.Label>
                    <RadioGroup.Root
                      value={field.value}
                      onValueChange={(details) => field.onChange(details.value)}
                      aria-labelledby="receipt-paper-label"
                    >
                      <HStack gap="6">
                        {RECEIPT_PAPERS.map((paper) => (
                          <RadioGroup.Item key={paper} value={paper}>
                            <RadioGroup.ItemHiddenInput onBlur={field.onBlur} />
                            <RadioGroup.ItemIndicator />
                            <RadioGroup.ItemText>
                              {t('orders.receipt.paperSize', { paper })}
                            </RadioGroup.ItemText>
                          </RadioGroup.Item>
                        ))}
                      </HStack>
                    </RadioGroup.Root>
                  </Field.Root>
                )}
              />
              <FormField
                form={form}
                spec={{
                  name: 'Copies',
                  kind: 'number',
                  width: '40',
                  label: t('orders.receipt.copies'),
                  help: t('orders.receipt.copiesHelp'),
                }}
              />
            </FormSection>
            <FormSection title={t('orders.receipt.content')}>
              {(['Header', 'Footer'] as const).map((name) => (
                <Field.Root key={name} invalid={Boolean(errors[name])}>
                  <Field.Label>
                    <FormattedMessage id={`orders.receipt.${name}`} />
                  </Field.Label>
                  <Textarea rows={2} {...form.register(name)} />
                  <Field.ErrorText>{errors[name]?.message}</Field.ErrorText>
                </Field.Root>
              ))}
              <Controller
                control={form.control}
                name="Fields"
                render={({ field }) => <FieldChooser value={field.value} onChange={field.onChange} />}
              />
              {errors.Fields && <Text color="fg.error">{errors.Fields.message}</Text>}
            </FormSection>
          </Stack>
          <Box
            as="section"
            bg="bg"
            borderRadius="md"
            borderWidth="1px"
            padding="5"
            aria-label={t('orders.receipt.preview')}
          >
            <Heading as="h2" size="md" marginBottom="4">
              <FormattedMessage id="orders.receipt.preview" />
            </Heading>
            <Box borderWidth="1px" padding="3" bg="white" width="fit-content">
              <ReceiptPaper
                setting={{
                  Paper: live.Paper ?? defaults.Paper,
                  Header: live.Header ?? '',
                  Footer: live.Footer ?? '',
                  Fields: live.Fields ?? defaults.Fields,
                }}
                receipt={sampleReceipt(t)}
              />
            </Box>
          </Box>
        </Flex>
      </Stack>
    </form>
  );
}

/** /order/receiptPrinting: the receipt printer's paper, copies, texts and parts, with a preview. */
function ReceiptSettingPage() {
  const record = useRecord(getReceiptSetting, { input: {} });
  return (
    <RecordView record={record}>
      {(setting) => <ReceiptSettingForm key={setting.Data.Version} data={setting.Data} />}
    </RecordView>
  );
}

export default withModuleMessages(ReceiptSettingPage, orderCounterCatalogues);
