import { describe, expect, it } from 'vitest';
import { catchUpFrom, errorFrames } from './syncer';

describe('catchUpFrom: the first day a pass reads again', () => {
  it('is the recent days while the last pass was among them', () => {
    expect(catchUpFrom('2026-11-27', 2, new Date('2026-11-27T08:00:00Z'), '2026-10-29')).toBe('2026-11-25');
    expect(catchUpFrom('2026-11-27', 2, null, '2026-10-29')).toBe('2026-11-25');
  });

  it('goes back to the last pass’s day after a stop or a jump of the clock, so no day is skipped', () => {
    expect(catchUpFrom('2026-11-27', 2, new Date('2026-11-24T12:20:00Z'), '2026-10-29')).toBe('2026-11-24');
  });

  it('never reaches before the backfill window', () => {
    expect(catchUpFrom('2026-11-27', 2, new Date('2026-01-01T00:00:00Z'), '2026-10-29')).toBe('2026-10-29');
    expect(catchUpFrom('2026-11-27', 40, null, '2026-10-29')).toBe('2026-10-29');
  });
});

describe('errorFrames: where an internal error came from, for the log', () => {
  it('keeps the first frames and never the message, which may quote data', () => {
    const error = new TypeError("Cannot read properties of undefined (reading '+33612345678')");
    const frames = errorFrames(error);
    expect(frames.length).toBeGreaterThan(0);
    expect(frames.every((f) => f.startsWith('at '))).toBe(true);
    expect(frames.join('\n')).not.toContain('+33612345678');
    expect(frames.join('\n')).toContain('syncer.test.ts');
    expect(errorFrames(error, 1)).toHaveLength(1);
  });

  it('is empty for what is not an Error', () => {
    expect(errorFrames('boom')).toEqual([]);
    expect(errorFrames(undefined)).toEqual([]);
  });
});
