/** `npm run simulator [-- --reset]`: the simulator alone, configured from SIM_* variables. */
import { z } from 'zod';
import { EMBEDDED_DATABASES, useEmbeddedPostgres } from '../common/embedded-postgres';
import { DEFAULT_SIM_API_KEY, DEFAULT_SIM_API_KEY_SECONDARY, startSimulator } from './app';
import { parseVariants } from './http/variants';

const num = (fallback: number) => z.coerce.number().nonnegative().default(fallback);
const Env = z.object({
  SIM_HOST: z.string().default('127.0.0.1'),
  SIM_PORT: z.coerce.number().int().min(0).max(65535).default(4010),
  SIM_DATABASE_URL: z.url().optional(),
  SIM_API_KEY: z.string().min(16).default(DEFAULT_SIM_API_KEY),
  SIM_API_KEY_SECONDARY: z.string().min(16).default(DEFAULT_SIM_API_KEY_SECONDARY),
  SIM_CONTROL_TOKEN: z.string().min(8).optional(),
  SIM_SEED: z.coerce.number().int().default(42),
  SIM_SEED_CALLS: z.coerce.number().int().min(0).max(1_000_000).default(20_000),
  SIM_SPEED: num(1),
  SIM_RATE_LIMIT: num(20),
  SIM_MAX_CONCURRENCY: num(50),
  SIM_DAILY_QUOTA: num(10_000),
  SIM_TOKEN_TTL: z.coerce.number().int().min(10).default(900),
  SIM_VARIANT: z
    .string()
    .default('')
    .superRefine((text, ctx) => {
      try {
        parseVariants(text);
      } catch (error) {
        ctx.addIssue({ code: 'custom', message: (error as Error).message });
      }
    }),
});

export function simulatorOptionsFromEnv(env: NodeJS.ProcessEnv, reset = false) {
  const parsed = Env.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new Error(`Invalid simulator setting ${String(issue.path[0])}: ${issue.message}`);
  }
  const e = parsed.data;
  return {
    host: e.SIM_HOST,
    port: e.SIM_PORT,
    databaseUrl: e.SIM_DATABASE_URL,
    reset,
    seed: e.SIM_SEED,
    seedCalls: e.SIM_SEED_CALLS,
    apiKey: e.SIM_API_KEY,
    apiKeySecondary: e.SIM_API_KEY_SECONDARY,
    controlToken: e.SIM_CONTROL_TOKEN,
    speed: e.SIM_SPEED,
    rateLimit: e.SIM_RATE_LIMIT,
    maxConcurrency: e.SIM_MAX_CONCURRENCY,
    dailyQuota: e.SIM_DAILY_QUOTA,
    tokenTtlSeconds: e.SIM_TOKEN_TTL,
    variants: e.SIM_VARIANT,
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const started = Date.now();
  // Alone (npm run simulator) without SIM_DATABASE_URL: the embedded server's `simulator` database
  // (npm start's when it runs, else one started for as long as this runs).
  const embedded = process.env.SIM_DATABASE_URL ? undefined : await useEmbeddedPostgres([EMBEDDED_DATABASES.simulator], { dataDir: process.env.DB_DATA_DIR });
  const options = simulatorOptionsFromEnv(process.env, process.argv.includes('--reset'));
  const sim = await startSimulator({ ...options, databaseUrl: options.databaseUrl ?? embedded!.url(EMBEDDED_DATABASES.simulator) });
  console.log(
    `Voice API simulator on ${sim.url} (ready in ${Date.now() - started} ms${sim.state.variants.size > 0 ? `; variants: ${[...sim.state.variants].join(', ')}` : ''})`,
  );
  const stop = () =>
    void sim.close().then(async () => {
      await embedded?.stop();
      process.exit(0);
    });
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
