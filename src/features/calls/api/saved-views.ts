/** Saving and deleting the calls list's views (/bff/views); the list itself is a shared query (src/lib/shared-queries/saved-views.ts). */
import type { SavedView } from '@contract/bff/http';
import { bffRequest } from '@/lib/api-client';

export function saveView(name: string, search: Record<string, unknown>): Promise<SavedView> {
  return bffRequest<SavedView>('PUT', `/bff/views/${encodeURIComponent(name)}`, { search });
}

export function deleteView(name: string): Promise<void> {
  return bffRequest<void>('DELETE', `/bff/views/${encodeURIComponent(name)}`);
}
