import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { migrate, openDb } from '../../common/db';
import { MIGRATIONS } from '../db/migrations';
import { verifyPassword } from '../services/passwords';
import { runUserCommand } from './user';

const dir = mkdtempSync(join(tmpdir(), 'bff-user-'));
const env = { BFF_DATA_DIR: dir };
afterAll(() => rmSync(dir, { recursive: true, force: true }));

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

    const db = await openDb({ dataDir: dir });
    await migrate(db, MIGRATIONS, 'bff_migrations');
    const { rows } = await db.query<{ id: number; password_hash: string }>("SELECT id, password_hash FROM users WHERE username = 'alice'");
    expect(await verifyPassword(password, rows[0]!.password_hash)).toBe(true);
    await db.query('INSERT INTO sessions (id_hash, user_id, created_at, last_seen_at) VALUES ($1, $2, now(), now())', ['h', rows[0]!.id]);
    await db.close();

    expect(await run('disable', 'alice')).toMatch(/sessions ended/);
    expect(await run('list')).toBe('alice\toperator\tdisabled');
    const check = await openDb({ dataDir: dir });
    expect((await check.query('SELECT 1 FROM sessions')).rows).toEqual([]);
    await check.close();
    await run('enable', 'alice');
    const reset = await run('reset', 'alice');
    expect(/Password: (\S+)/.exec(reset)![1]).not.toBe(password);
    await expect(run('disable', 'nobody')).rejects.toThrow(/No user nobody/);
    // Each command opens the embedded database from disk, as the CLI does.
  }, 180_000);
});
