import type { PageOf } from '../../contract/schemas/page';

export function pageOf<T>(content: T[], query: { page: number; size: number }, total: number): PageOf<T> {
  return { content, size: query.size, page: query.page, totalElements: total, totalPages: Math.ceil(total / query.size) };
}
