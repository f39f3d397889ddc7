import { FormattedMessage } from 'react-intl';
import { useSearchParams } from 'react-router-dom';
import {
  bindNoticeState,
  delNotice,
  NOTICE_PERMISSION,
  type NoticeRow,
  noticeListResource,
} from '../../../contract/endpoints/shop-notices';
import { withModuleMessages } from '../../../src/lib/i18n/module-messages';
import { columnKinds } from '../../core/column-kinds';
import type { ResourceDefinition } from '../../core/resource-definition';
import { ResourceScreen } from '../../core/resource-screen';
import { noticeCatalogues } from './messages';
import { NoticeDialog } from './notice-dialog';

const column = columnKinds<NoticeRow>('notices.column');
const switchTo = (Status: 'on' | 'off') => (Ids: number[]) => ({
  endpoint: bindNoticeState,
  input: { Ids, Status },
});

/**
 * /shop/noticeSupervise: the shop's notices by time-derived state. The menu has no edit route for
 * notices, so adding and editing open a dialog over the list, named in the address (`?edit=new` or
 * `?edit=<id>`) so the row action and the toolbar stay links as the engine draws them.
 */
const noticeDefinition: ResourceDefinition<NoticeRow> = {
  list: noticeListResource,
  path: NOTICE_PERMISSION,
  rowKey: (row) => row.Id,
  rowName: (row) => row.Title,
  columns: [
    column.twoLines(
      'notice',
      (row) => row.Title,
      (row) => row.Content,
    ),
    column.text('mode', (row) => <FormattedMessage id={`notices.mode.${row.Mode}`} />),
    column.time('startsAt', (row) => row.StartsAt, { sort: 'startsAt' }),
    column.time('endsAt', (row) => row.EndsAt),
    column.number('sort', (row) => row.Sort, { sort: 'sort' }),
    column.state('state', [
      {
        state: (row) => row.State,
        label: (state) => `notices.tab.${state}`,
        palette: { notStarted: 'blue', running: 'green', ended: 'gray', off: 'orange' },
      },
    ]),
  ],
  toolbar: [
    {
      label: 'notices.add',
      to: `${NOTICE_PERMISSION}?edit=new`,
      permission: NOTICE_PERMISSION,
      primary: true,
    },
  ],
  actions: [
    {
      kind: 'link',
      id: 'edit',
      label: 'notices.editAction',
      permission: NOTICE_PERMISSION,
      to: (row) => `${NOTICE_PERMISSION}?edit=${row.Id}`,
    },
    {
      kind: 'command',
      id: 'off',
      label: 'notices.switchOff',
      permission: NOTICE_PERMISSION,
      confirm: 'notices.confirm.off',
      offer: (row) => row.Status === 'on',
      call: switchTo('off'),
      on: 'both',
    },
    {
      kind: 'command',
      id: 'on',
      label: 'notices.switchOn',
      permission: NOTICE_PERMISSION,
      offer: (row) => row.Status === 'off',
      call: switchTo('on'),
      on: 'both',
    },
    {
      kind: 'command',
      id: 'delete',
      label: 'notices.delete',
      permission: NOTICE_PERMISSION,
      destructive: true,
      confirm: 'notices.confirm.delete',
      call: (Ids) => ({ endpoint: delNotice, input: { Ids } }),
      on: 'both',
    },
  ],
};

function NoticeListPage() {
  const [search, setSearch] = useSearchParams();
  const edit = search.get('edit');
  const close = () => {
    const next = new URLSearchParams(search);
    next.delete('edit');
    setSearch(next, { replace: true });
  };
  return (
    <ResourceScreen definition={noticeDefinition}>
      {edit !== null && <NoticeDialog edit={edit} onClose={close} />}
    </ResourceScreen>
  );
}

export default withModuleMessages(NoticeListPage, noticeCatalogues);
