/** The campaigns list's URL search: page and size, read field by field without zod. */
import { LIMITS } from '@contract/limits';
import { RECIPIENT_STATES, type RecipientState } from '@contract/bff/outcomes.plain';
import { intParam } from '@/lib/search-params';

export interface CampaignsSearch {
  page: number;
  size: number;
}

/** A page number and size from the URL; anything else falls back to the defaults. */
export function parseCampaignsSearch(raw: Record<string, unknown>): CampaignsSearch {
  return {
    page: intParam(raw.page, LIMITS.page.min, Number.MAX_SAFE_INTEGER, LIMITS.page.default),
    size: intParam(raw.size, LIMITS.pageSize.min, LIMITS.pageSize.max, LIMITS.pageSize.default),
  };
}

/** One campaign's URL search: the recipients table's state filter (anything unknown: every state). */
export interface CampaignSearch {
  state?: RecipientState;
}

export function parseCampaignSearch(raw: Record<string, unknown>): CampaignSearch {
  return (RECIPIENT_STATES as readonly unknown[]).includes(raw.state) ? { state: raw.state as RecipientState } : {};
}
