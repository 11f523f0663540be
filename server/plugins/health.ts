/** GET /healthz: the process is alive. GET /readyz: the database answers and the upstream is reachable. */
import type { FastifyInstance } from 'fastify';
import type { Ctx } from '../context';

const READY_CACHE_MS = 5_000;

export function healthPlugin(app: FastifyInstance, ctx: Ctx): void {
  app.get('/healthz', async () => ({ status: 'ok' }));

  // Probes are anonymous and unthrottled: one upstream check every few seconds at most, however
  // often /readyz is called, so it cannot be used to hammer the upstream.
  let upstreamCheck: { at: number; result: Promise<boolean> } | null = null;
  const upstreamReachable = () => {
    if (!upstreamCheck || Date.now() - upstreamCheck.at > READY_CACHE_MS) upstreamCheck = { at: Date.now(), result: ctx.upstream.reachable() };
    return upstreamCheck.result;
  };

  app.get('/readyz', async (_request, reply) => {
    const checks = await Promise.all([
      ctx.db.query('SELECT 1').then(() => true, () => false),
      // Any HTTP answer (401 without credentials included) proves the upstream is reachable.
      upstreamReachable(),
    ]);
    const [database, upstream] = checks;
    return reply.code(database && upstream ? 200 : 503).send({ status: database && upstream ? 'ok' : 'unavailable', database, upstream });
  });
}
