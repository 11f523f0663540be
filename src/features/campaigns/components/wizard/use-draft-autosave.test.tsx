// @vitest-environment jsdom
/** The wizard's draft saving: a draft the BFF refuses (too large, too many fields) says the BFF's reason, not "it will retry". */
import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { emptyDraft } from '../../model/wizard-draft';
import { useDraftAutosave } from './use-draft-autosave';

const saveDraft = vi.hoisted(() => vi.fn());
vi.mock('../../api/drafts', () => ({ NEW_CAMPAIGN_DRAFT: 'campaign-new', saveDraft }));
afterEach(() => saveDraft.mockReset());

const TOO_LARGE = 'The draft is too large: at most 1 MB (1,048,576 bytes) is kept. Remove rows or columns you do not need.';

describe('useDraftAutosave', () => {
  it("keeps the BFF's reason when it refuses the draft, and clears it once a save passes", async () => {
    saveDraft.mockRejectedValueOnce(
      new ApiError(TOO_LARGE, { status: 413, kind: 'http', fieldErrors: [{ field: 'data', rejectedValue: null, message: TOO_LARGE }] }),
    );
    const { result } = renderHook(() => useDraftAutosave(emptyDraft()));
    act(() => result.current.update((d) => ({ ...d, split: true })));
    await act(() => result.current.flush());
    expect(result.current.saveState).toBe('error');
    expect(result.current.refusal).toBe(TOO_LARGE);

    saveDraft.mockResolvedValueOnce({ name: 'campaign-new', data: {}, updatedAt: '2026-11-28T12:00:00Z' });
    act(() => result.current.update((d) => ({ ...d, split: false })));
    await act(() => result.current.flush());
    expect(result.current.saveState).toBe('saved');
    expect(result.current.refusal).toBeNull();
  });

  it('says nothing more than "it will retry" when the connection failed', async () => {
    saveDraft.mockRejectedValueOnce(new ApiError('offline', { status: 0, kind: 'network' }));
    const { result } = renderHook(() => useDraftAutosave(emptyDraft()));
    act(() => result.current.update((d) => ({ ...d, split: true })));
    await act(() => result.current.flush());
    expect(result.current.saveState).toBe('error');
    expect(result.current.refusal).toBeNull();
  });
});
