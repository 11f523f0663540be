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
} as const;
export const CSRF_HEADER_VALUE = '1';
/** An Idempotency-Key the BFF accepts: 8-128 letters, digits, `-_.:`. */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_.:-]{8,128}$/;

/** Upstream routes whose POST needs an Idempotency-Key at the BFF. */
export const IDEMPOTENT_UPSTREAM_PATHS = ['/v1/calls', '/v1/bulk/calls', '/v1/campaigns'] as const;
