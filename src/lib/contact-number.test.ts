import { describe, expect, it } from 'vitest';
import { contactNumber } from './contact-number';

describe('contactNumber', () => {
  it('reads E.164 and the spaced and 00 forms of it', () => {
    expect(contactNumber('+33612345678')).toBe('+33612345678');
    expect(contactNumber(' +33 6 12-34.56 (78) ')).toBe('+33612345678');
    expect(contactNumber('0033612345678')).toBe('+33612345678');
  });
  it('refuses what is not an international number', () => {
    for (const raw of ['', 'abc', '0612345678', '+0612345678', '+12', '+1234567890123456', '+33 6 12 34 56 78 <script>']) expect(contactNumber(raw)).toBeNull();
  });
});
