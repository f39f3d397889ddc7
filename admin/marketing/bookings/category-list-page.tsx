import { useSearchParams } from 'react-router-dom';
import {
  type BookingCategoryRow,
  bookingCategoryListResource,
  deleteBookingCategory,
} from '../../../contract/endpoints/booking-forms';
import { BookingPermission } from '../../../contract/machines/booking';
import { withModuleMessages } from '../../../src/lib/i18n/module-messages';
import { columnKinds } from '../../core/column-kinds';
import type { ResourceDefinition } from '../../core/resource-definition';
import { ResourceScreen } from '../../core/resource-screen';
import { CategoryDialog, EditCategoryDialog } from './category-dialog';
import { bookingCatalogues } from './messages';

const column = columnKinds<BookingCategoryRow>('bookingCategories.column');

/**
 * /marketing/bespeakForm/formClassify: the categories booking forms are filed under. The menu has no
 * edit route for them: adding opens a dialog named in the address (`?add=1`), editing a row's dialog.
 */
const categoryDefinition: ResourceDefinition<BookingCategoryRow> = {
  list: bookingCategoryListResource,
  path: BookingPermission.categories,
  rowKey: (row) => row.Id,
  rowName: (row) => row.Name,
  columns: [
    column.text('name', (row) => row.Name),
    column.number('forms', (row) => row.Forms),
    column.number('sort', (row) => row.Sort, { sort: 'sort' }),
    column.time('createdAt', (row) => row.CreatedAt, { sort: 'createdAt' }),
  ],
  toolbar: [
    {
      label: 'bookingCategories.add',
      to: `${BookingPermission.categories}?add=1`,
      permission: BookingPermission.categories,
      primary: true,
    },
  ],
  actions: [
    {
      kind: 'command',
      id: 'edit',
      label: 'bookingCategories.edit',
      permission: BookingPermission.categories,
      dialog: EditCategoryDialog,
    },
    {
      kind: 'link',
      id: 'forms',
      label: 'bookingCategories.viewForms',
      permission: BookingPermission.forms,
      to: (row) => `${BookingPermission.forms}?categoryId=${row.Id}`,
    },
    {
      kind: 'command',
      id: 'delete',
      label: 'bookingCategories.delete',
      permission: BookingPermission.categories,
      destructive: true,
      confirm: 'bookingCategories.confirm.delete',
      call: (Ids) => ({ endpoint: deleteBookingCategory, input: { Ids } }),
      on: 'both',
    },
  ],
};

function BookingCategoryListPage() {
  const [search, setSearch] = useSearchParams();
  const close = () => {
    const next = new URLSearchParams(search);
    next.delete('add');
    setSearch(next, { replace: true });
  };
  return (
    <ResourceScreen definition={categoryDefinition}>
      {search.get('add') !== null && <CategoryDialog row={null} onClose={close} />}
    </ResourceScreen>
  );
}

export default withModuleMessages(BookingCategoryListPage, bookingCatalogues);
