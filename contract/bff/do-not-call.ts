/**
 * The do-not-call list, BFF <-> SPA: entries, the add/import/check bodies, and what a create says
 * about the recipients it left out. Numbers travel in E.164; the BFF normalises again before it
 * compares, so "+33 6 12 34 56 78" typed anywhere is the same entry as "+33612345678".
 */
import { z } from 'zod';
import { LIMITS } from '../limits';
import { PageQuery } from '../queries';
import { Page } from '../schemas/page';

/** Where an entry came from: typed by a person, a CSV import, a call review, or a rule. */
export const DNC_SOURCES = ['manual', 'import', 'call-review', 'rule'] as const;
export const DncSource = z.enum(DNC_SOURCES);
export type DncSource = z.infer<typeof DncSource>;

export const DNC_REASON_MAX = 200;
export const DncReason = z
  .string()
  .trim()
  .min(1, { error: 'Say why this number must not be called.' })
  .max(DNC_REASON_MAX, { error: `Keep the reason to ${DNC_REASON_MAX} characters.` });

export const DncEntry = z.object({
  phone: z.string(),
  reason: z.string(),
  source: DncSource,
  /** The call the number was added from (call review, rule), when there is one. */
  callId: z.string().nullable(),
  /** The rule's name for source = rule. */
  rule: z.string().nullable(),
  addedBy: z.string(),
  addedAt: z.string(),
});
export type DncEntry = z.infer<typeof DncEntry>;

/** A number in international form, spaced or not; the BFF normalises it to E.164. */
export const DncPhone = z.string().trim().min(1, { error: 'Enter a phone number.' }).max(64, { error: 'That is too long for a phone number.' });

export const DncAddBody = z.strictObject({
  phone: DncPhone,
  reason: DncReason,
  source: z.enum(['manual', 'call-review']).default('manual'),
  callId: z.guid({ error: 'Must be a call id.' }).optional(),
});
export type DncAddBody = z.input<typeof DncAddBody>;

/** The list's search: digits or part of a reason. */
export const DncSearchText = z.string().trim().max(100, { error: 'Keep the search to 100 characters.' });

export const DncQuery = PageQuery.extend({
  q: DncSearchText.optional(),
});
export type DncQuery = z.input<typeof DncQuery>;

export const DncPage = Page(DncEntry);
export type DncPage = z.infer<typeof DncPage>;

/** At most this many rows per import request (the SPA sends one request per import and lists the rows past it as problems). */
export const DNC_IMPORT_MAX = 5000;
/**
 * At most this many imports per person in any minute (30,000 numbers at most): a person choosing
 * files never comes near it; a script sending them back to back would hold the database for
 * everyone else. Past it: 429 with Retry-After, before the body is read.
 */
export const DNC_IMPORTS_PER_USER_PER_MINUTE = 6;
/**
 * At most this many imports wait, per web process, for the thread that reads them (one at a time,
 * ~0.1-0.3 s each): more are answered 503 with Retry-After instead of held in memory.
 */
export const DNC_IMPORTS_WAITING_MAX = 8;
/** Rows as the SPA built them; each is checked again on the server and refused per row. */
export const DncImportBody = z.strictObject({
  rows: z
    .array(z.strictObject({ line: z.int().min(1), phone: z.string().max(64), reason: z.string().max(1000) }))
    .min(1, { error: 'The file has no rows.' })
    .max(DNC_IMPORT_MAX, { error: `At most ${DNC_IMPORT_MAX} rows per import.` }),
});
export type DncImportBody = z.infer<typeof DncImportBody>;

/**
 * A campaign created through Switchboard that holds a listed number (the BFF keeps, per created
 * campaign, the numbers it sent: `campaign_recipients`). Told to whoever adds such a number, and
 * listed on the do-not-call page while it may still call one, with a Pause.
 */
export const DncHoldingCampaign = z.object({
  id: z.string(),
  name: z.string(),
  /** The upstream's status now (ACTIVE, PAUSED); null when it could not be read. Cancelled ones are left out. */
  status: z.string().nullable(),
  /** The listed numbers it holds (in E.164). */
  phones: z.array(z.string()),
});
export type DncHoldingCampaign = z.infer<typeof DncHoldingCampaign>;

/** POST /bff/do-not-call: the entry, and the campaigns that hold the number (none: empty). */
export const DncAddResult = DncEntry.extend({ campaigns: z.array(DncHoldingCampaign) });
export type DncAddResult = z.infer<typeof DncAddResult>;

export const DncRowProblem = z.object({ line: z.int(), phone: z.string(), reason: z.string() });
export type DncRowProblem = z.infer<typeof DncRowProblem>;
export const DncImportResult = z.object({
  /** New entries. */
  added: z.int(),
  /** Already on the list (kept as they were). */
  already: z.int(),
  problems: z.array(DncRowProblem),
  /** The campaigns that hold any of the numbers added. */
  campaigns: z.array(DncHoldingCampaign),
});
export type DncImportResult = z.infer<typeof DncImportResult>;

/** POST /bff/do-not-call/check: which of these numbers would be left out, and why. */
export const DncCheckBody = z.strictObject({
  phones: z
    .array(z.string().max(64))
    .max(Math.max(LIMITS.campaignRecipients.max, LIMITS.bulkRecipients.max) * 10, { error: 'Too many numbers to check at once.' }),
});
export type DncCheckBody = z.infer<typeof DncCheckBody>;

/** One recipient left out of a create: its position in what was sent, its number, and why. */
export const DncSkipped = z.object({ index: z.int(), phone: z.string(), reason: z.string() });
export type DncSkipped = z.infer<typeof DncSkipped>;
export const DncCheckResult = z.object({ skipped: z.array(DncSkipped) });
export type DncCheckResult = z.infer<typeof DncCheckResult>;

/**
 * A bulk or campaign create through the BFF answers the upstream's body plus this field when any
 * recipient was left out (absent when none was). A one-call create of a listed number is refused
 * with 422 and a `recipient.phone` field error; a list with every number listed, likewise.
 */
export const DNC_SKIPPED_FIELD = 'doNotCallSkipped' satisfies keyof DncCreateExtra;
/**
 * A campaign create also answers this field when a number it sent was added to the list while the
 * create was in flight (after the check, before the campaign existed): the campaign holds it, so
 * the person is told at once and offered a pause. Absent when none was.
 */
export const DNC_LISTED_DURING_FIELD = 'doNotCallListedDuringCreate' satisfies keyof DncCreateExtra;
export const DncListedDuring = z.object({ phone: z.string(), reason: z.string() });
export type DncListedDuring = z.infer<typeof DncListedDuring>;
export const DncCreateExtra = z.object({ doNotCallSkipped: z.array(DncSkipped).optional(), doNotCallListedDuringCreate: z.array(DncListedDuring).optional() });
export type DncCreateExtra = z.infer<typeof DncCreateExtra>;

/** The sentence shown for a listed number: the reason a person gave, and where it came from. */
export function dncSkipReason(entry: { reason: string; source: DncSource; rule?: string | null }): string {
  const origin = entry.source === 'rule' && entry.rule ? `rule "${entry.rule}"` : entry.source.replace('-', ' ');
  return `On the do-not-call list (${origin}): ${entry.reason}`;
}

/** The add form as typed (the SPA normalises the phone with the chosen country before it sends). */
export const DncAddForm = z.object({ phone: DncPhone, reason: DncReason });
export type DncAddForm = z.infer<typeof DncAddForm>;
/** The search box of the list (an empty search lists every number). */
export const DncSearchForm = z.object({ q: DncSearchText });
export type DncSearchForm = z.infer<typeof DncSearchForm>;
