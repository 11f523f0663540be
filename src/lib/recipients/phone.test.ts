import { describe, expect, it } from 'vitest';
import { fromTelUri, guessDefaultCountry, normalisePhone } from './phone';

describe('normalisePhone', () => {
  it.each([
    ['06 12 34 56 78', 'FR', '+33612345678'],
    ['+33 6 12 34 56 78', 'US', '+33612345678'],
    ['0033 6 12 34 56 78', undefined, '+33612345678'],
    ['(415) 555-0100', 'US', '+14155550100'],
    ['415.555.0100', 'US', '+14155550100'],
    ['+1 415 555 0100', 'FR', '+14155550100'],
    ['  +44 20 7183 8750 ', undefined, '+442071838750'],
  ] as const)('%s with default %s → %s', (input, country, e164) => {
    expect(normalisePhone(input, country)).toEqual({ ok: true, e164 });
  });

  it.each([
    ['', 'is empty'],
    ['123', 'too short'],
    ['+33 6 12 34 56 78 90 12', 'too long'],
    ['call me', 'not a phone number'],
  ])('refuses %j (%s)', (input, reason) => {
    const result = normalisePhone(input, 'FR');
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.reason).toContain(reason);
  });

  it('refuses a number libphonenumber calls possible but E.164 as the API takes it does not (found by the property test)', () => {
    expect(normalisePhone('+430000')).toEqual({ ok: false, reason: 'is too short to be a phone number' });
  });

  it('refuses a national number when no country can be assumed', () => {
    const result = normalisePhone('06 12 34 56 78');
    expect(result).toEqual({ ok: false, reason: expect.stringContaining('country code') });
  });
});

describe('common written forms', () => {
  it.each([
    ['tel:+14155550105', '+14155550105'],
    ['TEL:+1-415-555-0105', '+14155550105'],
    ['tel:+1.415.555.0105;ext=12', '+14155550105'],
    ['tel:%2B14155550105', '+14155550105'],
    ['tel:0612345678;phone-context=+33', '+33612345678'],
    ['+1 (415) 555-0105', '+14155550105'],
    ['+1.415.555.0105', '+14155550105'],
    ['415.555.0105', '+14155550105'],
    ['(415) 555 0105', '+14155550105'],
    ['0014155550105', '+14155550105'],
    ['00 33 6 12 34 56 78', '+33612345678'],
    ['+33 (0)6 12 34 56 78', '+33612345678'],
  ])('reads %s', (typed, e164) => {
    expect(normalisePhone(typed, 'US')).toEqual({ ok: true, e164 });
  });

  it('leaves what is not a tel: URI as typed, and still refuses a tel: URI with no number', () => {
    expect(fromTelUri('+1 415')).toBe('+1 415');
    expect(normalisePhone('tel:', 'US').ok).toBe(false);
    expect(normalisePhone('tel:hello', 'US')).toEqual({ ok: false, reason: 'is not a phone number' });
  });
});

describe('guessDefaultCountry', () => {
  it('takes the first language with a known region', () => {
    expect(guessDefaultCountry(['fr', 'fr-FR', 'en-US'])).toBe('FR');
    expect(guessDefaultCountry(['en_GB'])).toBe('GB');
  });
  it('falls back when no language names a region', () => {
    expect(guessDefaultCountry(['fr', 'en'], 'FR')).toBe('FR');
    expect(guessDefaultCountry(['en-XX'])).toBe('US');
  });
});
