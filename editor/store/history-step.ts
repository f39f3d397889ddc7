import type { BlockId, PageId } from '../../contract/template-document';

/** What produced a state of the document: the label of one history step and where it happened. */
export type HistoryAction =
  | 'open'
  | 'insert'
  | 'move'
  | 'delete'
  | 'duplicate'
  | 'hide'
  | 'show'
  | 'lock'
  | 'unlock'
  | 'edit'
  | 'paste'
  | 'addPage'
  | 'renamePage'
  | 'deletePage'
  | 'reorderPage'
  | 'setHome'
  | 'pageSettings';

export interface HistoryStep {
  action: HistoryAction;
  /** Type of the block acted on when all were of one type; null for page actions or mixed blocks. */
  blockType: string | null;
  count: number;
  pageId: PageId;
  blockIds: BlockId[];
  /** Edits with the same key within the coalescing window become one step (typing in one field). */
  coalesceKey: string | null;
  at: number;
}

export interface StepLabel {
  /** editor/i18n key, e.g. `history.insert` ("Add {block}"). */
  key: string;
  /** What `{block}` is: a catalogue key (`block.carousel`) or `history.blocks` with a count. */
  block: { key: string; params?: Record<string, number> } | null;
}

export function stepLabel(step: HistoryStep): StepLabel {
  const key = `history.${step.action}`;
  if (step.blockIds.length === 0 || step.action === 'open') return { key, block: null };
  if (step.blockType && step.count === 1) return { key, block: { key: `block.${step.blockType}` } };
  return {
    key,
    block: step.blockType
      ? { key: `block.${step.blockType}` }
      : { key: 'history.blocks', params: { count: step.count } },
  };
}
