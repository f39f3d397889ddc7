import { FormattedMessage } from 'react-intl';
import {
  type ColumnRow,
  columnListResource,
  delColumns,
  setColumnVisible,
} from '../../../contract/endpoints/news';
import { NewsPermission } from '../../../contract/machines/news';
import { withModuleMessages } from '../../../src/lib/i18n/module-messages';
import { columnKinds } from '../../core/column-kinds';
import type { ResourceDefinition } from '../../core/resource-definition';
import { ResourceScreen } from '../../core/resource-screen';
import { newsCatalogues } from './messages';

const column = columnKinds<ColumnRow>('newsColumn.column');

/** /shop/publicColumn: the column tree (each top-level column followed by its children). */
const columnDefinition: ResourceDefinition<ColumnRow> = {
  list: columnListResource,
  path: NewsPermission.columns,
  rowKey: (row) => row.Id,
  rowName: (row) => row.Title,
  actionNamed: 'newsColumn.actionNamed',
  columns: [
    column.picture('title', {
      image: (row) => row.Image,
      title: (row) => (row.Level === 2 ? `└ ${row.Title}` : row.Title),
      muted: (row) => row.Summary,
    }),
    column.text('level', (row) =>
      row.Level === 1 ? (
        <FormattedMessage id="newsColumn.level.1" />
      ) : (
        <FormattedMessage id="newsColumn.level.2" values={{ parent: row.ParentTitle }} />
      ),
    ),
    column.number('articles', (row) => row.ArticleCount),
    column.number('sort', (row) => row.Sort),
    column.state('visible', [
      {
        state: (row) => (row.Visible ? 'on' : 'off'),
        label: (state) => `newsColumn.visible.${state}`,
        palette: { on: 'green', off: 'gray' },
      },
    ]),
  ],
  actions: [
    {
      kind: 'link',
      id: 'edit',
      label: 'newsColumn.edit',
      permission: NewsPermission.columnEdit,
      to: (row) => `${NewsPermission.columnEdit}?id=${row.Id}`,
    },
    {
      kind: 'link',
      id: 'text',
      label: 'newsColumn.text',
      permission: NewsPermission.columnText,
      to: (row) => `${NewsPermission.columnText}?id=${row.Id}`,
    },
    {
      kind: 'command',
      id: 'show',
      label: 'newsColumn.show',
      permission: NewsPermission.columns,
      confirm: 'newsColumn.confirm.show',
      offer: (row) => !row.Visible,
      call: (Ids) => ({ endpoint: setColumnVisible, input: { Ids, Visible: true } }),
      on: 'both',
    },
    {
      kind: 'command',
      id: 'hide',
      label: 'newsColumn.hide',
      permission: NewsPermission.columns,
      confirm: 'newsColumn.confirm.hide',
      offer: (row) => row.Visible,
      call: (Ids) => ({ endpoint: setColumnVisible, input: { Ids, Visible: false } }),
      on: 'both',
    },
    {
      kind: 'command',
      id: 'delete',
      label: 'newsColumn.delete',
      permission: NewsPermission.columns,
      destructive: true,
      confirm: 'newsColumn.confirm.delete',
      call: (Ids) => ({ endpoint: delColumns, input: { Ids } }),
      on: 'both',
    },
  ],
  toolbar: [
    {
      label: 'newsColumn.add',
      to: NewsPermission.columnEdit,
      permission: NewsPermission.columnEdit,
      primary: true,
    },
  ],
};

function ColumnListPage() {
  return <ResourceScreen definition={columnDefinition} />;
}

export default withModuleMessages(ColumnListPage, newsCatalogues);
