/**
 * The connection check's report (`npm run doctor` prints it; the worker stores it for the "Voice
 * API" page) and the page's answer. server/services/upstream/doctor.ts builds the report as this type: one
 * shape for the command and the console. A report holds no key and no token: the keys are named
 * by their place in the pair (index 0, 1), never by value.
 */
import { z } from 'zod';

export * from './upstream-check.plain';

export const KeyFinding = z.object({
  /** 0: VOICE_API_KEY, 1: VOICE_API_KEY_SECONDARY. */
  index: z.int(),
  /** The token request's status; null when the upstream could not be reached. */
  status: z.int().nullable(),
  ok: z.boolean(),
  /** The scopes the token carries (its JWT `scope` claim, or the answer's `scope`). */
  scopesGranted: z.array(z.string()),
  tokenType: z.string().nullable(),
  expiresIn: z.number().nullable(),
  /** The token is a JWT with an `exp` claim. */
  jwtExp: z.boolean(),
});
export type KeyFinding = z.infer<typeof KeyFinding>;

export const ShapeFinding = z.object({
  route: z.string(),
  objects: z.int(),
  /** Fields the contract lists that some object lacked. */
  missing: z.array(z.string()),
  /** Fields the contract does not know. */
  unknown: z.array(z.string()),
});
export type ShapeFinding = z.infer<typeof ShapeFinding>;

export const DoctorReport = z
  .object({
    /** The upstream's base URL (without any user or password it may carry). */
    upstream: z.string(),
    ok: z.boolean(),
    keys: z.array(KeyFinding),
    shapes: z.array(ShapeFinding),
    transcript: z.object({ callId: z.string(), form: z.string(), entries: z.int() }).nullable(),
    recording: z.object({ callId: z.string(), form: z.string(), container: z.string() }).nullable(),
    /** Every rate-limit header seen (`*ratelimit*`, `retry-after`), by lower-case name. */
    rateLimitHeaders: z.record(z.string(), z.string()),
    /** The upstream's Date header less this machine's clock, in seconds; null without a Date header. */
    clockSkewSeconds: z.number().nullable(),
    latencyMs: z.object({ median: z.number(), max: z.number(), requests: z.int() }),
    /** Each something to act on; none: as expected. */
    problems: z.array(z.string()),
  })
  .meta({ id: 'DoctorReport' });
export type DoctorReport = z.infer<typeof DoctorReport>;

/** One check an admin asked for: open while finishedAt is null (running once startedAt is set). */
export const UpstreamCheck = z.object({
  id: z.int(),
  requestedAt: z.string(),
  requestedBy: z.string().nullable(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  report: DoctorReport.nullable(),
  /** Why the check did not finish with a report (the upstream unreachable is a report, not an error). */
  error: z.string().nullable(),
});
export type UpstreamCheck = z.infer<typeof UpstreamCheck>;

/** GET (and POST's 202) /bff/upstream-check. */
export const UpstreamCheckAnswer = z
  .object({
    /** The latest check; null: never checked. */
    check: UpstreamCheck.nullable(),
    /** Whether a worker runs (its heartbeat): without one, a check asked for stays waiting. */
    worker: z.object({ running: z.boolean() }),
  })
  .meta({ id: 'UpstreamCheckAnswer' });
export type UpstreamCheckAnswer = z.infer<typeof UpstreamCheckAnswer>;
