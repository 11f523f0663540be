/**
 * The audit log stays bounded: a flood of rate-limited sign-ins (anonymous, repeatable at will)
 * becomes one counted row per account, address and minute, over real HTTP; and retention prunes
 * old rows, ended sessions and expired tokens on one instance at a time, on a real PostgreSQL.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate, openDb, type Db } from '../../common/db';
import { createTestDatabase } from '../../common/test-db';
import { SIGN_IN_HASH_LIMITS } from '../../contract/bff/http.plain';
import { MIGRATIONS } from '../db/migrations';
import { prune } from '../services/retention';
import { startTestStack, type TestStack } from '../testing/harness';

describe('a flood of rate-limited sign-ins', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack({ env: { LOGIN_MAX_FAILURES: '2' } });
  }, 120_000);
  afterAll(() => stack?.close());

  it('writes one counted audit row, not one per attempt', async () => {
    const anon = stack.client();
    const statuses: number[] = [];
    // Waves of as many as one address may have checked at once: more are refused before they are
    // counted, and so before anything is audited (load-limits.test.ts).
    for (let round = 0; round < 30; round += 1) {
      const batch = await Promise.all(
        Array.from({ length: SIGN_IN_HASH_LIMITS.perAddress }, () =>
          anon.request('POST', '/auth/login', { body: { username: 'admin', password: 'not-the-password' } }).then((r) => r.status),
        ),
      );
      statuses.push(...batch);
    }
    const limited = statuses.filter((s) => s === 429).length;
    expect(limited).toBeGreaterThanOrEqual(200);
    const { rows } = await stack.app.ctx.db.query<{ n: number; repeats: number }>(
      "SELECT count(*)::int AS n, coalesce(sum(repeats), 0)::int AS repeats FROM audit WHERE outcome = 'rate-limited'",
    );
    // One row per minute window (two if the run crossed a minute boundary), counting every attempt.
    expect(rows[0]!.n).toBeLessThanOrEqual(2);
    expect(rows[0]!.repeats).toBe(limited);
  }, 120_000);
});

describe('retention', () => {
  let db: Db;
  let drop: () => Promise<void>;
  let url = '';
  beforeAll(async () => {
    const made = await createTestDatabase('bff_retention');
    drop = made.drop;
    url = made.url;
    db = await openDb({ url: made.url });
    await migrate(db, MIGRATIONS, 'bff_migrations');
  }, 60_000);
  afterAll(async () => {
    await db?.close();
    await drop?.();
  });

  it('prunes old audit rows, ended sessions and expired tokens, on one instance at a time', async () => {
    await db.query("INSERT INTO users (username, role, password_hash) VALUES ('u', 'viewer', 'x')");
    await db.query(
      `INSERT INTO audit (at, username, action, outcome, request_id)
       SELECT now() - make_interval(days => d), 'u', 'login', 'ok', 'r' || d FROM generate_series(1, 400) d`,
    );
    await db.query(
      `INSERT INTO sessions (id_hash, user_id, created_at, last_seen_at) VALUES
       ('fresh', 1, now(), now()), ('idle', 1, now() - interval '2 hours', now() - interval '2 hours'), ('old', 1, now() - interval '2 days', now())`,
    );
    await db.query(
      "INSERT INTO minted_tokens (token_hash, user_id, scopes, expires_at, session_hash) VALUES ('live', 1, 's', now() + interval '1 hour', 'fresh'), ('dead', 1, 's', now() - interval '1 minute', 'fresh')",
    );
    const policy = { auditDays: 30, sessionIdleMs: 30 * 60_000, sessionAbsoluteMs: 12 * 3_600_000, draftDays: 7 };
    const results = await Promise.all([prune(db, policy), prune(db, policy), prune(db, policy)]);
    expect(results.filter((r) => r.ran).length).toBeGreaterThanOrEqual(1);
    const ran = results.filter((r) => r.ran);
    expect(ran.reduce((n, r) => n + r.audit, 0)).toBe(371);
    expect((await db.query<{ n: number }>('SELECT count(*)::int AS n FROM audit')).rows[0]!.n).toBe(29);
    expect((await db.query<{ id_hash: string }>('SELECT id_hash FROM sessions')).rows.map((r) => r.id_hash)).toEqual(['fresh']);
    expect((await db.query<{ token_hash: string }>('SELECT token_hash FROM minted_tokens')).rows.map((r) => r.token_hash)).toEqual(['live']);
  }, 60_000);

  it('skips while another instance holds the pruning lock', async () => {
    const other = new pg.Client({ connectionString: url });
    await other.connect();
    try {
      await other.query('BEGIN');
      await other.query("SELECT pg_advisory_xact_lock(hashtext('switchboard-retention'))");
      await db.query("INSERT INTO audit (at, username, action, outcome, request_id) VALUES (now() - interval '400 days', 'u', 'login', 'ok', 'held')");
      const policy = { auditDays: 30, sessionIdleMs: 30 * 60_000, sessionAbsoluteMs: 12 * 3_600_000, draftDays: 7 };
      expect((await prune(db, policy)).ran).toBe(false);
      expect((await db.query("SELECT 1 FROM audit WHERE request_id = 'held'")).rowCount).toBe(1);
      await other.query('COMMIT');
      expect((await prune(db, policy)).audit).toBe(1);
    } finally {
      await other.end();
    }
  }, 60_000);
});
