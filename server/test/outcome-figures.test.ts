/**
 * Outcome figures over real HTTP on a real PostgreSQL server (issue 33: "every figure opens the
 * calls behind it", docs/outcomes.md):
 * - the calls list's `outcome=<id>` filter lists exactly the calls index_call_outcomes holds for
 *   the outcome (alone, repeated, and with the list's other filters), and refuses what is not an id;
 * - Insights' outcome counts (GET /bff/outcomes/counts) equal a direct count over the same range and
 *   filters, their rate's base a direct count of the outcome's agent's calls, and the calls list with
 *   `outcome=<id>` and the same range lists as many calls as the count says.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testStore, type TestStore } from '../../common/test-db';
import { FAST_INDEX, waitFor } from '../testing/call-index';
import { startTestStack, type Client, type TestStack } from '../testing/harness';

describe('outcome figures on postgres', { timeout: 180_000 }, () => {
  let stack: TestStack;
  let store: TestStore | undefined;
  let admin: Client;
  let viewer: Client;
  let agentId: string;
  let otherAgent: string;
  let reached: number;
  let long: number;

  const sql = async <T extends Record<string, unknown>>(text: string, params: unknown[] = []) => (await stack.app.ctx.db.query<T>(text, params)).rows;
  const ids = async (text: string, params: unknown[] = []) => (await sql<{ id: string }>(text, params)).map((r) => r.id).sort();

  /** Every call of the calls list for a query (all pages). */
  async function listed(query: string): Promise<string[]> {
    const out: string[] = [];
    for (let page = 1; ; page += 1) {
      const res = await viewer.request('GET', `/bff/index/calls?size=100&page=${page}&${query}`);
      expect(res.status, res.text).toBe(200);
      out.push(...res.body.content.map((c: any) => c.id as string));
      if (page >= res.body.totalPages) return out.sort();
    }
  }
  async function addOutcome(name: string, clauses: unknown[]): Promise<number> {
    const res = await admin.request('POST', '/bff/outcomes', { body: { name, agentId, clauses } });
    expect(res.status, res.text).toBe(201);
    return res.body.id as number;
  }

  beforeAll(async () => {
    store = await testStore('postgres', 'bff_outcome_figures', { ...FAST_INDEX });
    stack = await startTestStack({ seedCalls: 200, env: store.env });
    admin = await stack.login('admin');
    viewer = await stack.login('viewer');
    await waitFor('the backfill', async () => (await sql<{ done: boolean }>('SELECT backfill_complete AS done FROM index_sync'))[0]!.done);
    // The two agents with the most indexed calls: the outcomes are attached to the first.
    const busiest = await sql<{ agent: string }>('SELECT agent_id::text AS agent FROM index_calls GROUP BY agent_id ORDER BY count(*) DESC, agent_id LIMIT 2');
    [agentId, otherAgent] = busiest.map((r) => r.agent) as [string, string];
    reached = await addOutcome('Reached', [{ kind: 'status', statuses: ['COMPLETED', 'TRANSFERRED'] }]);
    const [median] = await sql<{ s: number }>(
      // The median of the agent's reached calls: some reached calls meet both outcomes, some one.
      `SELECT percentile_disc(0.5) WITHIN GROUP (ORDER BY duration)::int AS s FROM index_calls
        WHERE agent_id = $1 AND duration IS NOT NULL AND status IN ('COMPLETED', 'TRANSFERRED')`,
      [agentId],
    );
    long = await addOutcome('Long call', [{ kind: 'duration', op: 'atLeast', seconds: median!.s }]);
  }, 240_000);
  afterAll(async () => {
    await stack?.close();
    await store?.drop();
  });

  it("lists an outcome's calls as index_call_outcomes holds them, alone, repeated and with the list's other filters", async () => {
    const kept = await ids('SELECT call_id::text AS id FROM index_call_outcomes WHERE outcome_id = $1', [reached]);
    expect(kept.length, 'the data has calls that met it').toBeGreaterThan(0);
    expect(await listed(`outcome=${reached}`)).toEqual(kept);
    const exact = await viewer.request('GET', `/bff/index/calls?outcome=${reached}&exactTotal=true&size=1`);
    expect(exact.body.totalElements).toBe(kept.length);

    // Repeated: calls that met both.
    const both = await ids(
      `SELECT a.call_id::text AS id FROM index_call_outcomes a JOIN index_call_outcomes b ON b.call_id = a.call_id AND b.outcome_id = $2 WHERE a.outcome_id = $1`,
      [reached, long],
    );
    expect(both.length).toBeGreaterThan(0);
    expect(both.length).toBeLessThan(kept.length);
    expect(await listed(`outcome=${reached}&outcome=${long}`)).toEqual(both);

    // With another filter of the index (a status) and of the upstream list (the agent).
    const transferred = await ids(
      `SELECT x.call_id::text AS id FROM index_call_outcomes x JOIN index_calls c ON c.id = x.call_id WHERE x.outcome_id = $1 AND c.status = 'TRANSFERRED'`,
      [reached],
    );
    expect(await listed(`outcome=${reached}&status=TRANSFERRED`)).toEqual(transferred);
    expect(await listed(`outcome=${reached}&agentId=${otherAgent}`)).toEqual([]);

    // An outcome that does not exist lists none; what is not an id is refused on the field.
    expect(await listed('outcome=999999')).toEqual([]);
    const bad = await viewer.request('GET', '/bff/index/calls?outcome=booked');
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([expect.objectContaining({ field: 'outcome[0]', message: 'An outcome is named by its id (a whole number).' })]);
  });

  it("counts each outcome over Insights' range and filters as a direct count does, and its count opens as many calls", async () => {
    // The range: every day with an indexed call (UTC), then a single day of it.
    const [span] = await sql<{ first: string; last: string; busiest: string }>(
      `SELECT min(start_time AT TIME ZONE 'UTC')::date::text AS first, max(start_time AT TIME ZONE 'UTC')::date::text AS last,
              (SELECT (start_time AT TIME ZONE 'UTC')::date::text FROM index_calls WHERE agent_id = $1 GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 1) AS busiest
         FROM index_calls`,
      [agentId],
    );
    const direct = async (outcome: number, from: string, to: string, filterAgent: string | null = null) => {
      const [row] = await sql<{ calls: number; scoped: number }>(
        `SELECT (SELECT count(*)::int FROM index_call_outcomes x JOIN index_calls c ON c.id = x.call_id
                  WHERE x.outcome_id = $1 AND c.start_time >= ($2::date)::timestamp AT TIME ZONE 'UTC' AND c.start_time < ($3::date + 1)::timestamp AT TIME ZONE 'UTC' AND ($5::uuid IS NULL OR c.agent_id = $5)) AS calls,
                (SELECT count(*)::int FROM index_calls c
                  WHERE c.agent_id = $4 AND c.start_time >= ($2::date)::timestamp AT TIME ZONE 'UTC' AND c.start_time < ($3::date + 1)::timestamp AT TIME ZONE 'UTC' AND ($5::uuid IS NULL OR c.agent_id = $5)) AS scoped`,
        [outcome, from, to, agentId, filterAgent],
      );
      return row!;
    };
    const counts = async (query: string) => {
      const res = await viewer.request('GET', `/bff/outcomes/counts?tz=UTC&${query}`);
      expect(res.status, res.text).toBe(200);
      return res.body.content as { outcomeId: number; name: string; agentId: string | null; calls: number; scoped: number; rate: number | null }[];
    };

    for (const [from, to] of [
      [span!.first, span!.last],
      [span!.busiest, span!.busiest],
    ] as const) {
      const got = await counts(`from=${from}&to=${to}`);
      expect(got.map((c) => c.name)).toEqual(['Long call', 'Reached']);
      for (const id of [reached, long]) {
        const want = await direct(id, from, to);
        const row = got.find((c) => c.outcomeId === id)!;
        expect({ calls: row.calls, scoped: row.scoped }, `outcome ${id} over ${from}..${to}`).toEqual(want);
        expect(row.agentId).toBe(agentId);
        expect(row.rate).toBeCloseTo(want.calls / want.scoped, 10);
        // The count's link: the calls list with the outcome and the same range lists as many calls.
        expect(await listed(`outcome=${id}&from=${from}&to=${to}&tz=UTC`)).toHaveLength(want.calls);
      }
    }
    // The met calls are read first and the figure after: the index may still be writing (a fresh
    // clone's CI saw 1 against 6 when the figure was read before the rows were counted), so the
    // figure can only hold as many or more, never fewer.
    const met = (await ids('SELECT call_id::text AS id FROM index_call_outcomes WHERE outcome_id = $1', [reached])).length;
    const [after] = await sql<{ last: string }>(`SELECT max(start_time AT TIME ZONE 'UTC')::date::text AS last FROM index_calls`);
    const whole = (await counts(`from=${span!.first}&to=${after!.last}`)).find((c) => c.outcomeId === reached)!;
    expect(whole.calls, 'the whole range holds every call that met it').toBeGreaterThanOrEqual(met);

    // Insights' agent filter: another agent's calls never meet this agent's outcomes (rate unknown).
    const other = (await counts(`from=${span!.first}&to=${span!.last}&agentId=${otherAgent}`)).find((c) => c.outcomeId === reached)!;
    expect(other).toMatchObject({ calls: 0, scoped: 0, rate: null });
    expect(await direct(reached, span!.first, span!.last, otherAgent)).toEqual({ calls: 0, scoped: 0 });
    // A range before every call counts none; a reversed range is refused on `from`.
    expect((await counts('from=2000-01-01&to=2000-01-02')).find((c) => c.outcomeId === reached)).toMatchObject({ calls: 0, scoped: 0, rate: null });
    const reversed = await viewer.request('GET', `/bff/outcomes/counts?from=${span!.last}&to=2000-01-01`);
    expect(reversed.status).toBe(400);
    expect(reversed.body.errors[0].field).toBe('from');
  });
});
