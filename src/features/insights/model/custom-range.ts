/** The custom date range form's schema (loaded with that form only). */
import { z } from 'zod';
import { INDEX_LIMITS } from '@contract/bff/index.plain';

export const CustomRange = z
  .object({
    from: z.iso.date({ error: 'Choose a start date.' }),
    to: z.iso.date({ error: 'Choose an end date.' }),
  })
  .superRefine((r, ctx) => {
    if (r.from > r.to) ctx.addIssue({ code: 'custom', path: ['from'], message: 'The start date must not be after the end date.' });
    else if ((Date.parse(r.to) - Date.parse(r.from)) / 86_400_000 + 1 > INDEX_LIMITS.insightsMaxDays)
      ctx.addIssue({ code: 'custom', path: ['to'], message: `A range is at most ${INDEX_LIMITS.insightsMaxDays} days.` });
  });
export type CustomRange = z.infer<typeof CustomRange>;
