/**
 * The local-hours hold on the write path (issue 32, ADR 0047): which numbers of one call or a bulk
 * list are outside the calling windows in their own zone now (the upstream's clock). Pure rule in
 * contract/bff/local-hours.ts; the zone lookup in ./recipient-zones.ts.
 */
import { heldForHours, type HoursSkipped } from '../../../contract/bff/local-hours';
import { zoneOf, zoneTable } from './recipient-zones';

/** The numbers held back, `positions` being their places in what the browser sent. */
export async function screenHours(phones: readonly string[], positions: readonly number[], now: Date): Promise<HoursSkipped[]> {
  const lookup = await zoneTable();
  const held: HoursSkipped[] = [];
  phones.forEach((phone, i) => {
    const hold = heldForHours(zoneOf(lookup, phone, now), now);
    if (hold) held.push({ index: positions[i]!, phone, ...hold });
  });
  return held;
}
