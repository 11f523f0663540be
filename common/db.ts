/**
 * One small interface over PostgreSQL, whether embedded (PGlite, the default) or a real server
 * (node-postgres, with a connection string). SQL is written once, for PostgreSQL 15 and 18 alike.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { DataDirError, lockDataDir, prepareDataDir, tightenPermissions } from './data-dir';

export { DataDirError } from './data-dir';

export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<{ rows: T[]; rowCount: number }>;
  /** Runs several statements with no parameters (migrations, DDL). */
  exec(sql: string): Promise<void>;
}

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /**
   * The last time a query failed because the store itself is broken (data corruption, a missing
   * file, an internal error: SQLSTATE classes XX and 58), for readiness; null if never.
   */
  readonly lastFault: { at: number; message: string } | null;
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export interface OpenDbOptions {
  /** A postgres:// connection string: use a real server. */
  url?: string;
  /** Directory for embedded data; omitted: in memory. */
  dataDir?: string;
  /** Pool size for a real server. */
  max?: number;
  /**
   * Called if the embedded directory's lock is lost while open (its refresh failed for longer than
   * the stale period); default: print why and exit, since another process may now be writing.
   */
  onLockLost?: (error: Error) => void;
}

export async function openDb(options: OpenDbOptions): Promise<Db> {
  return options.url ? openPostgres(options.url, options.max ?? 10) : openPglite(options.dataDir, options.onLockLost);
}

/** Tracks store faults (see Db.lastFault) across the queries of one database handle. */
class FaultWatch {
  last: { at: number; message: string } | null = null;
  async watch<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      if (typeof code === 'string' && (code.startsWith('XX') || code.startsWith('58'))) {
        this.last = { at: Date.now(), message: (error as Error).message };
      }
      throw error;
    }
  }
}

const exitOnLockLost = (error: Error) => {
  console.error(`The lock on the embedded database directory was lost (${error.message}); stopping so that two processes never write to it.`);
  process.exit(70);
};

// node-postgres returns int8/numeric as strings; counts here fit in a double.
pg.types.setTypeParser(20, (v) => Number(v));
pg.types.setTypeParser(1700, (v) => Number(v));

async function openPostgres(url: string, max: number): Promise<Db> {
  const pool = new pg.Pool({ connectionString: url, max });
  pool.on('error', () => {
    // An idle client lost its connection; the pool replaces it. Queries still report their own errors.
  });
  const faults = new FaultWatch();
  const wrap = (client: pg.Pool | pg.PoolClient): Queryable => ({
    async query<T>(sql: string, params?: readonly unknown[]) {
      const result = await faults.watch(() => client.query(sql, params as unknown[] | undefined));
      return { rows: result.rows as T[], rowCount: result.rowCount ?? 0 };
    },
    async exec(sql: string) {
      await faults.watch(() => client.query(sql));
    },
  });
  await pool.query('select 1');
  return {
    kind: 'postgres',
    get lastFault() {
      return faults.last;
    },
    ...wrap(pool),
    async transaction<T>(fn: (tx: Queryable) => Promise<T>) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn(wrap(client));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

/**
 * PGlite's postgresql.conf, written at each start (it replaces the file initdb made, so initdb's
 * lines are repeated here). Memory is the one change: PGlite keeps shared buffers and WAL inside
 * the process, so initdb's 128 MB of buffers and 1 GB of WAL before a checkpoint show up as RSS
 * (an in-memory database also holds its WAL files in memory). 16 MB of buffers hold the hot index
 * pages of 100,000 simulator calls; an on-disk database reads the rest from the OS page cache.
 */
const PGLITE_CONF = [
  'max_connections = 100',
  'shared_buffers = 16MB',
  'dynamic_shared_memory_type = posix',
  'max_wal_size = 64MB',
  'min_wal_size = 32MB',
  'log_file_mode = 0640',
  'log_timezone = UTC',
  'autovacuum_worker_slots = 16',
  "datestyle = 'iso, mdy'",
  'timezone = UTC',
  'lc_messages = C',
  'lc_monetary = C',
  'lc_numeric = C',
  'lc_time = C',
  "default_text_search_config = 'pg_catalog.english'",
];

/** The first line of an error, bounded: PGlite's start-up errors can carry its whole bundled source. */
const firstLine = (error: unknown) =>
  String((error as Error)?.message ?? error)
    .split('\n')[0]!
    .slice(0, 300);

/** PGlite's module, for the initdb child: the ESM build beside the CommonJS one require resolves. */
function pgliteModuleUrl(): string {
  const cjs = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const esm = join(dirname(cjs), 'index.js');
  return pathToFileURL(existsSync(esm) ? esm : cjs).href;
}

/** Run by `node -e` in the initdb child: create the database in SB_INITDB_DIR, close it, exit. */
const INITDB_SCRIPT = `
const mod = await import(process.env.SB_PGLITE_MODULE);
const PGlite = mod.PGlite ?? mod.default?.PGlite;
const db = new PGlite({ dataDir: process.env.SB_INITDB_DIR, postgresqlconf: JSON.parse(process.env.SB_PGLITE_CONF) });
await db.waitReady;
await db.close();
`;

/**
 * Creates a new embedded database in a short-lived child process. PGlite's initdb runs inside the
 * WebAssembly instance, whose memory only grows: in the long-lived process it peaked near 800 MiB
 * and left about 400 MiB behind for good. The child builds it in a sibling directory, and its
 * files are moved in afterwards (PG_VERSION last), so a start killed midway never leaves a
 * directory that looks whole. The caller holds the directory's lock.
 */
async function initdbApart(dataDir: string): Promise<void> {
  const temp = `${resolve(dataDir)}.initdb`;
  rmSync(temp, { recursive: true, force: true });
  mkdirSync(temp, { mode: 0o700 });
  const stderr: string[] = [];
  const code = await new Promise<number | null>((done, fail) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', INITDB_SCRIPT], {
      env: { PATH: process.env.PATH, SB_PGLITE_MODULE: pgliteModuleUrl(), SB_INITDB_DIR: temp, SB_PGLITE_CONF: JSON.stringify(PGLITE_CONF) },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    child.stderr.on('data', (chunk: Buffer) => stderr.push(String(chunk)));
    child.once('error', fail);
    child.once('exit', done);
  });
  if (code !== 0) {
    rmSync(temp, { recursive: true, force: true });
    throw new Error(`initdb exited with ${code}: ${firstLine(stderr.join('').trim() || 'no message')}`);
  }
  const entries = readdirSync(temp).sort((a, b) => Number(a === 'PG_VERSION') - Number(b === 'PG_VERSION'));
  for (const entry of entries) renameSync(join(temp, entry), join(dataDir, entry));
  rmSync(temp, { recursive: true, force: true });
}

async function openPglite(dataDir: string | undefined, onLockLost: (error: Error) => void = exitOnLockLost): Promise<Db> {
  let release: (() => Promise<void>) | undefined;
  if (dataDir) {
    const existing = prepareDataDir(dataDir);
    release = await lockDataDir(dataDir, onLockLost);
    if (!existing) {
      try {
        await initdbApart(dataDir);
      } catch (error) {
        await release().catch(() => undefined);
        throw new DataDirError(`A new embedded database could not be created in ${dataDir} (${firstLine(error)}). Check that the directory is writable.`);
      }
    }
  }
  let db: PGlite;
  try {
    // Imported here, not at the top: with DATABASE_URL the BFF never loads PGlite at all.
    const { PGlite } = await import('@electric-sql/pglite');
    // int8 and numeric parsed like pg above; set once here (per-query parsers cost a merge on every query).
    db = new PGlite({ dataDir, postgresqlconf: PGLITE_CONF, parsers: { 20: (v: string) => Number(v), 1700: (v: string) => Number(v) } });
    await db.waitReady;
    if (dataDir) tightenPermissions(dataDir);
  } catch (error) {
    await release?.().catch(() => undefined);
    if (!dataDir) throw error;
    throw new DataDirError(
      `The embedded database in ${dataDir} could not be opened (${firstLine(error)}); it may be damaged. Restore the directory from a backup, or move it aside to start afresh.`,
    );
  }
  const faults = new FaultWatch();
  const wrap = (client: Pick<PGlite, 'query' | 'exec'>): Queryable => ({
    async query<T>(sql: string, params?: readonly unknown[]) {
      const result = await faults.watch(() => client.query<T>(sql, params as unknown[] | undefined));
      return { rows: result.rows, rowCount: result.affectedRows ?? result.rows.length };
    },
    async exec(sql: string) {
      await faults.watch(() => client.exec(sql));
    },
  });
  return {
    kind: 'pglite',
    get lastFault() {
      return faults.last;
    },
    ...wrap(db),
    transaction: (fn) => db.transaction((tx) => fn(wrap(tx))),
    async close() {
      await db.close();
      await release?.().catch(() => undefined);
    },
  };
}

/**
 * Reads every row of the given tables once, so damage (a page that fails its checks, a missing
 * relation file) is found at start and reported clearly, not as 500s later. Throws a DataDirError.
 */
export async function verifyTables(db: Db, where: string): Promise<void> {
  let tables: string[];
  try {
    tables = (await db.query<{ t: string }>('SELECT quote_ident(tablename) AS t FROM pg_tables WHERE schemaname = current_schema()')).rows.map((r) => r.t);
  } catch (error) {
    throw new DataDirError(`The database ${where} is damaged: its catalog cannot be read (${firstLine(error)}). Restore it from a backup.`);
  }
  for (const table of tables) {
    try {
      await db.query(`SELECT count(*) FROM ${table}`);
    } catch (error) {
      throw new DataDirError(
        `The database ${where} is damaged: the table ${table} cannot be read (${firstLine(error)}). Switchboard will not start on it; restore it from a backup.`,
      );
    }
  }
}

export interface Migration {
  id: string;
  sql: string;
  /** A step SQL alone cannot do (e.g. normalising numbers with a library), run after `sql` in the same transaction. */
  run?: (tx: Queryable) => Promise<void>;
}

/**
 * Applies the migrations not yet applied, in order, in one transaction. A lock, taken before
 * anything else (the bookkeeping table included: concurrent CREATE TABLE IF NOT EXISTS collide on
 * pg_type), keeps processes starting at once on one server from racing.
 */
export async function migrate(db: Db, migrations: readonly Migration[], table = 'schema_migrations'): Promise<string[]> {
  const applied: string[] = [];
  await db.transaction(async (tx) => {
    if (db.kind === 'postgres') await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [table]);
    await tx.exec(`CREATE TABLE IF NOT EXISTS ${table} (id text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`);
    const done = new Set((await tx.query<{ id: string }>(`SELECT id FROM ${table}`)).rows.map((r) => r.id));
    for (const migration of migrations) {
      if (done.has(migration.id)) continue;
      if (migration.sql.trim() !== '') await tx.exec(migration.sql);
      await migration.run?.(tx);
      await tx.query(`INSERT INTO ${table} (id) VALUES ($1)`, [migration.id]);
      applied.push(migration.id);
    }
  });
  return applied;
}
