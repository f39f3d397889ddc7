import type { z } from 'zod';
import {
  COLUMN_TITLE_MAX,
  getColumnInfo,
  getColumnList,
  SUMMARY_MAX,
  saveColumn,
} from '../../../contract/endpoints/news';
import { NewsPermission } from '../../../contract/machines/news';
import { withModuleMessages } from '../../../src/lib/i18n/module-messages';
import { type RecordFormDefinition, RecordFormPage } from '../../core/record-form';
import { newsCatalogues } from './messages';

type ColumnDetail = z.infer<typeof getColumnInfo.output>;

interface ColumnDraft {
  Title: string;
  ParentId: string;
  Image: string;
  Summary: string;
  Visible: boolean;
  Sort: number;
}

const lookups = { columns: getColumnList };

/** /shop/columnEdit: a column, new (no id) or existing (?id=). */
const columnForm: RecordFormDefinition<ColumnDetail, ColumnDraft, typeof saveColumn, typeof lookups> = {
  read: getColumnInfo,
  save: saveColumn,
  titles: { create: 'newsColumnForm.createTitle', edit: 'newsColumnForm.editTitle' },
  backTo: NewsPermission.columns,
  backLabel: 'newsColumnForm.backToList',
  savedMessage: 'newsColumnForm.saved',
  lookups,
  empty: { Title: '', ParentId: '', Image: '', Summary: '', Visible: true, Sort: 0 },
  draft: (row) => ({
    Title: row.Title,
    ParentId: row.ParentId === null ? '' : String(row.ParentId),
    Image: row.Image,
    Summary: row.Summary,
    Visible: row.Visible,
    Sort: row.Sort,
  }),
  toInput: (draft) => ({
    Title: draft.Title,
    ParentId: draft.ParentId === '' ? null : Number(draft.ParentId),
    Image: draft.Image,
    Summary: draft.Summary,
    Visible: draft.Visible,
    Sort: draft.Sort,
  }),
  sections: ({ t, lookups, row }) => [
    {
      title: 'newsColumnForm.section',
      parts: [
        {
          columns: 2,
          fields: [
            {
              name: 'Title',
              kind: 'text',
              label: t('newsColumnForm.title'),
              required: true,
              maxLength: COLUMN_TITLE_MAX,
            },
            {
              name: 'ParentId',
              kind: 'select',
              label: t('newsColumnForm.parent'),
              options: [
                { value: '', label: t('newsColumnForm.noParent') },
                // Two levels: a parent is a top-level column other than this one.
                ...lookups.columns
                  .filter((column) => column.Level === 1 && column.Id !== row?.Id)
                  .map((column) => ({ value: String(column.Id), label: column.Title })),
              ],
            },
            { name: 'Sort', kind: 'number', label: t('newsColumnForm.sort') },
          ],
        },
        {
          fields: [
            { name: 'Image', kind: 'image', label: t('newsColumnForm.image') },
            {
              name: 'Summary',
              kind: 'textarea',
              label: t('newsColumnForm.summary'),
              maxLength: SUMMARY_MAX,
            },
            { name: 'Visible', kind: 'checkbox', label: t('newsColumnForm.visible') },
          ],
        },
      ],
    },
  ],
};

export default withModuleMessages(() => <RecordFormPage definition={columnForm} />, newsCatalogues);
