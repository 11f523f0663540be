/**
 * A campaign's progress as the list shows it: calls made, reached (a person or a transfer target
 * was on the line), not reached (no answer, voice box, unreachable, or the platform failed the call),
 * and the recipients not called yet when the recipient count is known. A campaign created after the
 * index's last pass began has not been counted yet: its figures are "not yet indexed", never 0.
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

/**
 * Whether the index's figures count this campaign: its last completed pass began (`indexedAt`) at
 * or after the campaign was recorded. Before that the index cannot have its calls, whatever the
 * upstream has placed since.
 */
export function countedByIndex(createdAt: string, indexedAt: string | null | undefined): boolean {
  return !!indexedAt && Date.parse(indexedAt) >= Date.parse(createdAt);
}

/** How often the list asks again while a campaign on it is not yet indexed (the index passes every 10-30 s). */
export const NOT_YET_INDEXED_POLL_MS = 5_000;
