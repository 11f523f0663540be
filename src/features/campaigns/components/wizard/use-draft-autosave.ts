/**
 * The wizard's state, saved to the BFF's draft as it changes (debounced), so a reload, an expired
 * session or another machine brings it back. Nothing goes to browser storage.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { errorMessage, isApiError } from '@/lib/api-client';
import { saveDraft, NEW_CAMPAIGN_DRAFT } from '../../api/drafts';
import type { CampaignDraftData } from '../../model/wizard-draft';

const SAVE_DELAY_MS = 600;

export type SaveState = 'saved' | 'pending' | 'saving' | 'error';

export function useDraftAutosave(initial: CampaignDraftData) {
  const [draft, setDraft] = useState(initial);
  const [saveState, setSaveState] = useState<SaveState>('saved');
  /** The BFF refused the draft as it is (too large, too many fields: a 4xx): its message, until a save succeeds. */
  const [refusal, setRefusal] = useState<string | null>(null);
  const latest = useRef(draft);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const dirty = useRef(false);

  const flush = useCallback(async () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    if (!dirty.current) return;
    dirty.current = false;
    setSaveState('saving');
    try {
      await saveDraft(NEW_CAMPAIGN_DRAFT, latest.current);
      setRefusal(null);
      setSaveState(dirty.current ? 'pending' : 'saved');
    } catch (error) {
      dirty.current = true;
      // A refusal (413 too large, 400 too many fields) will not pass by retrying: say why.
      setRefusal(isApiError(error) && error.status >= 400 && error.status < 500 && error.status !== 401 ? errorMessage(error) : null);
      setSaveState('error');
    }
  }, []);

  const update = useCallback(
    (change: (d: CampaignDraftData) => CampaignDraftData) => {
      const next = change(latest.current);
      if (next === latest.current) return;
      latest.current = next;
      dirty.current = true;
      setDraft(next);
      setSaveState('pending');
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => void flush(), SAVE_DELAY_MS);
    },
    [flush],
  );

  /** A fresh start (after "Discard draft" deleted the stored one): nothing to save. */
  const reset = useCallback((fresh: CampaignDraftData) => {
    if (timer.current) clearTimeout(timer.current);
    dirty.current = false;
    latest.current = fresh;
    setDraft(fresh);
    setSaveState('saved');
    setRefusal(null);
  }, []);

  // Leaving the page with unsaved typing: save what can be saved, and let the browser ask.
  useEffect(() => {
    const onLeave = (event: BeforeUnloadEvent) => {
      if (!dirty.current) return;
      void flush();
      event.preventDefault();
    };
    window.addEventListener('beforeunload', onLeave);
    return () => {
      window.removeEventListener('beforeunload', onLeave);
      if (timer.current) clearTimeout(timer.current);
    };
  }, [flush]);

  return { draft, update, flush, reset, saveState, refusal, latest };
}
