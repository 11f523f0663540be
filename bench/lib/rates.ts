/**
 * Request rates from a counter read over time (the syncrate section: the simulator's request count
 * on the index's routes, sampled about once a second). Pure, so it is unit-tested.
 */

/** A cumulative count read at `atMs` (ms since the measured thing started). */
export interface CountSample {
  atMs: number;
  count: number;
}

/**
 * The rate over the `windowMs` before each sample (requests per second), from the first sample at
 * least `windowMs` after the first one: `[{ atMs, perSecond }]`. The window is the span between the
 * sample and the latest sample at or before `atMs - windowMs` (so a late sample does not inflate it).
 */
export function windowedRates(samples: readonly CountSample[], windowMs: number): { atMs: number; perSecond: number }[] {
  const out: { atMs: number; perSecond: number }[] = [];
  let from = 0;
  for (let i = 0; i < samples.length; i += 1) {
    const s = samples[i]!;
    // Move `from` to the latest sample at or before s.atMs - windowMs.
    while (from + 1 < i && samples[from + 1]!.atMs <= s.atMs - windowMs) from += 1;
    const base = samples[from]!;
    if (from === i || s.atMs - base.atMs < windowMs) continue;
    out.push({ atMs: s.atMs, perSecond: ((s.count - base.count) * 1000) / (s.atMs - base.atMs) });
  }
  return out;
}

/**
 * When the windowed rate first reached `perSecond` (ms since the start, the end of that window),
 * or null if it never did.
 */
export function timeToRate(samples: readonly CountSample[], perSecond: number, windowMs: number): number | null {
  return windowedRates(samples, windowMs).find((r) => r.perSecond >= perSecond)?.atMs ?? null;
}

/**
 * The steady rate: requests per second from the first sample at or after `fromMs` to the last one
 * (NaN when that span is empty).
 */
export function steadyRate(samples: readonly CountSample[], fromMs: number): number {
  const first = samples.find((s) => s.atMs >= fromMs);
  const last = samples.at(-1);
  if (!first || !last || last.atMs <= first.atMs) return NaN;
  return ((last.count - first.count) * 1000) / (last.atMs - first.atMs);
}

/** The statuses of a set of answers, most frequent first: "200 ×38, 429 ×2" ("none" when empty). */
export function statusTally(statuses: readonly (number | string)[]): string {
  const counts = new Map<string, number>();
  for (const s of statuses) counts.set(String(s), (counts.get(String(s)) ?? 0) + 1);
  if (counts.size === 0) return 'none';
  return [...counts.entries()]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .map(([s, n]) => `${s} ×${n}`)
    .join(', ');
}
