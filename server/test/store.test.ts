/**
 * Readiness follows the database while running. (The embedded server's own guarantees, the
 * directory lock, owner-only files, recovery after kill -9 and a damaged or PGlite directory
 * refused, are in common/embedded-postgres.test.ts.)
 */
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../common/test-db';
import { startTestStack } from '../testing/harness';

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
