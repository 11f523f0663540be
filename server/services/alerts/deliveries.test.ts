/**
 * Webhook deliveries are isolated per receiver: receivers that never answer, many of them or one
 * with a backlog, do not hold back another receiver's delivery. Real receivers on this machine
 * (loopback allowed, as in development), the deliveries in PGlite through the inject app.
 */
import { createServer, type Server } from 'node:http';
import { afterAll, describe, expect, it } from 'vitest';
import { useInjectApp } from '../../testing/inject';
import { AlertService } from './service';

const t = useInjectApp({ ALERTS: 'false' });
// Long enough that a loaded machine (CI runs two test files at once) never mistakes slowness for waiting.
const TIMEOUT_MS = 10_000;

const servers: Server[] = [];
afterAll(async () => {
  for (const s of servers) s.closeAllConnections();
  await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
});

/** A receiver on this machine; `hang`: it takes the request and never answers. */
async function receiver(hang: boolean) {
  const state = { received: 0, open: 0, mostOpen: 0, at: [] as number[] };
  const server = createServer((req, res) => {
    state.received += 1;
    state.at.push(Date.now());
    state.open += 1;
    state.mostOpen = Math.max(state.mostOpen, state.open);
    req.resume();
    res.on('close', () => (state.open -= 1));
    if (!hang) {
      res.statusCode = 204;
      res.end();
    }
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as { port: number }).port}/hook`, state };
}

describe('webhook deliveries, per receiver', { timeout: 60_000 }, () => {
  it('deliver to a good receiver at once while 40 receivers hang and one has a backlog of 30', async () => {
    const { db } = t.app.ctx;
    const { rows } = await db.query<{ id: string }>(
      `INSERT INTO alerts (rule_name, view_name, summary, value, opened_at) VALUES ('r', 'v', 's', 1, now()) RETURNING id`,
    );
    const alertId = rows[0]!.id;
    const queue = (url: string) =>
      db.query(`INSERT INTO alert_deliveries (alert_id, event, url, secret, payload) VALUES ($1, 'opened', $2, 'a-long-enough-secret', '{}')`, [alertId, url]);

    const dead = await Promise.all(Array.from({ length: 40 }, () => receiver(true)));
    const backlogged = await receiver(true);
    const good = await receiver(false);
    // Queued first, so they are due first: the good receiver's delivery is the last of 71.
    for (const d of dead) await queue(d.url);
    for (let i = 0; i < 30; i += 1) await queue(backlogged.url);
    await queue(good.url);

    // The alerts service as it runs (ALERTS off in the app: this one is driven tick by tick).
    const service = new AlertService(
      t.app.ctx,
      { warn: () => undefined },
      {
        enabled: true,
        intervalMs: 60_000,
        retryBaseMs: 60_000,
        attempts: 1,
        timeoutMs: TIMEOUT_MS,
        allowLoopback: true,
      },
    );
    const started = Date.now();
    // The service's loop ticks every few hundred milliseconds.
    while (good.state.received === 0 && Date.now() - started < TIMEOUT_MS * 2) {
      await service.tick();
      await new Promise((r) => setTimeout(r, 100));
    }
    const waited = (good.state.at[0] ?? Infinity) - started;
    // One receiver that hangs used to hold one of 4 slots for the whole timeout: 71 deliveries
    // ahead of it in 4 slots kept the good one waiting about 18 timeouts.
    expect(waited).toBeLessThan(TIMEOUT_MS / 2);
    expect(dead.every((d) => d.state.received === 1)).toBe(true);
    // The backlogged receiver has two of its deliveries in flight, never more, while they hang.
    await service.tick();
    await new Promise((r) => setTimeout(r, 1_000));
    await service.tick();
    expect(backlogged.state).toMatchObject({ received: 2, mostOpen: 2 });
    await service.stop();
  });
});
