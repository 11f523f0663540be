import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type RunningSimulator } from '../app';
import { client } from '../testing/client';

// POST /_sim/calls: a finished, recorded call with a transcript and a recording made to measure,
// read back through the normal /v1 routes (the test client checks them against the contract).
const CONTROL = 'control-token-made-calls';
let sim: RunningSimulator;
let api: ReturnType<typeof client>;
let control: ReturnType<typeof client>;
let agents: any[];

beforeAll(async () => {
  sim = await startSimulator({ port: 0, seedCalls: 50, controlToken: CONTROL, rateLimit: 0 });
  api = client(sim.url);
  control = client(sim.url, { Authorization: `Bearer ${CONTROL}` });
  agents = (await api.get('/v1/agents?size=100&sort=name,ASC')).body.content;
});
afterAll(() => sim.close());

async function readBack(id: string) {
  const call = (await api.get(`/v1/calls/${id}`)).body;
  const transcript = (await api.get(`/v1/calls/${id}/transcript`)).body as any[];
  const wav = Buffer.from((await api.get(`/v1/calls/${id}/recording`)).body, 'base64');
  return { call, transcript, wav };
}

describe('POST /_sim/calls', () => {
  it.each([
    [95, 40],
    [1, 1],
    [10, 3],
    [3600, 5000],
  ])('makes a completed, recorded call of %i s with exactly %i transcript entries', async (durationSeconds, transcriptEntries) => {
    const made = await control.post('/_sim/calls', { durationSeconds, transcriptEntries });
    expect(made.status).toBe(201);
    expect(Object.keys(made.body)).toEqual(['id']);
    const { call, transcript, wav } = await readBack(made.body.id);
    expect(call).toMatchObject({
      id: made.body.id,
      status: 'COMPLETED',
      recorded: true,
      duration: durationSeconds,
      agentId: agents.find((a) => a.recordable).id,
    });
    expect(Date.parse(call.endTime) - Date.parse(call.startTime)).toBe(durationSeconds * 1000);
    expect(transcript).toHaveLength(transcriptEntries);
    const times = transcript.map((e) => e.time);
    expect(times).toEqual([...times].sort());
    expect(times[0] >= call.startTime && times.at(-1) <= call.endTime).toBe(true);
    if (transcriptEntries >= 4) {
      expect(transcript[0].action).toBe('RING');
      expect(transcript.at(-1).action).toBe('HANG_UP');
      // Spread over the call: the turns reach its last tenth, not bunched at the start.
      expect(Date.parse(transcript.at(-2).time) - Date.parse(call.startTime)).toBeGreaterThanOrEqual(durationSeconds * 900 - 1000);
    }
    expect(transcript.filter((e) => e.action === 'AGENT_SPEAK').length).toBeGreaterThan(0);
    expect(wav.toString('ascii', 0, 4)).toBe('RIFF');
    expect(wav.readUInt32LE(24)).toBe(8000);
    expect(wav.readUInt32LE(40)).toBe(durationSeconds * 8000 * 2);
    // Listed like any other call.
    const listed = (await api.get(`/v1/calls?agentId=${call.agentId}&sort=endTime,DESC&size=10`)).body.content;
    expect(listed.map((c: any) => c.id)).toContain(made.body.id);
  });

  it('uses the given recordable agent, and refuses one that does not record', async () => {
    const recordable = agents.filter((a) => a.recordable).at(-1);
    const made = await control.post('/_sim/calls', { durationSeconds: 30, transcriptEntries: 12, agentId: recordable.id });
    expect(made.status).toBe(201);
    expect((await api.get(`/v1/calls/${made.body.id}`)).body.agentId).toBe(recordable.id);
    const mute = agents.find((a) => !a.recordable);
    const refused = await control.post('/_sim/calls', { durationSeconds: 30, transcriptEntries: 12, agentId: mute.id });
    expect(refused.status).toBe(400);
    expect(refused.body.errors[0]).toMatchObject({ field: 'agentId', message: 'The agent does not record its calls.' });
  });

  it.each([
    [{ transcriptEntries: 5 }, 'durationSeconds'],
    [{ durationSeconds: 0, transcriptEntries: 5 }, 'durationSeconds'],
    [{ durationSeconds: 3601, transcriptEntries: 5 }, 'durationSeconds'],
    [{ durationSeconds: 1.5, transcriptEntries: 5 }, 'durationSeconds'],
    [{ durationSeconds: '10', transcriptEntries: 5 }, 'durationSeconds'],
    [{ durationSeconds: 10 }, 'transcriptEntries'],
    [{ durationSeconds: 10, transcriptEntries: 0 }, 'transcriptEntries'],
    [{ durationSeconds: 10, transcriptEntries: 5001 }, 'transcriptEntries'],
    [{ durationSeconds: 10, transcriptEntries: 5, agentId: 'abc' }, 'agentId'],
    [{ durationSeconds: 10, transcriptEntries: 5, agentId: '7b0c8a52-5d0e-4c57-9a2a-1f7a3c0e9b11' }, 'agentId'],
    [{ durationSeconds: 10, transcriptEntries: 5, status: 'FAILED' }, ''],
  ])('%j is a 400 on %s and makes no call', async (body, field) => {
    const before = (await api.get('/v1/calls?size=1')).body.totalElements;
    const res = await control.post('/_sim/calls', body);
    expect(res.status).toBe(400);
    expect(res.body.errors.length).toBeGreaterThan(0);
    if (field) expect(res.body.errors.map((e: any) => e.field)).toContain(field);
    expect(res.body.errors.every((e: any) => e.message)).toBe(true);
    expect((await api.get('/v1/calls?size=1')).body.totalElements).toBe(before);
  });

  it('makes a TRANSFERRED call without a summary, or a call with an extracted field left empty', async () => {
    const transferred = await control.post('/_sim/calls', { durationSeconds: 20, transcriptEntries: 4, status: 'TRANSFERRED', summary: null });
    expect(transferred.status).toBe(201);
    const t = (await readBack(transferred.body.id)).call;
    expect(t).toMatchObject({ status: 'TRANSFERRED', summary: null, duration: 20 });
    const withFields = agents.find((a) => a.recordable !== false && a.configuration?.extractors?.length);
    const field = withFields.configuration.extractors[0].name;
    const blank = await control.post('/_sim/calls', { durationSeconds: 20, transcriptEntries: 4, agentId: withFields.id, emptyExtracted: [field] });
    expect(blank.status, JSON.stringify(blank.body)).toBe(201);
    const b = (await readBack(blank.body.id)).call;
    expect(b.status).toBe('COMPLETED');
    expect(b.extractedData[field]).toBe('');
    expect(b.extractors.find((e: any) => e.name === field).value).toEqual([]);
    expect(b.summary).toEqual(expect.any(String));
  });

  it('needs the control token', async () => {
    expect((await api.post('/_sim/calls', { durationSeconds: 10, transcriptEntries: 5 })).status).toBe(401);
  });
});
