import { describe, expect, it } from 'vitest';
import { parseRetryAfter, READ_RETRY, readRetryDelayMs } from './backoff';

describe('parseRetryAfter', () => {
  it('reads seconds and HTTP dates', () => {
    expect(parseRetryAfter('3')).toBe(3);
    expect(parseRetryAfter(null)).toBeUndefined();
    expect(parseRetryAfter('soon')).toBeUndefined();
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(parseRetryAfter('Thu, 01 Jan 2026 00:00:05 GMT', now)).toBe(5);
  });
});

describe('readRetryDelayMs', () => {
  it('honours Retry-After with jitter on top, never less', () => {
    expect(readRetryDelayMs(0, 2, () => 0)).toBe(2000);
    expect(readRetryDelayMs(0, 2, () => 1)).toBe(2000 * (1 + READ_RETRY.jitter));
  });

  it('backs off exponentially without Retry-After', () => {
    expect(readRetryDelayMs(0, undefined, () => 0)).toBe(READ_RETRY.baseMs);
    expect(readRetryDelayMs(2, undefined, () => 0)).toBe(READ_RETRY.baseMs * 4);
  });

  it('is bounded: gives up after the last attempt or when asked to wait too long', () => {
    expect(readRetryDelayMs(READ_RETRY.maxRetries, 1, () => 0)).toBeNull();
    expect(readRetryDelayMs(0, READ_RETRY.maxDelayMs / 1000 + 1, () => 0)).toBeNull();
    for (let i = 0; i < READ_RETRY.maxRetries; i += 1) {
      expect(readRetryDelayMs(i, undefined, () => 1)!).toBeLessThanOrEqual(READ_RETRY.maxDelayMs);
    }
  });
});
