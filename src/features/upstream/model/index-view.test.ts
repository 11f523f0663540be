import { describe, expect, it } from 'vitest';
import type { IndexStatus } from '@contract/bff/index';
import { pendingTime, stateView, workerWarning } from './index-view';

const status = (over: Partial<IndexStatus> = {}): IndexStatus => ({
  state: 'live',
  indexedAt: '2026-11-29T10:00:00.000Z',
  lagSeconds: 12,
  lastSuccessAt: '2026-11-29T10:00:00.000Z',
  calls: 1_000_000,
  transcripts: 0,
  transcriptsPending: 1_000_000,
  countedAt: '2026-11-29T10:00:00.000Z',
  rate: { perSecond: 20, max: 150, lastLimitAt: null, lastLimitPerSecond: null, at: '2026-11-29T10:00:00.000Z' },
  backfill: { windowDays: 30, since: '2026-10-31', complete: true },
  lastError: null,
  syncer: { active: true, thisInstance: false },
  ...over,
});

describe('the index status in words', () => {
  it('says how long a million pending transcripts take at 20 requests/s: about 14 hours', () => {
    expect(pendingTime(status())).toBe('about 14 h at 20 requests/s, one request each');
    expect(pendingTime(status({ transcriptsPending: 300, rate: { ...status().rate!, perSecond: 5 } }))).toBe('about 60 s at 5 requests/s, one request each');
  });

  it('says nothing of time when none is pending or the rate is not known yet', () => {
    expect(pendingTime(status({ transcriptsPending: 0 }))).toBeNull();
    expect(pendingTime(status({ rate: null }))).toBeNull();
  });

  it('warns when no worker syncs an index that should be synced, never for one turned off', () => {
    expect(workerWarning(status())).toBeNull();
    expect(workerWarning(status({ syncer: { active: false, thisInstance: false } }))).toMatch(/No worker is syncing/);
    expect(workerWarning(status({ state: 'disabled', syncer: { active: false, thisInstance: false } }))).toBeNull();
  });

  it('names each state with the window it covers', () => {
    expect(stateView(status()).sentence).toBe('Every call of the last 30 days is indexed; each pass adds the new ones.');
    expect(stateView(status({ state: 'backfilling' }))).toMatchObject({ label: 'Backfilling', tone: 'blue' });
    expect(stateView(status({ state: 'backfilling' })).sentence).toMatch(/newest first/);
    expect(stateView(status({ state: 'degraded' })).tone).toBe('amber');
  });
});
