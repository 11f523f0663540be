import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate, openDb } from '../../common/db';
import { createTestDatabase } from '../../common/test-db';
import { MIGRATIONS } from '../db/migrations';
import { verifyPassword } from '../services/auth/passwords';
import { runUserCommand } from './user';

const dir = mkdtempSync(join(tmpdir(), 'bff-user-'));
let made: Awaited<ReturnType<typeof createTestDatabase>>;
let env: Record<string, string> = {};
beforeAll(async () => {
  made = await createTestDatabase('bff_user_cli');
  env = { DATABASE_URL: made.url };
});
afterAll(async () => {
  await made.drop();
  rmSync(dir, { recursive: true, force: true });
});

async function run(...argv: string[]): Promise<string> {
  const lines: string[] = [];
  await runUserCommand(argv, env, (l) => lines.push(l));
  return lines.join('\n');
}

describe('npm run user', () => {
  it('adds, lists, disables (ending sessions), enables and resets staff accounts', async () => {
    const added = await run('add', 'alice', '--role', 'operator');
    const password = /Password: (\S+)/.exec(added)![1]!;
    expect(password.length).toBeGreaterThanOrEqual(12);
    await expect(run('add', 'alice', '--role', 'viewer')).rejects.toThrow(/already exists/);
    await expect(run('add', 'bob', '--role', 'king')).rejects.toThrow(/--role must be one of viewer, operator, admin/);
    expect(await run('list')).toBe('alice\toperator\tenabled');

    const db = await openDb({ url: made.url });
    await migrate(db, MIGRATIONS, 'bff_migrations');
    const { rows } = await db.query<{ id: number; password_hash: string }>("SELECT id, password_hash FROM users WHERE username = 'alice'");
    expect(await verifyPassword(password, rows[0]!.password_hash)).toBe(true);
    await db.query('INSERT INTO sessions (id_hash, user_id, created_at, last_seen_at) VALUES ($1, $2, now(), now())', ['h', rows[0]!.id]);
    await db.close();

    expect(await run('disable', 'alice')).toMatch(/sessions ended/);
    expect(await run('list')).toBe('alice\toperator\tdisabled');
    const check = await openDb({ url: made.url });
    expect((await check.query('SELECT 1 FROM sessions')).rows).toEqual([]);
    await check.close();
    await run('enable', 'alice');
    const reset = await run('reset', 'alice');
    expect(/Password: (\S+)/.exec(reset)![1]).not.toBe(password);
    await expect(run('disable', 'nobody')).rejects.toThrow(/No user nobody/);
  }, 180_000);

  it('without DATABASE_URL, starts the embedded server for the command and stops it after (npm start not running)', async () => {
    const embedded = { DB_DATA_DIR: join(dir, 'postgres') };
    const lines: string[] = [];
    await runUserCommand(['add', 'carol', '--role', 'viewer'], embedded, (l) => lines.push(l));
    await runUserCommand(['list'], embedded, (l) => lines.push(l));
    expect(lines[1]).toBe('carol\tviewer\tenabled');
    // Stopped cleanly: no postmaster.pid left, the lock released.
    expect(existsSync(join(dir, 'postgres', 'postmaster.pid'))).toBe(false);
    expect(existsSync(join(dir, 'postgres.lock'))).toBe(false);
  }, 120_000);
});
