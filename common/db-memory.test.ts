/**
 * A new embedded database is created (initdb) in a short-lived child process: the opening process
 * never holds initdb's memory, which peaked near 800 MiB and stayed as the WebAssembly instance's
 * for good. Measured as this process's peak RSS (VmHWM, reset through /proc/self/clear_refs).
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { openDb } from './db';

const root = mkdtempSync(join(tmpdir(), 'sb-initdb-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const peakMiB = () => Number(/VmHWM:\s+(\d+)/.exec(readFileSync('/proc/self/status', 'utf8'))![1]) / 1024;
const rssMiB = () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync('/proc/self/status', 'utf8'))![1]) / 1024;

it('creates a new data directory without this process holding initdb: peak RSS grows by far less than initdb takes', async () => {
  const dir = join(root, 'new');
  writeFileSync('/proc/self/clear_refs', '5');
  const before = rssMiB();
  const db = await openDb({ dataDir: dir });
  const grew = peakMiB() - before;
  try {
    await db.exec('CREATE TABLE t (n int)');
    await db.query('INSERT INTO t VALUES (1)');
    expect((await db.query<{ n: number }>('SELECT n FROM t')).rows).toEqual([{ n: 1 }]);
  } finally {
    await db.close();
  }
  // Opening an existing directory costs PGlite's instance (about 150 MiB here); initdb in-process added 600 more.
  expect(grew, `peak RSS grew by ${grew.toFixed(0)} MiB`).toBeLessThan(350);
  // Whole (PG_VERSION in place), and nothing left beside it.
  expect(readdirSync(dir)).toContain('PG_VERSION');
  expect(readdirSync(root).filter((e) => e.startsWith('new.initdb'))).toEqual([]);
  const again = await openDb({ dataDir: dir });
  expect((await again.query<{ n: number }>('SELECT n FROM t')).rows).toEqual([{ n: 1 }]);
  await again.close();
});
