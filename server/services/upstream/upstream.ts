/**
 * The one place that talks to the upstream: connection pools, the timeout, and the API key pair
 * (the second key takes over when the upstream refuses the first with 401).
 *
 * Separate budgets, so one kind of traffic cannot starve another: each class of request has an
 * undici pool of its own (token minting, interactive reads, writes, background work such as an
 * index sync, readiness probes), and within a class each route may hold at most a share of the
 * connections (ROUTE_SHARE): requests past it wait in that route's own queue, so a slow route
 * queues behind itself, not in front of the others.
 */
import { Pool, util as undiciUtil, type Dispatcher } from 'undici';
import { HEADERS } from '../../../contract/limits';
import { retryAfterSeconds } from '../../../contract/retry-after.plain';
import { TokenRequest } from '../../../contract/schemas/token';
import { InteractiveLoad } from './interactive-load';

export interface UpstreamLog {
  warn(obj: object, msg: string): void;
}

export class UpstreamError extends Error {
  constructor(
    /** 'busy': the upstream said 429; pass it on as 429 with its Retry-After. */
    readonly kind: 'timeout' | 'transport' | 'malformed' | 'refused' | 'busy',
    message: string,
    /** True when the request may have reached the upstream (its outcome is unknown). */
    readonly maybeApplied: boolean,
    /** Seconds to wait, from the upstream's Retry-After (kind 'busy'). */
    readonly retryAfter?: string,
  ) {
    super(message);
  }
}

/** The classes of upstream traffic, each with a connection budget of its own. */
export type Budget = 'token' | 'read' | 'write' | 'background' | 'probe';

/** Connections per class. Background work (an index sync) gets few: it may be slow, never crowd staff out. */
export const BUDGETS: Record<Budget, number> = { token: 8, read: 48, write: 16, background: 4, probe: 2 };
/** The share of a class's connections one route may hold at once. */
export const ROUTE_SHARE = 0.25;

export interface MintedToken {
  token: string;
  /** Epoch ms. */
  expiresAt: number;
}

function jwtExp(token: string): number | null {
  try {
    const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as { exp?: unknown };
    return typeof payload.exp === 'number' ? payload.exp * 1000 : null;
  } catch {
    return null;
  }
}

export type UpstreamState = 'up' | 'slow' | 'down';

/**
 * At most `limit` calls of one route at once; the rest wait their turn, first come first served,
 * and a call that ends hands its place to the next in line. (p-limit did the same with several
 * promises and closures per call, on every proxied read.)
 */
export class RouteQueue {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(readonly limit: number) {}

  /** Calls in progress now, and calls waiting. */
  get active(): number {
    return this.running;
  }
  get pending(): number {
    return this.waiting.length;
  }

  async run<T>(fn: () => Promise<T>): Promise<T> {
    if (this.running < this.limit) this.running += 1;
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    try {
      return await fn();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running -= 1;
    }
  }
}

/** A whole answer read by `Upstream.read`. */
export interface UpstreamAnswer {
  statusCode: number;
  headers: Record<string, string | string[] | undefined>;
  /** The bytes; rejects when the answer breaks off or the timeout passes while it comes. */
  body: Promise<Buffer>;
}

/** A failed request as an UpstreamError, with what is known of its outcome. */
function failure(error: unknown, method: string): UpstreamError {
  const code = (error as { code?: string }).code ?? '';
  if (
    code === 'UND_ERR_HEADERS_TIMEOUT' ||
    code === 'UND_ERR_BODY_TIMEOUT' ||
    (error as Error).name === 'TimeoutError' ||
    (error as Error).name === 'AbortError'
  ) {
    return new UpstreamError('timeout', 'The Voice API did not answer in time.', method !== 'GET');
  }
  const refused = code === 'ECONNREFUSED' || code === 'ENOTFOUND' || code === 'UND_ERR_CONNECT_TIMEOUT';
  return new UpstreamError(
    refused ? 'refused' : 'transport',
    refused ? 'The Voice API cannot be reached.' : 'The connection to the Voice API failed.',
    !refused && method !== 'GET',
  );
}

const timeoutError = () => new DOMException('The operation was aborted due to timeout', 'TimeoutError');

export class Upstream {
  private readonly pools: Record<Budget, Pool>;
  private readonly routeQueues = new Map<string, RouteQueue>();
  private current = 0;
  private readonly keys: string[];
  readonly origin: string;
  readonly basePath: string;
  /** People's reads in progress (the read proxy marks them); background work waits for a quiet moment. */
  readonly interactive = new InteractiveLoad();

  constructor(
    baseUrl: string,
    keys: (string | undefined)[],
    readonly timeoutMs: number,
    private readonly log: UpstreamLog,
  ) {
    const url = new URL(baseUrl);
    this.origin = url.origin;
    this.basePath = url.pathname.replace(/\/$/, '');
    this.keys = keys.filter((k): k is string => !!k);
    const pool = (connections: number) => new Pool(this.origin, { connections, headersTimeout: timeoutMs, bodyTimeout: timeoutMs, keepAliveTimeout: 10_000 });
    this.pools = {
      token: pool(BUDGETS.token),
      read: pool(BUDGETS.read),
      write: pool(BUDGETS.write),
      background: pool(BUDGETS.background),
      probe: pool(BUDGETS.probe),
    };
  }

  /** The queue of one route within a class: at most ROUTE_SHARE of the class's connections. */
  queueFor(budget: Budget, route: string): RouteQueue {
    const key = `${budget} ${route}`;
    let queue = this.routeQueues.get(key);
    if (!queue) {
      queue = new RouteQueue(Math.max(1, Math.floor(BUDGETS[budget] * ROUTE_SHARE)));
      this.routeQueues.set(key, queue);
    }
    return queue;
  }

  /**
   * Sends one request; transport failures become UpstreamError with what is known of the outcome.
   * `budget`: the class (default: 'read' for GET, else 'write'); `route`: what the per-route share
   * counts by (default: the path without its query). The timeout runs from the call, queue included,
   * until the answer's body has been read (or dropped).
   */
  async request(options: {
    method: Dispatcher.HttpMethod;
    path: string;
    headers?: Record<string, string>;
    body?: string | Buffer;
    budget?: Budget;
    route?: string;
  }): Promise<Dispatcher.ResponseData> {
    const { budget = options.method === 'GET' ? 'read' : 'write', route = options.path.split('?')[0]!, ...rest } = options;
    // A timer of its own, stopped when the body is done: AbortSignal.timeout's stayed for the whole
    // timeout after every request (with a weak reference and a finalizer each), old-generation garbage.
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(timeoutError()), this.timeoutMs + 1000);
    timer.unref();
    try {
      const res = await this.queueFor(budget, route).run(() =>
        this.pools[budget].request({ ...rest, path: this.basePath + rest.path, signal: controller.signal }),
      );
      if (res.body.closed) clearTimeout(timer);
      else res.body.once('close', () => clearTimeout(timer));
      return res;
    } catch (error) {
      clearTimeout(timer);
      throw failure(error, options.method);
    }
  }

  /**
   * A GET read whole, for the read proxy: the same class ('read'), route queue, timeout (from the
   * call until the last byte) and failures as `request`, without a body stream: the answer's
   * chunks are collected as they come and joined once. Resolves when the headers come (the route's
   * place in its queue is given up then, as with `request`); `body` resolves with the bytes, or
   * rejects when the answer breaks off or the timeout passes while it comes.
   */
  async read(options: { path: string; headers?: Record<string, string>; route?: string }): Promise<UpstreamAnswer> {
    const route = options.route ?? options.path.split('?')[0]!;
    let abort: ((error: Error) => void) | null = null;
    let timedOut = false;
    let failBody: ((error: unknown) => void) | null = null;
    const timer = setTimeout(() => {
      timedOut = true;
      abort?.(timeoutError());
    }, this.timeoutMs + 1000);
    timer.unref();
    try {
      return await this.queueFor('read', route).run(
        () =>
          new Promise<UpstreamAnswer>((resolve, reject) => {
            const chunks: Buffer[] = [];
            let length = 0;
            let endBody: ((bytes: Buffer) => void) | null = null;
            this.pools.read.dispatch({ method: 'GET', path: this.basePath + options.path, headers: options.headers }, {
              onConnect(abortRequest: (error: Error) => void) {
                abort = abortRequest;
                if (timedOut) abortRequest(timeoutError());
              },
              onHeaders(statusCode: number, rawHeaders: Buffer[]) {
                const body = new Promise<Buffer>((res, rej) => {
                  endBody = res;
                  failBody = rej;
                });
                // Answered by whoever reads it (the proxy); never an unhandled rejection meanwhile.
                body.catch(() => undefined);
                resolve({ statusCode, headers: undiciUtil.parseHeaders(rawHeaders), body });
                return true;
              },
              onData(chunk: Buffer) {
                chunks.push(chunk);
                length += chunk.length;
                return true;
              },
              onComplete() {
                clearTimeout(timer);
                endBody?.(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, length));
              },
              onError(error: Error) {
                clearTimeout(timer);
                if (failBody) failBody(error);
                else reject(error);
              },
            } as Dispatcher.DispatchHandler);
          }),
      );
    } catch (error) {
      clearTimeout(timer);
      throw failure(error, 'GET');
    }
  }

  /** Mints a bearer token for `scopes` with the API key, switching keys once on a 401. */
  async mintToken(scopes: readonly string[]): Promise<MintedToken> {
    for (let attempt = 0; attempt < this.keys.length; attempt += 1) {
      const key = this.keys[this.current]!;
      const res = await this.request({
        budget: 'token',
        method: 'POST',
        path: '/v1/auth/token',
        headers: { [HEADERS.apiKey]: key, 'content-type': 'application/json' },
        body: JSON.stringify(TokenRequest.parse({ scope: scopes })),
      });
      const text = await res.body.text();
      if (res.statusCode === 401 && this.keys.length > 1) {
        this.current = (this.current + 1) % this.keys.length;
        this.log.warn({ keyIndex: this.current }, 'The upstream refused the API key in use; switched to the other key of the pair.');
        continue;
      }
      if (res.statusCode === 429) {
        const retryAfter = String(retryAfterSeconds(res.headers['retry-after'], 1));
        throw new UpstreamError('busy', `The Voice API is busy; try again in ${retryAfter} s.`, false, retryAfter);
      }
      if (res.statusCode !== 200 && res.statusCode !== 201) {
        throw new UpstreamError('transport', `The Voice API refused to issue a token (${res.statusCode}).`, false);
      }
      let body: { token?: unknown; expiresIn?: unknown };
      try {
        body = JSON.parse(text);
      } catch {
        throw new UpstreamError('malformed', 'The Voice API sent a token response that is not JSON.', false);
      }
      if (typeof body.token !== 'string') throw new UpstreamError('malformed', 'The Voice API sent no token.', false);
      // docs/api-assumptions.md: trust the JWT's exp when present, else expiresIn as seconds.
      const expiresAt = jwtExp(body.token) ?? Date.now() + (typeof body.expiresIn === 'number' ? body.expiresIn : 900) * 1000;
      return { token: body.token, expiresAt };
    }
    throw new UpstreamError('transport', 'The Voice API refused both API keys.', false);
  }

  /** Whether the upstream answers HTTP at all (readiness); no credentials are sent. */
  /**
   * How the upstream answers a cheap read now: 'up' (any HTTP answer, 401 without credentials
   * included), 'slow' (it took the connection but sent nothing back within the probe's time) or
   * 'down' (refused, unknown host, or the connection dropped).
   */
  async probe(): Promise<UpstreamState> {
    try {
      const res = await this.pools.probe.request({
        method: 'GET',
        path: `${this.basePath}/v1/agents`,
        signal: AbortSignal.timeout(Math.min(this.timeoutMs, 3000)),
      });
      await res.body.dump();
      return 'up';
    } catch (error) {
      const name = (error as Error | undefined)?.name;
      return name === 'TimeoutError' || name === 'AbortError' || name === 'HeadersTimeoutError' ? 'slow' : 'down';
    }
  }

  async close(): Promise<void> {
    await Promise.all(Object.values(this.pools).map((p) => p.close()));
  }
}
