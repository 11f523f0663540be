/**
 * Test helper: a throwaway database on the local PostgreSQL server (TEST_DATABASE_URL, default
 * postgres://postgres@127.0.0.1:5432/postgres), created with a unique name and dropped after.
 * `databaseAvailable()` lets a suite say clearly why it cannot run where no server is.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';

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

/** Where a suite run on each engine keeps its data. */
export interface TestStore {
  /** The suite's env, with DATABASE_URL on PostgreSQL (none on PGlite: an in-memory store). */
  env: Record<string, string>;
  /** The database's URL on PostgreSQL; undefined on PGlite. */
  url: string | undefined;
  /** Drops the PostgreSQL database; nothing to do on PGlite. */
  drop: () => Promise<void>;
}

/** A suite's store on `kind`: nothing on PGlite, a fresh database named after `prefix` on PostgreSQL; `env` is added to. */
export async function testStore(kind: 'pglite' | 'postgres', prefix: string, env: Record<string, string> = {}): Promise<TestStore> {
  if (kind === 'pglite') return { env: { ...env }, url: undefined, drop: async () => {} };
  const db = await createTestDatabase(prefix);
  return { env: { ...env, DATABASE_URL: db.url }, url: db.url, drop: db.drop };
}
