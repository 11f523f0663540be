/**
 * Structured logs (pino): one line per request with its id, secrets redacted by path, and, as a
 * last line of defence, every line scrubbed of the API keys' values before it is written.
 */
import { pino, type Logger } from 'pino';
import type { Writable } from 'node:stream';
import type { Config } from './config';

export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-api-key"]',
  'res.headers["set-cookie"]',
  'password',
  '*.password',
  'token',
  '*.token',
];

export function createLogger(config: Config, destination?: Writable): Logger {
  const secrets = [config.VOICE_API_KEY, config.VOICE_API_KEY_SECONDARY].filter((s): s is string => !!s);
  return pino(
    {
      level: config.LOG_LEVEL,
      redact: { paths: REDACT_PATHS, censor: '[redacted]' },
      hooks: {
        streamWrite(line) {
          let out = line;
          for (const secret of secrets) if (out.includes(secret)) out = out.replaceAll(secret, '[redacted]');
          return out;
        },
      },
    },
    destination ?? pino.destination({ dest: 1, sync: false }),
  );
}
