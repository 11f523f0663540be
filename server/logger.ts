/**
 * Structured logs (pino): one line per request with its id, secrets redacted by path, and, as a
 * last line of defence, every line scrubbed of the API keys' values before it is written.
 */
import { pino, type Logger } from 'pino';
import type { Writable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
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

type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';

/**
 * A request's logger that becomes pino's child (bound to the request id) when it first writes a
 * line: most requests write none at the usual levels, and pino serialises a child's bindings
 * through the redaction when it is made, which was a few per cent of what a proxied read
 * allocated. The lines it writes are the child's, request id included.
 */
export class LazyChildLogger {
  #child: Logger | null = null;

  constructor(
    private readonly parent: Logger,
    private readonly bindings: pino.Bindings,
  ) {}

  /** The child itself (made now if it was not). */
  get logger(): Logger {
    return (this.#child ??= this.parent.child(this.bindings));
  }

  get level(): string {
    return (this.#child ?? this.parent).level;
  }
  set level(level: string) {
    this.logger.level = level;
  }

  isLevelEnabled(level: string): boolean {
    return (this.#child ?? this.parent).isLevelEnabled(level);
  }

  child(bindings: pino.Bindings, options?: pino.ChildLoggerOptions): Logger {
    return this.logger.child(bindings, options);
  }

  silent(): void {}

  private write(level: Level, args: unknown[]): void {
    if (this.isLevelEnabled(level)) (this.logger[level] as (...a: unknown[]) => void)(...args);
  }
  fatal(...args: unknown[]): void {
    this.write('fatal', args);
  }
  error(...args: unknown[]): void {
    this.write('error', args);
  }
  warn(...args: unknown[]): void {
    this.write('warn', args);
  }
  info(...args: unknown[]): void {
    this.write('info', args);
  }
  debug(...args: unknown[]): void {
    this.write('debug', args);
  }
  trace(...args: unknown[]): void {
    this.write('trace', args);
  }
}

/** Fastify's childLoggerFactory: lazy, unless a route sets its own level or serialisers. */
export function childLoggerFactory(logger: Logger, bindings: pino.Bindings, options: pino.ChildLoggerOptions): Logger {
  if (options.level !== undefined || options.serializers !== undefined) return logger.child(bindings, options);
  return new LazyChildLogger(logger, bindings) as unknown as Logger;
}

/**
 * What a request's log line names: the route's pattern (`/bff/do-not-call/:phone`; for a proxied
 * read, the contract's `/api/v1/calls/{id}`), never the path as sent, which can carry personal
 * data such as a phone number. A request no route matched is named as such.
 */
export function routePattern(request: FastifyRequest): string {
  const api = (request as { apiRoute?: { route: { path: string } } | null }).apiRoute;
  if (api) return `/api${api.route.path}`;
  return request.routeOptions.url ?? '(no route)';
}
