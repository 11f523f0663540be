/**
 * One small interface over a PostgreSQL server through node-postgres (`pg`): the embedded one that
 * `npm start` runs (common/embedded-postgres.ts) or any other at a connection string. One driver,
 * one code path (ADR 0031). SQL is written once, for PostgreSQL 15 to 18.
 */
import pg from 'pg';
import { DataDirError } from './data-dir';

export { DataDirError } from './data-dir';

export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<{ rows: T[]; rowCount: number }>;
  /** Runs several statements with no parameters (migrations, DDL). */
  exec(sql: string): Promise<void>;
}

export interface Db extends Queryable {
  /**
   * The last time a query failed because the store itself is broken (data corruption, a missing
   * file, an internal error: SQLSTATE classes XX and 58), for readiness; null if never.
   */
  readonly lastFault: { at: number; message: string } | null;
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * LISTENs on a channel over one connection of its own (not the pool's), reconnecting after a
   * loss; `onState` is told when it is listening (true) or lost (false). Returns the stop function.
   */
  listen(channel: string, onMessage: (payload: string) => void, onState?: (listening: boolean) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export interface OpenDbOptions {
  /** A postgres:// connection string. */
  url: string;
  /** Pool size. */
  max?: number;
}

export async function openDb(options: OpenDbOptions): Promise<Db> {
  return openPostgres(options.url, options.max ?? 10);
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
  try {
    await pool.query('select 1');
  } catch (error) {
    await pool.end().catch(() => undefined);
    throw new DataDirError(
      `The PostgreSQL server at ${redactUrl(url)} cannot be reached (${firstLine(error)}). Check that it runs and that the connection string is right.`,
    );
  }
  return {
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
    listen: (channel, onMessage, onState) => listenOn(url, channel, onMessage, onState),
    close: () => pool.end(),
  };
}

/** Db.listen: one client, LISTEN once, and a new client a second after the old one is lost. */
async function listenOn(url: string, channel: string, onMessage: (payload: string) => void, onState?: (listening: boolean) => void) {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`Not a channel name: ${channel}`);
  let stopped = false;
  let client: pg.Client | null = null;
  let retry: NodeJS.Timeout | undefined;
  const connect = async (): Promise<void> => {
    const c = new pg.Client({ connectionString: url });
    const lost = () => {
      if (client !== c) return;
      client = null;
      onState?.(false);
      c.end().catch(() => undefined);
      if (!stopped) retry = setTimeout(() => void connect().catch(() => undefined), 1_000);
    };
    c.on('error', lost);
    c.on('end', lost);
    c.on('notification', (n) => {
      if (n.channel === channel && n.payload !== undefined) onMessage(n.payload);
    });
    client = c;
    try {
      await c.connect();
      await c.query(`LISTEN ${channel}`);
      onState?.(true);
    } catch (error) {
      lost();
      throw error;
    }
  };
  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const c = client;
    client = null;
    await c?.end().catch(() => undefined);
  };
}

/** The first line of an error, bounded. */
const firstLine = (error: unknown) =>
  String((error as Error)?.message ?? error)
    .split('\n')[0]!
    .slice(0, 300);

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
    await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [table]);
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

/** A connection string without its password, for messages. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'the configured DATABASE_URL';
  }
}
