/**
 * Web apart from work (ADR 0032), on real processes: the web process (server.ts) answers and does
 * no background work; the worker (worker.ts) syncs the index and writes a heartbeat; /readyz says
 * when no worker runs, including after the worker is killed with SIGKILL, and a new worker takes
 * the work over where it was left and completes the backfill.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../common/test-db';
import { FAST_INDEX, waitFor } from '../testing/call-index';
import { startTestStack, type TestStack } from '../testing/harness';
import { freePort, spawnTsx, waitHealthy, type BffProcess } from '../testing/process';

// The simulator of a test stack (its own BFF does not sync: INDEX_SYNC is off there).
let stack: TestStack;
let made: Awaited<ReturnType<typeof createTestDatabase>>;
let env: Record<string, string>;
const running: BffProcess[] = [];

beforeAll(async () => {
  stack = await startTestStack({ seedCalls: 300 });
  made = await createTestDatabase('bff_worker');
  env = { ...FAST_INDEX, DATABASE_URL: made.url, VOICE_API_BASE_URL: stack.simUrl, VOICE_API_KEY: stack.keys[0]! };
}, 120_000);
afterAll(async () => {
  for (const p of running) if (p.proc.exitCode === null) p.proc.kill('SIGKILL');
  await made?.drop();
  await stack?.close();
});

async function one<T>(sql: string): Promise<T | undefined> {
  const client = new pg.Client({ connectionString: made.url });
  await client.connect();
  try {
    return (await client.query(sql)).rows[0] as T | undefined;
  } finally {
    await client.end();
  }
}
const indexed = async () => (await one<{ n: number }>('SELECT count(*)::int AS n FROM index_calls'))!.n;
const backfilled = async () => (await one<{ done: boolean }>('SELECT backfill_complete AS done FROM index_sync WHERE id = 1'))?.done === true;

const readyz = async (url: string) => (await (await fetch(`${url}/readyz`)).json()) as { status: string; worker: string };

describe('the web process and the worker', () => {
  it('the web process does no background work and says so; the worker does it; a killed worker shows as stopped, and the next one finishes the work', async () => {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const web = spawnTsx('server/server.ts', [], { ...env, PORT: String(port) });
    running.push(web);
    await waitHealthy(`${url}/healthz`, web);
    // Alone, with INDEX_SYNC on: nothing is indexed, and readiness says no worker runs (still 200: it answers).
    await new Promise((r) => setTimeout(r, 1500));
    expect(await indexed()).toBe(0);
    const alone = await fetch(`${url}/readyz`);
    expect(alone.status).toBe(200);
    expect(await alone.json()).toMatchObject({ status: 'ok', worker: 'stopped' });

    const worker = spawnTsx('server/worker.ts', [], env);
    running.push(worker);
    await waitFor('the worker running', async () => (await readyz(url)).worker === 'running', 60_000);
    await waitFor('calls indexed by the worker', async () => (await indexed()) > 0, 60_000);

    worker.proc.kill('SIGKILL');
    await worker.exited;
    const atKill = await indexed();
    await waitFor('the worker shown as stopped', async () => (await readyz(url)).worker === 'stopped', 40_000);

    const next = spawnTsx('server/worker.ts', [], env);
    running.push(next);
    await waitFor('the backfill completed by the next worker', async () => (await backfilled()) && (await indexed()) >= atKill, 90_000);
    expect((await readyz(url)).worker).toBe('running');
    // A clean stop removes its heartbeat at once.
    next.proc.kill('SIGTERM');
    expect(await next.exited).toBe(0);
    expect((await readyz(url)).worker).toBe('stopped');
    web.proc.kill('SIGTERM');
    expect(await web.exited).toBe(0);
  }, 300_000);
});
