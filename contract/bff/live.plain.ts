/**
 * The live board's stream (GET /bff/live/calls, server-sent events) as plain data: the route, the
 * event names and the limits. `live.ts` holds the zod shapes of each event's data.
 *
 * The stream opens with one `snapshot` event (the calls in progress now), then sends a `start`
 * event when a call begins and an `end` event when it leaves IN_PROGRESS. A comment line
 * (`: heartbeat`) every LIVE_LIMITS.heartbeatMs keeps proxies from closing an idle stream.
 */
export const LIVE_ROUTES = {
  /** GET: text/event-stream of the calls in progress. */
  calls: '/bff/live/calls',
} as const;

export const LIVE_EVENTS = { snapshot: 'snapshot', start: 'start', end: 'end' } as const;
export type LiveEventName = (typeof LIVE_EVENTS)[keyof typeof LIVE_EVENTS];

/** The PostgreSQL NOTIFY channel every web process listens on. */
export const LIVE_CHANNEL = 'live_calls';

export const LIVE_LIMITS = {
  /** Open streams one user may hold on one web process; the next one is refused with 429. */
  streamsPerUser: 4,
  /** Open streams on one web process, all users together; the next one is refused with 503. */
  streamsPerInstance: 200,
  /** Calls the opening snapshot holds at most (the oldest first dropped). */
  snapshotCalls: 500,
  /** A comment line this often keeps the connection open through proxies. */
  heartbeatMs: 15_000,
  /** A stream is ended after this long; the browser reconnects, and its session is checked again. */
  streamMaxMs: 30 * 60_000,
  /** The browser waits this long before reconnecting (the `retry:` field). */
  retryMs: 2_000,
  /** Calls the BFF placed are kept in memory this long, unless their end comes first (the snapshot's second source). */
  placedTtlMs: 2 * 60 * 60_000,
} as const;
