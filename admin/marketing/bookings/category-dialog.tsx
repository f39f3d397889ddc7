import { Stack } from '@chakra-ui/react';
import { useIntl } from 'react-intl';
import { CATEGORY_NAME_MAX } from '../../../contract/booking';
import { type BookingCategoryRow, bindBookingCategory } from '../../../contract/endpoints/booking-forms';
import { FormDialog } from '../../../src/lib/form-dialog';
import { FormFields } from '../../core/form-field';
import { useResourceForm } from '../../core/use-resource-form';

interface CategoryDraft {
  Name: string;
  Sort: number;
}

/** Adds a category (no row) or renames and re-sorts one, in a dialog over the list. */
export function CategoryDialog({ row, onClose }: { row: BookingCategoryRow | null; onClose(): void }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const { form, submit } = useResourceForm({
    defaultValues: { Name: row?.Name ?? '', Sort: row?.Sort ?? 0 },
    save: bindBookingCategory,
    toInput: (draft: CategoryDraft) => ({ ...draft, ...(row ? { Id: row.Id } : {}) }),
    savedMessage: row ? 'bookingCategories.saved' : 'bookingCategories.added',
    afterSave: () => {
      onClose();
      return undefined;
    },
  });
  return (
    <FormDialog
      title={t(row ? 'bookingCategories.editTitle' : 'bookingCategories.addTitle')}
      submitLabel={t('engine.save')}
      onSubmit={() => void submit()}
      onClose={onClose}
      busy={form.formState.isSubmitting}
      size="sm"
    >
      <Stack gap="4">
        <FormFields
          form={form}
          fields={[
            {
              name: 'Name',
              kind: 'text',
              label: t('bookingCategories.field.Name'),
              required: true,
              maxLength: CATEGORY_NAME_MAX,
            },
            {
              name: 'Sort',
              kind: 'number',
              label: t('bookingCategories.field.Sort'),
              help: t('bookingCategories.field.SortHelp'),
            },
          ]}
        />
      </Stack>
    </FormDialog>
  );
}

/** The row action's dialog: edits the one row it was opened on. */
export function EditCategoryDialog({ rows, onClose }: { rows: BookingCategoryRow[]; onClose(): void }) {
  return <CategoryDialog row={rows[0]!} onClose={onClose} />;
}
