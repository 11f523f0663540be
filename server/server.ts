/** The BFF process: settings from the environment, buildApp, listen on PORT; SIGINT/SIGTERM close cleanly. */
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
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  }
}
