import { createStore, del, get, set, type UseStore } from 'idb-keyval';
import { asLocalDraft, type LocalDraft } from './draft-decision';

/**
 * The studio's drafts in IndexedDB. Every call swallows storage errors (private mode, quota, a
 * browser without IndexedDB): a lost draft must never break editing or saving.
 */

let database: UseStore | null = null;
function drafts(): UseStore | null {
  if (typeof indexedDB === 'undefined') return null;
  database ??= createStore('studio-drafts', 'drafts');
  return database;
}

export async function readDraft(key: string): Promise<LocalDraft | null> {
  const store = drafts();
  if (!store) return null;
  try {
    return asLocalDraft(await get(key, store));
  } catch {
    return null;
  }
}

export async function writeDraft(key: string, draft: LocalDraft): Promise<boolean> {
  const store = drafts();
  if (!store) return false;
  try {
    await set(key, draft, store);
    return true;
  } catch {
    return false;
  }
}

export async function removeDraft(key: string): Promise<void> {
  const store = drafts();
  if (!store) return;
  try {
    await del(key, store);
  } catch {
    // Nothing to do: the next autosave or open replaces or drops it.
  }
}
