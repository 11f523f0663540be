/**
 * The embedded store between processes, with real BFF processes: one process opens a data
 * directory at a time (a second BFF and `npm run user` refuse clearly while one runs; a lock left
 * by kill -9 is taken over), the files are the owner's only, and a damaged store stops the start
 * with a clear message instead of a fresh empty database, a raw trace or 500s; readiness follows
 * the database while running.
 */
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, chmodSync, writeFileSync, unlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate, openDb } from '../../common/db';
import { createTestDatabase } from '../../common/test-db';
import { MIGRATIONS } from '../db/migrations';
import { ensureDemoUsers } from '../services/users';
import { freePort, spawnBff, spawnTsx, waitHealthy } from '../testing/process';
import { startTestStack } from '../testing/harness';

const root = mkdtempSync(join(tmpdir(), 'bff-store-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const modeOf = (path: string) => statSync(path).mode & 0o777;

describe('one process per embedded directory', () => {
  it('a second BFF and npm run user refuse while one runs; after kill -9 the next start takes the lock over', async () => {
    const dir = join(root, 'locked');
    const port = await freePort();
    const first = spawnBff({ BFF_DATA_DIR: dir, PORT: String(port), DEMO_ACCOUNTS: 'true' });
    await waitHealthy(`http://127.0.0.1:${port}/healthz`, first);

    const second = spawnBff({ BFF_DATA_DIR: dir, PORT: String(await freePort()) });
    expect(await second.exited).toBe(1);
    expect(second.output()).toMatch(/in use by another process \(pid \d+/);
    expect(second.output()).toMatch(/Stop the running Switchboard/);

    const cli = spawnTsx('server/cli/user.ts', ['disable', 'operator'], { BFF_DATA_DIR: dir });
    expect(await cli.exited).toBe(1);
    expect(cli.output()).toMatch(/in use by another process/);
    expect(cli.output()).not.toMatch(/Disabled/);

    // The running BFF still serves the operator (nothing was changed behind its back).
    const login = await fetch(`http://127.0.0.1:${port}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-switchboard': '1', origin: `http://127.0.0.1:${port}` },
      body: JSON.stringify({ username: 'operator', password: 'switchboard-demo' }),
    });
    expect(login.status).toBe(204);

    first.proc.kill('SIGKILL');
    await first.exited;
    const third = spawnBff({ BFF_DATA_DIR: dir, PORT: String(port) });
    await waitHealthy(`http://127.0.0.1:${port}/healthz`, third, 30_000);
    third.proc.kill('SIGTERM');
    expect(await third.exited).toBe(0);
    // Released on a clean exit: the CLI works now.
    const after = spawnTsx('server/cli/user.ts', ['disable', 'operator'], { BFF_DATA_DIR: dir });
    expect(await after.exited, after.output()).toBe(0);
    expect(after.output()).toMatch(/Disabled operator/);
  }, 180_000);
});

describe('owner-only files', () => {
  it('creates the directory and files 0700/0600 and tightens an existing directory at start', async () => {
    const dir = join(root, 'perms');
    const db = await openDb({ dataDir: dir });
    await db.exec('CREATE TABLE secrets (v text); INSERT INTO secrets VALUES ($$hash$$)');
    expect(modeOf(dir)).toBe(0o700);
    expect(modeOf(join(dir, 'PG_VERSION')) & 0o077).toBe(0);
    expect(modeOf(join(dir, 'base')) & 0o077).toBe(0);
    await db.close();

    // As an older version left it: world-readable and writable.
    chmodSync(dir, 0o777);
    chmodSync(join(dir, 'PG_VERSION'), 0o666);
    const wal = join(dir, 'pg_wal');
    chmodSync(wal, 0o777);
    for (const f of readdirSync(wal)) if (statSync(join(wal, f)).isFile()) chmodSync(join(wal, f), 0o666);
    const again = await openDb({ dataDir: dir });
    await again.close();
    expect(modeOf(dir)).toBe(0o700);
    expect(modeOf(join(dir, 'PG_VERSION'))).toBe(0o600);
    expect(modeOf(wal)).toBe(0o700);
    for (const f of readdirSync(wal)) if (statSync(join(wal, f)).isFile()) expect(modeOf(join(wal, f)) & 0o077).toBe(0);
  }, 60_000);
});

describe('a damaged store', () => {
  // One whole store, made once (initdb is the slow part); each case damages a copy of it.
  const pristine = join(root, 'pristine');
  let usersPath = '';
  beforeAll(async () => {
    const db = await openDb({ dataDir: pristine });
    await migrate(db, MIGRATIONS, 'bff_migrations');
    await ensureDemoUsers(db, 'switchboard-demo');
    usersPath = (await db.query<{ p: string }>("SELECT pg_relation_filepath('users') AS p")).rows[0]!.p;
    await db.close();
  }, 120_000);

  async function makeStore(name: string): Promise<{ dir: string; usersFile: string }> {
    const dir = join(root, name);
    cpSync(pristine, dir, { recursive: true });
    return { dir, usersFile: join(dir, usersPath) };
  }

  async function refused(dir: string): Promise<string> {
    const bff = spawnBff({ BFF_DATA_DIR: dir, PORT: String(await freePort()) });
    expect(await bff.exited).toBe(1);
    const out = bff.output();
    // One clear message, not a trace of bundled code.
    expect(out.length).toBeLessThan(1200);
    expect(out).not.toMatch(/\n\s+at /);
    return out;
  }

  it('refuses to start without PG_VERSION, and leaves the files as they were', async () => {
    const { dir } = await makeStore('no-version');
    unlinkSync(join(dir, 'PG_VERSION'));
    const before = readdirSync(join(dir, 'base')).length;
    expect(await refused(dir)).toMatch(/damaged: it holds files but no PG_VERSION.*Restore the directory from a backup/s);
    expect(readdirSync(join(dir, 'base')).length).toBe(before);
    expect(() => readFileSync(join(dir, 'PG_VERSION'))).toThrow();
  }, 120_000);

  it('refuses to start on a corrupt table, naming it', async () => {
    const { dir, usersFile } = await makeStore('corrupt-table');
    writeFileSync(usersFile, Buffer.alloc(8192, 0x5a));
    expect(await refused(dir)).toMatch(/the table users cannot be read \(invalid page/);
  }, 120_000);

  it('refuses to start when PostgreSQL cannot open it, in one line', async () => {
    const { dir } = await makeStore('no-control');
    unlinkSync(join(dir, 'global', 'pg_control'));
    expect(await refused(dir)).toMatch(/could not be opened .* it may be damaged/);
  }, 120_000);

  it('refuses a directory that is not one', async () => {
    const file = join(root, 'a-file');
    mkdirSync(root, { recursive: true });
    writeFileSync(file, 'x');
    expect(await refused(file)).toMatch(/is not a directory/);
  }, 60_000);
});

describe('readiness follows the database', () => {
  it('/readyz turns 503 when a table every request reads cannot be read, and back', async () => {
    const { url, drop } = await createTestDatabase('bff_ready');
    const stack = await startTestStack({ env: { DATABASE_URL: url } });
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      expect((await fetch(`${stack.url}/readyz`)).status).toBe(200);
      await admin.query('ALTER TABLE sessions RENAME TO sessions_moved');
      const res = await fetch(`${stack.url}/readyz`);
      expect(res.status).toBe(503);
      expect(((await res.json()) as { database: boolean }).database).toBe(false);
      await admin.query('ALTER TABLE sessions_moved RENAME TO sessions');
      expect((await fetch(`${stack.url}/readyz`)).status).toBe(200);
    } finally {
      await admin.end();
      await stack.close();
      await drop();
    }
  }, 60_000);
});
