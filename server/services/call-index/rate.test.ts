import { describe, expect, it } from 'vitest';
import { AdaptiveRate } from './rate';

const settings = { start: 5, max: 1000, slowMs: 2000 };

/**
 * Seconds of a busy index against a per-second limit: each second the reader sends what the rate
 * allows, spread over the second; past the limit the upstream answers 429. The rate in use per second.
 */
function simulate(limit: number, seconds: number, start = 5, max = settings.max): number[] {
  const rate = new AdaptiveRate({ ...settings, start, max }, 0);
  const used: number[] = [];
  for (let s = 0; s < seconds; s += 1) {
    const allowed = rate.perSecond(s * 1000);
    const n = Math.floor(allowed);
    let ok = 0;
    for (let i = 0; i < n; i += 1) {
      const at = s * 1000 + Math.floor((i * 1000) / Math.max(1, n));
      rate.sentOne(at);
      if (ok < limit) {
        ok += 1;
        rate.answered(40, at);
      } else rate.rateLimited(at);
    }
    used.push(ok);
  }
  return used;
}

describe('the index request rate', () => {
  it.each([5, 20, 100])('reaches 70 percent of a limit of %i requests/s within 2 minutes and holds there', (limit) => {
    const used = simulate(limit, 240);
    const firstAt70 = used.findIndex((n) => n >= 0.7 * limit);
    expect(firstAt70).toBeGreaterThanOrEqual(0);
    expect(firstAt70).toBeLessThanOrEqual(120);
    const steady = used.slice(120);
    expect(steady.reduce((a, b) => a + b, 0) / steady.length).toBeGreaterThanOrEqual(0.7 * limit);
  });

  it('does not grow while the index does not use what it has', () => {
    const rate = new AdaptiveRate(settings, 0);
    for (let s = 1; s <= 10; s += 1) {
      rate.sentOne(s * 1000 - 500); // one request a second, against five allowed
      expect(rate.perSecond(s * 1000)).toBe(5);
    }
  });

  it('halves on a 429, once for a burst of them, and remembers the limit', () => {
    const rate = new AdaptiveRate({ ...settings, start: 40 }, 0);
    rate.rateLimited(100);
    rate.rateLimited(200);
    rate.rateLimited(300);
    expect(rate.perSecond(400)).toBe(20);
    expect(rate.state(400).lastLimit).toEqual({ at: 100, perSecond: 40 });
  });

  it('slows on a slow answer, and never passes its ceiling or falls under half a request a second', () => {
    const rate = new AdaptiveRate({ start: 10, max: 12, slowMs: 1000 }, 0);
    rate.answered(5000, 10);
    expect(rate.perSecond(1000)).toBe(7);
    for (let s = 1; s < 20; s += 1) for (let i = 0; i < 20; i += 1) rate.sentOne(s * 1000 + i);
    expect(rate.perSecond(20_000)).toBe(12);
    const low = new AdaptiveRate({ start: 1, max: 1, slowMs: 1000 }, 0);
    for (let s = 0; s < 10; s += 1) {
      low.answered(5000, s * 1000 + 1);
      low.perSecond(s * 1000 + 999);
    }
    expect(low.perSecond(20_000)).toBe(0.5);
  });

  it('is fixed when its ceiling is its start', () => {
    const used = simulate(100, 60, 5, 5);
    expect(Math.max(...used)).toBe(5);
  });
});
