/**
 * Blackout dates, BFF <-> SPA: dates on which no calls are placed, each taken in a campaign's own
 * time zone: the public holidays of the calendars an admin picks (a country, or a country and a
 * region, as the `date-holidays` library names them, e.g. `FR`, `US-CA`) and the team's own dates.
 * The BFF pauses an ACTIVE campaign at local midnight of such a date and resumes it after
 * (server/services/compliance/blackout-pauses.ts); the wizard's forecast skips them.
 */
import { z } from 'zod';
import { IsoDate } from '../formats';

export const BLACKOUT_LIMITS = {
  /** Calendars of public holidays in use at once. */
  calendarsMax: 20,
  /** The team's own dates. */
  datesMax: 500,
  labelMax: 120,
  /** The longest range one read answers (the forecast's horizon and more). */
  rangeDaysMax: 400,
} as const;

/** `FR`, `US-CA`: an ISO country code, optionally a region code. */
export const CALENDAR_PATTERN = /^[A-Z]{2}(-[A-Z0-9]{1,10})?$/;
export const BlackoutCalendarCode = z
  .string()
  .trim()
  .toUpperCase()
  .regex(CALENDAR_PATTERN, { error: 'A country code such as FR, or a country and region such as US-CA.' });

export const BlackoutDateBody = z.strictObject({
  date: IsoDate,
  label: z
    .string()
    .trim()
    .min(1, { error: 'Say what the date is.' })
    .max(BLACKOUT_LIMITS.labelMax, { error: `At most ${BLACKOUT_LIMITS.labelMax} characters.` }),
});
export type BlackoutDateBody = z.infer<typeof BlackoutDateBody>;

export const BlackoutCalendarsBody = z.strictObject({
  calendars: z.array(BlackoutCalendarCode).max(BLACKOUT_LIMITS.calendarsMax, { error: `At most ${BLACKOUT_LIMITS.calendarsMax} calendars.` }),
});
export type BlackoutCalendarsBody = z.infer<typeof BlackoutCalendarsBody>;

export const BlackoutQuery = z.object({ from: IsoDate, to: IsoDate });
export type BlackoutQuery = z.infer<typeof BlackoutQuery>;

/** One blacked-out date: a public holiday of a calendar in use, or one of the team's. */
export const BlackoutDay = z.object({
  date: z.string(),
  label: z.string(),
  source: z.enum(['holiday', 'team']),
  /** The calendar of a holiday (`FR`); null for the team's dates. */
  calendar: z.string().nullable(),
});
export type BlackoutDay = z.infer<typeof BlackoutDay>;

export const BlackoutCalendar = z.object({ code: z.string(), name: z.string() });
export type BlackoutCalendar = z.infer<typeof BlackoutCalendar>;

/** GET /bff/compliance/blackout?from&to: the calendars in use and every blacked-out date in the range, by date. */
export const BlackoutResult = z.object({ calendars: z.array(BlackoutCalendar), days: z.array(BlackoutDay) });
export type BlackoutResult = z.infer<typeof BlackoutResult>;

/** A pause the BFF made for a blackout date, as the /compliance page lists it. */
export const BlackoutPause = z.object({
  campaignId: z.string(),
  campaignName: z.string().nullable(),
  date: z.string(),
  state: z.enum(['pausing', 'paused', 'resuming', 'resumed', 'failed', 'left']),
  attempts: z.int(),
  error: z.string().nullable(),
  pausedAt: z.string().nullable(),
  resumedAt: z.string().nullable(),
});
export type BlackoutPause = z.infer<typeof BlackoutPause>;

/** The team-date form. */
export const BlackoutDateForm = BlackoutDateBody;
export type BlackoutDateForm = z.infer<typeof BlackoutDateForm>;
/** The add-a-calendar form. */
export const BlackoutCalendarForm = z.object({ code: BlackoutCalendarCode });
export type BlackoutCalendarForm = z.input<typeof BlackoutCalendarForm>;
