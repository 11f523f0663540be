/**
 * Watched views and alerts, BFF <-> SPA, as plain data the SPA's first chunk may read: paths, who
 * manages rules, the kinds of threshold and their limits. The zod shapes are in alerts.ts.
 */
// Who manages rules: the permission table's 'alerts:manage' (permissions.ts); every signed-in role reads alerts.

export const ALERT_KINDS = ['count', 'share', 'stuck'] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

export const ALERT_LIMITS = {
  nameMax: 80,
  /** A sliding window from one minute to a day. */
  windowMinutesMax: 1440,
  atLeastMax: 100_000,
  minCallsMax: 10_000,
  /** "IN_PROGRESS for more than N minutes": up to a day. */
  stuckMinutesMax: 1440,
  webhookUrlMax: 500,
  webhookSecretMin: 16,
  webhookSecretMax: 200,
  rulesMax: 200,
} as const;

/** Where a pause ordered by a rule stands. */
export const PAUSE_STATES = ['none', 'pending', 'retrying', 'done', 'failed'] as const;
export type PauseState = (typeof PAUSE_STATES)[number];

export const DELIVERY_STATES = ['pending', 'retrying', 'delivered', 'failed'] as const;
export type DeliveryState = (typeof DELIVERY_STATES)[number];

/**
 * Headers of a webhook request: the receiver checks HMAC-SHA256(secret, `${timestamp}.${delivery}.${body}`)
 * and drops a delivery id it has seen.
 */
export const WEBHOOK_HEADERS = {
  timestamp: 'X-Switchboard-Timestamp',
  signature: 'X-Switchboard-Signature',
  delivery: 'X-Switchboard-Delivery',
  event: 'X-Switchboard-Event',
} as const;

/** GET /bff/alerts/unread: alerts after the last one this user saw. */
export interface AlertUnread {
  unread: number;
  latestId: number | null;
}

export const ALERT_PATHS = {
  rules: '/bff/alert-rules',
  rule: (id: number) => `/bff/alert-rules/${id}`,
  alerts: '/bff/alerts',
  alert: (id: number) => `/bff/alerts/${id}`,
  unread: '/bff/alerts/unread',
  seen: '/bff/alerts/seen',
} as const;
