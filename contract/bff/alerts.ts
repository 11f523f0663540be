/**
 * Watched views and alerts: a rule watches a saved view of the calls list with a threshold over a
 * sliding window, evaluated by the BFF from the call index (docs/alerts.md). Limits and names are
 * plain data in alerts.plain.ts.
 */
import { z } from 'zod';
import { CallStatus } from '../enums';
import { Uuid } from '../formats';
import { PageQuery } from '../queries';
import { Page } from '../schemas/page';
import { STATUS_GROUPS } from '../status-groups';
import { ALERT_LIMITS, DELIVERY_STATES, PAUSE_STATES } from './alerts.plain';
import { SavedViewName } from './http';

export * from './alerts.plain';

const whole = (min: number, max: number, what: string) =>
  z
    .number({ error: `${what} must be a number.` })
    .int({ error: `${what} must be a whole number.` })
    .min(min, { error: `${what} must be at least ${min}.` })
    .max(max, { error: `${what} must be at most ${max.toLocaleString('en')}.` });

const WindowMinutes = whole(1, ALERT_LIMITS.windowMinutesMax, 'The window');

/** Groups a share can be taken of: ended calls only (a call in progress has no outcome yet). */
export const SHARE_GROUPS = STATUS_GROUPS.filter((g) => g !== 'inProgress') as Exclude<(typeof STATUS_GROUPS)[number], 'inProgress'>[];

export const CountCondition = z.strictObject({
  kind: z.literal('count'),
  /** Only calls in these statuses (none: every call of the view). */
  statuses: z.array(CallStatus).max(12).default([]),
  windowMinutes: WindowMinutes,
  /** Breached when at least this many calls started in the window. */
  atLeast: whole(1, ALERT_LIMITS.atLeastMax, 'The count'),
});
export const ShareCondition = z.strictObject({
  kind: z.literal('share'),
  group: z.enum(SHARE_GROUPS as [string, ...string[]], { error: `Choose one of ${SHARE_GROUPS.join(', ')}.` }),
  windowMinutes: WindowMinutes,
  /** Breached when the group's share of ended calls is above this percentage... */
  abovePercent: z
    .number({ error: 'The share must be a number.' })
    .min(0, { error: 'The share must be 0 % or more.' })
    .max(99.9, { error: 'The share must be below 100 %.' }),
  /** ...and at least this many calls ended in the window (a share of 2 calls says little). */
  minCalls: whole(1, ALERT_LIMITS.minCallsMax, 'The minimum of ended calls').default(5),
});
export const StuckCondition = z.strictObject({
  kind: z.literal('stuck'),
  /** Breached while a call of the view is IN_PROGRESS for more than this many minutes. */
  minutes: whole(1, ALERT_LIMITS.stuckMinutesMax, 'The duration'),
});
export const AlertCondition = z.discriminatedUnion('kind', [CountCondition, ShareCondition, StuckCondition], {
  error: 'Choose a kind of threshold: count, share or stuck.',
});
export type AlertCondition = z.output<typeof AlertCondition>;
export type AlertConditionInput = z.input<typeof AlertCondition>;

export const AlertRuleName = z
  .string()
  .trim()
  .min(1, { error: 'Name the rule.' })
  .max(ALERT_LIMITS.nameMax, { error: `A rule name is at most ${ALERT_LIMITS.nameMax} characters.` });

/** Syntax only; whether a host is allowed (https, loopback only in development) is the BFF's check. */
export const WebhookUrl = z
  .string()
  .trim()
  .max(ALERT_LIMITS.webhookUrlMax, { error: `A URL is at most ${ALERT_LIMITS.webhookUrlMax} characters.` })
  .refine((s) => URL.canParse(s), { error: 'Enter a full URL, such as https://hooks.example.com/switchboard.' });

export const WebhookSecret = z
  .string()
  .min(ALERT_LIMITS.webhookSecretMin, { error: `The signing secret must be at least ${ALERT_LIMITS.webhookSecretMin} characters.` })
  .max(ALERT_LIMITS.webhookSecretMax, { error: `The signing secret is at most ${ALERT_LIMITS.webhookSecretMax} characters.` });

/**
 * Create or replace a rule. `webhookSecret` is write-only: required with a new webhook URL, kept
 * when omitted on an update of the same URL, never answered.
 */
export const AlertRuleBody = z.strictObject({
  name: AlertRuleName,
  viewName: SavedViewName,
  condition: AlertCondition,
  webhookUrl: WebhookUrl.nullable().default(null),
  webhookSecret: WebhookSecret.optional(),
  /** The campaign (of the registry) to pause when the rule is breached; null: no auto-pause. */
  pauseCampaignId: Uuid.nullable().default(null),
  enabled: z.boolean().default(true),
});
export type AlertRuleBody = z.input<typeof AlertRuleBody>;

export const AlertRuleId = z.coerce.number({ error: 'Must be a rule id.' }).int({ error: 'Must be a rule id.' }).min(1, { error: 'Must be a rule id.' });
export const AlertId = z.coerce.number({ error: 'Must be an alert id.' }).int({ error: 'Must be an alert id.' }).min(1, { error: 'Must be an alert id.' });

export const RULE_STATES = ['ok', 'breached', 'unknown'] as const;

export const AlertRule = z.object({
  id: z.number(),
  name: z.string(),
  viewName: z.string(),
  /** The view's filters as they were when the rule was saved (the window replaces its dates). */
  filter: z.record(z.string(), z.unknown()),
  condition: AlertCondition,
  /**
   * The whole URL, only to those who may edit the rule (a URL may carry a secret: a token in its
   * path or query); null for the others, who see `webhookHost`.
   */
  webhookUrl: z.string().nullable(),
  /** The receiver's host (and port), to everyone; null: no webhook. */
  webhookHost: z.string().nullable(),
  webhookSecretSet: z.boolean(),
  pauseCampaignId: z.string().nullable(),
  pauseCampaignName: z.string().nullable(),
  pauseSetBy: z.string().nullable(),
  enabled: z.boolean(),
  createdBy: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  state: z.enum(RULE_STATES),
  lastValue: z.number().nullable(),
  /** The index instant the rule was last evaluated at (the upstream's clock). */
  lastEvaluatedAt: z.string().nullable(),
  openAlertId: z.number().nullable(),
});
export type AlertRule = z.infer<typeof AlertRule>;

export const PauseInfo = z.object({
  state: z.enum(PAUSE_STATES),
  campaignId: z.string().nullable(),
  campaignName: z.string().nullable(),
  setBy: z.string().nullable(),
  attempts: z.number(),
  lastError: z.string().nullable(),
  doneAt: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
});
export type PauseInfo = z.infer<typeof PauseInfo>;

export const Alert = z.object({
  id: z.number(),
  ruleId: z.number().nullable(),
  ruleName: z.string(),
  viewName: z.string(),
  summary: z.string(),
  value: z.number(),
  openedAt: z.string(),
  clearedAt: z.string().nullable(),
  pause: PauseInfo,
  /** Webhook deliveries by state (detail: every attempt). */
  deliveries: z.object({ total: z.number(), delivered: z.number(), failed: z.number(), pending: z.number() }),
});
export type Alert = z.infer<typeof Alert>;

export const DeliveryAttempt = z.object({
  at: z.string(),
  status: z.number().nullable(),
  error: z.string().nullable(),
  ms: z.number(),
});
export const Delivery = z.object({
  id: z.number(),
  event: z.enum(['opened', 'cleared']),
  /** The whole URL, only to those who may edit rules; null for the others, who see `host`. */
  url: z.string().nullable(),
  host: z.string(),
  state: z.enum(DELIVERY_STATES),
  attempts: z.array(DeliveryAttempt),
  nextAttemptAt: z.string().nullable(),
});
export type Delivery = z.infer<typeof Delivery>;

/**
 * A campaign an alert is about: its auto-pause's (by id), or a registry campaign the watched view's
 * campaign name (and agent, if the view names one) matches. The Voice API's calls carry a
 * campaign's name, not its id: when several registry campaigns share the name, the alert cannot
 * say which of them its calls belong to, and the console says so.
 */
export const AlertCampaign = z.object({
  id: z.string(),
  name: z.string(),
  matchedBy: z.enum(['id', 'name']),
  /** Campaigns of the registry with this name. */
  sameName: z.number(),
});
export type AlertCampaign = z.infer<typeof AlertCampaign>;
/** At most this many registry campaigns are offered for one alert (names need not be unique). */
export const ALERT_CAMPAIGNS_MAX = 5;

export const AlertDetail = Alert.extend({
  deliveryList: z.array(Delivery),
  /** The campaigns the alert is about, so that the page can pause one at once: the auto-pause's first. */
  campaigns: z.array(AlertCampaign),
});
export type AlertDetail = z.infer<typeof AlertDetail>;

export const AlertQuery = PageQuery.extend({
  open: z.enum(['true', 'false'], { error: 'Must be true or false.' }).optional(),
});
export type AlertQuery = z.input<typeof AlertQuery>;
export const AlertPage = Page(Alert);
export type AlertPage = z.infer<typeof AlertPage>;

export const AlertUnread = z.object({ unread: z.number(), latestId: z.number().nullable() });
export const AlertSeenBody = z.strictObject({ upTo: AlertId });

/** What a webhook receiver gets (JSON), signed as WEBHOOK_HEADERS says. */
export const WebhookPayload = z.object({
  event: z.enum(['opened', 'cleared']),
  deliveryId: z.number(),
  alert: z.object({ id: z.number(), summary: z.string(), value: z.number(), openedAt: z.string(), clearedAt: z.string().nullable() }),
  rule: z.object({ id: z.number(), name: z.string(), viewName: z.string(), condition: AlertCondition }),
  pauseCampaignId: z.string().nullable(),
});
export type WebhookPayload = z.infer<typeof WebhookPayload>;
