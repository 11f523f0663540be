import { z } from 'zod';
import { Uuid } from '../formats';
import { LIMITS } from '../limits';
import { Call } from './call';
import { Recipient } from './recipient';

/** POST /v1/calls: agentId and recipient.phone required, campaignId optional (docs/api-assumptions.md). */
export const CallCreate = z
  .strictObject({
    agentId: Uuid,
    recipient: Recipient,
    campaignId: Uuid.optional(),
  })
  .meta({ id: 'CallCreate' });
export type CallCreate = z.infer<typeof CallCreate>;

/** POST /v1/bulk/calls: 1..1000 recipients (docs/api-assumptions.md). */
export const BulkCallCreate = z
  .strictObject({
    agentId: Uuid,
    campaignId: Uuid.optional().meta({ description: 'A callback campaign.' }),
    recipients: z
      .array(Recipient)
      .min(LIMITS.bulkRecipients.min, { error: 'Add at least one recipient.' })
      .max(LIMITS.bulkRecipients.max, { error: `At most ${LIMITS.bulkRecipients.max} recipients per request.` }),
  })
  .meta({ id: 'BulkCallCreate' });
export type BulkCallCreate = z.infer<typeof BulkCallCreate>;

/** docs/api-assumptions.md: 201 `{ calls: [Call, ...] }` in recipient order. Consumers must not depend on it. */
export const BulkCallResult = z.object({ calls: z.array(Call) }).meta({ id: 'BulkCallResult' });
export type BulkCallResult = z.infer<typeof BulkCallResult>;
