/**
 * Who is calling: an API key (X-Api-Key, every route) or a bearer JWT issued by /v1/auth/token
 * (every route but the token route). Unknown or disabled keys and disabled customers: 401, nothing
 * applied. A bearer without the route's scope: 403.
 */
import { jwtVerify, SignJWT } from 'jose';
import type { FastifyRequest } from 'fastify';
import type { Scope } from '../../contract/enums';
import { HEADERS } from '../../contract/limits';
import type { Queryable } from '../../common/db';
import { ApiError } from './errors';

export interface Caller {
  customerId: string;
  /** null: an API key, which may do everything. */
  scopes: Set<string> | null;
  /** The credential itself, for per-credential rate limiting. */
  credential: string;
}

/** Keys and customer flags, cached until the control API changes them. */
export class Credentials {
  private keys: Map<string, { customerId: string; enabled: boolean }> | null = null;
  private customers: Map<string, boolean> | null = null;
  constructor(private readonly db: Queryable) {}

  invalidate(): void {
    this.keys = null;
    this.customers = null;
  }

  private async load(): Promise<void> {
    const keys = await this.db.query<{ key: string; customer_id: string; enabled: boolean }>('SELECT key, customer_id, enabled FROM api_keys');
    const customers = await this.db.query<{ id: string; enabled: boolean }>('SELECT id, enabled FROM customers');
    this.keys = new Map(keys.rows.map((k) => [k.key, { customerId: k.customer_id, enabled: k.enabled }]));
    this.customers = new Map(customers.rows.map((c) => [c.id, c.enabled]));
  }

  async keyOwner(key: string): Promise<string | null> {
    if (!this.keys) await this.load();
    const entry = this.keys!.get(key);
    if (!entry || !entry.enabled || !this.customers!.get(entry.customerId)) return null;
    return entry.customerId;
  }

  async customerEnabled(id: string): Promise<boolean> {
    if (!this.customers) await this.load();
    return this.customers!.get(id) === true;
  }
}

const UNAUTHORIZED = () => new ApiError(401, 'No valid authentication: send a valid X-Api-Key or a bearer token.');

export async function authenticate(
  request: FastifyRequest,
  creds: Credentials,
  secret: Uint8Array,
  options: { apiKeyOnly: boolean; tokenTtlSeconds?: number },
): Promise<Caller> {
  const key = request.headers[HEADERS.apiKey.toLowerCase()];
  if (typeof key === 'string' && key) {
    const customerId = await creds.keyOwner(key);
    if (!customerId) throw UNAUTHORIZED();
    return { customerId, scopes: null, credential: `key:${key}` };
  }
  const auth = request.headers.authorization;
  if (typeof auth === 'string' && /^Bearer\s+/i.test(auth)) {
    if (options.apiKeyOnly) throw new ApiError(403, 'A bearer token cannot issue another token: use an API key.');
    const token = auth.replace(/^Bearer\s+/i, '').trim();
    try {
      // A token without exp (the token-no-exp variant) still ends tokenTtlSeconds after it was issued.
      const { payload } = await jwtVerify(token, secret, {
        algorithms: ['HS256'],
        ...(options.tokenTtlSeconds ? { maxTokenAge: options.tokenTtlSeconds } : {}),
      });
      const customerId = String(payload.sub ?? '');
      if (!(await creds.customerEnabled(customerId))) throw UNAUTHORIZED();
      return {
        customerId,
        scopes: new Set(
          String(payload.scope ?? '')
            .split(' ')
            .filter(Boolean),
        ),
        credential: `jwt:${token.slice(-24)}`,
      };
    } catch (error) {
      if (error instanceof ApiError) throw error;
      throw UNAUTHORIZED();
    }
  }
  throw UNAUTHORIZED();
}

export function requireScope(caller: Caller, scope: Scope | null): void {
  if (scope && caller.scopes && !caller.scopes.has(scope)) {
    throw new ApiError(403, `This token lacks the scope ${scope}.`);
  }
}

/** `withExp: false` (the token-no-exp variant): no exp claim; the token still lives ttlSeconds from iat (authenticate checks it). */
export async function issueToken(
  secret: Uint8Array,
  customerId: string,
  scopes: readonly string[],
  ttlSeconds: number,
  nowMs: number,
  { withExp = true }: { withExp?: boolean } = {},
): Promise<string> {
  const iat = Math.floor(nowMs / 1000);
  const jwt = new SignJWT({ scope: scopes.join(' ') }).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).setSubject(customerId).setIssuedAt(iat);
  if (withExp) jwt.setExpirationTime(iat + ttlSeconds);
  return jwt.setJti(crypto.randomUUID()).sign(secret);
}

/** A token bucket per credential: `rate` requests per second, bursts up to `rate`. */
export class RateLimiter {
  private buckets = new Map<string, { tokens: number; at: number }>();
  constructor(public rate: number) {}

  /** Seconds to wait, or 0 when the request may go. */
  take(credential: string): number {
    if (this.rate <= 0) return 0;
    const now = Date.now();
    const bucket = this.buckets.get(credential) ?? { tokens: this.rate, at: now };
    bucket.tokens = Math.min(this.rate, bucket.tokens + ((now - bucket.at) / 1000) * this.rate);
    bucket.at = now;
    this.buckets.set(credential, bucket);
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return 0;
    }
    return Math.max(1, Math.ceil((1 - bucket.tokens) / this.rate));
  }
}
