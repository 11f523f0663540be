import { describe, expect, it } from 'vitest';
import { oneCallDefaults, oneCallSchema } from './one-call-form';

const agentId = '5f0c1a2b-3c4d-4e5f-8a9b-0c1d2e3f4a5b';
const messages = (input: unknown) => {
  const r = oneCallSchema('FR').safeParse(input);
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('the one-call form', () => {
  it('says what is missing, on its field', () => {
    expect(messages(oneCallDefaults)).toEqual(['agentId: Choose an outbound agent.', 'phone: Enter the phone number.']);
  });

  it('normalises a national number in the default country and keeps named context only', () => {
    const out = oneCallSchema('FR').parse({
      ...oneCallDefaults,
      agentId,
      phone: '06 12 34 56 78',
      context: [
        { key: 'first_name', value: 'Ada' },
        { key: '', value: 'dropped' },
      ],
    });
    expect(out).toEqual({ agentId, recipient: { phone: '+33612345678', context: { first_name: 'Ada' } } });
  });

  it('refuses an impossible number, "system" and a name given twice', () => {
    expect(messages({ ...oneCallDefaults, agentId, phone: '12' })).toEqual([expect.stringMatching(/^phone: This number /)]);
    expect(messages({ ...oneCallDefaults, agentId, phone: '+33612345678', context: [{ key: 'system', value: 'x' }] })).toEqual([
      'context: "system" is reserved.',
    ]);
    const twice = [
      { key: 'a', value: '1' },
      { key: 'a', value: '2' },
    ];
    expect(messages({ ...oneCallDefaults, agentId, phone: '+33612345678', context: twice })).toEqual(['context: Each variable name once.']);
  });

  it('files the call under the chosen campaign', () => {
    const campaignId = '6f0c1a2b-3c4d-4e5f-8a9b-0c1d2e3f4a5b';
    expect(oneCallSchema('FR').parse({ ...oneCallDefaults, agentId, phone: '+33612345678', campaignId })).toMatchObject({ campaignId });
  });
});
