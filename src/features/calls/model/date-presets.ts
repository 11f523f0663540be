/**
 * Date-range presets of the calls filter. The upstream requires both `from` and `to` (inclusive UTC
 * dates), so every preset yields both ends.
 */
export type DatePreset = 'today' | 'last7' | 'last30';

export const DATE_PRESETS: { id: DatePreset; label: string; days: number }[] = [
  { id: 'today', label: 'Today', days: 1 },
  { id: 'last7', label: 'Last 7 days', days: 7 },
  { id: 'last30', label: 'Last 30 days', days: 30 },
];

function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

export function presetRange(preset: DatePreset, now: Date = new Date()): { from: string; to: string } {
  const days = DATE_PRESETS.find((p) => p.id === preset)?.days ?? 1;
  const from = new Date(now.getTime() - (days - 1) * 86_400_000);
  return { from: isoDay(from), to: isoDay(now) };
}
