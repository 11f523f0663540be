/**
 * The guarded proxy: /api/v1/* -> upstream /v1/*. Deny by default: only the contract's routes and
 * methods pass (the token route is the BFF's own, never proxied), for a live session presenting a
 * token this BFF minted for its user, with the role's scope; params, query and body are validated
 * with the contract before anything is sent. The upstream request is built from scratch: none of
 * the client's forwarding or identity headers pass, and the API key is never added. Creates need
 * an Idempotency-Key (exactly once). Upstream 4xx bodies pass through; transport failures,
 * timeouts, 5xx and malformed bodies become 502/504 ErrorResponses.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { BFF_HEADERS, IDEMPOTENT_UPSTREAM_PATHS } from '../../contract/bff/http';
import { toValidationErrors } from '../../contract/errors';
import { matchRoute, ROUTES, type RouteDef } from '../../contract/routes';
import type { Ctx } from '../context';
import { HttpError, requireSession, sendError } from '../http';
import { audit } from '../services/audit';
import * as idempotency from '../services/idempotency';
import { mayCall } from '../services/policy';
import { UpstreamError } from '../services/upstream';

const PASS_HEADERS = ['content-type', 'x-callratelimit-limit', 'x-callratelimit-remaining', 'retry-after'];
const KEY_PATTERN = /^[A-Za-z0-9_.:-]{8,128}$/;
const PROXIED = (Object.values(ROUTES) as RouteDef[]).filter((r) => r.scope !== null);

function validate(route: RouteDef, request: FastifyRequest, params: Record<string, string>): void {
  const checks: [unknown, RouteDef['params']][] = [
    [params, route.params],
    [request.query ?? {}, route.query],
    [request.body, route.body],
  ];
  for (const [input, schema] of checks) {
    if (!schema) continue;
    const result = schema.safeParse(input);
    if (!result.success) throw new HttpError(400, 'Some fields are not valid.', toValidationErrors(result.error, input));
  }
}

export function proxyPlugin(app: FastifyInstance, ctx: Ctx): void {
  const { db, sessions, broker, upstream } = ctx;
  const patterns = PROXIED.map((r) => new RegExp(`^${r.path.replace(/\{\w+\}/g, '[^/]+')}$`));

  app.all('/api/*', { bodyLimit: 4 * 1024 * 1024 }, async (request, reply) => {
    const [rawPath = '', rawQuery] = request.url.slice('/api'.length).split('?', 2);
    const match = matchRoute(request.method, rawPath);
    if (!match || match.route.scope === null) {
      const known = patterns.some((p) => p.test(rawPath));
      throw new HttpError(known ? 405 : 404, known ? 'This method is not allowed on this route.' : 'No such API route.');
    }
    const session = await requireSession(request, ctx);
    const bearer = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
    if (!bearer || !(await sessions.tokenBelongsTo(bearer, session.userId))) {
      throw new HttpError(401, 'Send a token obtained from /auth/token in this session.');
    }
    const { route, name } = match;
    const routeLabel = `${route.method} ${route.path}`;
    if (!mayCall(session.role, route)) {
      await audit(db, { username: session.username, action: name, route: routeLabel, outcome: 'denied', status: 403, requestId: request.id });
      throw new HttpError(403, `Your role (${session.role}) may not do this.`);
    }
    validate(route, request, match.params);

    const isCreate = request.method === 'POST' && (IDEMPOTENT_UPSTREAM_PATHS as readonly string[]).includes(rawPath);
    const isWrite = request.method !== 'GET';
    const body = request.body === undefined || request.body === null ? undefined : JSON.stringify(request.body);
    const key = request.headers[BFF_HEADERS.idempotencyKey.toLowerCase()] as string | undefined;
    if (isCreate) {
      if (!key || !KEY_PATTERN.test(key)) {
        throw new HttpError(400, `Creates need an ${BFF_HEADERS.idempotencyKey} header (8-128 letters, digits, -_.:).`, [
          { field: BFF_HEADERS.idempotencyKey, rejectedValue: key ?? null, message: 'Required: 8-128 letters, digits, -_.:' },
        ]);
      }
      const state = await idempotency.begin(
        db,
        session.userId,
        key,
        routeLabel,
        createHash('sha256')
          .update(body ?? '')
          .digest('hex'),
      );
      if (state.kind === 'mismatch') throw new HttpError(422, 'This Idempotency-Key was already used for a different request.');
      if (state.kind === 'in-flight') throw new HttpError(409, 'This request is already being processed; wait for its answer.', [], { 'Retry-After': '1' });
      if (state.kind === 'unknown') {
        throw new HttpError(
          409,
          'An earlier attempt with this key may or may not have been applied (the Voice API did not answer). Check before creating it again.',
          [],
          {
            [BFF_HEADERS.outcome]: 'unknown',
          },
        );
      }
      if (state.kind === 'replay') {
        reply.headers({ ...state.headers, 'Idempotent-Replayed': 'true' });
        return reply.code(state.status).send(state.body);
      }
    }
    /** A failed write's error says whether it may have been applied, for the console to word it. */
    const failWrite = (status: number, message: string, maybeApplied: boolean) => {
      if (isWrite) reply.header(BFF_HEADERS.outcome, maybeApplied ? 'unknown' : 'not-applied');
      return sendError(reply, status, message);
    };
    const outcome = (result: string, status: number | null) =>
      isWrite
        ? audit(db, {
            username: session.username,
            action: name,
            route: routeLabel,
            idempotencyKey: key ?? null,
            outcome: result,
            status,
            requestId: request.id,
          })
        : undefined;

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
      await outcome(failure.maybeApplied ? 'unknown' : 'failed', null);
      const tail = failure.maybeApplied ? ' It may or may not have been applied: check before trying again.' : ' Try again in a moment.';
      return failWrite(failure.kind === 'timeout' ? 504 : 502, `${failure.message}${tail}`, failure.maybeApplied);
    }

    let text: string;
    try {
      text = await res.body.text();
    } catch {
      // The body broke off (reset or body timeout): the status arrived, the answer did not.
      if (isCreate) await idempotency.markUnknown(db, session.userId, key!);
      await outcome('unknown', null);
      return failWrite(
        502,
        'The Voice API answer broke off.' + (isWrite ? ' It may or may not have been applied: check before trying again.' : ' Try again.'),
        true,
      );
    }
    if (res.statusCode === 401) broker.forgetToken(bearer);
    if (res.statusCode >= 500) {
      // 503 says "not now" (nothing applied); any other 5xx leaves a create's outcome unknown.
      const applied = isWrite && res.statusCode !== 503;
      if (isCreate) await (applied ? idempotency.markUnknown(db, session.userId, key!) : idempotency.release(db, session.userId, key!));
      await outcome(applied ? 'unknown' : 'failed', res.statusCode);
      if (res.headers['retry-after'] !== undefined) reply.header('Retry-After', String(res.headers['retry-after']));
      return failWrite(
        502,
        `The Voice API failed (${res.statusCode}).` +
          (applied ? ' It may or may not have been applied: check before trying again.' : ' Try again in a moment.'),
        applied,
      );
    }
    const type = String(res.headers['content-type'] ?? '');
    let parsed: unknown;
    if (text.length > 0) {
      try {
        parsed = type.includes('json') ? JSON.parse(text) : undefined;
      } catch {
        parsed = undefined;
      }
      if (parsed === undefined) {
        if (isCreate) await idempotency.markUnknown(db, session.userId, key!);
        await outcome(isWrite ? 'unknown' : 'failed', res.statusCode);
        return failWrite(
          502,
          'The Voice API sent a malformed answer.' + (isWrite ? ' It may or may not have been applied: check before trying again.' : ' Try again.'),
          true,
        );
      }
    }
    const headers: Record<string, string> = {};
    for (const h of PASS_HEADERS) if (res.headers[h] !== undefined) headers[h] = String(res.headers[h]);
    if (isCreate) {
      if (res.statusCode === 429) await idempotency.release(db, session.userId, key!);
      else await idempotency.complete(db, session.userId, key!, res.statusCode, headers, text);
    }
    if (name === 'createCampaign' && res.statusCode === 201) {
      const campaign = parsed as { id: string; name: string; agentId: string };
      await db.query('INSERT INTO campaigns (id, name, agent_id, created_by) VALUES ($1, $2, $3, $4) ON CONFLICT (id) DO NOTHING', [
        campaign.id,
        campaign.name,
        campaign.agentId,
        session.username,
      ]);
    }
    await outcome(res.statusCode < 400 ? 'ok' : 'refused', res.statusCode);
    return reply.code(res.statusCode).headers(headers).send(text);
  });
}
