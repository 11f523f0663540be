import { describe, expect, it } from 'vitest';
import { Recipient } from '@contract/schemas/recipient';
import { LIMITS } from '@contract/limits';
import { buildRecipients, chunk } from './build-recipients';
import { guessMapping, mappingProblems } from './mapping';
import { parseTable } from './parse-table';

const CSV = [
  'Phone,First Name,Segment,plan',
  '06 12 34 56 78,Ana,"vip, fr",gold',
  '+33 6 12 34 56 79,Bo,,',
  '+1 (415) 555-0100,Cy,us|new,silver',
  '123,Dee,,',
  '06 12 34 56 78,Ana again,,',
  ',Nobody,,',
].join('\n');

describe('guessMapping', () => {
  it('finds phone and tags by header, the rest are context named after the header', () => {
    const table = parseTable(CSV);
    const mapping = guessMapping(table, 'FR');
    expect(mapping.roles).toEqual(['phone', 'context', 'tags', 'context']);
    expect(mapping.keys).toEqual(['Phone', 'First_Name', 'Segment', 'plan']);
    expect(mappingProblems(mapping)).toEqual([]);
  });

  it('finds the phone column by content when there is no header', () => {
    const table = parseTable('Ana,06 12 34 56 78\nBo,06 12 34 56 79');
    expect(guessMapping(table, 'FR').roles).toEqual(['context', 'phone']);
  });

  it('explains a mapping that cannot be applied', () => {
    expect(mappingProblems({ roles: ['context', 'context'], keys: ['a', 'a'] })).toEqual([
      'Choose the column that holds the phone number.',
      'Two columns are both named "a".',
    ]);
    expect(mappingProblems({ roles: ['phone', 'phone', 'context'], keys: ['p', 'q', 'system'] })).toHaveLength(2);
  });
});

describe('buildRecipients', () => {
  it('normalises phones, maps tags and context, and lists every problem with its line', () => {
    const table = parseTable(CSV);
    const built = buildRecipients(table, guessMapping(table, 'US'), { defaultCountry: 'FR' });
    expect(built.recipients).toEqual([
      { phone: '+33612345678', context: { First_Name: 'Ana', plan: 'gold' }, segmentationTags: ['vip', 'fr'] },
      { phone: '+33612345679', context: { First_Name: 'Bo' } },
      { phone: '+14155550100', context: { First_Name: 'Cy', plan: 'silver' }, segmentationTags: ['us', 'new'] },
    ]);
    expect(built.lines).toEqual([2, 3, 4]);
    expect(built.duplicates).toBe(1);
    expect(built.total).toBe(6);
    expect(built.problems).toEqual([
      { line: 5, kind: 'phone', phone: '123', reason: expect.stringContaining('too short') },
      { line: 6, kind: 'duplicate', phone: '06 12 34 56 78', reason: '+33612345678 is already on line 2.' },
      { line: 7, kind: 'phone', phone: '', reason: 'No phone number.' },
    ]);
    for (const r of built.recipients) expect(Recipient.safeParse(r).success).toBe(true);
  });

  it('the issue scenario: 5 good, 2 impossible, 1 duplicate → 3 problems, 5 recipients', () => {
    const text = ['phone', '+33612345671', '+33612345672', '+33612345673', '+33612345674', '+33612345675', '12', '+3361234567890123', '+33612345672'].join(
      '\n',
    );
    const table = parseTable(text);
    const built = buildRecipients(table, guessMapping(table, 'FR'), { defaultCountry: 'FR' });
    expect(built.recipients).toHaveLength(5);
    expect(built.problems).toHaveLength(3);
    expect(built.duplicates).toBe(1);
  });

  it('keeps at most `max` recipients (the bulk limit by default) and flags the rest', () => {
    const n = LIMITS.bulkRecipients.max + 2;
    const text = Array.from({ length: n }, (_, i) => `+1415555${String(i).padStart(4, '0')}`).join('\n');
    const table = parseTable(text);
    const built = buildRecipients(table, guessMapping(table), {});
    expect(built.recipients).toHaveLength(LIMITS.bulkRecipients.max);
    expect(built.problems.map((p) => p.kind)).toEqual(['limit', 'limit']);
    expect(buildRecipients(table, guessMapping(table), { max: 3 }).recipients).toHaveLength(3);
  });

  it('keeps a column named __proto__ or constructor as a context variable like any other', () => {
    const table = parseTable('phone,__proto__,constructor\n+33612345678,a,b');
    const built = buildRecipients(table, guessMapping(table, 'FR'), { defaultCountry: 'FR' });
    const context = built.recipients[0]!.context!;
    expect(Object.keys(context)).toEqual(['__proto__', 'constructor']);
    expect(JSON.parse(JSON.stringify(built.recipients[0]))).toEqual({ phone: '+33612345678', context: JSON.parse('{"__proto__":"a","constructor":"b"}') });
    expect(Object.getPrototypeOf(context)).toBe(Object.prototype);
  });

  it('reads tel: URIs and other common forms in a file', () => {
    const table = parseTable('phone\ntel:+14155550105\n"+1 (415) 555-0106"\n415.555.0107\n0014155550108\ntel:0612345678;phone-context=+33');
    const built = buildRecipients(table, guessMapping(table, 'US'), { defaultCountry: 'US' });
    expect(built.problems).toEqual([]);
    expect(built.recipients.map((r) => r.phone)).toEqual(['+14155550105', '+14155550106', '+14155550107', '+14155550108', '+33612345678']);
  });

  it('ignores columns mapped to ignore', () => {
    const table = parseTable('phone,secret\n+33612345678,x');
    const built = buildRecipients(table, { roles: ['phone', 'ignore'], keys: ['phone', 'secret'] });
    expect(built.recipients).toEqual([{ phone: '+33612345678' }]);
  });
});

describe('chunk', () => {
  it('splits into requests of at most the limit', () => {
    expect(chunk([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
    expect(chunk(Array.from({ length: 2001 }, (_, i) => i)).map((c) => c.length)).toEqual([1000, 1000, 1]);
  });
});
