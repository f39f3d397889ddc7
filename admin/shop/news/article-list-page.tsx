import { FormattedMessage } from 'react-intl';
import {
  type ArticleRow,
  articleListResource,
  delArticles,
  getColumnList,
  setArticleStatus,
} from '../../../contract/endpoints/news';
import { NewsPermission } from '../../../contract/machines/news';
import { withModuleMessages } from '../../../src/lib/i18n/module-messages';
import { columnKinds } from '../../core/column-kinds';
import { optionsFrom, type ResourceDefinition } from '../../core/resource-definition';
import { ResourceScreen } from '../../core/resource-screen';
import { newsCatalogues } from './messages';

const column = columnKinds<ArticleRow>('news.column');

/** /shop/imageTextSupervise: articles by state (published, scheduled, off), with bulk actions. */
const articleDefinition: ResourceDefinition<ArticleRow> = {
  list: articleListResource,
  path: NewsPermission.articles,
  rowKey: (row) => row.Id,
  rowName: (row) => row.Title,
  actionNamed: 'news.actionNamed',
  columns: [
    column.picture('article', {
      image: (row) => row.Image,
      title: (row) => row.Title,
      muted: (row) =>
        row.Author ? <FormattedMessage id="news.byAuthor" values={{ author: row.Author }} /> : '',
    }),
    column.text('column', (row) => row.ColumnTitle || <FormattedMessage id="news.noColumn" />),
    column.state('state', [
      {
        state: (row) => row.State,
        label: (state) => `news.state.${state}`,
        palette: { published: 'green', scheduled: 'blue', off: 'gray' },
      },
      {
        state: (row) => (row.Hot ? 'hot' : 'none'),
        label: (flag) => `news.flag.${flag}`,
        palette: { hot: 'red' },
        quiet: ['none'],
      },
      {
        state: (row) => (row.Banner ? 'banner' : 'none'),
        label: (flag) => `news.flag.${flag}`,
        palette: { banner: 'orange' },
        quiet: ['none'],
      },
    ]),
    column.number('views', (row) => row.Views, { sort: 'views' }),
    column.number('comments', (row) => row.CommentCount),
    column.number('sort', (row) => row.Sort, { sort: 'sort' }),
    column.time('publishedAt', (row) => row.PublishedAt, { sort: 'publishedAt' }),
  ],
  options: {
    column: optionsFrom(getColumnList, { page: 1, pageSize: 100 }, (data) =>
      data.Data.map((row) => ({
        value: String(row.Id),
        label: row.Level === 2 ? `└ ${row.Title}` : row.Title,
      })),
    ),
  },
  actions: [
    {
      kind: 'link',
      id: 'edit',
      label: 'news.edit',
      permission: NewsPermission.articleEdit,
      to: (row) => `${NewsPermission.articleEdit}?id=${row.Id}`,
    },
    {
      kind: 'link',
      id: 'comments',
      label: 'news.comments',
      permission: NewsPermission.comments,
      to: (row) => `${NewsPermission.comments}?ArticleId=${row.Id}`,
    },
    {
      kind: 'command',
      id: 'switchOn',
      label: 'news.switchOn',
      permission: NewsPermission.articles,
      confirm: 'news.confirm.switchOn',
      offer: (row) => row.Status === 'off',
      call: (Ids) => ({ endpoint: setArticleStatus, input: { Ids, Status: 'on' } }),
      on: 'both',
    },
    {
      kind: 'command',
      id: 'switchOff',
      label: 'news.switchOff',
      permission: NewsPermission.articles,
      confirm: 'news.confirm.switchOff',
      offer: (row) => row.Status === 'on',
      call: (Ids) => ({ endpoint: setArticleStatus, input: { Ids, Status: 'off' } }),
      on: 'both',
    },
    {
      kind: 'command',
      id: 'delete',
      label: 'news.delete',
      permission: NewsPermission.articles,
      destructive: true,
      confirm: 'news.confirm.delete',
      call: (Ids) => ({ endpoint: delArticles, input: { Ids } }),
      on: 'both',
    },
  ],
  toolbar: [
    {
      label: 'news.add',
      to: NewsPermission.articleEdit,
      permission: NewsPermission.articleEdit,
      primary: true,
    },
  ],
};

function ArticleListPage() {
  return <ResourceScreen definition={articleDefinition} />;
}

export default withModuleMessages(ArticleListPage, newsCatalogues);
