/**
 * The guarded proxy: /api/v1/* -> upstream /v1/*. Deny by default: only the contract's routes and
 * methods pass, for a live session presenting a token this BFF minted for its user, with the
 * role's scope; params, query and body are validated with the contract before anything is sent.
 * Creates need an Idempotency-Key (exactly once). Upstream 4xx bodies pass through; transport
 * failures, timeouts and malformed bodies become 502/504 ErrorResponses.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { BFF_HEADERS, IDEMPOTENT_UPSTREAM_PATHS } from '../../contract/bff/http';
import { roleAllows } from '../../contract/bff/roles';
import { toValidationErrors } from '../../contract/errors';
import { matchRoute, ROUTES, type RouteDef } from '../../contract/routes';
import type { Db } from '../../common/db';
import type { Config } from '../config';
import { currentSession, HttpError, sendError } from '../http';
import { audit } from '../services/audit';
import * as idempotency from '../services/idempotency';
import type { TokenBroker } from '../services/token-broker';
import { UpstreamError, type Upstream } from '../services/upstream';

const PASS_HEADERS = ['content-type', 'x-callratelimit-limit', 'x-callratelimit-remaining', 'retry-after'];
const KEY_PATTERN = /^[A-Za-z0-9_.:-]{8,128}$/;

function validate(route: RouteDef, request: FastifyRequest, params: Record<string, string>): void {
  const checks: [unknown, RouteDef['params'], string[]][] = [
    [params, route.params, []],
    [request.query ?? {}, route.query, []],
    [request.body, route.body, []],
  ];
  for (const [input, schema] of checks) {
    if (!schema) continue;
    const result = schema.safeParse(input);
    if (!result.success) throw new HttpError(400, 'Some fields are not valid.', toValidationErrors(result.error, input));
  }
}

export function proxyPlugin(app: FastifyInstance, db: Db, config: Config, upstream: Upstream, broker: TokenBroker): void {
  const methodsByPath = new Map<string, Set<string>>();
  for (const route of Object.values(ROUTES) as RouteDef[]) {
    const pattern = route.path.replace(/\{\w+\}/g, '[^/]+');
    methodsByPath.set(pattern, (methodsByPath.get(pattern) ?? new Set()).add(route.method));
  }

  app.all('/api/*', { bodyLimit: 4 * 1024 * 1024 }, async (request, reply) => {
    const [rawPath = '', rawQuery] = request.url.slice('/api'.length).split('?');
    const match = matchRoute(request.method, rawPath);
    if (!match) {
      const known = [...methodsByPath.keys()].some((p) => new RegExp(`^${p}$`).test(rawPath));
      throw new HttpError(known ? 405 : 404, known ? 'This method is not allowed on this route.' : 'No such API route.');
    }
    const auth = request.headers.authorization ?? '';
    const bearer = /^Bearer\s+(\S+)$/i.exec(auth)?.[1];
    const session = await currentSession(request, db, config, bearer);
    if (!session) throw new HttpError(401, 'Your session has ended. Sign in again.');
    if (!bearer || !session.tokenOk) throw new HttpError(401, 'Send a token obtained from /auth/token in this session.');
    const { route, name } = match;
    if (route.scope && !roleAllows(session.role, route.scope)) {
      await audit(db, { username: session.username, action: name, route: `${route.method} ${route.path}`, outcome: 'denied', status: 403, requestId: request.id });
      throw new HttpError(403, `Your role (${session.role}) may not do this.`);
    }
    validate(route, request, match.params);

    const isCreate = request.method === 'POST' && (IDEMPOTENT_UPSTREAM_PATHS as readonly string[]).includes(rawPath);
    const body = request.body === undefined ? undefined : JSON.stringify(request.body);
    const key = request.headers[BFF_HEADERS.idempotencyKey.toLowerCase()] as string | undefined;
    const routeLabel = `${route.method} ${route.path}`;
    const isWrite = request.method !== 'GET';
    if (isCreate) {
      if (!key || !KEY_PATTERN.test(key)) throw new HttpError(400, `Creates need an ${BFF_HEADERS.idempotencyKey} header (8-128 letters, digits, -_.:).`);
      const state = await idempotency.begin(db, session.userId, key, routeLabel, createHash('sha256').update(body ?? '').digest('hex'));
      if (state.kind === 'mismatch') throw new HttpError(422, 'This Idempotency-Key was already used for a different request.');
      if (state.kind === 'in-flight') throw new HttpError(409, 'This request is already being processed; wait for its answer.');
      if (state.kind === 'unknown') {
        throw new HttpError(409, 'An earlier attempt with this key may or may not have been applied (the Voice API did not answer). Check before creating it again.');
      }
      if (state.kind === 'replay') {
        reply.headers({ ...state.headers, 'Idempotent-Replayed': 'true' });
        return reply.code(state.status).send(state.body);
      }
    }

    let res;
    try {
      res = await upstream.request({
        method: request.method as 'GET' | 'POST' | 'PATCH',
        path: rawPath + (rawQuery ? `?${rawQuery}` : ''),
        headers: { authorization: `Bearer ${bearer}`, accept: 'application/json', ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
        body,
      });
    } catch (error) {
      const failure = error instanceof UpstreamError ? error : new UpstreamError('transport', 'The connection to the Voice API failed.', isWrite);
      if (isCreate) await (failure.maybeApplied ? idempotency.markUnknown(db, session.userId, key!) : idempotency.release(db, session.userId, key!));
      if (isWrite) await audit(db, { username: session.username, action: name, route: routeLabel, idempotencyKey: key, outcome: failure.maybeApplied ? 'unknown' : 'failed', status: null, requestId: request.id });
      const status = failure.kind === 'timeout' ? 504 : 502;
      const tail = failure.maybeApplied ? ' It may or may not have been applied: check before trying again.' : ' Try again in a moment.';
      return sendError(reply, status, `${failure.message}${tail}`);
    }
    const text = await res.body.text();
    if (res.statusCode === 401) broker.forgetToken(bearer);
    const type = String(res.headers['content-type'] ?? '');
    if (text.length > 0 && type.includes('json')) {
      try {
        JSON.parse(text);
      } catch {
        if (isCreate) await idempotency.markUnknown(db, session.userId, key!);
        return sendError(reply, 502, 'The Voice API sent a malformed answer.' + (isCreate ? ' The request may have been applied: check before trying again.' : ' Try again.'));
      }
    }
    const headers: Record<string, string> = {};
    for (const h of PASS_HEADERS) if (res.headers[h] !== undefined) headers[h] = String(res.headers[h]);
    if (isCreate) {
      if (res.statusCode === 429 || res.statusCode >= 500) await idempotency.release(db, session.userId, key!);
      else await idempotency.complete(db, session.userId, key!, res.statusCode, headers, text);
    }
    if (name === 'createCampaign' && res.statusCode === 201) {
      const campaign = JSON.parse(text) as { id: string; name: string; agentId: string };
      await db.query('INSERT INTO campaigns (id, name, agent_id, created_by) VALUES ($1, $2, $3, $4) ON CONFLICT (id) DO NOTHING', [
        campaign.id, campaign.name, campaign.agentId, session.username,
      ]);
    }
    if (isWrite) {
      await audit(db, { username: session.username, action: name, route: routeLabel, idempotencyKey: key ?? null, outcome: res.statusCode < 400 ? 'ok' : 'refused', status: res.statusCode, requestId: request.id });
    }
    return relay(reply, res.statusCode, headers, text);
  });
}

function relay(reply: FastifyReply, status: number, headers: Record<string, string>, text: string): FastifyReply {
  return reply.code(status).headers(headers).send(text);
}
