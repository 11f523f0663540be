/**
 * Test helper: a throwaway database on the local PostgreSQL server (TEST_DATABASE_URL, default
 * postgres://postgres@127.0.0.1:5432/postgres), created with a unique name and dropped after.
 * `databaseAvailable()` lets a suite say clearly why it cannot run where no server is.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDb, type Db } from './db';

const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export async function databaseAvailable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

export async function createTestDatabase(prefix: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`.toLowerCase();
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: ADMIN_URL });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

/**
 * A database of its own on the local server, opened, dropped when closed: what an in-memory
 * embedded store was for tests and the e2e stack before ADR 0031.
 */
export async function openTestDb(prefix: string, max?: number): Promise<Db> {
  const made = await createTestDatabase(prefix);
  const db = await openDb({ url: made.url, max });
  return {
    ...db,
    get lastFault() {
      return db.lastFault;
    },
    query: db.query.bind(db),
    exec: db.exec.bind(db),
    transaction: db.transaction.bind(db),
    async close() {
      await db.close();
      await made.drop();
    },
  };
}

/** Where a suite keeps its data. */
export interface TestStore {
  /** The suite's env, with DATABASE_URL. */
  env: Record<string, string>;
  /** The database's URL. */
  url: string;
  /** Drops the database. */
  drop: () => Promise<void>;
}

/**
 * A suite's store: a fresh database named after `prefix`; `env` is added to. `kind` names the one
 * engine (the suites' describe.each over engines ran PGlite too before ADR 0031).
 */
export async function testStore(_kind: 'postgres', prefix: string, env: Record<string, string> = {}): Promise<TestStore> {
  const db = await createTestDatabase(prefix);
  return { env: { ...env, DATABASE_URL: db.url }, url: db.url, drop: db.drop };
}
