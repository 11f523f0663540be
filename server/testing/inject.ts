/**
 * A BFF for fast `app.inject` tests of one plugin: the real app on a throwaway PostgreSQL database (common/test-db.ts) with the
 * demo accounts, no socket, and an upstream that refuses connections (routes that reach it are
 * covered over HTTP by server/test/). `signIn` returns the session cookie of a demo account;
 * `send` adds the headers a state-changing request from the SPA carries; `as` sends with a demo
 * account's session, signed in on first use and kept. `useInjectApp` is the
 * one setup of a test file: it registers the hooks that start the app before its tests and close
 * it after them.
 */
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { openTestDb } from '../../common/test-db';
import { buildApp, type BffApp } from '../app';
import { loadConfig } from '../config';
import { SESSION_COOKIE } from '../http';

export const INJECT_ORIGIN = 'http://localhost:80';

type DemoAccount = 'viewer' | 'operator' | 'admin';

export interface InjectApp {
  app: BffApp;
  signIn(username: DemoAccount): Promise<string>;
  send(cookie: string | undefined, options: InjectOptions): Promise<LightMyRequestResponse>;
  as(username: DemoAccount, options: InjectOptions): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

export async function injectApp(env: Record<string, string> = {}): Promise<InjectApp> {
  const config = loadConfig({
    VOICE_API_BASE_URL: 'http://127.0.0.1:9',
    VOICE_API_KEY: 'unreachable-key-000',
    DEMO_ACCOUNTS: 'true',
    LOG_LEVEL: 'silent',
    UPSTREAM_TIMEOUT_MS: '500',
    STATIC_DIR: '/nonexistent',
    // The machine's clock decides local hours here: off unless a test turns it on (scripts/stack.ts does the same).
    LOCAL_HOURS_HOLD: 'false',
    ...env,
  });
  const db = await openTestDb('inject');
  const app = await buildApp(config, { db });
  const send: InjectApp['send'] = (cookie, options) =>
    app.inject({
      ...options,
      headers: {
        host: 'localhost:80',
        ...(options.method && options.method !== 'GET' ? { origin: INJECT_ORIGIN, 'x-switchboard': '1' } : {}),
        ...(cookie ? { cookie: `${SESSION_COOKIE}=${cookie}` } : {}),
        ...options.headers,
      },
    });
  const signIn: InjectApp['signIn'] = async (username) => {
    const res = await send(undefined, { method: 'POST', url: '/auth/login', payload: { username, password: config.DEMO_PASSWORD } });
    const cookie = res.cookies.find((c) => c.name === SESSION_COOKIE)?.value;
    if (res.statusCode !== 204 || !cookie) throw new Error(`sign-in as ${username} failed: ${res.statusCode} ${res.body}`);
    return cookie;
  };
  const sessions = new Map<DemoAccount, Promise<string>>();
  return {
    app,
    send,
    signIn,
    async as(username, options) {
      if (!sessions.has(username)) sessions.set(username, signIn(username));
      return send(await sessions.get(username), options);
    },
    async close() {
      await app.close();
      await db.close();
    },
  };
}

/**
 * Starts an inject app in the file's `beforeAll` and closes it in its `afterAll`; the returned
 * object forwards to that app, so it is used as is in the tests (and in a later `beforeAll`).
 */
export function useInjectApp(env: Record<string, string> = {}): InjectApp {
  let started: InjectApp | undefined;
  const current = (): InjectApp => {
    if (!started) throw new Error('the inject app is used before its beforeAll has started it');
    return started;
  };
  beforeAll(async () => {
    started = await injectApp(env);
  }, 60_000);
  afterAll(() => started?.close());
  return {
    get app() {
      return current().app;
    },
    signIn: (username) => current().signIn(username),
    send: (cookie, options) => current().send(cookie, options),
    as: (username, options) => current().as(username, options),
    close: () => current().close(),
  };
}

/** The fields a 400 answer names, sorted (the BFF's error envelope: `errors[].field`). */
export function refusedFields(res: LightMyRequestResponse): string[] {
  return (res.json() as { errors: { field: string }[] }).errors.map((e) => e.field).sort();
}
