/**
 * Registers the twelve routes from the contract's table: authenticate, rate limit, check scope,
 * validate params/query/body with the contract's schemas, then run the handler.
 */
import type { FastifyInstance } from 'fastify';
import { ROUTE_NAMES, ROUTES, toColonPath, type RouteDef, type RouteName } from '../../contract/routes';
import type { SimState } from '../state';
import { listAgents, getAgent, patchAgent } from './agents';
import { authenticate, requireScope, type Credentials, type RateLimiter } from './auth';
import { bulkCalls, rateLimitHeaders } from './bulk';
import { createCall, getCall, getRecording, getTranscript, listCalls } from './calls';
import { changeCampaignStatus, createCampaign, getCampaign } from './campaigns';
import { JsonText, PlainText, type HandlerContext } from './context';
import { ApiError, parseOr400 } from './errors';
import { createToken } from './token';
import { requestVariants, shapeSuccess } from './variants';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const HANDLERS: Record<RouteName, (ctx: HandlerContext<any, any, any>) => Promise<unknown>> = {
  issueToken: createToken,
  listAgents,
  getAgent,
  patchAgent,
  listCalls,
  getCall,
  createCall,
  getRecording,
  getTranscript,
  createCampaign,
  getCampaign,
  changeCampaignStatus,
  bulkCalls,
};

export function registerApiRoutes(app: FastifyInstance, state: SimState, creds: Credentials, limiter: RateLimiter): void {
  // Bodies are JSON only: Fastify's built-in text/plain parser would hand the validator a string (a 400) instead of a 415.
  app.removeContentTypeParser('text/plain');
  for (const name of ROUTE_NAMES) {
    const route: RouteDef = ROUTES[name];
    app.route({
      method: route.method,
      url: toColonPath(route.path),
      handler: async (request, reply) => {
        let customerId: string | null = null;
        try {
          const caller = await authenticate(request, creds, state.jwtSecret, {
            apiKeyOnly: route.scope === null,
            tokenTtlSeconds: state.limits.tokenTtlSeconds,
          });
          customerId = caller.customerId;
          const wait = limiter.take(caller.credential);
          if (wait > 0) throw new ApiError(429, 'Too many requests for this credential; retry later.', [], { 'Retry-After': String(wait) });
          requireScope(caller, route.scope);
          const params = route.params ? parseOr400(route.params, request.params) : {};
          const query = route.query ? parseOr400(route.query, request.query ?? {}) : {};
          const body = route.body ? parseOr400(route.body, request.body) : undefined;
          const variants = requestVariants(state, request);
          const result = await HANDLERS[name]({ state, caller, params, query, body, reply, variants });
          if (name === 'bulkCalls') reply.headers(await rateLimitHeaders(state, customerId));
          if (result instanceof PlainText) return reply.code(route.status).type('text/plain').send(result.text);
          if (variants.size > 0 && name !== 'getRecording') {
            // The same data in the variants' form (simulator/http/variants.ts).
            const shaped = shapeSuccess(name, result instanceof JsonText ? JSON.parse(result.text) : (result as never), variants);
            if (shaped.body === undefined) return reply.code(route.status).send();
            return reply.code(route.status).type('application/json').send(JSON.stringify(shaped.body));
          }
          if (result instanceof JsonText) return reply.code(route.status).type('application/json').send(result.text);
          // A bare string must still go out as a JSON string.
          if (typeof result === 'string') return reply.code(route.status).type('application/json').send(JSON.stringify(result));
          return reply.code(route.status).send(result);
        } catch (error) {
          if (name === 'bulkCalls') reply.headers(await rateLimitHeaders(state, customerId));
          throw error;
        }
      },
    });
  }
}
