/**
 * Every numeric limit of the Voice API v1 (spec "Limits" table and docs/api-assumptions.md decisions), named once.
 * Schemas, the simulator, the BFF and the SPA's forms all read these: never retype a number.
 */
export const LIMITS = {
  /** Campaign `batchSize`: calls per day. */
  batchSize: { min: 1, max: 1000 },
  /** Campaign recipients on create. */
  campaignRecipients: { min: 1, max: 1000 },
  /** Bulk call recipients (docs/api-assumptions.md: 1..1000). */
  bulkRecipients: { min: 1, max: 1000 },
  /** Campaign time slots. */
  timeSlots: { min: 1, max: 2 },
  /** Campaign weekdays (distinct). */
  days: { min: 1, max: 7 },
  /** Page size on list routes (docs/api-assumptions.md: default 20). */
  pageSize: { min: 1, max: 100, default: 20 },
  /** Pages start at 1. */
  page: { min: 1, default: 1 },
  /** Campaign name length (docs/api-assumptions.md). */
  campaignName: { min: 1, max: 200 },
  /** Agent name length (our decision, mirroring the campaign name). */
  agentName: { min: 1, max: 200 },
  /** Retry policy (docs/api-assumptions.md): attempts and delay in minutes. */
  retryMax: { min: 0, max: 10, default: 0 },
  retryDelayMinutes: { min: 1, max: 1440, default: 60 },
  /** Token lifetime in seconds when the upstream does not say otherwise (docs/api-assumptions.md). */
  tokenExpiresInSeconds: { default: 900 },
} as const;

/**
 * The only times of day at which campaign calls are placed, in the campaign's timezone.
 * A slot is clipped to its overlap with these windows (spec "Time-slot rule").
 */
export const CALLING_WINDOWS = [
  { startTime: '10:00', endTime: '13:00' },
  { startTime: '14:00', endTime: '20:00' },
] as const;

/** Response headers of POST /v1/bulk/calls (spec "Bulk"). */
export const HEADERS = {
  callRateLimitLimit: 'X-CallRateLimit-Limit',
  callRateLimitRemaining: 'X-CallRateLimit-Remaining',
  retryAfter: 'Retry-After',
  apiKey: 'X-Api-Key',
  authorization: 'Authorization',
} as const;
