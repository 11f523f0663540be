import { describe, expect, it } from 'vitest';
import { Agent } from './schemas/agent';
import { Call } from './schemas/call';
import { Campaign } from './schemas/campaign';
import { parseRetryAfter, retryAfterSeconds } from './retry-after.plain';
import { normaliseAgent, normaliseCall, normaliseCampaign, normalisePage, normaliseUpstreamRead } from './tolerant.plain';

const id = '5b1f0c7e-9a2d-4e68-b3c1-0123456789ab';
const agentId = '8d4a2f6b-0e1c-4a57-9d2e-0123456789ab';
const strictCall: Call = {
  id,
  agentId,
  phone: '+33612345678',
  type: 'OUTBOUND',
  duration: 42,
  startTime: '2026-11-20T10:00:00Z',
  endTime: '2026-11-20T10:00:42Z',
  anonymous: false,
  status: 'COMPLETED',
  extractors: [{ name: 'address', value: ['Paris', { name: 'zip', value: ['75001'] }] }],
  extractedData: { city: 'Paris', nested: { a: null } },
  classifiers: [{ name: 'mood', value: 'happy' }],
  classificationData: { mood: 'happy' },
  context: { firstName: 'Ana', system: { phone: '+33612345678' } },
  watchedVariables: { w: 'x' },
  recorded: true,
  summary: 'Fine.',
  tags: ['a'],
  created: '2026-11-20T10:00:00Z',
};

describe('contract/tolerant.plain.ts (docs/api-assumptions.md T1, T2)', () => {
  it('gives a strict answer back as it is', () => {
    expect(normaliseCall(strictCall)).toEqual(strictCall);
    const agent: Agent = {
      id,
      name: 'A',
      type: 'OUTBOUND',
      active: true,
      recordable: true,
      archived: false,
      telephonyConfiguration: { sipConnection: { did: 'sip:1@x' }, phoneNumbers: ['+33612345678'] },
      configuration: {
        extractors: [{ name: 'g', description: 'd', extractors: [{ name: 'e', description: '' }] }],
        classifiers: [{ name: 'c', description: 'd', values: ['x'] }],
      },
    };
    expect(normaliseAgent(agent)).toEqual(agent);
  });

  it('fills every field a call left out with its empty value, so the contract schema holds; unknown fields go', () => {
    const sparse = {
      id,
      agentId,
      phone: '+33612345678',
      type: 'OUTBOUND',
      startTime: '2026-11-20T10:00:00Z',
      status: 'IN_PROGRESS',
      created: '2026-11-20T10:00:00Z',
      revision: 3,
      _links: {},
    };
    const call = normaliseCall(sparse);
    expect(Call.strict().safeParse(call).success).toBe(true);
    expect(call).toMatchObject({
      duration: null,
      endTime: null,
      summary: null,
      tags: [],
      extractors: [],
      classifiers: [],
      extractedData: {},
      context: {},
      recorded: false,
      anonymous: false,
    });
    expect(call).not.toHaveProperty('revision');
  });

  it('an agent without sipConnection, configuration or phone numbers; a campaign without retry', () => {
    const agent = normaliseAgent({ id, name: 'A', type: 'INBOUND', active: true, recordable: false, archived: false, telephonyConfiguration: {} });
    expect(Agent.safeParse(agent).success).toBe(true);
    expect(agent.telephonyConfiguration).toEqual({ sipConnection: null, phoneNumbers: [] });
    const campaign = normaliseCampaign({
      id,
      name: 'C',
      agentId,
      startDate: '2026-12-01',
      timeSlots: [{ startTime: '10:00', endTime: '11:00' }],
      batchSize: 5,
      days: ['MONDAY'],
      timezone: 'UTC',
      status: 'ACTIVE',
    });
    expect(Campaign.safeParse(campaign).success).toBe(true);
    expect(campaign.retry).toEqual({ max: 0, delay: 60, retryOn: [] });
  });

  it('reads a Spring envelope that numbers pages from 0 and carries pageable', () => {
    const page = normalisePage(
      { content: [strictCall], number: 2, pageable: { pageSize: 20, pageNumber: 2 }, totalElements: 41, totalPages: 3, first: false },
      normaliseCall,
    );
    expect(page).toEqual({ content: [strictCall], size: 20, page: 3, totalElements: 41, totalPages: 3 });
    expect(normaliseUpstreamRead('listCalls', { content: [], size: 20, page: 1, totalElements: 0, totalPages: 0, pageable: {} })).toEqual({
      content: [],
      size: 20,
      page: 1,
      totalElements: 0,
      totalPages: 0,
    });
    expect(normaliseUpstreamRead('getTranscript', { entries: [] })).toEqual({ entries: [] });
  });

  it('reads Retry-After as seconds or as an HTTP date (T11)', () => {
    const now = Date.parse('2026-11-28T04:00:00Z');
    expect(parseRetryAfter('5', now)).toBe(5);
    expect(parseRetryAfter('Sat, 28 Nov 2026 04:00:07 GMT', now)).toBe(7);
    expect(parseRetryAfter('Sat, 28 Nov 2026 03:59:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(retryAfterSeconds('Sat, 28 Nov 2026 04:00:07 GMT', 5, now)).toBe(7);
    expect(retryAfterSeconds(undefined, 5, now)).toBe(5);
    expect(retryAfterSeconds(['2'], 5, now)).toBe(2);
  });
});
