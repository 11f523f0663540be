import { describe, expect, it } from 'vitest';
import { phoneForms } from './phone-forms';

describe('phoneForms', () => {
  it('gives the international and national forms and the country', () => {
    expect(phoneForms('+33612345678')).toMatchObject({
      e164: '+33612345678',
      international: '+33 6 12 34 56 78',
      national: '06 12 34 56 78',
      country: 'FR',
      countryName: 'France',
    });
    expect(phoneForms('+14155550100')).toMatchObject({ international: '+1 415 555 0100', national: '(415) 555-0100' });
  });
});
