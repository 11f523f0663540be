/**
 * The "Voice API" page's connection check (issue 30, ADR 0056) as plain data: the route, the
 * NOTIFY channel the worker listens on, and the limits. `upstream-check.ts` holds the zod shapes.
 *
 * An admin asks for a check (POST); the worker runs it (the doctor of `npm run doctor`) and stores
 * the report; the page reads the latest (GET). One check is open (asked for, or running) at a time:
 * asking again while one is open answers the open one, so no one can queue checks against the
 * upstream.
 */
export const UPSTREAM_CHECK_ROUTES = {
  /** GET: the latest check, whether a worker runs, the index's request rate. POST: ask for a check (202). */
  check: '/bff/upstream-check',
} as const;

/** The PostgreSQL NOTIFY channel a new request is announced on (the worker LISTENs). */
export const UPSTREAM_CHECK_CHANNEL = 'upstream_check';

export const UPSTREAM_CHECK_LIMITS = {
  /** Checks open (asked for, or running) at once; asking again answers the open one. */
  openAtOnce: 1,
  /** Checks kept, newest first; older ones are pruned when one is asked for. */
  kept: 20,
  /** The longest a check may run before the worker gives it up. */
  runMs: 60_000,
  /** A check started but not finished after this long failed: the worker stopped during it. */
  staleMs: 2 * 60_000,
  /** How often the worker looks for a check it missed the notice of. */
  pollMs: 3_000,
  /** How often the page reads again while a check is open. */
  refreshMs: 2_000,
} as const;

/** What a check left started by a worker that stopped says. */
export const WORKER_STOPPED_MESSAGE = 'The worker stopped during the check.';
