/**
 * Test client for the simulator: every response it receives is checked against the contract's
 * schema for its route (success) or ErrorResponse (error), so the simulator cannot drift from it.
 */
import { expect } from 'vitest';
import { matchRoute, type RouteDef } from '../../contract/routes';
import { ErrorResponse } from '../../contract/schemas/error';
import { DEFAULT_SIM_API_KEY } from '../app';

export interface Res<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

export function client(baseUrl: string, auth: Record<string, string> = { 'X-Api-Key': DEFAULT_SIM_API_KEY }) {
  async function call<T = any>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Res<T>> {
    const init: RequestInit = { method, headers: { ...auth, ...headers } };
    if (body !== undefined) {
      init.body = typeof body === 'string' ? body : JSON.stringify(body);
      (init.headers as Record<string, string>)['content-type'] ??= 'application/json';
    }
    const response = await fetch(baseUrl + path, init);
    const text = await response.text();
    let parsed: unknown;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      throw new Error(`${method} ${path}: the body is not JSON: ${text.slice(0, 200)}`);
    }
    const route: RouteDef | undefined = matchRoute(method, path.split('?')[0]!)?.route;
    if (response.status >= 400) {
      const check = ErrorResponse.safeParse(parsed);
      expect(check.success, `${method} ${path} ${response.status}: not an ErrorResponse: ${text.slice(0, 300)}`).toBe(true);
    } else if (route && !path.startsWith('/_sim')) {
      expect(response.status, `${method} ${path}`).toBe(route.status);
      const check = route.response.safeParse(parsed);
      expect(check.success, `${method} ${path}: response breaks the contract: ${check.error?.message.slice(0, 500)}`).toBe(true);
    }
    return { status: response.status, body: parsed as T, headers: response.headers };
  }
  return {
    get: <T = any>(path: string, headers?: Record<string, string>) => call<T>('GET', path, undefined, headers),
    post: <T = any>(path: string, body?: unknown, headers?: Record<string, string>) => call<T>('POST', path, body, headers),
    patch: <T = any>(path: string, body?: unknown, headers?: Record<string, string>) => call<T>('PATCH', path, body, headers),
    delete: <T = any>(path: string, headers?: Record<string, string>) => call<T>('DELETE', path, undefined, headers),
  };
}
