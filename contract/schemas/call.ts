import { z } from 'zod';
import { JsonValue } from '../json';
import { AgentType, CallStatus } from '../enums';
import { E164, Guid, UtcTimestamp } from '../formats';

export type ExtractorValueItem = string | ExtractorResult;
export interface ExtractorResult {
  name: string;
  value: ExtractorValueItem[];
}

/** One extractor's result; a grouped extractor's value holds nested results. */
export const ExtractorResult: z.ZodType<ExtractorResult> = z
  .object({
    name: z.string(),
    get value() {
      return z.array(z.union([z.string(), ExtractorResult]));
    },
  })
  .meta({ id: 'ExtractorResult' });

export const ClassifierResult = z.object({ name: z.string(), value: z.string() }).meta({ id: 'ClassifierResult' });
export type ClassifierResult = z.infer<typeof ClassifierResult>;

/** docs/api-assumptions.md: `context.system` holds phone, callId, agentId and direction. */
export const SystemVariables = z
  .object({
    phone: z.string().optional(),
    callId: z.string().optional(),
    agentId: z.string().optional(),
    direction: z.string().optional(),
  })
  .catchall(JsonValue)
  .meta({ id: 'SystemVariables' });

/** Values injected into the prompt; the reserved key `system` holds system variables. */
export const CallContext = z.object({ system: SystemVariables.optional() }).catchall(JsonValue).meta({ id: 'CallContext' });

export const Call = z
  .object({
    id: Guid,
    agentId: Guid,
    phone: E164.meta({ description: 'Phone number of the other party.' }),
    type: AgentType,
    duration: z.int().min(0).nullable().meta({ description: 'Seconds; null until the call ends.' }),
    startTime: UtcTimestamp,
    endTime: UtcTimestamp.nullable().meta({ description: 'Null until the call ends.' }),
    anonymous: z.boolean(),
    status: CallStatus,
    extractors: z.array(ExtractorResult),
    extractedData: z.record(z.string(), JsonValue),
    classifiers: z.array(ClassifierResult),
    classificationData: z.record(z.string(), z.string()),
    context: CallContext,
    watchedVariables: z.record(z.string(), z.string()),
    recorded: z.boolean(),
    summary: z.string().nullable(),
    tags: z.array(z.string()),
    created: UtcTimestamp,
  })
  .meta({ id: 'Call' });
export type Call = z.infer<typeof Call>;
