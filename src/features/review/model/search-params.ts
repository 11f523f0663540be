/** The review queue's URL search: which state and which page, read without zod. */
import { LIMITS } from '@contract/limits';
import { intParam, oneOfParam } from '@/lib/search-params';

export const QUEUE_TABS = ['todo', 'reviewed', 'all'] as const;
export type QueueTab = (typeof QUEUE_TABS)[number];

export interface ReviewQueueSearch {
  state: QueueTab;
  page: number;
}

export function parseReviewQueueSearch(raw: Record<string, unknown>): ReviewQueueSearch {
  return { state: oneOfParam(raw.state, QUEUE_TABS, 'todo'), page: intParam(raw.page, LIMITS.page.min, Number.MAX_SAFE_INTEGER, LIMITS.page.default) };
}
