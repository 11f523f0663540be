/**
 * The live board's stream (docs/live.md, ADR 0049): GET /bff/live/calls answers text/event-stream,
 * first a `snapshot` of the calls in progress, then `start` and `end` events as this process's hub
 * (one LISTEN per process, services/live/hub.ts) learns of them, and a comment line every
 * LIVE_LIMITS.heartbeatMs. It needs calls:read. Streams are bounded per user and per process; the
 * reply is written on the raw socket (hijacked), so nothing compresses or buffers it.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LIVE_EVENTS, LIVE_LIMITS, LIVE_ROUTES, type LiveSnapshot } from '../../contract/bff/live';
import { HttpError } from '../http';
import { routesNeed } from '../plugins/session';
import { LiveHub, type LiveMessage } from '../services/live/hub';

declare module 'fastify' {
  interface FastifyInstance {
    liveHub: LiveHub;
  }
}

/** One server-sent event: its name and its data as one JSON line. */
const sseEvent = (event: string, data: unknown) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

export const livePlugin: FastifyPluginAsyncZod = async (app) => {
  routesNeed(app, 'calls:read');
  app.addHook('onRequest', app.requireSession);
  const hub = new LiveHub(app.ctx.db, app.log);
  app.decorate('liveHub', hub);
  // One LISTEN connection for this process, opened once the app is ready and closed with it.
  app.addHook('onReady', async () => {
    try {
      await hub.start();
    } catch (error) {
      // The board says "reconnecting" until the connection comes back (Db.listen retries every second).
      app.log.warn({ err: (error as Error).message }, 'The live board could not LISTEN yet.');
    }
  });
  // The streams open on this process, ended when it closes (browsers reconnect to another one).
  const open = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const close of [...open]) close();
    await hub.stop();
  });

  app.get(
    LIVE_ROUTES.calls,
    {
      compress: false,
      schema: {
        tags: ['live'],
        summary: 'The calls in progress, pushed as server-sent events',
        description: `text/event-stream: one \`${LIVE_EVENTS.snapshot}\` event (LiveSnapshot), then \`${LIVE_EVENTS.start}\` (LiveStart) and \`${LIVE_EVENTS.end}\` (LiveEnd) events; a comment line every ${LIVE_LIMITS.heartbeatMs / 1000} s. At most ${LIVE_LIMITS.streamsPerUser} streams per user (429) and ${LIVE_LIMITS.streamsPerInstance} per process (503).`,
        response: {
          200: {
            description: 'The event stream.',
            content: { 'text/event-stream': { schema: z.string().meta({ description: 'Server-sent events; each data line is JSON.' }) } },
          },
        },
      },
    },
    async (request, reply) => {
      // An EventSource always asks for text/event-stream; anything else (a plain fetch, a test's inject) gets an answer that ends.
      if (!String(request.headers.accept ?? '').includes('text/event-stream'))
        throw new HttpError(406, 'This address answers server-sent events only (Accept: text/event-stream).');
      const userId = request.session.userId;
      const mine = hub.perUser.get(userId) ?? 0;
      if (mine >= LIVE_LIMITS.streamsPerUser)
        throw new HttpError(429, `You have ${mine} live boards open already; close one and try again.`, [], { 'Retry-After': '10' });
      if (hub.streams >= LIVE_LIMITS.streamsPerInstance)
        throw new HttpError(503, 'The live board is full right now; try again in a minute.', [], { 'Retry-After': '30' });

      hub.perUser.set(userId, mine + 1);
      reply.hijack();
      const raw = reply.raw;
      raw.writeHead(200, {
        ...(reply.getHeaders() as Record<string, string>),
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store, no-transform',
        connection: 'keep-alive',
        // Proxies that buffer (nginx) pass the stream on as it comes.
        'x-accel-buffering': 'no',
      });
      raw.socket?.setNoDelay(true);
      const write = (text: string) => {
        if (!raw.writableEnded) raw.write(text);
      };
      // `at` on the upstream's clock, which the calls' start times are on: the board counts from it.
      const snapshot: LiveSnapshot = { calls: hub.snapshot(), at: (app.ctx.now?.() ?? new Date()).toISOString() };
      write(`retry: ${LIVE_LIMITS.retryMs}\n\n`);
      write(sseEvent(LIVE_EVENTS.snapshot, snapshot));
      const unsubscribe = hub.subscribe({ send: (m: LiveMessage) => write(sseEvent(m.event, m.data)) });
      const heartbeat = setInterval(() => write(': heartbeat\n\n'), LIVE_LIMITS.heartbeatMs);
      // A stream lives at most streamMaxMs: the browser's reconnect checks the session again.
      const lifetime = setTimeout(() => close(), LIVE_LIMITS.streamMaxMs);
      let closed = false;
      const close = () => {
        if (closed) return;
        closed = true;
        open.delete(close);
        clearInterval(heartbeat);
        clearTimeout(lifetime);
        unsubscribe();
        const left = (hub.perUser.get(userId) ?? 1) - 1;
        if (left > 0) hub.perUser.set(userId, left);
        else hub.perUser.delete(userId);
        if (!raw.writableEnded) raw.end();
      };
      request.raw.on('close', close);
      raw.on('close', close);
      raw.on('error', close);
      open.add(close);
    },
  );
};
