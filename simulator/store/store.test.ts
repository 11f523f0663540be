import { afterAll, describe, expect, it } from 'vitest';
import { migrate, openDb } from '../../common/db';
import { createTestDatabase, openTestDb } from '../../common/test-db';
import { startSimulator } from '../app';
import { buildCallRow } from '../domain/place-call';
import { rng } from '../domain/random';
import { AGENT_SEEDS } from '../seed/agents';
import { client } from '../testing/client';
import { MIGRATIONS } from './migrations';
import { toCall, type AgentRow } from './rows';

const drops: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const drop of drops) await drop();
});
/** A database kept across simulator starts (what a data directory was). */
const keptDatabase = async () => {
  const made = await createTestDatabase('sim_store');
  drops.push(made.drop);
  return made.url;
};

describe('the calls store', () => {
  it('seeds with every index of the migrations in place, and serves a kept database again', async () => {
    const databaseUrl = await keptDatabase();
    const bare = await openTestDb('sim_store');
    await migrate(bare, MIGRATIONS);
    const expected = (
      await bare.query<{ name: string; def: string }>(`SELECT indexname AS name, indexdef AS def FROM pg_indexes WHERE tablename = 'calls' ORDER BY 1`)
    ).rows;
    await bare.close();
    const sim = await startSimulator({ port: 0, databaseUrl, seedCalls: 500, rateLimit: 0 });
    const indexes = (
      await sim.state.db.query<{ name: string; def: string }>(`SELECT indexname AS name, indexdef AS def FROM pg_indexes WHERE tablename = 'calls' ORDER BY 1`)
    ).rows;
    expect(indexes).toEqual(expected);
    expect(indexes.length).toBeGreaterThan(15);
    const first = (await client(sim.url).get('/v1/calls?size=100&sort=duration,DESC')).body;
    await sim.close();
    // Reopened: the same data, no second seed.
    const again = await startSimulator({ port: 0, databaseUrl, seedCalls: 500, rateLimit: 0 });
    expect((await client(again.url).get('/v1/calls?size=100&sort=duration,DESC')).body).toEqual(first);
    await again.close();
  }, 120_000);

  it('gives agents kept with no SIP connection (null or absent) an object with a string DID', async () => {
    const db = await openTestDb('sim_store');
    try {
      await migrate(db, MIGRATIONS.slice(0, 3));
      const customer = '0b6f2f44-5f0e-4d7e-9b57-3f1b2c3d4e5f';
      await db.query(`INSERT INTO customers (id, name) VALUES ($1, 'Kept')`, [customer]);
      const kept = [
        { id: '5d1c7e0a-8b9f-4a3e-8c2d-1e0f9a8b7c61', telephonyConfiguration: { sipConnection: null, phoneNumbers: [] } },
        { id: '5d1c7e0a-8b9f-4a3e-8c2d-1e0f9a8b7c62', telephonyConfiguration: { phoneNumbers: [] } },
        { id: '5d1c7e0a-8b9f-4a3e-8c2d-1e0f9a8b7c63', telephonyConfiguration: { sipConnection: { did: 'sip:kept@voice.example.com' }, phoneNumbers: [] } },
      ];
      for (const agent of kept) {
        await db.query(
          `INSERT INTO agents (id, customer_id, name, type, active, recordable, archived, doc) VALUES ($1, $2, 'Kept', 'INBOUND', true, false, false, $3)`,
          [agent.id, customer, JSON.stringify({ telephonyConfiguration: agent.telephonyConfiguration })],
        );
      }
      await migrate(db, MIGRATIONS);
      const { rows } = await db.query<{ id: string; doc: AgentRow['doc'] }>('SELECT id, doc FROM agents ORDER BY id');
      expect(rows.map((r) => r.doc.telephonyConfiguration.sipConnection)).toEqual([
        { did: 'sip:agent-5d1c7e0a-8b9f-4a3e-8c2d-1e0f9a8b7c61@voice.example.com' },
        { did: 'sip:agent-5d1c7e0a-8b9f-4a3e-8c2d-1e0f9a8b7c62@voice.example.com' },
        { did: 'sip:kept@voice.example.com' },
      ]);
    } finally {
      await db.close();
    }
  });

  it('keeps page totals per simulator: two in one process with the same seed and customer count their own calls', async () => {
    const small = await startSimulator({ port: 0, seedCalls: 30, rateLimit: 0 });
    const large = await startSimulator({ port: 0, seedCalls: 60, rateLimit: 0 });
    try {
      expect((await client(small.url).get('/v1/calls?size=1')).body.totalElements).toBe(30);
      expect((await client(large.url).get('/v1/calls?size=1')).body.totalElements).toBe(60);
    } finally {
      await small.close();
      await large.close();
    }
  });

  it('converts calls kept from before the stored bodies, and ends a kept live call with its outcome', async () => {
    const databaseUrl = await keptDatabase();
    // A data directory as the simulator left it before migration 003: the call's content in doc.
    const old = await openDb({ url: databaseUrl });
    await migrate(old, MIGRATIONS.slice(0, 2));
    const customer = '0b6f2f44-5f0e-4d7e-9b57-3f1b2c3d4e5f';
    await old.query(`INSERT INTO customers (id, name) VALUES ($1, 'Kept')`, [customer]);
    await old.query(`INSERT INTO api_keys (key, customer_id) VALUES ('kept-key-000000000001', $1)`, [customer]);
    const seed = AGENT_SEEDS.find((a) => a.recordable && a.type === 'OUTBOUND')!;
    const agent: AgentRow = {
      id: '5d1c7e0a-8b9f-4a3e-8c2d-1e0f9a8b7c6d',
      customer_id: customer,
      name: seed.name,
      type: seed.type,
      active: true,
      recordable: true,
      archived: false,
      doc: {
        telephonyConfiguration: { sipConnection: { did: 'sip:kept@voice.example.com' }, phoneNumbers: seed.phoneNumbers },
        configuration: { extractors: seed.extractors, classifiers: seed.classifiers },
        profile: seed.profile,
      },
    };
    await old.query('INSERT INTO agents (id, customer_id, name, type, active, recordable, archived, doc) VALUES ($1,$2,$3,$4,$5,$6,$7,$8)', [
      agent.id,
      customer,
      agent.name,
      agent.type,
      true,
      true,
      false,
      JSON.stringify(agent.doc),
    ]);
    const now = Date.now();
    const done = buildCallRow(
      { agent, phone: '+14155550123', context: { firstName: 'Ada' } },
      { random: rng(1), id: 'e3b0c442-98fc-4c14-9afb-f4c8996fb924', start: new Date(now - 3_600_000), status: 'COMPLETED', finished: true },
    );
    const live = buildCallRow(
      { agent, phone: '+14155550124' },
      { random: rng(2), id: 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d', start: new Date(now - 1000), status: 'NO_ANSWER', finished: false },
    );
    live.planned_end = new Date(now + 60_000);
    for (const row of [done, live]) {
      await old.query(
        `INSERT INTO calls (id, customer_id, agent_id, phone, type, status, start_time, end_time, duration, created, campaign_id, campaign_name, recipient_idx, planned_status, planned_end, doc)
         VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15,$16)`,
        [
          row.id,
          customer,
          agent.id,
          row.phone,
          row.type,
          row.status,
          row.start_time,
          row.end_time,
          row.duration,
          row.created,
          null,
          null,
          null,
          row.planned_status,
          row.planned_end,
          JSON.stringify(row.doc),
        ],
      );
    }
    await old.close();

    const sim = await startSimulator({ port: 0, databaseUrl, apiKey: 'kept-key-000000000001', rateLimit: 0, controlToken: 'control-token-store' });
    const api = client(sim.url, { 'X-Api-Key': 'kept-key-000000000001' });
    expect((await api.get(`/v1/calls/${done.id}`)).body).toEqual(toCall(done));
    expect((await api.get(`/v1/calls/${live.id}`)).body).toMatchObject({ status: 'IN_PROGRESS', endTime: null, duration: null });
    expect((await api.get(`/v1/calls/${done.id}/transcript`)).body[0].action).toBe('RING');
    expect((await api.get(`/v1/calls/${done.id}/recording`)).status).toBe(200);
    expect((await sim.state.db.query(`SELECT id FROM calls WHERE body IS NULL OR doc IS NOT NULL`)).rows).toEqual([]);
    await client(sim.url, { Authorization: 'Bearer control-token-store' }).post('/_sim/clock', { advanceMinutes: 2 });
    const ended = (await api.get(`/v1/calls/${live.id}`)).body;
    expect(ended).toMatchObject({ status: 'NO_ANSWER', duration: 61 });
    expect(ended.tags).toContain('no-answer');
    await sim.close();
  });
});
