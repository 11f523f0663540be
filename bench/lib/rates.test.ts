import { describe, expect, it } from 'vitest';
import { statusTally, steadyRate, timeToRate, windowedRates, type CountSample } from './rates';
import { percentile, summarise } from './stats';

/** A counter that grows at `perSecond(t)` requests per second, read every `everyMs`. */
function counter(seconds: number, perSecond: (s: number) => number, everyMs = 1000): CountSample[] {
  const samples: CountSample[] = [{ atMs: 0, count: 0 }];
  let count = 0;
  for (let t = everyMs; t <= seconds * 1000; t += everyMs) {
    count += (perSecond(t / 1000) * everyMs) / 1000;
    samples.push({ atMs: t, count });
  }
  return samples;
}

describe('percentile (nearest rank)', () => {
  it('takes the value at the rank, not an interpolation', () => {
    const values = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(values, 99)).toBe(99);
    expect(percentile(values, 50)).toBe(50);
    expect(percentile(values, 100)).toBe(100);
    expect(percentile(values, 0)).toBe(1);
  });

  it('is the largest value when there are fewer than 100 samples', () => {
    expect(percentile([5, 1, 9, 3], 99)).toBe(9);
  });

  it('does not depend on the order and leaves its input alone', () => {
    const values = [30, 10, 20];
    expect(percentile(values, 50)).toBe(20);
    expect(values).toEqual([30, 10, 20]);
  });

  it('is NaN without samples', () => {
    expect(percentile([], 99)).toBeNaN();
  });

  it('sees a stall that an open-loop probe recorded as many slow samples', () => {
    // 500 probes, 20 of them sent during a 400 ms stall: p99 is one of those.
    const values = [...Array.from({ length: 480 }, () => 2), ...Array.from({ length: 20 }, (_, i) => 400 - i * 20)];
    expect(percentile(values, 99)).toBeGreaterThanOrEqual(300);
  });
});

describe('summarise', () => {
  it('gives the median of an even count as the mean of the middle two', () => {
    expect(summarise([4, 1, 3, 2])).toMatchObject({ median: 2.5, min: 1, max: 4 });
  });
});

describe('windowedRates', () => {
  it('reads a steady counter as its rate', () => {
    const rates = windowedRates(
      counter(20, () => 10),
      5000,
    );
    expect(rates[0]!.atMs).toBe(5000);
    for (const r of rates) expect(r.perSecond).toBeCloseTo(10);
  });

  it('spans the window whatever the sampling pace', () => {
    const rates = windowedRates(
      counter(10, () => 4, 250),
      2000,
    );
    expect(rates[0]!.atMs).toBe(2000);
    expect(rates.every((r) => Math.abs(r.perSecond - 4) < 1e-9)).toBe(true);
  });

  it('uses the span actually covered when a sample came late', () => {
    const samples = [
      { atMs: 0, count: 0 },
      { atMs: 1000, count: 10 },
      { atMs: 4000, count: 40 },
    ];
    // Window 2 s: at 4 s the latest sample at or before 2 s is the one at 1 s: 30 requests in 3 s.
    expect(windowedRates(samples, 2000)).toEqual([{ atMs: 4000, perSecond: 10 }]);
  });

  it('gives nothing before a whole window has passed', () => {
    expect(
      windowedRates(
        counter(3, () => 5),
        5000,
      ),
    ).toEqual([]);
  });
});

describe('timeToRate', () => {
  it('is when a ramp first holds the rate over the window', () => {
    // 1 request/s more every second: over a 5 s window ending at t the mean is t - 2.
    const samples = counter(60, (s) => s);
    expect(timeToRate(samples, 14, 5000)).toBe(16_000);
  });

  it('is null when the rate is never reached', () => {
    expect(
      timeToRate(
        counter(60, () => 5),
        14,
        5000,
      ),
    ).toBeNull();
  });

  it('is not fooled by a burst shorter than the window', () => {
    // 100 requests in one second, then 1/s: over 5 s that is at most ~20/s.
    expect(
      timeToRate(
        counter(30, (s) => (s === 10 ? 100 : 1)),
        50,
        5000,
      ),
    ).toBeNull();
  });
});

describe('steadyRate', () => {
  it('is the rate from the first sample at or after the start given to the last', () => {
    const samples = counter(90, (s) => (s <= 30 ? 2 : 8));
    expect(steadyRate(samples, 60_000)).toBeCloseTo(8);
    expect(steadyRate(samples, 0)).toBeCloseTo((30 * 2 + 60 * 8) / 90);
  });

  it('is NaN when nothing is left to measure', () => {
    expect(
      steadyRate(
        counter(10, () => 1),
        20_000,
      ),
    ).toBeNaN();
    expect(steadyRate([], 0)).toBeNaN();
  });
});

describe('statusTally', () => {
  it('counts the statuses, most frequent first', () => {
    expect(statusTally([200, 429, 200, 'error', 200, 429])).toBe('200 ×3, 429 ×2, error ×1');
    expect(statusTally([])).toBe('none');
  });
});
