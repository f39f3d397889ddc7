/**
 * Whether the studio offers a local draft back when it opens a template. A draft is the wire JSON
 * of the document autosaved in this browser while it differed from the saved one; it survives a
 * crash, a closed tab or a failed save. Only a draft that would change something is offered.
 */

/** Drafts older than this are dropped unseen: nobody remembers what they were about. */
export const DRAFT_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;

export interface LocalDraft {
  templateId: number;
  /** The server version the edits started from. */
  baseVersion: number;
  /** When it was written, epoch milliseconds. */
  savedAt: number;
  /** The document's wire JSON (the codec's output). */
  data: string;
}

export interface ServerCopy {
  version: number;
  /** The saved document's wire JSON, written by the same codec so equal documents compare equal. */
  data: string;
}

export type DraftDecision =
  | { kind: 'none' }
  /** Nothing worth offering (same as the server, damaged or too old): forget it. */
  | { kind: 'drop' }
  /** `serverChanged`: someone saved after the draft's edits began; restoring overwrites their work. */
  | { kind: 'offer'; serverChanged: boolean };

export function draftDecision(draft: LocalDraft | null, server: ServerCopy, now: number): DraftDecision {
  if (!draft) return { kind: 'none' };
  if (draft.data === server.data) return { kind: 'drop' };
  if (now - draft.savedAt > DRAFT_MAX_AGE_MS) return { kind: 'drop' };
  // A draft based on a newer version than the server has means the server was restored or reset.
  if (draft.baseVersion > server.version) return { kind: 'drop' };
  return { kind: 'offer', serverChanged: draft.baseVersion < server.version };
}

/** The draft's key: one per site, account and template, so colleagues on one computer keep theirs apart. */
export function draftKey(siteId: string | number, userName: string, templateId: number): string {
  return `studio-draft:${siteId}:${userName}:${templateId}`;
}

/** Checks a stored value's shape; anything else (an older format, a damaged entry) is no draft. */
export function asLocalDraft(value: unknown): LocalDraft | null {
  if (typeof value !== 'object' || value === null) return null;
  const record = value as Record<string, unknown>;
  const whole = (field: unknown) => typeof field === 'number' && Number.isInteger(field) && field >= 0;
  if (!whole(record.templateId) || !whole(record.baseVersion) || !whole(record.savedAt)) return null;
  if (typeof record.data !== 'string') return null;
  return {
    templateId: record.templateId as number,
    baseVersion: record.baseVersion as number,
    savedAt: record.savedAt as number,
    data: record.data,
  };
}
