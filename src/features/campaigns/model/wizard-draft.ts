/**
 * What the wizard keeps in the BFF's draft: every step's values as typed (even invalid), the
 * imported table with its edits, and the submission's Idempotency-Key. Parsed leniently on load:
 * a draft from an older build restores what it can.
 */
import { z } from 'zod';
import { LIMITS } from '@contract/limits';
import { todayIn } from '@contract/timezone';
import type { RecipientsDraft } from '@/lib/recipients/import-draft';
import { DEFAULT_RETRY, type BasicsValues, type RetryValues, type ScheduleValues } from './step-schemas';

export interface SubmissionPart {
  name: string;
  key: string;
  campaignId: string | null;
}

export interface Submission {
  startedAt: string;
  parts: SubmissionPart[];
  /** Several parts (a split list): the id they all carry to the BFF, which links them (docs/outcomes.md). */
  splitId?: string;
}

/** What becomes of numbers with no sure zone when each person is called in their own hours. */
export type UnsureZones = 'default' | 'hold';

export interface CampaignDraftData {
  v: 1;
  basics: BasicsValues;
  schedule: ScheduleValues;
  retry: RetryValues;
  recipients: RecipientsDraft | null;
  /** Past the recipient limit, the person agreed to several campaigns "Name (1/n)". */
  split: boolean;
  /** "Call each person in their own local hours": one campaign per time zone (issue 32). */
  localHours: boolean;
  /** In local hours, numbers with no sure zone: called in the campaign's zone, or held back. */
  unsureZones: UnsureZones;
  submission: Submission | null;
}

export function browserZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

export function emptyDraft(zone: string = browserZone(), now: Date = new Date()): CampaignDraftData {
  return {
    v: 1,
    basics: { name: '', agentId: '', timezone: zone },
    schedule: {
      startDate: todayIn(zone, now),
      days: ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY'],
      timeSlots: [{ startTime: '10:00', endTime: '13:00' }],
      batchSize: Math.min(100, LIMITS.batchSize.max),
    },
    retry: { enabled: false },
    recipients: null,
    split: false,
    localHours: false,
    unsureZones: 'default',
    submission: null,
  };
}

const Loose = z.object({
  v: z.literal(1),
  basics: z.object({
    name: z.string(),
    agentId: z.string(),
    timezone: z.string(),
  }),
  schedule: z.object({
    startDate: z.string(),
    days: z.array(z.string()),
    timeSlots: z.array(z.object({ startTime: z.string(), endTime: z.string() })),
    batchSize: z.number(),
  }),
  retry: z.union([
    z.object({ enabled: z.literal(false) }),
    z.object({
      enabled: z.literal(true),
      max: z.number(),
      delay: z.number(),
      retryOn: z.array(z.string()),
    }),
  ]),
  recipients: z
    .object({
      fileName: z.string().nullable(),
      headers: z.array(z.string()),
      rows: z.array(z.object({ line: z.number(), cells: z.array(z.string()) })),
      hasHeader: z.boolean(),
      delimiter: z.string(),
      roles: z.array(z.enum(['phone', 'tags', 'context', 'ignore'])),
      keys: z.array(z.string()),
      defaultCountry: z.string(),
    })
    .nullable(),
  split: z.boolean().catch(false),
  localHours: z.boolean().catch(false),
  unsureZones: z.enum(['default', 'hold']).catch('default'),
  submission: z
    .object({
      startedAt: z.string(),
      parts: z.array(
        z.object({
          name: z.string(),
          key: z.string(),
          campaignId: z.string().nullable(),
        }),
      ),
      splitId: z.uuid().optional().catch(undefined),
    })
    .nullable(),
});

/** A stored draft, or a fresh one when there is none or it cannot be read. */
export function readDraft(data: unknown, fresh: () => CampaignDraftData = () => emptyDraft()): CampaignDraftData {
  const parsed = Loose.safeParse(data);
  // The loose shape holds strings where the steps hold enums: the step schemas check them again.
  return parsed.success ? (parsed.data as unknown as CampaignDraftData) : fresh();
}

export { DEFAULT_RETRY };
