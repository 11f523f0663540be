/**
 * The values of the enums the browser reads at run time, as plain arrays: `enums.ts` builds the zod
 * enums from these, and the SPA's first chunks read them without loading zod.
 */
export const AGENT_TYPES = ['INBOUND', 'OUTBOUND'] as const;
export const TRANSCRIPT_ACTIONS = ['RING', 'ANSWER', 'HUMAN_SPEAK', 'AGENT_SPEAK', 'ANSWERING_MACHINE_BEEP', 'HANG_UP', 'TRANSFER_CALL'] as const;
export const TRANSCRIPT_ACTORS = ['UNKNOWN', 'HUMAN', 'AGENT', 'ANSWERING_MACHINE'] as const;
