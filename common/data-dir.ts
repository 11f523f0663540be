/**
 * Guards around the embedded PostgreSQL server's data directory (common/embedded-postgres.ts), which
 * one launcher may run at a time:
 *
 * - an exclusive lock (proper-lockfile: an atomic mkdir of `<dir>.lock`, refreshed while held,
 *   released on exit) with the holder's pid beside it, so a lock left by a killed process is taken
 *   over at once instead of after the stale period;
 * - owner-only permissions: the directory and everything in it 0700/0600 (the WAL holds password
 *   hashes and phone numbers), existing ones tightened at start;
 * - damage checks: a directory with files but no PG_VERSION (or no global/ or base/) is refused
 *   (initdb would otherwise be run over it, or the server fail to start on it).
 */
import { chmodSync, existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join, resolve } from 'node:path';
import lockfile from 'proper-lockfile';

/** The store cannot be opened as it is; the message says what to do. */
export class DataDirError extends Error {}

/**
 * The lock is refreshed every half of this; it is long (from the PGlite days, when initdb and long
 * queries blocked the holder's event loop for many seconds on a busy machine). A holder that died on this machine is found
 * by its pid at once; the stale period only matters for one that died on another machine.
 */
const STALE_MS = 10 * 60_000;

function lockPath(dir: string): string {
  return `${resolve(dir)}.lock`;
}

/** Who holds the lock: next to it, not in it (the lock directory must stay empty to be removed). */
function ownerPath(dir: string): string {
  return `${resolve(dir)}.lock-owner`;
}

function holder(dir: string): { pid: number; host: string } | null {
  try {
    const parsed = JSON.parse(readFileSync(ownerPath(dir), 'utf8')) as { pid?: unknown; host?: unknown };
    return typeof parsed.pid === 'number' && typeof parsed.host === 'string' ? { pid: parsed.pid, host: parsed.host } : null;
  } catch {
    return null;
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Takes the directory's lock, or throws a DataDirError naming the process that holds it.
 * Resolves to the release function. `onLost` runs if the lock is taken away while held (its
 * refresh failed for longer than the stale period): the caller must stop writing.
 */
export async function lockDataDir(dir: string, onLost: (error: Error) => void): Promise<() => Promise<void>> {
  const options = { realpath: false, lockfilePath: lockPath(dir), stale: STALE_MS, onCompromised: onLost };
  const inUse = (owner: { pid: number; host: string } | null) =>
    new DataDirError(
      `The embedded database in ${dir} is in use by another process${owner ? ` (pid ${owner.pid} on ${owner.host})` : ''}: ` +
        'one process may open it at a time. Stop the running Switchboard (npm start) first, or use a PostgreSQL server ' +
        '(DATABASE_URL) to run several processes.',
    );
  const take = () =>
    lockfile.lock(dir, options).catch((error: NodeJS.ErrnoException) => {
      throw error.code === 'ELOCKED' ? inUse(holder(dir)) : error;
    });
  let release: () => Promise<void>;
  try {
    release = await take();
  } catch (error) {
    const owner = holder(dir);
    // Left by a process that no longer runs on this machine (kill -9, a crash): take it over.
    if (!(error instanceof DataDirError) || !owner || owner.host !== hostname() || alive(owner.pid)) throw error;
    rmSync(lockPath(dir), { recursive: true, force: true });
    release = await take();
  }
  writeFileSync(ownerPath(dir), JSON.stringify({ pid: process.pid, host: hostname() }), { mode: 0o600 });
  return release;
}

/** The directory and everything under it readable by its owner only. */
export function tightenPermissions(dir: string): void {
  const walk = (path: string) => {
    const stat = lstatSync(path);
    if (stat.isSymbolicLink()) return;
    if (stat.isDirectory()) {
      if ((stat.mode & 0o777) !== 0o700) chmodSync(path, 0o700);
      for (const entry of readdirSync(path)) walk(join(path, entry));
    } else if ((stat.mode & 0o077) !== 0) {
      chmodSync(path, stat.mode & 0o700);
    }
  };
  walk(dir);
}

/**
 * Creates the directory (0700) or checks what is in it. Returns whether it holds a database
 * already; throws a DataDirError when it holds something that is not a whole one.
 */
export function prepareDataDir(dir: string): boolean {
  if (!existsSync(dir)) {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    return false;
  }
  if (!lstatSync(dir).isDirectory()) throw new DataDirError(`${dir} is not a directory; point the data directory elsewhere.`);
  const entries = readdirSync(dir);
  if (entries.length === 0) return false;
  if (!entries.includes('PG_VERSION')) {
    throw new DataDirError(
      `The embedded database in ${dir} is damaged: it holds files but no PG_VERSION. Switchboard will not start on it (it would ` +
        'start an empty database over it). Restore the directory from a backup, or move it aside to start afresh.',
    );
  }
  for (const needed of ['global', 'base']) {
    if (!entries.includes(needed)) {
      throw new DataDirError(
        `The embedded database in ${dir} is damaged: its ${needed}/ directory is missing. Restore the directory from a backup, or move it aside.`,
      );
    }
  }
  return true;
}
