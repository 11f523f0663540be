/**
 * GET /healthz: the process is alive. GET /readyz: the database answers, its tables can be read
 * and no query failed on a damaged store in the last minute (services/health/readiness.ts), and the upstream answers
 * (200), or not (503); `upstreamState` says how the upstream failed: 'slow' (connected, no answer
 * within the probe's 3 s) or 'down' (refused or dropped), so the console can say which; `worker`
 * whether a worker runs the background work (its heartbeat, server/background.ts).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Liveness, Readiness } from '../../contract/bff/http';
import { workerState } from '../background';
import { databaseState } from '../services/health/readiness';
import type { UpstreamState } from '../services/upstream/upstream';
import { routesNeed } from '../plugins/session';

const READY_CACHE_MS = 5_000;

export const healthPlugin: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;
  // Probes: anyone, no session.
  routesNeed(app, 'public');
  app.get('/healthz', { schema: { tags: ['health'], summary: 'The process is alive', response: { 200: Liveness } } }, async () => ({ status: 'ok' as const }));

  // Probes are anonymous and unthrottled: one upstream check every few seconds at most, however
  // often /readyz is called, so it cannot be used to hammer the upstream.
  let upstreamCheck: { at: number; result: Promise<UpstreamState> } | null = null;
  const upstreamState = () => {
    if (!upstreamCheck || Date.now() - upstreamCheck.at > READY_CACHE_MS) upstreamCheck = { at: Date.now(), result: ctx.upstream.probe() };
    return upstreamCheck.result;
  };

  app.get(
    '/readyz',
    { schema: { tags: ['health'], summary: 'The database and the upstream answer (200), or not (503)', response: { 200: Readiness, 503: Readiness } } },
    async (_request, reply) => {
      const [database, state, worker] = await Promise.all([
        databaseState(ctx.db).then((s) => s.ok),
        upstreamState(),
        ctx.background
          ? ('running' as const)
          : workerState(ctx.db).then(
              (w) => (w.running ? ('running' as const) : ('stopped' as const)),
              () => 'stopped' as const,
            ),
      ]);
      const upstream = state === 'up';
      return reply
        .code(database && upstream ? 200 : 503)
        .send({ status: database && upstream ? 'ok' : 'unavailable', database, upstream, upstreamState: state, worker });
    },
  );
};
