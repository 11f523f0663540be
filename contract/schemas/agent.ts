import { z } from 'zod';
import { AgentType } from '../enums';
import { E164, Guid } from '../formats';
import { LIMITS } from '../limits';

export interface Extractor {
  name: string;
  description: string;
  extractors?: Extractor[];
}

/** An extractor; groups nest further extractors to any depth. */
export const Extractor: z.ZodType<Extractor> = z
  .object({
    name: z.string(),
    description: z.string(),
    get extractors() {
      return z.array(Extractor).optional();
    },
  })
  .meta({ id: 'Extractor' });

export const Classifier = z
  .object({
    name: z.string(),
    description: z.string(),
    values: z.array(z.string()).meta({ description: 'The allowed classes.' }),
  })
  .meta({ id: 'Classifier' });
export type Classifier = z.infer<typeof Classifier>;

export const TelephonyConfiguration = z
  .object({
    // docs/api-assumptions.md: an object with a string `did` (what the simulator sends); the
    // console also reads null or absent as "no SIP connection".
    sipConnection: z.object({ did: z.string() }).nullable().optional(),
    phoneNumbers: z.array(E164),
  })
  .meta({ id: 'TelephonyConfiguration' });

export const Agent = z
  .object({
    id: Guid,
    telephonyConfiguration: TelephonyConfiguration,
    name: z.string(),
    type: AgentType,
    active: z.boolean(),
    recordable: z.boolean().meta({ description: 'Whether the agent records calls.' }),
    archived: z.boolean(),
    configuration: z.object({
      extractors: z.array(Extractor),
      classifiers: z.array(Classifier),
    }),
  })
  .meta({ id: 'Agent' });
export type Agent = z.infer<typeof Agent>;

/** PATCH /v1/agents/{id}: every field optional, at least one, no unknown fields (docs/api-assumptions.md). */
export const AgentPatch = z
  .strictObject({
    name: z
      .string()
      .trim()
      .min(LIMITS.agentName.min, { error: 'Give the agent a name.' })
      .max(LIMITS.agentName.max, { error: `Keep the name to ${LIMITS.agentName.max} characters.` }),
    active: z.boolean(),
    recordable: z.boolean(),
    archived: z.boolean(),
  })
  .partial()
  .refine((patch) => Object.keys(patch).length > 0, { error: 'Send at least one of name, active, recordable, archived.' })
  .meta({ id: 'AgentPatch' });
export type AgentPatch = z.infer<typeof AgentPatch>;
