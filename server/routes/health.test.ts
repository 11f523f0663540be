/** The probes through app.inject: anonymous, in the contract's shapes; the upstream here is unreachable. */
import { describe, expect, it } from 'vitest';
import { Liveness, Readiness } from '../../contract/bff/http';
import { useInjectApp } from '../testing/inject';

const t = useInjectApp();

describe('health routes', () => {
  it('say the process is alive, and not ready while the upstream is down', async () => {
    expect(Liveness.parse((await t.send(undefined, { method: 'GET', url: '/healthz' })).json())).toEqual({ status: 'ok' });
    const ready = await t.send(undefined, { method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    // The inject app runs its background work in process (AppDeps.background), so a worker runs.
    expect(Readiness.parse(ready.json())).toEqual({ status: 'unavailable', database: true, upstream: false, upstreamState: 'down', worker: 'running' });
  });
});
