/**
 * "Call each person in their own local hours" (issue 32): one campaign per time zone, with that zone
 * as its `timezone`, so the upstream's fixed windows apply in each person's own clock. Pure, shared
 * by the wizard (which creates the parts exactly once, one Idempotency-Key each) and the BFF's tests.
 *
 * - A zone with more recipients than a campaign takes is cut again: "Name · America/Chicago (1/2)".
 * - `batchSize` (calls per day) is shared out by part size, largest remainder first, at least 1 each:
 *   a part of n of N recipients gets about batchSize × n / N.
 * - `startDate` must be today or later in each part's own zone: a date that is already past there
 *   (today in Paris is still yesterday in Honolulu) moves to that zone's today, and says so.
 * - Numbers whose zone is ambiguous or unknown go to the default zone the person chose, or are held back.
 */
import { LIMITS } from './limits';
import { todayIn } from './timezone';

export interface ZoneGroupInput {
  zone: string | null;
  certainty: 'sure' | 'ambiguous' | 'unknown';
  candidates: string[];
  indexes: number[];
}

export interface ZonePart<R> {
  name: string;
  timezone: string;
  recipients: R[];
  batchSize: number;
  startDate: string;
  /** The start date asked for was already past in this zone. */
  startMoved: boolean;
  /** How many of its recipients had no sure zone and take the default. */
  unsure: number;
}

export interface ZonePlanInput<R> {
  name: string;
  recipients: readonly R[];
  groups: readonly ZoneGroupInput[];
  /** Where numbers with no sure zone are called, or null to hold them back. */
  defaultZone: string | null;
  batchSize: number;
  startDate: string;
  now: Date;
  partSize?: number;
}

export interface ZonePlan<R> {
  parts: ZonePart<R>[];
  /** Recipients left out: no sure zone and no default. */
  held: R[];
}

/** "Name · Zone" or "Name · Zone (2/3)", the base shortened so the whole stays within the name limit. */
export function zonePartName(name: string, zone: string, index: number, total: number): string {
  const suffix = ` · ${zone}${total > 1 ? ` (${index + 1}/${total})` : ''}`;
  return `${name.trim().slice(0, Math.max(1, LIMITS.campaignName.max - suffix.length))}${suffix}`;
}

/** Shares `total` out by `sizes`, largest remainder first, at least `min` each and at most `max` each. */
export function shareOut(total: number, sizes: readonly number[], min: number = LIMITS.batchSize.min, max: number = LIMITS.batchSize.max): number[] {
  const sum = sizes.reduce((a, b) => a + b, 0);
  if (sum === 0) return sizes.map(() => min);
  const exact = sizes.map((n) => (total * n) / sum);
  const shares = exact.map(Math.floor);
  let left = total - shares.reduce((a, b) => a + b, 0);
  const order = exact.map((e, i) => ({ i, frac: e - Math.floor(e) })).sort((a, b) => b.frac - a.frac || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    shares[i]! += 1;
    left -= 1;
  }
  return shares.map((s) => Math.min(max, Math.max(min, s)));
}

export function planZoneParts<R>(input: ZonePlanInput<R>): ZonePlan<R> {
  const size = input.partSize ?? LIMITS.campaignRecipients.max;
  const byZone = new Map<string, { sure: R[]; unsure: R[] }>();
  const held: R[] = [];
  for (const group of input.groups) {
    const members = group.indexes.map((i) => input.recipients[i]).filter((r): r is R => r !== undefined);
    const zone = group.certainty === 'sure' && group.zone ? group.zone : input.defaultZone;
    if (!zone) {
      held.push(...members);
      continue;
    }
    const entry = byZone.get(zone) ?? { sure: [], unsure: [] };
    (group.certainty === 'sure' ? entry.sure : entry.unsure).push(...members);
    byZone.set(zone, entry);
  }
  // Largest zone first, then by name: the order (and so every part's name) is stable for a given list.
  const zones = [...byZone.entries()]
    .map(([zone, e]) => ({ zone, recipients: [...e.sure, ...e.unsure], sure: e.sure.length }))
    .sort((a, b) => b.recipients.length - a.recipients.length || a.zone.localeCompare(b.zone));
  const cut: { zone: string; name: string; recipients: R[]; unsure: number }[] = [];
  for (const { zone, recipients: all, sure } of zones) {
    const total = Math.ceil(all.length / size);
    for (let i = 0; i < total; i += 1) {
      const recipients = all.slice(i * size, (i + 1) * size);
      // The unsure numbers follow the zone's sure ones: count those in this slice.
      const unsure = Math.max(0, i * size + recipients.length - Math.max(sure, i * size));
      cut.push({ zone, name: zonePartName(input.name, zone, i, total), recipients, unsure });
    }
  }
  const shares = shareOut(
    input.batchSize,
    cut.map((c) => c.recipients.length),
  );
  const parts = cut.map((c, i) => {
    const today = todayIn(c.zone, input.now);
    const startMoved = input.startDate < today;
    return {
      name: c.name,
      timezone: c.zone,
      recipients: c.recipients,
      batchSize: shares[i]!,
      startDate: startMoved ? today : input.startDate,
      startMoved,
      unsure: c.unsure,
    };
  });
  return { parts, held };
}
