import { describe, expect, it } from 'vitest';
import { retryOnInWords } from './retry-on';

describe('retryOnInWords', () => {
  // Before, the wizard's review read "no answer, voice box" and the campaign's page "NO_ANSWER, UNREACHABLE".
  it('names the statuses in the list’s words, in a sentence', () => {
    expect(retryOnInWords(['NO_ANSWER'])).toBe('no answer');
    expect(retryOnInWords(['NO_ANSWER', 'VOICE_BOX', 'UNREACHABLE'])).toBe('no answer, voicemail, or unreachable');
  });

  it('keeps a status it does not know as the upstream sent it', () => {
    expect(retryOnInWords(['VOICE_BOX', 'CALLBACK_LATER'])).toBe('voicemail or CALLBACK_LATER');
  });
});
