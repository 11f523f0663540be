/** The /_sim/ control API, for tests and demos; only when a control token is configured. */
import { randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { runUntil } from '../domain/scheduler';
import type { Credentials, RateLimiter } from '../http/auth';
import { ApiError, parseOr400 } from '../http/errors';
import type { SimState } from '../state';
import { FaultSpec } from './faults';
import { parseVariants } from '../http/variants';
import { MadeCallBody, makeCall } from './made-calls';

const ClockChange = z.strictObject({
  speed: z.number().min(0).max(100_000).optional(),
  advanceMinutes: z
    .number()
    .min(0)
    .max(60 * 24 * 60)
    .optional(),
});
const LimitsChange = z.strictObject({
  maxConcurrency: z.int().min(0).optional(),
  dailyQuota: z.int().min(0).optional(),
  rateLimit: z.number().min(0).optional(),
});
const KeyBody = z.strictObject({ key: z.string().min(1) });
const VariantsChange = z.strictObject({ variants: z.string().max(1000) });
const CustomerBody = z.strictObject({ name: z.string().min(1).max(200) });

export function registerControlRoutes(
  app: FastifyInstance,
  state: SimState,
  creds: Credentials,
  limiter: RateLimiter,
  controlToken: string,
  defaultCustomerId: string,
): void {
  const expected = Buffer.from(`Bearer ${controlToken}`);
  app.register(async (control) => {
    control.addHook('onRequest', async (request) => {
      const got = Buffer.from(request.headers.authorization ?? '');
      if (got.length !== expected.length || !timingSafeEqual(got, expected)) throw new ApiError(401, 'The control API needs the control token.');
    });

    control.post('/_sim/customers', async (request, reply) => {
      const { name } = parseOr400(CustomerBody, request.body);
      const id = randomUUID();
      const keys = [`sim-${randomBytes(16).toString('hex')}`, `sim-${randomBytes(16).toString('hex')}`];
      await state.db.query('INSERT INTO customers (id, name) VALUES ($1, $2)', [id, name]);
      await state.db.query('INSERT INTO api_keys (key, customer_id) VALUES ($1, $3), ($2, $3)', [keys[0], keys[1], id]);
      creds.invalidate();
      return reply.code(201).send({ id, name, keys });
    });
    // The answer forms in force (simulator/http/variants.ts), changed live: `strict`, `mixed` or names.
    control.get('/_sim/variants', async () => ({ variants: [...state.variants].join(',') || 'strict' }));
    control.post('/_sim/variants', async (request) => {
      const { variants } = parseOr400(VariantsChange, request.body);
      const before = [...state.variants].join(',') || 'strict';
      try {
        state.variants = parseVariants(variants);
      } catch (error) {
        throw new ApiError(400, (error as Error).message, [{ field: 'variants', rejectedValue: variants, message: (error as Error).message }]);
      }
      return { before, variants: [...state.variants].join(',') || 'strict' };
    });
    control.get('/_sim/customers/default', async () => {
      const { rows } = await state.db.query<{ key: string }>('SELECT key FROM api_keys WHERE customer_id = $1 ORDER BY key', [defaultCustomerId]);
      return { id: defaultCustomerId, keys: rows.map((r) => r.key) };
    });
    for (const enabled of [true, false]) {
      const verb = enabled ? 'enable' : 'disable';
      control.post(`/_sim/keys/${verb}`, async (request, reply) => {
        const { key } = parseOr400(KeyBody, request.body);
        const { rowCount } = await state.db.query('UPDATE api_keys SET enabled = $2 WHERE key = $1', [key, enabled]);
        if (!rowCount) throw new ApiError(404, 'No such key.');
        creds.invalidate();
        return reply.code(204).send();
      });
      control.post<{ Params: { id: string } }>(`/_sim/customers/:id/${verb}`, async (request, reply) => {
        const id = parseOr400(z.uuid(), request.params.id, ['id']);
        const { rowCount } = await state.db.query('UPDATE customers SET enabled = $2 WHERE id = $1', [id, enabled]);
        if (!rowCount) throw new ApiError(404, 'No such customer.');
        creds.invalidate();
        return reply.code(204).send();
      });
    }
    control.post('/_sim/calls', async (request, reply) =>
      reply.code(201).send(await makeCall(state, defaultCustomerId, parseOr400(MadeCallBody, request.body))),
    );
    control.get('/_sim/clock', async () => ({ now: state.clock.now().toISOString(), speed: state.clock.speed }));
    control.post('/_sim/clock', async (request) => {
      const change = parseOr400(ClockChange, request.body ?? {});
      if (change.speed !== undefined) state.clock.setSpeed(change.speed);
      if (change.advanceMinutes) {
        const from = state.clock.nowMs();
        state.clock.advance(change.advanceMinutes * 60_000);
        await runUntil(state, from, state.clock.nowMs());
      }
      return { now: state.clock.now().toISOString(), speed: state.clock.speed };
    });
    control.post('/_sim/limits', async (request, reply) => {
      const change = parseOr400(LimitsChange, request.body ?? {});
      if (change.maxConcurrency !== undefined) state.limits.maxConcurrency = change.maxConcurrency;
      if (change.dailyQuota !== undefined) state.limits.dailyQuota = change.dailyQuota;
      if (change.rateLimit !== undefined) {
        state.limits.rateLimit = change.rateLimit;
        limiter.rate = change.rateLimit;
      }
      return reply.code(204).send();
    });
    control.post('/_sim/faults', async (request, reply) => reply.code(201).send({ id: state.faults.add(parseOr400(FaultSpec, request.body)) }));
    control.delete('/_sim/faults', async (_request, reply) => {
      state.faults.clear();
      return reply.code(204).send();
    });
    control.get('/_sim/stats', async () => ({ ...state.stats.toJSON(), faultsInjected: state.faults.injected }));
    control.post('/_sim/stats/reset', async (_request, reply) => {
      state.stats.reset();
      return reply.code(204).send();
    });
  });
}
