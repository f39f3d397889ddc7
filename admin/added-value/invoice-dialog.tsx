import { Stack } from '@chakra-ui/react';
import { useIntl } from 'react-intl';
import {
  INVOICE_TITLE_MAX,
  type PurchaseRow,
  requestInvoice,
} from '../../contract/endpoints/recharge-records';
import { FormDialog } from '../../src/lib/form-dialog';
import { type FieldSpec, FormFields } from '../core/form-field';
import { useResourceForm } from '../core/use-resource-form';

interface InvoiceDraft {
  Title: string;
  TaxNo: string;
  Email: string;
}

/** Asks the platform for an invoice of a paid purchase: its title, taxpayer number and email. */
export function InvoiceDialog({ rows, onClose }: { rows: PurchaseRow[]; onClose(): void }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const purchase = rows[0]!;
  const { form, submit } = useResourceForm({
    defaultValues: { Title: '', TaxNo: '', Email: '' },
    save: requestInvoice,
    toInput: (draft: InvoiceDraft) => ({ PurchaseId: purchase.Id, ...draft }),
    savedMessage: 'rechargeRecords.invoiceRequested',
    afterSave: () => {
      onClose();
      return undefined;
    },
  });
  const fields: FieldSpec<InvoiceDraft>[] = [
    {
      name: 'Title',
      kind: 'text',
      label: t('rechargeRecords.field.Title'),
      required: true,
      maxLength: INVOICE_TITLE_MAX,
    },
    {
      name: 'TaxNo',
      kind: 'text',
      label: t('rechargeRecords.field.TaxNo'),
      help: t('rechargeRecords.field.TaxNoHelp'),
      maxLength: 20,
    },
    { name: 'Email', kind: 'text', label: t('rechargeRecords.field.Email'), required: true, maxLength: 100 },
  ];
  return (
    <FormDialog
      title={intl.formatMessage({ id: 'rechargeRecords.invoiceTitle' }, { number: purchase.PurchaseNo })}
      submitLabel={t('rechargeRecords.requestInvoice')}
      onSubmit={() => void submit()}
      onClose={onClose}
      busy={form.formState.isSubmitting}
    >
      <Stack gap="4">
        <FormFields form={form} fields={fields} />
      </Stack>
    </FormDialog>
  );
}
