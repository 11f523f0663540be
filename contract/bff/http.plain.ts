/** The BFF's own headers, as plain constants (no schemas: the browser's first load reads them). */
export const BFF_HEADERS = {
  /** Required on every state-changing request (CSRF guard). */
  csrf: 'X-Switchboard',
  idempotencyKey: 'Idempotency-Key',
  requestId: 'X-Request-Id',
  /**
   * On a failed write: `unknown` when the upstream may have applied it (check before trying
   * again), `not-applied` when it certainly did not (trying again is safe).
   */
  outcome: 'X-Switchboard-Outcome',
  /**
   * On POST /bff/campaigns: the parts of one list split into several campaigns (per time zone, or
   * past the recipient limit) carry the same UUID, so the BFF links them and counts a person once
   * over the parts (docs/outcomes.md). Anything but a UUID: 400 naming the header.
   */
  splitGroup: 'X-Switchboard-Split',
} as const;
export const CSRF_HEADER_VALUE = '1';
/** An Idempotency-Key the BFF accepts: 8-128 letters, digits, `-_.:`. */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_.:-]{8,128}$/;

/** Upstream routes whose POST needs an Idempotency-Key at the BFF. */
export const IDEMPOTENT_UPSTREAM_PATHS = ['/v1/calls', '/v1/bulk/calls', '/v1/campaigns'] as const;

/**
 * The sign-in password checks waiting for a hash slot (server/services/auth/passwords.ts): one address
 * holds at most `perAddress` of them (waiting or running), all addresses together `waiting`; past
 * either, POST /auth/login answers 429 (that address) or 503 (everyone) with Retry-After at once,
 * instead of queueing a minute's work in front of other people's sign-ins.
 */
export const SIGN_IN_HASH_LIMITS = { perAddress: 10, waiting: 64 } as const;

/**
 * A draft's body (PUT /bff/drafts/:name), bounded before it is parsed (issue 28 §3): its bytes, and
 * its object keys counted as the bytes arrive (a JSON text of many small keys costs far more to
 * parse and validate than its size says). The wizard's largest draft, a 10,000-row list with a few
 * columns, is about half of each. Past either: 413 (bytes) or 400 (keys) naming `data`, at once.
 */
export const DRAFT_LIMITS = {
  /** Bytes of the JSON body. */
  bytes: 1024 * 1024,
  /** Object keys anywhere in it (each `"name":` outside a string). */
  keys: 50_000,
} as const;

/**
 * What one person may keep in the BFF (server/services/workspace/quotas.ts): drafts and saved views,
 * each a count and a total size of their JSON, checked before a write (the entry it replaces does not
 * count). Past either: 413 naming the quota. A viewer once wrote 37 MB of drafts in 3 s.
 */
export const WORKSPACE_QUOTAS = {
  drafts: { count: 20, bytes: 8 * 1024 * 1024 },
  views: { count: 100, bytes: 1024 * 1024 },
} as const;
