/**
 * Date-range presets of the calls filter: days in the display time zone, both ends always given
 * (inclusive), as the list's date filter needs.
 */
import { todayIn } from '@contract/timezone';
import { addDays } from '@/lib/zone-days';

export type DatePreset = 'today' | 'last7' | 'last30';

export const DATE_PRESETS: { id: DatePreset; label: string; days: number }[] = [
  { id: 'today', label: 'Today', days: 1 },
  { id: 'last7', label: 'Last 7 days', days: 7 },
  { id: 'last30', label: 'Last 30 days', days: 30 },
];

export function presetRange(preset: DatePreset, zone = 'UTC', now: Date = new Date()): { from: string; to: string } {
  const days = DATE_PRESETS.find((p) => p.id === preset)?.days ?? 1;
  const to = todayIn(zone, now);
  return { from: addDays(to, -(days - 1)), to };
}
