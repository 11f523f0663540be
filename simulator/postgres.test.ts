import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../common/test-db';
import { startSimulator, type RunningSimulator } from './app';
import { client } from './testing/client';

// The same simulator on Debian's PostgreSQL 15 (the main suites run on PGlite, PostgreSQL 18).
let sim: RunningSimulator;
let drop: () => Promise<void>;
let api: ReturnType<typeof client>;

beforeAll(async () => {
  const db = await createTestDatabase('sim');
  drop = db.drop;
  sim = await startSimulator({ port: 0, databaseUrl: db.url, seedCalls: 200, controlToken: 'control-token-pg', rateLimit: 0 });
  api = client(sim.url);
});
afterAll(async () => {
  await sim.close();
  await drop();
});

describe('simulator on a real PostgreSQL server', () => {
  it('seeds, lists with a filter and a sort, and reads calls', async () => {
    const { body } = await api.get('/v1/calls?size=5&sort=duration,DESC');
    expect(body.totalElements).toBeGreaterThanOrEqual(200);
    const durations = body.content.map((c: any) => c.duration ?? -1);
    expect(durations).toEqual([...durations].sort((a: number, b: number) => b - a));
    const agentId = body.content[0].agentId;
    const byAgent = (await api.get(`/v1/calls?agentId=${agentId}&size=100`)).body;
    expect(byAgent.content.every((c: any) => c.agentId === agentId)).toBe(true);
  });

  it('creates a campaign, places its calls when the clock moves, and cancels it', async () => {
    const agents = (await api.get('/v1/agents?type=OUTBOUND')).body.content;
    const agent = agents.find((a: any) => a.active && !a.archived);
    const today = new Date(sim.state.clock.nowMs()).toISOString().slice(0, 10);
    const days = ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'SUNDAY'];
    const recipients = Array.from({ length: 10 }, (_, i) => ({ phone: `+1415777${String(i).padStart(4, '0')}`, context: { firstName: `R${i}` } }));
    const created = await api.post('/v1/campaigns', {
      name: 'PG campaign',
      agentId: agent.id,
      startDate: today,
      timezone: 'UTC',
      batchSize: 4,
      days,
      timeSlots: [
        { startTime: '10:00', endTime: '13:00' },
        { startTime: '14:00', endTime: '20:00' },
      ],
      recipients,
      retry: { max: 1, delay: 15 },
    });
    expect(created.status).toBe(201);
    await client(sim.url, { Authorization: 'Bearer control-token-pg' }).post('/_sim/clock', { advanceMinutes: 26 * 60 });
    const calls = (await api.get('/v1/calls?campaignName=PG%20campaign&size=100')).body.content;
    expect(calls.length).toBeGreaterThanOrEqual(4);
    expect((await api.post(`/v1/campaigns/${created.body.id}/status`, { status: 'CANCELLED' })).body.status).toBe('CANCELLED');
  });
});
