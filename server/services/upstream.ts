/**
 * The one place that talks to the upstream: an undici connection pool, the timeout, and the API
 * key pair (the second key takes over when the upstream refuses the first with 401).
 */
import { Pool, type Dispatcher } from 'undici';
import { HEADERS } from '../../contract/limits';
import { TokenRequest } from '../../contract/schemas/token';

export interface UpstreamLog {
  warn(obj: object, msg: string): void;
}

export class UpstreamError extends Error {
  constructor(
    readonly kind: 'timeout' | 'transport' | 'malformed' | 'refused',
    message: string,
    /** True when the request may have reached the upstream (its outcome is unknown). */
    readonly maybeApplied: boolean,
  ) {
    super(message);
  }
}

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

export class Upstream {
  readonly pool: Pool;
  private current = 0;
  private readonly keys: string[];
  readonly origin: string;
  readonly basePath: string;

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
    this.pool = new Pool(this.origin, { connections: 64, headersTimeout: timeoutMs, bodyTimeout: timeoutMs, keepAliveTimeout: 10_000 });
  }

  /** Sends one request; transport failures become UpstreamError with what is known of the outcome. */
  async request(options: {
    method: Dispatcher.HttpMethod;
    path: string;
    headers?: Record<string, string>;
    body?: string | Buffer;
  }): Promise<Dispatcher.ResponseData> {
    try {
      return await this.pool.request({ ...options, path: this.basePath + options.path, signal: AbortSignal.timeout(this.timeoutMs + 1000) });
    } catch (error) {
      const code = (error as { code?: string }).code ?? '';
      if (
        code === 'UND_ERR_HEADERS_TIMEOUT' ||
        code === 'UND_ERR_BODY_TIMEOUT' ||
        (error as Error).name === 'TimeoutError' ||
        (error as Error).name === 'AbortError'
      ) {
        throw new UpstreamError('timeout', 'The Voice API did not answer in time.', options.method !== 'GET');
      }
      const refused = code === 'ECONNREFUSED' || code === 'ENOTFOUND' || code === 'UND_ERR_CONNECT_TIMEOUT';
      throw new UpstreamError(
        refused ? 'refused' : 'transport',
        refused ? 'The Voice API cannot be reached.' : 'The connection to the Voice API failed.',
        !refused && options.method !== 'GET',
      );
    }
  }

  /** Mints a bearer token for `scopes` with the API key, switching keys once on a 401. */
  async mintToken(scopes: readonly string[]): Promise<MintedToken> {
    for (let attempt = 0; attempt < this.keys.length; attempt += 1) {
      const key = this.keys[this.current]!;
      const res = await this.request({
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
      const res = await this.pool.request({ method: 'GET', path: `${this.basePath}/v1/agents`, signal: AbortSignal.timeout(Math.min(this.timeoutMs, 3000)) });
      await res.body.dump();
      return 'up';
    } catch (error) {
      const name = (error as Error | undefined)?.name;
      return name === 'TimeoutError' || name === 'AbortError' || name === 'HeadersTimeoutError' ? 'slow' : 'down';
    }
  }

  close(): Promise<void> {
    return this.pool.close();
  }
}
