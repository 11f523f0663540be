/**
 * The call index's status (GET /bff/index/status) in words: its state, whether a worker syncs it,
 * what it covers, and how long its pending transcripts take at the rate it reads the Voice API.
 */
import type { IndexStatus } from '@contract/bff/index';
import type { BadgeTone } from '@/components/ui/badge';
import { formatAge } from '@/components/data/index-freshness';
import { countOf } from '@/lib/plural';

export function stateView(status: IndexStatus): { label: string; tone: BadgeTone; sentence: string } {
  const days = countOf(status.backfill.windowDays, 'day');
  switch (status.state) {
    case 'starting':
      return { label: 'Starting', tone: 'neutral', sentence: 'No worker has begun the backfill yet: the screens that read the index show nothing.' };
    case 'backfilling':
      return {
        label: 'Backfilling',
        tone: 'blue',
        sentence: `The worker is reading the last ${days} of calls, newest first: figures and searches miss the older calls until it ends.`,
      };
    case 'live':
      return { label: 'Live', tone: 'green', sentence: `Every call of the last ${days} is indexed; each pass adds the new ones.` };
    case 'degraded':
      return { label: 'Degraded', tone: 'amber', sentence: 'The last pass failed: the index holds what it read before, and the next pass tries again.' };
    case 'disabled':
      return { label: 'Off', tone: 'neutral', sentence: 'This deployment runs without the call index (INDEX_SYNC=false): the screens that need it say so.' };
  }
}

/** A sentence when no worker syncs an index that should be synced; null otherwise. */
export function workerWarning(status: IndexStatus): string | null {
  if (status.state === 'disabled' || status.syncer.active) return null;
  return 'No worker is syncing the index: its figures stop where the last pass left them until one starts.';
}

/**
 * How long the pending transcripts take at the index's rate: one request each, at the rate in
 * use ("about 14 h at 20 requests/s"); null when none is pending or the rate is not known yet.
 */
export function pendingTime(status: IndexStatus): string | null {
  const perSecond = status.rate?.perSecond;
  if (status.transcriptsPending === 0 || !perSecond || perSecond <= 0) return null;
  return `about ${formatAge(status.transcriptsPending / perSecond)} at ${perSecond} requests/s, one request each`;
}
