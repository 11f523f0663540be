/**
 * One small interface over PostgreSQL, whether embedded (PGlite, the default) or a real server
 * (node-postgres, with a connection string). SQL is written once, for PostgreSQL 15 and 18 alike.
 */
import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<{ rows: T[]; rowCount: number }>;
  /** Runs several statements with no parameters (migrations, DDL). */
  exec(sql: string): Promise<void>;
}

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
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
}

export async function openDb(options: OpenDbOptions): Promise<Db> {
  return options.url ? openPostgres(options.url, options.max ?? 10) : openPglite(options.dataDir);
}

// node-postgres returns int8/numeric as strings; counts here fit in a double.
pg.types.setTypeParser(20, (v) => Number(v));
pg.types.setTypeParser(1700, (v) => Number(v));

async function openPostgres(url: string, max: number): Promise<Db> {
  const pool = new pg.Pool({ connectionString: url, max });
  pool.on('error', () => {
    // An idle client lost its connection; the pool replaces it. Queries still report their own errors.
  });
  const wrap = (client: pg.Pool | pg.PoolClient): Queryable => ({
    async query<T>(sql: string, params?: readonly unknown[]) {
      const result = await client.query(sql, params as unknown[] | undefined);
      return { rows: result.rows as T[], rowCount: result.rowCount ?? 0 };
    },
    async exec(sql: string) {
      await client.query(sql);
    },
  });
  await pool.query('select 1');
  return {
    kind: 'postgres',
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

async function openPglite(dataDir?: string): Promise<Db> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  // int8 and numeric parsed like pg above; set once here (per-query parsers cost a merge on every query).
  const db = new PGlite({ dataDir, postgresqlconf: PGLITE_CONF, parsers: { 20: (v: string) => Number(v), 1700: (v: string) => Number(v) } });
  await db.waitReady;
  // PGlite returns int8 as bigint-safe numbers by default only for int4; parse int8 like pg above.
  const wrap = (client: Pick<PGlite, 'query' | 'exec'>): Queryable => ({
    async query<T>(sql: string, params?: readonly unknown[]) {
      const result = await client.query<T>(sql, params as unknown[] | undefined);
      return { rows: result.rows, rowCount: result.affectedRows ?? result.rows.length };
    },
    async exec(sql: string) {
      await client.exec(sql);
    },
  });
  return {
    kind: 'pglite',
    ...wrap(db),
    transaction: (fn) => db.transaction((tx) => fn(wrap(tx))),
    close: () => db.close(),
  };
}

export interface Migration {
  id: string;
  sql: string;
}

/**
 * Applies the migrations not yet applied, in order, each in a transaction. A lock keeps two
 * processes starting on one server from racing.
 */
export async function migrate(db: Db, migrations: readonly Migration[], table = 'schema_migrations'): Promise<string[]> {
  await db.exec(`CREATE TABLE IF NOT EXISTS ${table} (id text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`);
  const applied: string[] = [];
  await db.transaction(async (tx) => {
    if (db.kind === 'postgres') await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [table]);
    const done = new Set((await tx.query<{ id: string }>(`SELECT id FROM ${table}`)).rows.map((r) => r.id));
    for (const migration of migrations) {
      if (done.has(migration.id)) continue;
      await tx.exec(migration.sql);
      await tx.query(`INSERT INTO ${table} (id) VALUES ($1)`, [migration.id]);
      applied.push(migration.id);
    }
  });
  return applied;
}
