import { describe, expect, it } from 'vitest';
import { formatDuration, formatOffset } from './duration';

describe('durations on screen', () => {
  it('reads a duration as m:ss, h:mm:ss past an hour, to the nearest second', () => {
    expect(formatDuration(193)).toBe('3:13');
    expect(formatDuration(178.6)).toBe('2:59');
    expect(formatDuration(3725)).toBe('1:02:05');
    expect(formatDuration(0)).toBe('0:00');
  });
  it('shows an em dash for a call that has no duration yet', () => {
    expect(formatDuration(null)).toBe('—');
    expect(formatDuration(undefined)).toBe('—');
  });
  it('reads an offset to the second it is in (a line said at 65.9 s is at 1:05)', () => {
    expect(formatOffset(65.9)).toBe('1:05');
  });
});
