/**
 * The one upstream read of a campaign, against answers in the forms a real upstream may send
 * (docs/api-assumptions.md T1 `omit-empty`, T2 `extra-fields`): a body with a status but other
 * fields absent or odd still answers its status (the do-not-call list's holding campaigns read only
 * that), and what cannot be read is null, never an invented status.
 */
import { describe, expect, it } from 'vitest';
import { campaignUpstream, readCampaign } from './upstream';

const id = '6f1c1a52-8a55-4c1b-9d4e-2f3c4b5a6d7e';
const agentId = '0b7d7a6e-1f2a-4c3b-8d9e-0a1b2c3d4e5f';

/** A fake broker and upstream answering one GET with this status and body; records the paths asked for. */
function upstreamAnswering(statusCode: number, body: string) {
  const paths: string[] = [];
  const ctx = {
    broker: { serverToken: async () => 'server-token' },
    upstream: {
      request: async (options: { path: string; headers?: Record<string, string> }) => {
        paths.push(`${options.path} ${options.headers?.authorization ?? ''}`);
        return { statusCode, body: { text: async () => body } };
      },
    },
  } as unknown as Parameters<typeof campaignUpstream>[0];
  return { ctx, paths };
}

const strict = {
  id,
  name: 'Spring',
  agentId,
  startDate: '2026-12-01',
  timeSlots: [{ startTime: '10:00', endTime: '11:00' }],
  batchSize: 5,
  days: ['MONDAY'],
  retry: { max: 2, delay: 30, retryOn: ['NO_ANSWER'] },
  timezone: 'Europe/Paris',
  status: 'PAUSED',
};
const extra = { revision: 7, _links: { self: { href: 'https://voice.example/v1/unknown' } }, x_generatedBy: 'simulator variant extra-fields' };

describe('campaignUpstream', () => {
  it('reads a strict campaign with the server token: name, agent, retry policy and status', async () => {
    const { ctx, paths } = upstreamAnswering(200, JSON.stringify(strict));
    expect(await campaignUpstream(ctx, id)).toEqual({
      id,
      name: 'Spring',
      agentId,
      retry: { max: 2, delay: 30, retryOn: ['NO_ANSWER'] },
      timezone: 'Europe/Paris',
      status: 'PAUSED',
    });
    expect(paths).toEqual([`/v1/campaigns/${id} Bearer server-token`]);
  });

  it.each([
    // omit-empty keeps only the identifiers and the status (T1) …
    ['omit-empty, every other field left out', { id, agentId, status: 'ACTIVE' }],
    // … extra-fields adds fields of its own on every object (T2) …
    ['omit-empty and extra-fields', { id, agentId, status: 'ACTIVE', ...extra }],
    // … and a real upstream may send the document's fields in other shapes.
    [
      'other fields odd',
      { ...strict, ...extra, status: 'ACTIVE', name: 42, retry: 'none', timeSlots: null, days: 'MONDAY', agentId: undefined, timezone: { zone: 'UTC' } },
    ],
  ])('a body with a status but %s still answers its status', async (_form, body) => {
    const { ctx } = upstreamAnswering(200, JSON.stringify(body));
    const campaign = await campaignUpstream(ctx, id);
    expect(campaign?.status).toBe('ACTIVE');
    // The rest is given its empty value: no retry, as the tolerant reader says.
    expect(campaign).toMatchObject({ id, retry: { max: 0, delay: 60, retryOn: [] } });
  });

  it('a body without a status as text answers a null status, never an invented one', async () => {
    for (const status of [undefined, null, 3, { value: 'ACTIVE' }]) {
      const { ctx } = upstreamAnswering(200, JSON.stringify({ ...strict, status }));
      const campaign = await campaignUpstream(ctx, id);
      expect(campaign).not.toBeNull();
      expect(campaign?.status).toBeNull();
      expect(campaign?.name).toBe('Spring');
    }
  });

  it('is null when the campaign cannot be read: a refusal, a body that is not a campaign, a broken answer', async () => {
    for (const [code, body] of [
      [404, JSON.stringify({ status: 404, message: 'No such campaign' })],
      [503, ''],
      [200, 'not json'],
      [200, 'null'],
      [200, '"ACTIVE"'],
      [200, JSON.stringify([strict])],
    ] as const) {
      const { ctx } = upstreamAnswering(code, body);
      expect(await campaignUpstream(ctx, id), `${code} ${body}`).toBeNull();
    }
    const failing = {
      broker: { serverToken: async () => Promise.reject(new Error('no token')) },
      upstream: { request: async () => Promise.reject(new Error('unreachable')) },
    } as unknown as Parameters<typeof campaignUpstream>[0];
    expect(await campaignUpstream(failing, id)).toBeNull();
  });
});

describe('readCampaign', () => {
  it('says what it found: the campaign with the body as sent, its absence, a refusal, a body that is not one', async () => {
    const found = await readCampaign(upstreamAnswering(200, JSON.stringify({ ...strict, ...extra })).ctx, id);
    expect(found).toMatchObject({ kind: 'found', campaign: { id, name: 'Spring', timezone: 'Europe/Paris', status: 'PAUSED' } });
    // A create read back is replayed as the upstream sent it, its own fields included.
    expect(found.kind === 'found' && found.body).toEqual({ ...strict, ...extra });
    expect(await readCampaign(upstreamAnswering(404, '').ctx, id)).toEqual({ kind: 'gone' });
    expect(await readCampaign(upstreamAnswering(403, '{}').ctx, id)).toEqual({ kind: 'refused', status: 403 });
    expect(await readCampaign(upstreamAnswering(200, 'not json').ctx, id)).toEqual({ kind: 'malformed' });
    expect(await readCampaign(upstreamAnswering(200, '[]').ctx, id)).toEqual({ kind: 'malformed' });
  });

  it('reads with a person’s token when given one, and lets a request that got no answer throw', async () => {
    const { ctx, paths } = upstreamAnswering(200, JSON.stringify(strict));
    await readCampaign(ctx, id, 'person-token');
    expect(paths).toEqual([`/v1/campaigns/${id} Bearer person-token`]);
    const failing = {
      broker: { serverToken: async () => 'server-token' },
      upstream: { request: async () => Promise.reject(new Error('unreachable')) },
    } as unknown as Parameters<typeof readCampaign>[0];
    await expect(readCampaign(failing, id)).rejects.toThrow('unreachable');
  });
});
