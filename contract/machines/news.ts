import { defineMachine } from '../state-machine';

/** Menu paths of the column, news and comment screens (SPEC §2 /shop). */
export const NewsPermission = {
  columns: '/shop/publicColumn',
  columnEdit: '/shop/columnEdit',
  columnText: '/shop/columnText',
  articles: '/shop/imageTextSupervise',
  articleEdit: '/shop/imageTextEdit',
  comments: '/shop/commentTable',
} as const;

/**
 * A news comment: pending while the shop's comment audit holds it, then approved (shown to buyers),
 * rejected, or hidden after having been shown. Without audit a comment starts approved.
 */
export const newsCommentMachine = defineMachine({
  id: 'news.comment',
  states: ['pending', 'approved', 'rejected', 'hidden'],
  initial: 'pending',
  labels: {
    pending: { zh: '待审核', en: 'Waiting for audit' },
    approved: { zh: '已通过', en: 'Approved' },
    rejected: { zh: '已驳回', en: 'Rejected' },
    hidden: { zh: '已隐藏', en: 'Hidden' },
  },
  actions: [
    { name: 'approve', from: ['pending', 'rejected'], to: 'approved', permission: NewsPermission.comments },
    {
      name: 'reject',
      from: ['pending'],
      to: 'rejected',
      permission: NewsPermission.comments,
      confirm: true,
      destructive: true,
    },
    {
      name: 'hide',
      from: ['approved'],
      to: 'hidden',
      permission: NewsPermission.comments,
      confirm: true,
      destructive: true,
    },
    { name: 'show', from: ['hidden'], to: 'approved', permission: NewsPermission.comments },
  ],
});

export type NewsCommentState = (typeof newsCommentMachine.states)[number];
export type NewsCommentAction = (typeof newsCommentMachine.actions)[number]['name'];

/** What buyers see of an article: off by the shop, scheduled for later, or published. */
export const ARTICLE_STATES = ['published', 'scheduled', 'off'] as const;
export type ArticleState = (typeof ARTICLE_STATES)[number];

/**
 * An article's state is derived from the time, never stored: an article switched on whose publish
 * time has come is published; before that it is scheduled. Switched off wins over the time.
 */
export function articleState(article: { status: 'on' | 'off'; publishedAt: Date }, now: Date): ArticleState {
  if (article.status === 'off') return 'off';
  return article.publishedAt.getTime() <= now.getTime() ? 'published' : 'scheduled';
}

/** A column tree has two levels: a column's parent must be a top-level column other than itself. */
export type ColumnParentProblem = 'self' | 'parentNotTop' | 'hasChildren' | null;

export function columnParentProblem(
  column: { id: number | null; childCount: number },
  parent: { id: number; parentId: number | null } | null,
): ColumnParentProblem {
  if (parent === null) return null;
  if (column.id !== null && parent.id === column.id) return 'self';
  if (parent.parentId !== null) return 'parentNotTop';
  if (column.childCount > 0) return 'hasChildren';
  return null;
}
