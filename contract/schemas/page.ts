import { z } from 'zod';

/** The list envelope; pages start at 1. */
export function Page<T extends z.ZodType>(item: T) {
  return z.object({
    content: z.array(item),
    size: z.int(),
    page: z.int(),
    totalElements: z.int(),
    totalPages: z.int(),
  });
}
export interface PageOf<T> {
  content: T[];
  size: number;
  page: number;
  totalElements: number;
  totalPages: number;
}
