/** The BFF process: settings from the environment, buildApp, listen on PORT; SIGINT/SIGTERM close cleanly. */
import './threadpool';
import { DataDirError } from '../common/db';
import { ConfigError, loadConfig } from './config';
import { buildApp } from './app';

export async function startServer(env: Record<string, string | undefined> = process.env) {
  const config = loadConfig(env);
  const app = await buildApp(config);
  await app.listen({ host: config.HOST, port: config.PORT });
  return app;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    const app = await startServer();
    const stop = () => void app.close().then(() => process.exit(0));
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  } catch (error) {
    // Known start-up failures say what to do; anything else, one line (never a raw trace of bundled code).
    const known = error instanceof ConfigError || error instanceof DataDirError;
    console.error(
      known
        ? (error as Error).message
        : `Switchboard could not start: ${String((error as Error)?.message ?? error)
            .split('\n')[0]!
            .slice(0, 500)}`,
    );
    process.exit(1);
  }
}
