/**
 * The data of the live board's events (live.plain.ts has the route, names and limits): a call in
 * progress as the board shows it, the opening snapshot, and the `start` / `end` events.
 */
import { z } from 'zod';
import { Guid } from '../formats';

export * from './live.plain';

/** A call in progress: enough to draw its row (the timer runs from `startTime`, in the browser). */
export const LiveCall = z
  .object({
    id: Guid,
    agentId: Guid.nullable(),
    phone: z.string(),
    /** When it started (ISO 8601, UTC). */
    startTime: z.string(),
    /** The campaign it belongs to, when known (the index learns it from the campaign's page). */
    campaignName: z.string().nullable(),
  })
  .meta({ id: 'LiveCall' });
export type LiveCall = z.infer<typeof LiveCall>;

/** The first event: every call in progress now (at most LIVE_LIMITS.snapshotCalls), and the server's time. */
export const LiveSnapshot = z.object({ calls: z.array(LiveCall), at: z.string() }).meta({ id: 'LiveSnapshot' });
export type LiveSnapshot = z.infer<typeof LiveSnapshot>;

/** `start`: a call began; `end`: it left IN_PROGRESS (`status` is its new one). */
export const LiveStart = z.object({ call: LiveCall }).meta({ id: 'LiveStart' });
export type LiveStart = z.infer<typeof LiveStart>;
export const LiveEnd = z.object({ id: Guid, status: z.string() }).meta({ id: 'LiveEnd' });
export type LiveEnd = z.infer<typeof LiveEnd>;

/**
 * What travels on the NOTIFY channel between processes (one call per notification); `placed`: sent by
 * the BFF for a call it placed (kept in memory at most LIVE_LIMITS.placedTtlMs unless the index takes it over).
 */
export const LiveNotice = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('start'), call: LiveCall, placed: z.boolean().optional() }),
  z.object({ kind: z.literal('end'), id: Guid, status: z.string() }),
]);
export type LiveNotice = z.infer<typeof LiveNotice>;
