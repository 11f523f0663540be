/**
 * A campaign's progress as the list shows it: calls made, reached (a person or a transfer target
 * was on the line), not reached (no answer, voice box, unreachable, or the platform failed the call),
 * and the recipients not called yet when the recipient count is known.
 */
import type { CampaignProgress } from '@contract/bff/index';

export interface ProgressCells {
  calls: number;
  reached: number;
  notReached: number;
  /** Null when the registry does not know how many recipients the campaign has. */
  remaining: { count: number; of: number } | null;
}

export function progressCells(p: CampaignProgress): ProgressCells {
  return {
    calls: p.calls,
    reached: p.groups.reached,
    notReached: p.groups.noAnswer + p.groups.failed,
    remaining: p.remaining === null || p.recipients === null ? null : { count: p.remaining, of: p.recipients },
  };
}
