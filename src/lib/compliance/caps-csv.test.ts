import { describe, expect, it } from 'vitest';
import { capsSkippedCsv } from './caps-csv';

describe('capsSkippedCsv', () => {
  it('writes one line per number under a header, quoting what a spreadsheet would evaluate or split', () => {
    const csv = capsSkippedCsv([
      { index: 0, phone: '+33612340001', kind: 'attempts', reason: 'Called 7 times this week (cap: 7 in 7 days)' },
      { index: 3, phone: '+14155550100', kind: 'quiet', reason: 'Reached on 2026-11-27: no call for 7 days, after "yes"' },
    ]);
    expect(csv.split('\r\n')).toEqual([
      'phone,kind,reason',
      "'+33612340001,attempts,Called 7 times this week (cap: 7 in 7 days)",
      `'+14155550100,quiet,"Reached on 2026-11-27: no call for 7 days, after ""yes"""`,
      '',
    ]);
  });
});
