/**
 * Migrates and seeds a new on-disk PGlite store in a process of its own (started by
 * startSimulator before it opens the store), so the memory the load grows (WebAssembly memory
 * and code, which never shrink) leaves with it instead of staying in the simulator's RSS.
 * Argument: the options as JSON; prints {customerId} when done (the line that says it succeeded).
 */
import { migrate, openDb } from '../../common/db';
import { MIGRATIONS } from '../store/migrations';
import { seed, type SeedOptions } from './seed';

const options = JSON.parse(process.argv[2] ?? '{}') as Omit<SeedOptions, 'now'> & { now: string; dataDir: string };
const db = await openDb({ dataDir: options.dataDir });
await migrate(db, MIGRATIONS);
const { customerId } = await seed(db, { ...options, now: new Date(options.now) });
await db.close();
process.stdout.write(`${JSON.stringify({ customerId })}\n`);
