import { z } from 'zod';
import { JsonValue } from '../json';
import { E164 } from '../formats';

export const Recipient = z
  .strictObject({
    phone: E164,
    context: z.record(z.string(), JsonValue).optional().meta({ description: 'Map of string to any value, for prompt injection.' }),
    segmentationTags: z.array(z.string()).optional(),
  })
  .meta({ id: 'Recipient' });
export type Recipient = z.infer<typeof Recipient>;
