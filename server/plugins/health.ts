/** GET /healthz: the process is alive. GET /readyz: the database answers and the upstream is reachable. */
import type { FastifyInstance } from 'fastify';
import type { Ctx } from '../context';

export function healthPlugin(app: FastifyInstance, ctx: Ctx): void {
  app.get('/healthz', async () => ({ status: 'ok' }));

  app.get('/readyz', async (_request, reply) => {
    const checks = await Promise.all([
      ctx.db.query('SELECT 1').then(() => true, () => false),
      // Any HTTP answer (401 without credentials included) proves the upstream is reachable.
      ctx.upstream.reachable(),
    ]);
    const [database, upstream] = checks;
    return reply.code(database && upstream ? 200 : 503).send({ status: database && upstream ? 'ok' : 'unavailable', database, upstream });
  });
}
