/**
 * The call index's own way to the upstream: a small undici pool apart from the one staff traffic
 * uses (so a backfill never queues a person's request), a calls:read token minted with the API key
 * and kept here, a request rate well under the upstream's limit, and the upstream's back-pressure
 * obeyed: 429 + Retry-After pauses every request of the index, 5xx and timeouts back off
 * exponentially. Bodies are parsed here; nothing personal is put in an error.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { Pool } from 'undici';
import { HEADERS } from '../../../contract/limits';
import { retryAfterSeconds } from '../../../contract/retry-after.plain';
import type { MintedToken, Upstream } from '../upstream/upstream';
import { AdaptiveRate, type RateState } from './rate';

export type ReadErrorKind = 'rate-limited' | 'upstream-error' | 'timeout' | 'unreachable' | 'malformed';

/** A read that failed after its retries; `message` names the route shape, never ids or numbers of people. */
export class ReadError extends Error {
  constructor(
    readonly kind: ReadErrorKind,
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

/**
 * A request that got no answer, as a ReadError. undici's own errors carry a string `code`; the
 * timeout signal's DOMException carries a number (23), so the code is read only when it is a string.
 */
export function requestFailure(error: unknown): ReadError {
  const raw = (error as { code?: unknown } | null)?.code;
  const code = typeof raw === 'string' ? raw : '';
  const name = (error as Error | null)?.name;
  if (code.includes('TIMEOUT') || name === 'TimeoutError' || name === 'AbortError') return new ReadError('timeout', 'The Voice API did not answer in time.');
  if (code === 'ECONNREFUSED' || code === 'ENOTFOUND') return new ReadError('unreachable', 'The Voice API cannot be reached.');
  return new ReadError('upstream-error', 'The connection to the Voice API failed.');
}

export interface ReaderOptions {
  /** Requests per second at the start (rate.ts finds the rate from there). */
  ratePerSecond: number;
  /** The most requests per second the rate may grow to; absent: `ratePerSecond`, fixed. */
  maxRatePerSecond?: number;
  /** An answer slower than this (ms) lowers the rate (default a quarter of the timeout, at least 1 s). */
  slowMs?: number;
  /** Connections of the index's pool. */
  connections: number;
  timeoutMs: number;
  /** Attempts per request on 5xx, timeouts and transport errors. */
  attempts?: number;
  /** First back-off, doubled per attempt (jittered), capped at maxBackoffMs. */
  backoffMs?: number;
  maxBackoffMs?: number;
  /** Told when the upstream asks us to slow down (status). */
  onThrottle?: (untilMs: number) => void;
  /** Awaited before each request: the index gives way to people's reads (ADR 0027). */
  yieldTo?: (signal?: AbortSignal) => Promise<void>;
}

const TOKEN_RENEW_MS = 60_000;

export class IndexReader {
  private readonly pool: Pool;
  private token: MintedToken | null = null;
  private minting: Promise<MintedToken> | null = null;
  /** No request starts before this epoch ms (rate spacing and Retry-After). */
  private nextSlot = 0;
  private pausedUntil = 0;
  /** Requests sent (diagnostics, bench). */
  requests = 0;
  private readonly rate: AdaptiveRate;

  constructor(
    private readonly upstream: Upstream,
    private readonly options: ReaderOptions,
  ) {
    this.rate = new AdaptiveRate({
      start: options.ratePerSecond,
      max: Math.max(options.ratePerSecond, options.maxRatePerSecond ?? options.ratePerSecond),
      slowMs: options.slowMs ?? Math.max(1000, options.timeoutMs / 4),
    });
    this.pool = new Pool(upstream.origin, {
      connections: options.connections,
      headersTimeout: options.timeoutMs,
      bodyTimeout: options.timeoutMs,
      keepAliveTimeout: 10_000,
    });
  }

  /** GET a JSON body; null for a 404. Throws ReadError after the retries. */
  async getJson(path: string, signal?: AbortSignal): Promise<unknown> {
    const attempts = this.options.attempts ?? 4;
    let backoff = this.options.backoffMs ?? 500;
    let last: ReadError | null = null;
    for (let attempt = 1; attempt <= attempts; attempt += 1) {
      signal?.throwIfAborted();
      try {
        return await this.once(path, signal);
      } catch (error) {
        if (!(error instanceof ReadError)) throw error;
        last = error;
        // A malformed body is not retried here: the caller skips the page and retries it later.
        if (error.kind === 'malformed') throw error;
        if (error.kind === 'rate-limited') continue; // once() already waited out Retry-After
        if (attempt < attempts) {
          await sleep(backoff * (0.5 + Math.random()), undefined, { signal });
          backoff = Math.min(backoff * 2, this.options.maxBackoffMs ?? 30_000);
        }
      }
    }
    throw last ?? new ReadError('upstream-error', 'The Voice API did not answer.');
  }

  private async once(path: string, signal?: AbortSignal, retriedAuth = false): Promise<unknown> {
    await this.slot(signal);
    await this.options.yieldTo?.(signal);
    signal?.throwIfAborted();
    const token = await this.bearer();
    this.requests += 1;
    this.rate.sentOne();
    const sentAt = Date.now();
    let res;
    try {
      res = await this.pool.request({
        method: 'GET',
        path: this.upstream.basePath + path,
        headers: { [HEADERS.authorization.toLowerCase()]: `Bearer ${token.token}`, accept: 'application/json' },
        signal: signal ? AbortSignal.any([signal, AbortSignal.timeout(this.options.timeoutMs + 1000)]) : AbortSignal.timeout(this.options.timeoutMs + 1000),
      });
    } catch (error) {
      signal?.throwIfAborted();
      throw requestFailure(error);
    }
    let text: string;
    try {
      text = await res.body.text();
    } catch {
      signal?.throwIfAborted();
      throw new ReadError('upstream-error', 'The Voice API dropped the connection mid-answer.');
    }
    const route = routeShape(path);
    if (res.statusCode !== 429) this.rate.answered(Date.now() - sentAt);
    if (res.statusCode === 429) {
      this.rate.rateLimited();
      // Seconds or an HTTP date (docs/api-assumptions.md T11).
      const waitMs = Math.min(retryAfterSeconds(res.headers['retry-after'], 5), 600) * 1000;
      this.pausedUntil = Date.now() + waitMs;
      this.options.onThrottle?.(this.pausedUntil);
      throw new ReadError('rate-limited', `The Voice API asked the index to slow down (429 on ${route}); waiting ${waitMs / 1000} s.`, 429);
    }
    if (res.statusCode === 401 && !retriedAuth) {
      this.token = null; // expired or revoked: mint once more
      return this.once(path, signal, true);
    }
    if (res.statusCode === 404) return null;
    if (res.statusCode >= 500) throw new ReadError('upstream-error', `The Voice API answered ${res.statusCode} on ${route}.`, res.statusCode);
    if (res.statusCode !== 200) throw new ReadError('upstream-error', `The Voice API answered ${res.statusCode} on ${route}.`, res.statusCode);
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw new ReadError('malformed', `The Voice API sent a body that is not JSON on ${route}.`);
    }
  }

  /** Waits for the next request slot: rate spacing, and any Retry-After pause. */
  private async slot(signal?: AbortSignal): Promise<void> {
    const spacing = 1000 / this.rate.perSecond();
    const now = Date.now();
    const at = Math.max(now, this.nextSlot, this.pausedUntil);
    this.nextSlot = at + spacing;
    if (at > now) await sleep(at - now, undefined, { signal });
  }

  /** The rate in use and the last limit met (the status shows them). */
  rateState(): RateState {
    return this.rate.state();
  }

  private async bearer(): Promise<MintedToken> {
    if (this.token && this.token.expiresAt - TOKEN_RENEW_MS > Date.now()) return this.token;
    this.minting ??= this.upstream
      .mintToken(['calls:read'])
      .then((t) => (this.token = t))
      .catch((error: unknown) => {
        const kind = (error as { kind?: string }).kind;
        throw new ReadError(
          kind === 'timeout' ? 'timeout' : kind === 'refused' ? 'unreachable' : 'upstream-error',
          'The index could not get a read token from the Voice API.',
        );
      })
      .finally(() => (this.minting = null));
    return this.minting;
  }

  close(): Promise<void> {
    return this.pool.close();
  }
}

/** `/v1/calls/<uuid>/transcript?x=…` -> `GET /v1/calls/{id}/transcript`: no ids or filters in messages. */
export function routeShape(path: string): string {
  return `GET ${path.split('?')[0]!.replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, '{id}')}`;
}
