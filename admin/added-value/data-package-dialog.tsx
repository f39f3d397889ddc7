import { Stack } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import {
  type DataPackageRow,
  dataSizeLabel,
  getDataProducts,
  saveDataPackage,
} from '../../contract/endpoints/data-recharge';
import { FormDialog } from '../../src/lib/form-dialog';
import { fenToYuan } from '../../src/lib/format';
import { endpointQuery } from '../../src/lib/query-options';
import { type FieldSpec, FormFields } from '../core/form-field';
import { fenToYuanText, yuanToFen } from '../core/list-state';
import { useResourceForm } from '../core/use-resource-form';

interface DataPackageDraft {
  Code: string;
  ProductId: string;
  Price: string;
  Enabled: boolean;
  Sort: number;
}

const RENAMES = { PriceFen: 'Price' };

/** Adds a data package the shop sells (`row` null) or edits one: its product, code and member price. */
export function DataPackageDialog({ row, onClose }: { row: DataPackageRow | null; onClose(): void }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const products = useQuery(endpointQuery(getDataProducts, {}));
  const { form, submit } = useResourceForm({
    defaultValues: {
      Code: row?.Code ?? '',
      ProductId: row ? String(row.ProductId) : '',
      Price: row ? fenToYuanText(row.PriceFen) : '',
      Enabled: row?.Enabled ?? true,
      Sort: row?.Sort ?? 0,
    },
    save: saveDataPackage,
    renames: RENAMES,
    toInput: (draft: DataPackageDraft) => ({
      ...(row ? { Id: row.Id, Version: row.Version } : {}),
      Code: draft.Code,
      ProductId: draft.ProductId === '' ? undefined : Number(draft.ProductId),
      // Text that is not an amount goes on as text, so the schema names the field.
      PriceFen: yuanToFen(draft.Price) ?? (draft.Price.trim() === '' ? undefined : draft.Price),
      Enabled: draft.Enabled,
      Sort: draft.Sort,
    }),
    savedMessage: 'dataPackages.saved',
    afterSave: () => {
      onClose();
      return undefined;
    },
  });
  const productOptions = (products.data?.Data ?? []).map((product) => ({
    value: String(product.Id),
    label: intl.formatMessage(
      { id: 'dataPackages.field.product' },
      {
        carrier: t(`dataPackages.carrier.${product.Carrier}`),
        size: dataSizeLabel(product.SizeMb),
        cost: fenToYuan(product.CostFen),
      },
    ),
  }));
  const fields: FieldSpec<DataPackageDraft>[] = [
    {
      name: 'ProductId',
      kind: 'select',
      label: t('dataPackages.field.ProductId'),
      required: true,
      options: [{ value: '', label: t('sms.send.choose') }, ...productOptions],
    },
    {
      name: 'Code',
      kind: 'text',
      label: t('dataPackages.field.Code'),
      help: t('dataPackages.field.CodeHelp'),
      required: true,
      maxLength: 16,
    },
    {
      name: 'Price',
      kind: 'text',
      label: t('dataPackages.field.Price'),
      required: true,
      inputMode: 'decimal',
    },
    {
      name: 'Sort',
      kind: 'number',
      label: t('dataPackages.field.Sort'),
      help: t('dataPackages.field.SortHelp'),
    },
    { name: 'Enabled', kind: 'checkbox', label: t('dataPackages.field.Enabled') },
  ];
  return (
    <FormDialog
      title={t(row ? 'dataPackages.edit' : 'dataPackages.add')}
      submitLabel={t('engine.save')}
      onSubmit={() => void submit()}
      onClose={onClose}
      busy={form.formState.isSubmitting}
      size="md"
    >
      <Stack gap="4">
        <FormFields form={form} fields={fields} />
      </Stack>
    </FormDialog>
  );
}

export function EditDataPackageDialog({ rows, onClose }: { rows: DataPackageRow[]; onClose(): void }) {
  return <DataPackageDialog row={rows[0]!} onClose={onClose} />;
}
