/**
 * The "Voice API" page's connection check over real HTTP on PostgreSQL against the simulator: an
 * admin asks, the worker's task runs the doctor and stores its report (no key in it, in any answer
 * or in the logs); one check is open at a time; viewers and operators are refused; a check whose
 * worker stopped reads as failed; only the newest are kept.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb } from '../../common/db';
import { testStore } from '../../common/test-db';
import { UPSTREAM_CHECK_LIMITS, WORKER_STOPPED_MESSAGE, type UpstreamCheckAnswer } from '../../contract/bff/upstream-check';
import { waitFor } from '../testing/call-index';
import { expectNoKey, startTestStack, type Client, type TestStack } from '../testing/harness';

const ROUTE = '/bff/upstream-check';

describe('the Voice API check', { timeout: 120_000 }, () => {
  let stack: TestStack;
  let admin: Client;

  beforeAll(async () => {
    stack = await startTestStack({ seedCalls: 120 });
    admin = await stack.login('admin');
  }, 120_000);
  afterAll(() => stack?.close());

  const latest = async () => {
    const res = await admin.request<UpstreamCheckAnswer>('GET', ROUTE);
    expect(res.status, res.text).toBe(200);
    return res.body;
  };
  const finished = () => waitFor('the check to finish', async () => ((await latest()).check?.finishedAt ? latest() : null), 60_000);

  it('answers "never checked" before the first check, with the worker running', async () => {
    const answer = await latest();
    expect(answer).toEqual({ check: null, worker: { running: true } });
  });

  it('runs a check asked for on the worker and stores a report of the simulator as expected, with no key in it', async () => {
    const asked = await admin.request<UpstreamCheckAnswer>('POST', ROUTE);
    expect(asked.status, asked.text).toBe(202);
    expect(asked.body.check).toMatchObject({ requestedBy: 'admin', finishedAt: null, report: null, error: null });
    // Asked again while it is open: the same check, no second one.
    const again = await admin.request<UpstreamCheckAnswer>('POST', ROUTE);
    expect(again.status).toBe(202);
    expect(again.body.check?.id).toBe(asked.body.check?.id);

    const { check } = await finished();
    expect(check?.id).toBe(asked.body.check?.id);
    expect(check?.error).toBeNull();
    expect(check?.startedAt).not.toBeNull();
    const report = check!.report!;
    expect(report.problems).toEqual([]);
    expect(report.ok).toBe(true);
    expect(report.upstream).toBe(stack.simUrl);
    expect(report.keys.map((k) => k.ok)).toEqual([true, true]);
    expect(report.keys[0]!.scopesGranted).toContain('calls:read');
    expect(report.shapes.map((s) => s.route)).toEqual(['GET /v1/agents', 'GET /v1/calls']);
    expect(report.recording?.container).toBe('audio/wav');

    const stored = await stack.app.ctx.db.query<{ report: string }>('SELECT report::text AS report FROM upstream_checks');
    expect(stored.rows.length).toBe(1);
    expectNoKey(
      stack.keys,
      stored.rows.map((r) => r.report),
      'the stored report',
    );
    expectNoKey(stack.keys, stack.seen, 'the responses');
    expectNoKey(stack.keys, stack.logs, 'the logs');

    const audited = await stack.app.ctx.db.query<{ outcome: string; username: string }>(
      "SELECT outcome, username FROM audit WHERE action = 'upstream.check' ORDER BY id",
    );
    expect(audited.rows.map((r) => r.outcome.replace(/\d+/, 'N'))).toEqual([
      'ok: check N asked for',
      expect.stringMatching(/^ok: check N already (asked for|running)$/),
    ]);
  });

  it('refuses viewers and operators, reading and asking', async () => {
    for (const role of ['viewer', 'operator']) {
      const client = await stack.login(role);
      const read = await client.request('GET', ROUTE);
      expect(read.status, read.text).toBe(403);
      expect(read.body.message).toBe(`Only admins check the connection to the Voice API; your role is ${role}.`);
      expect((await client.request('POST', ROUTE)).status).toBe(403);
    }
    const anonymous = await stack.client().request('GET', ROUTE);
    expect(anonymous.status).toBe(401);
  });

  it('reads a check left running by a worker that stopped as failed, and it no longer holds the open place', async () => {
    const { db } = stack.app.ctx;
    await db.query(
      `INSERT INTO upstream_checks (requested_by, requested_at, started_at) VALUES ('admin', now() - interval '5 minutes', now() - interval '4 minutes')`,
    );
    const { check } = await latest();
    expect(check).toMatchObject({ error: WORKER_STOPPED_MESSAGE, report: null });
    expect(check?.finishedAt).not.toBeNull();
    const asked = await admin.request<UpstreamCheckAnswer>('POST', ROUTE);
    expect(asked.body.check?.id).toBeGreaterThan(check!.id);
    expect((await finished()).check?.report?.ok).toBe(true);
  });

  it('stores why a check could not finish (the upstream dropped the connection)', async () => {
    await stack.control('POST', '/_sim/faults', { path: '/v1/agents', resetRatio: 1 });
    try {
      const asked = await admin.request<UpstreamCheckAnswer>('POST', ROUTE);
      const { check } = await finished();
      expect(check?.id).toBe(asked.body.check?.id);
      expect(check?.report).toBeNull();
      expect(check?.error).toMatch(/^The check could not finish: /);
    } finally {
      await stack.control('DELETE', '/_sim/faults');
    }
  });

  it(`keeps the newest ${UPSTREAM_CHECK_LIMITS.kept} checks`, async () => {
    const { db } = stack.app.ctx;
    await db.query(
      `INSERT INTO upstream_checks (requested_by, started_at, finished_at, error) SELECT 'admin', now(), now(), 'old' FROM generate_series(1, 30)`,
    );
    await admin.request('POST', ROUTE);
    await finished();
    const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM upstream_checks');
    expect(rows[0]!.n).toBe(UPSTREAM_CHECK_LIMITS.kept);
  });
});

describe('a worker that stops during a check', { timeout: 120_000 }, () => {
  it('stores "the worker stopped during the check", not a report cut short', async () => {
    const store = await testStore('postgres', 'bff_upstream_check');
    const stack = await startTestStack({ env: store.env, seedCalls: 20 });
    try {
      const admin = await stack.login('admin');
      // The upstream never answers the token request: the check runs until the worker stops.
      await stack.control('POST', '/_sim/faults', { path: '/v1/auth/token', hang: true });
      const asked = await admin.request<UpstreamCheckAnswer>('POST', ROUTE);
      await waitFor('the check to start', async () => (await admin.request<UpstreamCheckAnswer>('GET', ROUTE)).body.check?.startedAt);
      await stack.close();
      const db = await openDb({ url: store.url });
      try {
        const { rows } = await db.query<{ id: string; error: string | null; report: unknown; finished: boolean }>(
          'SELECT id, error, report, finished_at IS NOT NULL AS finished FROM upstream_checks',
        );
        expect(rows.map((r) => ({ ...r, id: Number(r.id) }))).toEqual([
          { id: asked.body.check?.id, error: WORKER_STOPPED_MESSAGE, report: null, finished: true },
        ]);
      } finally {
        await db.close();
      }
    } finally {
      await stack.close().catch(() => undefined);
      await store.drop();
    }
  });
});
