import { describe, expect, it } from 'vitest';
import type { Db } from '../../../common/db';
import { LIVE_LIMITS, type LiveCall } from '../../../contract/bff/live';
import { LiveHub, type LiveMessage } from './hub';

const call = (n: number, startTime = `2026-01-01T10:${String(n % 60).padStart(2, '0')}:00Z`): LiveCall => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  agentId: null,
  phone: '+14155550100',
  startTime,
  campaignName: null,
});
const row = (c: LiveCall) => ({ id: c.id, agent_id: c.agentId, phone: c.phone, start_time: new Date(c.startTime), campaign_name: c.campaignName });

/** A hub on a fake database: `rows` is what the index holds in progress; `read` resolves the index's read when the test says. */
function hubOn(rows: LiveCall[], clock: () => number = Date.now) {
  let release: () => void = () => undefined;
  let gate: Promise<void> = Promise.resolve();
  const db = {
    query: async () => {
      await gate;
      return { rows: rows.map(row), rowCount: rows.length };
    },
    listen: async (_channel: string, _on: (p: string) => void, onState?: (listening: boolean) => void) => {
      onState?.(true);
      return async () => undefined;
    },
  } as unknown as Db;
  const hub = new LiveHub(db, { warn: () => undefined }, clock);
  const hold = () => {
    gate = new Promise((r) => (release = r));
  };
  return { hub, hold, release: () => release() };
}
const notice = (n: object) => JSON.stringify(n);

describe('LiveHub', () => {
  it('starts from the index, sends starts and known ends to its streams, drops unknown ends and unreadable notices', async () => {
    const { hub } = hubOn([call(1)]);
    await hub.start();
    const got: LiveMessage[] = [];
    hub.subscribe({ send: (m) => got.push(m) });
    hub.receive(notice({ kind: 'start', call: call(2) }));
    hub.receive(notice({ kind: 'end', id: call(3).id, status: 'COMPLETED' }));
    hub.receive(notice({ kind: 'end', id: call(1).id, status: 'NO_ANSWER' }));
    hub.receive('{not json');
    expect(got).toEqual([
      { event: 'start', data: { call: call(2) } },
      { event: 'end', data: { id: call(1).id, status: 'NO_ANSWER' } },
    ]);
    expect(hub.snapshot().map((c) => c.id)).toEqual([call(2).id]);
  });

  it('keeps a notice that arrives while the index is read', async () => {
    const { hub, hold, release } = hubOn([call(1), call(2)]);
    hold();
    const started = hub.start();
    hub.receive(notice({ kind: 'end', id: call(1).id, status: 'COMPLETED' }));
    hub.receive(notice({ kind: 'start', call: call(3) }));
    release();
    await started;
    expect(hub.snapshot().map((c) => c.id)).toEqual([call(3).id, call(2).id]);
  });

  it('forgets a call the BFF announced once its time limit passes, unless the index announced it', async () => {
    let now = 0;
    const { hub } = hubOn([], () => now);
    await hub.start();
    hub.receive(notice({ kind: 'start', call: call(1), placed: true }));
    hub.receive(notice({ kind: 'start', call: call(2), placed: true }));
    hub.receive(notice({ kind: 'start', call: call(2) }));
    now = LIVE_LIMITS.placedTtlMs + 1;
    expect(hub.snapshot().map((c) => c.id)).toEqual([call(2).id]);
  });

  it(`holds at most ${LIVE_LIMITS.snapshotCalls} calls, dropping the oldest started`, async () => {
    const { hub } = hubOn([]);
    await hub.start();
    for (let n = 0; n <= LIVE_LIMITS.snapshotCalls; n += 1)
      hub.receive(notice({ kind: 'start', call: call(n, new Date(Date.UTC(2026, 0, 1, 0, 0, n)).toISOString()) }));
    const ids = hub.snapshot().map((c) => c.id);
    expect(ids).toHaveLength(LIVE_LIMITS.snapshotCalls);
    expect(ids).not.toContain(call(0).id);
  });
});
