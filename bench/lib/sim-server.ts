/**
 * The simulator in its own process for the bench: load generated here does not share its event
 * loop, and its RSS is its own. Prints one JSON line when ready: {url, seedMs, controlToken, storage}.
 * Storage: the PostgreSQL server at SIM_DATABASE_URL, else a throwaway database on the local server.
 */
import { startSimulator } from '../../simulator/app';

const calls = Number(process.env.BENCH_SEED_CALLS ?? 100_000);
const controlToken = 'bench-control-token';
const databaseUrl = process.env.SIM_DATABASE_URL || undefined;
const started = performance.now();
const sim = await startSimulator({
  host: '127.0.0.1',
  port: Number(process.env.BENCH_SIM_PORT ?? 0),
  databaseUrl,
  reset: true,
  seedCalls: calls,
  rateLimit: 0,
  maxConcurrency: 1_000_000,
  dailyQuota: 10_000_000,
  controlToken,
});
const seedMs = performance.now() - started;
process.stdout.write(`${JSON.stringify({ url: sim.url, seedMs, controlToken, storage: databaseUrl ? 'postgres' : 'postgres-local' })}\n`);
const stop = () =>
  void sim.close().then(() => {
    process.exit(0);
  });
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
