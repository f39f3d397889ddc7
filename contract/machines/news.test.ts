import { describe, expect, it } from 'vitest';
import { transitionOutcome } from '../state-machine';
import { articleState, columnParentProblem, newsCommentMachine } from './news';

describe('articleState', () => {
  const now = new Date('2026-05-01T08:00:00.000Z');
  const at = (offsetMs: number) => new Date(now.getTime() + offsetMs);
  it.each([
    ['on', -1, 'published'],
    ['on', 0, 'published'],
    ['on', 1, 'scheduled'],
    ['on', 86_400_000, 'scheduled'],
    ['off', -1, 'off'],
    ['off', 1, 'off'],
  ] as const)('status %s published %i ms from now is %s', (status, offset, state) => {
    expect(articleState({ status, publishedAt: at(offset) }, now)).toBe(state);
  });
});

describe('columnParentProblem', () => {
  const top = { id: 1, parentId: null };
  it.each([
    ['a new top-level column', { id: null, childCount: 0 }, null, null],
    ['a new column under a top-level one', { id: null, childCount: 0 }, top, null],
    ['a childless column moving under another', { id: 2, childCount: 0 }, top, null],
    ['a column under itself', { id: 1, childCount: 0 }, top, 'self'],
    ['a column under a second-level one', { id: 3, childCount: 0 }, { id: 2, parentId: 1 }, 'parentNotTop'],
    ['a column with children under another', { id: 2, childCount: 1 }, top, 'hasChildren'],
    ['a column with children staying on top', { id: 2, childCount: 4 }, null, null],
  ] as const)('%s', (_name, column, parent, problem) => {
    expect(columnParentProblem(column, parent)).toBe(problem);
  });
});

describe('newsCommentMachine', () => {
  it.each([
    ['pending', 'approve', 'change'],
    ['rejected', 'approve', 'change'],
    ['approved', 'approve', 'unchanged'],
    ['hidden', 'approve', 'illegal'],
    ['pending', 'reject', 'change'],
    ['approved', 'reject', 'illegal'],
    ['rejected', 'reject', 'unchanged'],
    ['approved', 'hide', 'change'],
    ['pending', 'hide', 'illegal'],
    ['hidden', 'show', 'change'],
    ['rejected', 'show', 'illegal'],
  ] as const)('%s + %s is %s', (state, action, outcome) => {
    expect(transitionOutcome(newsCommentMachine, state, action)).toBe(outcome);
  });

  it('asks before rejecting or hiding, never before approving', () => {
    const confirmed = newsCommentMachine.actions
      .filter((action) => action.confirm)
      .map((action) => action.name);
    expect(confirmed).toEqual(['reject', 'hide']);
  });
});
