/**
 * Test harness for the BFF suites: the real stack (simulator + BFF over HTTP) with a canary API
 * key pair, every log line captured, and a client that records every response it sees, so a suite
 * can prove the key never left the server.
 */
import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { expect } from 'vitest';
import { startStack, type Stack, type StackOptions } from '../../scripts/stack';

export const DEMO_PASSWORD = 'switchboard-demo';

export interface Res<T = any> {
  status: number;
  body: T;
  text: string;
  headers: Headers;
  ms: number;
}

export interface TestStack extends Stack {
  keys: [string, string];
  logs: string[];
  /** Everything any client of this stack received: status line, headers and body. */
  seen: string[];
  client(cookie?: string): Client;
  login(username: string, password?: string, headers?: Record<string, string>): Promise<Client>;
  /** Straight to the simulator with the API key (to check results). */
  upstream<T = any>(method: string, path: string, body?: unknown): Promise<Res<T>>;
  control<T = any>(method: string, path: string, body?: unknown): Promise<Res<T>>;
}

export interface Client {
  cookie?: string;
  request<T = any>(method: string, path: string, opts?: { body?: unknown; raw?: string; headers?: Record<string, string>; token?: string }): Promise<Res<T>>;
  token(scope: string[]): Promise<string>;
  api<T = any>(method: string, path: string, opts?: { body?: unknown; headers?: Record<string, string>; scope?: string[] }): Promise<Res<T>>;
}

export const canaryKeys = (): [string, string] => [`CANARY-primary-${randomBytes(12).toString('hex')}`, `CANARY-secondary-${randomBytes(12).toString('hex')}`];

async function read<T>(response: Response, started: number): Promise<Res<T>> {
  const text = await response.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    // not JSON: keep the text
  }
  return { status: response.status, body: body as T, text, headers: response.headers, ms: Date.now() - started };
}

/** `keys`: the pair of an already running simulator passed in `opts.sim` (else a fresh canary pair). */
export async function startTestStack(opts: StackOptions = {}, keys: [string, string] = canaryKeys()): Promise<TestStack> {
  const logs: string[] = [];
  const seen: string[] = [];
  const logStream = new Writable({
    write(chunk, _enc, done) {
      logs.push(String(chunk));
      done();
    },
  });
  const stack = await startStack({ apiKey: keys[0], apiKeySecondary: keys[1], logStream, ...opts, env: { LOG_LEVEL: 'info', ...opts.env } });

  function client(cookie?: string): Client {
    const self: Client = {
      cookie,
      async request(method, path, { body, raw, headers = {}, token } = {}) {
        const init: RequestInit = {
          method,
          headers: { ...(self.cookie ? { cookie: self.cookie } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
          redirect: 'manual',
        };
        const h = init.headers as Record<string, string>;
        if (!['GET', 'HEAD'].includes(method)) {
          h['x-switchboard'] = '1';
          h.origin = stack.url;
        }
        if (body !== undefined) {
          init.body = JSON.stringify(body);
          h['content-type'] = 'application/json';
        }
        if (raw !== undefined) init.body = raw;
        for (const [k, v] of Object.entries(headers)) {
          if (v === '') delete h[k.toLowerCase()];
          else h[k.toLowerCase()] = v;
        }
        const started = Date.now();
        const res = await read<any>(await fetch(stack.url + path, init), started);
        seen.push(`${res.status}\n${[...res.headers].map(([k, v]) => `${k}: ${v}`).join('\n')}\n${res.text}`);
        const setCookie = res.headers.get('set-cookie');
        if (setCookie?.startsWith('__Host-sb_session=')) {
          const value = setCookie.split(';')[0]!;
          self.cookie = value.endsWith('=') ? undefined : value;
        }
        return res;
      },
      async token(scope) {
        const res = await self.request('POST', '/auth/token', { body: { scope } });
        expect(res.status, res.text).toBe(200);
        return res.body.token as string;
      },
      async api(method, path, { body, headers, scope } = {}) {
        const token = await self.token(scope ?? ['agents:read', 'calls:read', 'campaigns:read']);
        return self.request(method, `/api${path}`, { body, headers, token });
      },
    };
    return self;
  }

  async function direct(method: string, path: string, body: unknown, auth: Record<string, string>) {
    const started = Date.now();
    const res = await fetch(stack.simUrl + path, {
      method,
      headers: { ...auth, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return read<any>(res, started);
  }

  return {
    ...stack,
    keys,
    logs,
    seen,
    client,
    async login(username, password = DEMO_PASSWORD, headers = {}) {
      const c = client();
      const res = await c.request('POST', '/auth/login', { body: { username, password }, headers });
      expect(res.status, res.text).toBe(204);
      return c;
    },
    upstream: (method, path, body) => direct(method, path, body, { 'x-api-key': keys[0] }),
    control: (method, path, body) => direct(method, path, body, { authorization: `Bearer ${stack.controlToken}` }),
  };
}

/** Fails when either key of the pair appears in any text given. */
export function expectNoKey(keys: readonly string[], texts: readonly string[], where: string): void {
  for (const key of keys) {
    const hit = texts.findIndex((t) => t.includes(key));
    expect(hit, `the API key appears in ${where} #${hit}: ${texts[hit]?.slice(0, 300)}`).toBe(-1);
  }
}
