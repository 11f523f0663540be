import { afterAll, describe, expect, it } from 'vitest';
import { migrate, openDb, type Db } from './db';
import { createTestDatabase } from './test-db';

const migrations = [
  { id: '001', sql: 'CREATE TABLE t (id serial PRIMARY KEY, n bigint NOT NULL)' },
  { id: '002', sql: 'ALTER TABLE t ADD COLUMN label text' },
];

async function exercise(db: Db) {
  expect(await migrate(db, migrations)).toEqual(['001', '002']);
  expect(await migrate(db, migrations)).toEqual([]);
  await db.query('INSERT INTO t (n, label) VALUES ($1, $2)', [5_000_000_000, 'a']);
  const { rows } = await db.query<{ n: number; label: string }>('SELECT n, label FROM t');
  expect(rows).toEqual([{ n: 5_000_000_000, label: 'a' }]);
  await expect(
    db.transaction(async (tx) => {
      await tx.query('INSERT INTO t (n) VALUES (1)');
      throw new Error('roll back');
    }),
  ).rejects.toThrow('roll back');
  expect((await db.query('SELECT * FROM t')).rows).toHaveLength(1);
  // int8 is a number inside a transaction too.
  expect(await db.transaction(async (tx) => (await tx.query<{ n: number }>('SELECT count(*) AS n FROM t')).rows[0]!.n)).toBe(1);
}

describe('db', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const c of cleanups) await c();
  });

  it('works on a real PostgreSQL server', async () => {
    const { url, drop } = await createTestDatabase('common_db');
    const db = await openDb({ url });
    cleanups.push(async () => {
      await db.close();
      await drop();
    });
    await exercise(db);
  });

  // Several instances started at once on a fresh database (a deploy, a restart of the pool): each
  // migrates at start. Their bookkeeping table must be created under the lock too, or one start
  // fails with a duplicate key on pg_type.
  it('migrates once when several processes start at once on one PostgreSQL database', async () => {
    const { url, drop } = await createTestDatabase('common_db_race');
    const handles = await Promise.all(Array.from({ length: 6 }, () => openDb({ url, max: 2 })));
    cleanups.push(async () => {
      for (const h of handles) await h.close();
      await drop();
    });
    for (let round = 0; round < 10; round += 1) {
      const table = `race_migrations_${round}`;
      const results = await Promise.allSettled(handles.map((h) => migrate(h, [{ id: '001', sql: `CREATE TABLE race_${round} (id int)` }], table)));
      const refused = results.filter((r) => r.status === 'rejected').map((r) => String((r as PromiseRejectedResult).reason));
      expect(refused, `round ${round}`).toEqual([]);
      const applied = results.flatMap((r) => (r as PromiseFulfilledResult<string[]>).value);
      expect(applied, `round ${round}: applied by exactly one`).toEqual(['001']);
    }
  });
});
