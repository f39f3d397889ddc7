import { useCallback, useEffect, useRef, useState } from 'react';
import { useStore } from 'zustand';
import { blockDefinition } from '../../components-catalog/registry';
import { parseTemplate, serializeTemplate } from '../../contract/template/codec';
import type { TemplateDocument } from '../../contract/template-document';
import { useSessionStore } from '../../src/lib/session';
import { draftDecision, draftKey, type LocalDraft } from '../draft/draft-decision';
import { readDraft, removeDraft, writeDraft } from '../draft/local-draft';
import type { StudioStore } from '../store/studio-store';

/** Quiet time after the last edit before the draft is written. */
export const DRAFT_DEBOUNCE_MS = 800;

export interface DraftOffer {
  draft: LocalDraft;
  serverChanged: boolean;
}

interface SavedCopy {
  id: number;
  version: number;
  document: TemplateDocument;
}

/**
 * Keeps the edited document in IndexedDB while it differs from the saved one, and on opening offers
 * back a draft left by a crash, a closed tab or a failed save. Autosave starts only once the offer
 * is settled, so the draft being offered is never overwritten by the freshly loaded document.
 */
export function useLocalDraft(store: StudioStore, saved: SavedCopy) {
  const siteId = useSessionStore((state) => state.siteId);
  const userName = useSessionStore((state) => state.userName);
  const key = draftKey(siteId, userName, saved.id);
  const document = useStore(store, (state) => state.history.document);
  const [offer, setOffer] = useState<DraftOffer | null>(null);
  const [settled, setSettled] = useState(false);
  /** The document last written to the draft: the mark says so only while it is the one shown. */
  const [kept, setKept] = useState<TemplateDocument | null>(null);
  const openedWith = useRef(saved);

  useEffect(() => {
    let cancelled = false;
    const opened = openedWith.current;
    void readDraft(key).then((draft) => {
      if (cancelled) return;
      const decision = draftDecision(
        draft,
        { version: opened.version, data: serializeTemplate(opened.document) },
        Date.now(),
      );
      if (decision.kind === 'offer' && draft) setOffer({ draft, serverChanged: decision.serverChanged });
      else {
        if (decision.kind === 'drop') void removeDraft(key);
        setSettled(true);
      }
    });
    return () => {
      cancelled = true;
    };
  }, [key]);

  useEffect(() => {
    if (!settled) return;
    if (document === saved.document) {
      setKept(null);
      void removeDraft(key);
      return;
    }
    const timer = window.setTimeout(() => {
      const draft: LocalDraft = {
        templateId: saved.id,
        baseVersion: saved.version,
        savedAt: Date.now(),
        data: serializeTemplate(document),
      };
      void writeDraft(key, draft).then((written) => setKept(written ? document : null));
    }, DRAFT_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [settled, document, saved.document, saved.id, saved.version, key]);

  /**
   * Puts the draft's document in the editor and returns the version its edits started from (a save
   * must name it, so changes saved since are not overwritten unasked); null when it no longer parses.
   */
  const restore = useCallback((): number | null => {
    const draft = offer?.draft;
    setOffer(null);
    setSettled(true);
    if (!draft) return null;
    const parsed = parseTemplate(draft.data, blockDefinition);
    if (!parsed.ok) {
      void removeDraft(key);
      return null;
    }
    store.getState().load(parsed.document);
    return draft.baseVersion;
  }, [offer, key, store]);

  const discard = useCallback(() => {
    setOffer(null);
    setSettled(true);
    void removeDraft(key);
  }, [key]);

  /** After a successful save: the server has it all. */
  const forget = useCallback(() => {
    setKept(null);
    void removeDraft(key);
  }, [key]);

  return { offer, restore, discard, forget, kept: kept !== null && kept === document };
}
