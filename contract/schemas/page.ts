import { z } from 'zod';

/** The list envelope's paging fields; pages start at 1. */
export interface PageMeta {
  size: number;
  page: number;
  totalElements: number;
  totalPages: number;
}
export interface PageOf<T> extends PageMeta {
  content: T[];
}

/** The list envelope of the Voice API, and of the BFF's own lists. */
export function Page<T extends z.ZodType>(item: T) {
  return z.object({
    content: z.array(item),
    size: z.int(),
    page: z.int(),
    totalElements: z.int(),
    totalPages: z.int(),
  }) satisfies z.ZodType<PageOf<z.infer<T>>>;
}

/** One page of `total` rows as the envelope says it. */
export function pageOf<T>(content: T[], query: { page: number; size: number }, total: number): PageOf<T> {
  return { content, size: query.size, page: query.page, totalElements: total, totalPages: Math.ceil(total / query.size) };
}
