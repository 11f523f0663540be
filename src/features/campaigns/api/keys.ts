/** Query keys of the campaigns feature; mutations invalidate by prefix. */
import { campaignsRoot } from '@/lib/shared-queries/keys';

export const campaignKeys = {
  /** Shared with src/lib/shared-queries/campaign-registry.ts: invalidating it reaches "Place call" too. */
  all: campaignsRoot,
  detail: (id: string) => [...campaignKeys.all, 'detail', id] as const,
  calls: (name: string) => [...campaignKeys.all, 'calls', name] as const,
  draft: (name: string) => [...campaignKeys.all, 'draft', name] as const,
  progress: (ids: readonly string[]) => [...campaignKeys.all, 'progress', ...ids] as const,
  zones: (phones: readonly string[]) => [...campaignKeys.all, 'zones', phones] as const,
  recipients: (id: string) => [...campaignKeys.all, 'recipients', id] as const,
  outcomes: (ids: readonly string[]) => [...campaignKeys.all, 'outcomes', ...ids] as const,
  capGuard: (id: string) => [...campaignKeys.all, 'cap-guard', id] as const,
};
