/**
 * /bff/upstream-check: the "Voice API" page (admins, `upstream:check`; ADR 0056). GET answers the
 * latest connection check and whether a worker runs (the page reads the index's request rate from
 * /bff/index/status, as its index section does); POST asks for a
 * check (202, audited): the worker runs it (server/background.ts), never this process. While one
 * is open, POST answers that one (UPSTREAM_CHECK_LIMITS.openAtOnce).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { UPSTREAM_CHECK_ROUTES, UpstreamCheckAnswer, type UpstreamCheck } from '../../contract/bff/upstream-check';
import { workerState } from '../background';
import { routesNeed } from '../plugins/session';
import { audit } from '../services/audit';
import { latestCheck, requestCheck } from '../services/upstream/check';

const tags = ['upstream-check'];

export const upstreamCheckPlugin: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const { db } = ctx;
  routesNeed(app, 'upstream:check');
  app.addHook('onRequest', app.requireSession);

  const answer = async (check: UpstreamCheck | null): Promise<UpstreamCheckAnswer> => {
    const running = ctx.background ? true : (await workerState(db)).running;
    return { check, worker: { running } };
  };

  app.get(
    UPSTREAM_CHECK_ROUTES.check,
    {
      schema: {
        tags,
        summary: 'The latest connection check of the Voice API, and whether a worker runs',
        response: { 200: UpstreamCheckAnswer },
      },
    },
    async () => answer(await latestCheck(db)),
  );

  app.post(
    UPSTREAM_CHECK_ROUTES.check,
    {
      schema: {
        tags,
        summary: 'Ask the worker for a connection check (202); the open one when one is asked for or running',
        response: { 202: UpstreamCheckAnswer },
      },
    },
    async (request, reply) => {
      const { check, created } = await requestCheck(db, request.session.username);
      await audit(db, {
        username: request.session.username,
        action: 'upstream.check',
        route: `POST ${UPSTREAM_CHECK_ROUTES.check}`,
        outcome: created ? `ok: check ${check.id} asked for` : `ok: check ${check.id} already ${check.startedAt ? 'running' : 'asked for'}`,
        status: 202,
        requestId: request.id,
      });
      return reply.code(202).send(await answer(check));
    },
  );
};
