import { describe, expect, it } from 'vitest';
import { isStartDateAllowed } from './campaign-rules';
import { E164, IsoDate, TimeOfDay, UtcTimestamp, Uuid, toUtcTimestamp } from './formats';
import { IdParams } from './queries';
import { Timezone } from './schemas/campaign';
import { formatPath } from './errors';
import { regexes } from 'zod/v4/core';
import { E164_PATTERN, GUID_PATTERN, ISO_DATE_PATTERN, UUID_PATTERN } from './formats.plain';

describe('formats of the spec', () => {
  it.each(['+14155550100', '+33612345678', '+442071838750'])('E.164 accepts %s', (v) => expect(E164.safeParse(v).success).toBe(true));
  it.each(['0612345678', '+0612345678', '+33 6 12 34 56 78', '+1234567890123456', '', '33612345678'])('E.164 refuses %j', (v) =>
    expect(E164.safeParse(v).success).toBe(false),
  );

  it("the browser's patterns are zod's own, written out", () => {
    expect([E164_PATTERN, UUID_PATTERN, GUID_PATTERN, ISO_DATE_PATTERN].map((r) => [r.source, r.flags])).toEqual(
      [regexes.e164, regexes.uuid(), regexes.guid, regexes.date].map((r) => [r.source, r.flags]),
    );
  });

  it("E.164 without zod (the browser importer's check) is the same rule", () => {
    for (const v of ['+14155550100', '+4312345', '+430000', '+0612345678', '+1234567890123456', '+123456789012345', '33612345678']) {
      expect(E164_PATTERN.test(v), v).toBe(E164.safeParse(v).success);
    }
  });

  it.each([
    ['00:00', true],
    ['23:59', true],
    ['24:00', false],
    ['9:30', false],
    ['09:60', false],
    ['09:30:00', false],
  ])('HH:mm %s -> %s', (v, ok) => expect(TimeOfDay.safeParse(v).success).toBe(ok));

  it.each([
    ['2026-02-28', true],
    ['2026-02-30', false],
    ['2026-2-3', false],
    ['26-02-03', false],
  ])('date %s -> %s', (v, ok) => expect(IsoDate.safeParse(v).success).toBe(ok));

  it('timestamps are UTC to the second, no fraction', () => {
    expect(UtcTimestamp.safeParse('2026-11-22T10:00:00Z').success).toBe(true);
    expect(UtcTimestamp.safeParse('2026-11-22T10:00:00.000Z').success).toBe(false);
    expect(UtcTimestamp.safeParse('2026-11-22T10:00:00+01:00').success).toBe(false);
    expect(toUtcTimestamp(new Date('2026-11-22T10:00:00.123Z'))).toBe('2026-11-22T10:00:00Z');
  });

  it('ids are strict UUIDs', () => {
    expect(Uuid.safeParse('3f0c8a8e-6a8b-4c39-9a51-3c1c8a4b2d10').success).toBe(true);
    expect(IdParams.safeParse({ id: 'not-a-uuid' }).success).toBe(false);
    expect(IdParams.safeParse({ id: '../../etc/passwd' }).success).toBe(false);
  });

  it('time zones are IANA names', () => {
    expect(Timezone.safeParse('Europe/Paris').success).toBe(true);
    expect(Timezone.safeParse('America/Argentina/Buenos_Aires').success).toBe(true);
    expect(Timezone.safeParse('UTC').success).toBe(true);
    expect(Timezone.safeParse('Mars/Olympus').success).toBe(false);
    expect(Timezone.safeParse('+01:00').success).toBe(false);
  });

  it('start date is today or later in the campaign timezone', () => {
    // 23:30 UTC on Jan 1 is already Jan 2 in Paris.
    const now = new Date('2030-01-01T23:30:00Z');
    expect(isStartDateAllowed('2030-01-01', 'Europe/Paris', now)).toBe(false);
    expect(isStartDateAllowed('2030-01-02', 'Europe/Paris', now)).toBe(true);
    expect(isStartDateAllowed('2030-01-01', 'America/New_York', now)).toBe(true);
  });

  it('writes validation paths as the API does', () => {
    expect(formatPath(['recipients', 3, 'phone'])).toBe('recipients[3].phone');
    expect(formatPath(['timeSlots', 1, 'endTime'])).toBe('timeSlots[1].endTime');
  });
});
