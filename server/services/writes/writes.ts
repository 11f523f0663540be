/**
 * The write path: the only way a change reaches the upstream. The browser never holds a
 * write-scoped token; it asks a BFF write route (contract/bff/write-routes.plain.ts) and the BFF, after
 * its own checks, sends the request with a write token it minted and keeps to itself:
 *
 *   role (the upstream route's scope, `checkWriteRole`) -> params and body against the contract's
 *   schemas (the route's `schema`) ->
 *   the do-not-call list -> Idempotency-Key (creates) -> the local-hours hold (one call, bulk calls;
 *   server/services/compliance/local-hours-hold.ts) -> the contact caps (counted and reserved under
 *   a lock, server/services/compliance/contact-caps.ts) -> the attempt recorded (audit, and a pending
 *   registry entry for a campaign) -> upstream -> the answer kept for replay, the registry, audit.
 *
 * Failures say whether the write may have been applied (X-Switchboard-Outcome), never retried
 * blindly. Routes: server/routes/writes.ts.
 */
import { createHash } from 'node:crypto';
import { BFF_HEADERS, IDEMPOTENCY_KEY_PATTERN } from '../../../contract/bff/http.plain';
import { BFF_WRITE_ROUTES, type BffWriteName } from '../../../contract/bff/write-routes.plain';
import { ROUTES, type RouteDef } from '../../../contract/routes';
import type { Ctx } from '../../context';
import { HttpError } from '../../http';
import { DNC_LISTED_DURING_FIELD, DNC_SKIPPED_FIELD } from '../../../contract/bff/do-not-call';
import { audit } from '../audit';
import { screenCreate, type Screened } from '../do-not-call/list';
import { attachAttempts, releaseAttempts, reserveAttempts } from '../compliance/contact-caps';
import { CAPS_SKIPPED_FIELD, type CapSkipped } from '../../../contract/bff/contact-caps';
import { keepRecipients, keepSkipped } from '../do-not-call/campaigns';
import { screenHours } from '../compliance/local-hours-hold';
import { HOURS_SKIPPED_FIELD, OVERRIDE_LOCAL_HOURS_HEADER, type HoursSkipped } from '../../../contract/bff/local-hours';
import { can, refusal } from '../../../contract/bff/permissions';
import * as idempotency from '../idempotency';
import { mayCall } from '../policy';
import type { Session } from '../auth/sessions';
import { UpstreamError } from '../upstream/upstream';
import type { Scope } from '../../../contract/enums';
import type { ValidationError } from '../../../contract/schemas/error';
import { normaliseAgent, normaliseCall, normaliseCampaign } from '../../../contract/tolerant.plain';
import { announcePlaced } from '../live/store';

const PASS_HEADERS = ['content-type', 'x-callratelimit-limit', 'x-callratelimit-remaining', 'retry-after'];

export interface WriteInput {
  name: BffWriteName;
  /** Validated by the route's schema (the upstream route's params). */
  params: Record<string, string>;
  /** The body as the browser sent it (validated by the route's schema; sent and hashed as given). */
  body: unknown;
  idempotencyKey: string | undefined;
  session: Session;
  requestId: string;
  /** The override header was sent: call anyway, outside the recipients' local hours (one call, bulk calls). */
  overrideLocalHours?: boolean;
  /** A campaign create: the split it is a part of (BFF_HEADERS.splitGroup, a UUID), or undefined. */
  splitId?: string;
}

export interface WriteAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** How long an in-flight row may live before it is taken as abandoned (a request's longest life, and margin). */
export const staleAfterMs = (ctx: Pick<Ctx, 'config'>) => ctx.config.UPSTREAM_TIMEOUT_MS * 2 + 5_000;

function refusedWrite(status: number, message: string, maybeApplied: boolean, extra: Record<string, string> = {}): HttpError {
  const tail = maybeApplied ? ' It may or may not have been applied: check before trying again.' : ' Try again in a moment.';
  return new HttpError(status, `${message}${tail}`, [], { [BFF_HEADERS.outcome]: maybeApplied ? 'unknown' : 'not-applied', ...extra });
}

function auditOf(ctx: Pick<Ctx, 'db'>, name: BffWriteName, session: Session, key: string | undefined, requestId: string) {
  const def = BFF_WRITE_ROUTES[name];
  return (outcome: string, status: number | null) =>
    audit(ctx.db, {
      username: session.username,
      action: def.upstream,
      route: `${def.method} ${def.path}`,
      idempotencyKey: key ?? null,
      outcome,
      status,
      requestId,
    });
}

/**
 * The first step of the write path, before the request's params and body are read (the write
 * route's onRequest hook): the upstream route's scope must be the role's, else 403 (audited).
 */
export async function checkWriteRole(ctx: Pick<Ctx, 'db'>, input: Omit<WriteInput, 'params' | 'body'>): Promise<void> {
  const route: RouteDef = ROUTES[BFF_WRITE_ROUTES[input.name].upstream];
  if (mayCall(input.session.role, route)) return;
  await auditOf(ctx, input.name, input.session, input.idempotencyKey, input.requestId)('denied', 403);
  throw new HttpError(403, `Your role (${input.session.role}) may not do this.`);
}

/** The rest of the write path, once the role passed and the route's schema took the params and body. */
export async function performWrite(ctx: Ctx, input: WriteInput): Promise<WriteAnswer> {
  const { db, broker, upstream } = ctx;
  const { name, session } = input;
  const def = BFF_WRITE_ROUTES[name];
  const route: RouteDef = ROUTES[def.upstream];
  const routeLabel = `${def.method} ${def.path}`;
  const key = input.idempotencyKey;
  const record = auditOf(ctx, name, session, key, input.requestId);
  const id: string | undefined = input.params.id;
  const holdsHours = HOURS_ROUTES.has(name) && ctx.config.LOCAL_HOURS_HOLD;
  if (input.overrideLocalHours && HOURS_ROUTES.has(name) && !can(session.role, 'calls:override-hours')) {
    await record('denied: override local hours', 403);
    throw new HttpError(403, refusal(session.role, 'calls:override-hours'));
  }

  // The do-not-call list (docs/review.md): one call to a listed number is refused; listed numbers
  // are left out of a bulk or campaign list, and the answer says which and why.
  let screened = await screenCreate(db, def.upstream, input.body);
  if (screened.kind === 'refused') {
    await record('refused: do-not-call', 422);
    throw new HttpError(422, screened.message, screened.errors, { [BFF_HEADERS.outcome]: 'not-applied' });
  }

  const body = JSON.stringify(input.body);
  // What is sent: the body as given, or without the listed recipients. The key's hash stays the
  // hash of what the browser sent, so its retry replays this answer.
  let sentBody = screened.kind === 'filtered' ? JSON.stringify(screened.body) : body;
  // The recipients the caps left out (positions in what the browser sent), and whether this write reserved attempts.
  let capped: CapSkipped[] = [];
  // The recipients held back for their local hours (positions in what the browser sent).
  let hoursHeld: HoursSkipped[] = [];
  let reserved = false;
  if (def.idempotent) {
    if (!key || !IDEMPOTENCY_KEY_PATTERN.test(key)) {
      throw new HttpError(400, `Creates need an ${BFF_HEADERS.idempotencyKey} header (8-128 letters, digits, -_.:).`, [
        { field: BFF_HEADERS.idempotencyKey, rejectedValue: key ?? null, message: 'Required: 8-128 letters, digits, -_.:' },
      ]);
    }
    const hash = createHash('sha256').update(body).digest('hex');
    const state = await idempotency.begin(db, session.userId, key, routeLabel, hash, staleAfterMs(ctx));
    if (state.kind === 'mismatch') throw new HttpError(422, 'This Idempotency-Key was already used for a different request.');
    if (state.kind === 'in-flight') throw new HttpError(409, 'This request is already being processed; wait for its answer.', [], { 'Retry-After': '1' });
    if (state.kind === 'unknown') {
      throw new HttpError(
        409,
        'An earlier attempt with this key may or may not have been applied (the Voice API did not answer). Check before creating it again.',
        [],
        { [BFF_HEADERS.outcome]: 'unknown' },
      );
    }
    if (state.kind === 'closed') {
      throw new HttpError(409, 'This attempt was marked as not applied; start a new attempt to send it again.', [], { [BFF_HEADERS.outcome]: 'not-applied' });
    }
    if (state.kind === 'replay') return { status: state.status, headers: { ...state.headers, 'Idempotent-Replayed': 'true' }, body: state.body };
    if (holdsHours) {
      // The local-hours hold, after the do-not-call list and before the caps (so a held number
      // reserves no attempt): by the upstream's clock, in each number's own zone.
      const hours = await screenLocalHours(ctx, name, screened, input);
      if (hours.kind !== 'pass' && input.overrideLocalHours) {
        // Called anyway: audited with the person (the audit row's username) and the count, never the numbers.
        const n = hours.kind === 'refused' ? hours.count : hours.skipped.length;
        await record(`override: local hours (${n} number${n === 1 ? '' : 's'} outside their local calling hours called anyway)`, null);
      } else if (hours.kind === 'refused') {
        await idempotency.release(db, session.userId, key);
        await record('refused: local hours', 422);
        throw new HttpError(422, hours.message, hours.errors, { [BFF_HEADERS.outcome]: 'not-applied' });
      } else if (hours.kind === 'filtered') {
        hoursHeld = hours.skipped;
        screened = { kind: 'filtered', body: hours.body, skipped: screened.kind === 'filtered' ? screened.skipped : [] };
        sentBody = JSON.stringify(hours.body);
      }
    }
    if (CAPPED_ROUTES.has(name)) {
      // The contact caps, after the do-not-call list, on what is left of the list: counted and
      // reserved for this write under one lock, so no instance can pass a cap in parallel.
      const capsResult = await screenCaps(ctx, name, screened, input, key, hoursHeld);
      reserved = true;
      if (capsResult.kind === 'refused') {
        await releaseAttempts(db, { userId: session.userId, key });
        await idempotency.release(db, session.userId, key);
        await record('refused: contact caps', 422);
        throw new HttpError(422, capsResult.message, capsResult.errors, { [BFF_HEADERS.outcome]: 'not-applied' });
      }
      if (capsResult.kind === 'filtered') {
        capped = capsResult.skipped;
        screened = { kind: 'filtered', body: capsResult.body, skipped: screened.kind === 'filtered' ? screened.skipped : [] };
        sentBody = JSON.stringify(capsResult.body);
      }
    }
    if (name === 'createCampaign') {
      // The pending registry entry: written before the request leaves, so a crash leaves a trace.
      const c = input.body as { name: string; agentId: string };
      // The recipients as sent: without the numbers the do-not-call list left out.
      const sent = (screened.kind === 'filtered' ? screened.body : input.body) as { recipients?: unknown[] };
      await db.query(
        `INSERT INTO campaign_attempts (user_id, idempotency_key, name, agent_id, created_by, recipients, split_id) VALUES ($1, $2, $3, $4, $5, $6, $7)
         ON CONFLICT (user_id, idempotency_key) DO UPDATE
           SET name = EXCLUDED.name, agent_id = EXCLUDED.agent_id, recipients = EXCLUDED.recipients, split_id = EXCLUDED.split_id, started_at = now(), campaign_id = NULL`,
        [session.userId, key, c.name, c.agentId, session.username, Array.isArray(sent.recipients) ? sent.recipients.length : null, input.splitId ?? null],
      );
    }
  }
  await record('sent', null);

  const path = route.path.replace('{id}', id ?? '');
  const settle = async (applied: 'unknown' | 'not-applied', status: number | null) => {
    if (def.idempotent) await (applied === 'unknown' ? idempotency.markUnknown(db, session.userId, key!) : idempotency.release(db, session.userId, key!));
    // Attempts reserved for a write that surely did not leave are given back; unknown ones stay counted.
    if (reserved && applied === 'not-applied') await releaseAttempts(db, { userId: session.userId, key: key! });
    await record(applied === 'unknown' ? 'unknown' : 'failed', status);
  };

  let res;
  let text = '';
  // One retry with a fresh write token when the upstream refuses the cached one (401: nothing applied).
  for (let attempt = 0; attempt < 2; attempt += 1) {
    let token: string;
    try {
      token = await broker.serverToken(route.scope!);
    } catch (error) {
      await settle('not-applied', null);
      const failure = error instanceof UpstreamError ? error : new UpstreamError('transport', 'The Voice API cannot be reached.', false);
      throw refusedWrite(failure.kind === 'timeout' ? 504 : 502, failure.message, false);
    }
    try {
      res = await upstream.request({
        method: def.method,
        path,
        headers: { authorization: `Bearer ${token}`, accept: 'application/json', 'content-type': 'application/json' },
        body: sentBody,
      });
    } catch (error) {
      const failure = error instanceof UpstreamError ? error : new UpstreamError('transport', 'The connection to the Voice API failed.', true);
      await settle(failure.maybeApplied ? 'unknown' : 'not-applied', null);
      throw refusedWrite(failure.kind === 'timeout' ? 504 : 502, failure.message, failure.maybeApplied);
    }
    try {
      text = await res.body.text();
    } catch {
      await settle('unknown', null);
      throw refusedWrite(502, 'The Voice API answer broke off.', true);
    }
    if (res.statusCode !== 401) break;
    broker.forgetServerToken(token);
  }
  if (!res) throw refusedWrite(502, 'The Voice API could not be reached.', false);

  if (res.statusCode >= 500 || res.statusCode === 401) {
    // 503 says "not now" (nothing applied); any other 5xx leaves the outcome unknown.
    const applied = res.statusCode !== 503 && res.statusCode !== 401;
    await settle(applied ? 'unknown' : 'not-applied', res.statusCode);
    const extra: Record<string, string> = res.headers['retry-after'] !== undefined ? { 'Retry-After': String(res.headers['retry-after']) } : {};
    throw refusedWrite(502, `The Voice API failed (${res.statusCode}).`, applied, extra);
  }
  let parsed: unknown;
  if (text.length > 0) {
    try {
      parsed = String(res.headers['content-type'] ?? '').includes('json') ? JSON.parse(text) : undefined;
    } catch {
      parsed = undefined;
    }
    if (parsed === undefined) {
      await settle('unknown', res.statusCode);
      throw refusedWrite(502, 'The Voice API sent a malformed answer.', true);
    }
  }
  const headers: Record<string, string> = {};
  for (const h of PASS_HEADERS) if (res.headers[h] !== undefined) headers[h] = String(res.headers[h]);
  if (res.statusCode === 429) {
    await settle('not-applied', 429);
    return { status: 429, headers: { ...headers, [BFF_HEADERS.outcome]: 'not-applied' }, body: text };
  }
  if (res.statusCode < 300 && READ_BACK[name]) {
    // docs/api-assumptions.md T7: the whole object, only its id, or no body at all. The console gets
    // the whole object, read back by its id when that is all it got; no id at all: no body.
    parsed = await wholeAnswer(ctx, name, parsed, id);
    text = parsed === undefined ? '' : JSON.stringify(parsed);
    if (parsed !== undefined) headers['content-type'] = 'application/json; charset=utf-8';
  }
  if (screened.kind === 'filtered' && screened.skipped.length > 0 && res.statusCode < 300 && parsed && typeof parsed === 'object') {
    parsed = { ...(parsed as object), [DNC_SKIPPED_FIELD]: screened.skipped };
    text = JSON.stringify(parsed);
  }
  if (hoursHeld.length > 0 && res.statusCode < 300 && parsed && typeof parsed === 'object') {
    parsed = { ...(parsed as object), [HOURS_SKIPPED_FIELD]: hoursHeld };
    text = JSON.stringify(parsed);
  }
  if (capped.length > 0 && res.statusCode < 300 && parsed && typeof parsed === 'object') {
    parsed = { ...(parsed as object), [CAPS_SKIPPED_FIELD]: capped };
    text = JSON.stringify(parsed);
  }
  if (reserved) {
    const write = { userId: session.userId, key: key! };
    // A refusal (4xx) applied nothing: the attempts go back. A create: the calls or the campaign it made.
    // A failure here leaves the reservation counted (above the truth, never below): the write is done.
    try {
      if (res.statusCode >= 400) await releaseAttempts(db, write);
      else await attachAttempts(db, write, placedBy(name, parsed));
    } catch {
      // Kept as reserved: counted until its window passes.
    }
  }
  if ((name === 'createCall' || name === 'bulkCalls') && res.statusCode < 300) {
    // The live board (docs/live.md): the calls placed, announced to every web process now, not at the index's next sync.
    try {
      await announcePlaced(db, parsed);
    } catch {
      // The board learns of them from the index instead; the write is done.
    }
  }
  if (name === 'createCampaign' && res.statusCode === 201) {
    const campaign = parsed as { id?: unknown } | undefined;
    // Without an id (an answer with no body) the campaign cannot be registered: its attempt keeps
    // the name and agent, and says it was created (write-attempts), so nothing is sent twice.
    if (typeof campaign?.id === 'string') {
      const asked = input.body as { name: string; agentId: string };
      await recordCampaign(ctx, session, key!, { id: campaign.id, name: asked.name, agentId: asked.agentId });
      // The numbers sent, kept for later additions to the list; any listed since the check (an
      // addition raced this create) is told in the answer (kept for replay) and audited.
      const sent = ((screened.kind === 'filtered' ? screened.body : input.body) as { recipients: { phone: string }[] }).recipients;
      const listedDuring = await keepRecipients(
        db,
        campaign.id,
        sent.map((r) => r.phone),
      );
      if (screened.kind === 'filtered') await keepSkipped(db, campaign.id, screened.skipped);
      // Those the contact caps left out too, with the cap's reason (issue 33: skipped, and why).
      if (capped.length > 0) await keepSkipped(db, campaign.id, capped);
      if (listedDuring.length > 0) {
        parsed = { ...(parsed as object), [DNC_LISTED_DURING_FIELD]: listedDuring };
        text = JSON.stringify(parsed);
        await audit(db, {
          username: session.username,
          action: 'doNotCall.listedDuringCreate',
          route: routeLabel,
          idempotencyKey: key ?? null,
          outcome: `warning: ${listedDuring.length} number${listedDuring.length === 1 ? ' was' : 's were'} listed while the campaign "${asked.name}" was created; it holds ${listedDuring.length === 1 ? 'it' : 'them'}`,
          status: 201,
          requestId: input.requestId,
        });
      }
    }
  }
  if (def.idempotent) await idempotency.complete(db, session.userId, key!, res.statusCode, headers, text);
  await record(res.statusCode < 400 ? 'ok' : 'refused', res.statusCode);
  return { status: res.statusCode, headers, body: text };
}

/** The upstream read that gives a write's whole object back, by the id it answered or the path's. */
const READ_BACK: Partial<Record<BffWriteName, { path: (id: string) => string; scope: Scope; normalise: (raw: unknown) => unknown }>> = {
  createCall: { path: (id) => `/v1/calls/${id}`, scope: 'calls:read', normalise: normaliseCall },
  createCampaign: { path: (id) => `/v1/campaigns/${id}`, scope: 'campaigns:read', normalise: normaliseCampaign },
  changeCampaignStatus: { path: (id) => `/v1/campaigns/${id}`, scope: 'campaigns:read', normalise: normaliseCampaign },
  patchAgent: { path: (id) => `/v1/agents/${id}`, scope: 'agents:read', normalise: normaliseAgent },
};

/** Fields of each whole object that an id-only answer lacks (any one of them present: the answer is whole). */
const WHOLE_MARKERS = ['status', 'name', 'phone', 'agentId', 'type'];

async function wholeAnswer(ctx: Ctx, name: BffWriteName, parsed: unknown, pathId: string | undefined): Promise<unknown> {
  const read = READ_BACK[name]!;
  const answer = parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : undefined;
  if (answer && WHOLE_MARKERS.some((k) => k in answer)) return read.normalise(answer);
  const id = typeof answer?.id === 'string' ? answer.id : pathId;
  if (!id || !UUID.test(id)) return undefined;
  try {
    const token = await ctx.broker.serverToken(read.scope);
    const res = await ctx.upstream.request({ method: 'GET', path: read.path(id), headers: { authorization: `Bearer ${token}`, accept: 'application/json' } });
    const body = await res.body.text();
    if (res.statusCode === 200) return read.normalise(JSON.parse(body));
  } catch {
    // The write is done: the id alone is still an answer the console can act on.
  }
  return { id };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A created campaign: in the registry (with its pending entry's recipient count), and its pending entry points at it. */
export async function recordCampaign(ctx: Pick<Ctx, 'db'>, session: Session, key: string, campaign: { id: string; name: string; agentId: string }) {
  await ctx.db.query(
    `INSERT INTO campaigns (id, name, agent_id, created_by, recipients, split_id)
     SELECT $1::uuid, $2::text, $3::uuid, $4::text, a.recipients, a.split_id FROM (VALUES (1)) AS one
       LEFT JOIN campaign_attempts a ON a.user_id = $5 AND a.idempotency_key = $6
     ON CONFLICT (id) DO NOTHING`,
    [campaign.id, campaign.name, campaign.agentId, session.username, session.userId, key],
  );
  await ctx.db.query('UPDATE campaign_attempts SET campaign_id = $3 WHERE user_id = $1 AND idempotency_key = $2', [session.userId, key, campaign.id]);
}

/** The creates the contact caps apply to (every way of calling). */
const CAPPED_ROUTES = new Set<BffWriteName>(['createCall', 'bulkCalls', 'createCampaign']);

type CapsScreened =
  { kind: 'pass' } | { kind: 'filtered'; body: unknown; skipped: CapSkipped[] } | { kind: 'refused'; message: string; errors: ValidationError[] };

/**
 * The caps over what the do-not-call list left: positions are those of what the browser sent, and
 * a campaign adds 1 + retry.max attempts per number (its worst case).
 */
async function screenCaps(ctx: Ctx, name: BffWriteName, screened: Screened, input: WriteInput, key: string, hoursHeld: HoursSkipped[]): Promise<CapsScreened> {
  const original = input.body as { recipient?: { phone: string }; recipients?: { phone: string }[]; retry?: { max?: number } };
  const write = { userId: input.session.userId, key };
  if (name === 'createCall') {
    const phone = original.recipient!.phone;
    const { skipped } = await reserveAttempts(ctx.db, [phone], 1, write);
    if (skipped.length === 0) return { kind: 'pass' };
    return {
      kind: 'refused',
      message: `${phone} is over the contact caps; the call was not placed.`,
      errors: [{ field: 'recipient.phone', rejectedValue: phone, message: skipped[0]!.reason }],
    };
  }
  const all = original.recipients ?? [];
  const dncLeft = new Set([...(screened.kind === 'filtered' ? screened.skipped.map((s) => s.index) : []), ...hoursHeld.map((s) => s.index)]);
  const positions = all.map((_, i) => i).filter((i) => !dncLeft.has(i));
  const attemptsEach = name === 'createCampaign' ? 1 + (original.retry?.max ?? 0) : 1;
  const { skipped } = await reserveAttempts(
    ctx.db,
    positions.map((i) => all[i]!.phone),
    attemptsEach,
    write,
  );
  if (skipped.length === 0) return { kind: 'pass' };
  const inBody = skipped.map((s) => ({ ...s, index: positions[s.index]! }));
  if (skipped.length === positions.length) {
    return {
      kind: 'refused',
      message: `Every recipient left is over the contact caps; nothing was ${name === 'bulkCalls' ? 'called' : 'created'}.`,
      // Every recipient named: those the do-not-call list left out too.
      errors: [...(screened.kind === 'filtered' ? screened.skipped : []), ...hoursHeld, ...inBody]
        .sort((x, y) => x.index - y.index)
        .map((s) => ({ field: `recipients[${s.index}].phone`, rejectedValue: s.phone, message: s.reason })),
    };
  }
  const out = new Set([...dncLeft, ...inBody.map((s) => s.index)]);
  return { kind: 'filtered', body: { ...(input.body as object), recipients: all.filter((_, i) => !out.has(i)) }, skipped: inBody };
}

/** The creates the local-hours hold applies to: campaigns keep their windows upstream, in the campaign's zone. */
const HOURS_ROUTES = new Set<BffWriteName>(['createCall', 'bulkCalls']);

type HoursScreened =
  | { kind: 'pass' }
  | { kind: 'filtered'; body: unknown; skipped: HoursSkipped[] }
  | { kind: 'refused'; message: string; errors: ValidationError[]; count: number };

/** The local-hours hold over what the do-not-call list left: a held single call is refused, held bulk numbers are left out. */
async function screenLocalHours(ctx: Ctx, name: BffWriteName, screened: Screened, input: WriteInput): Promise<HoursScreened> {
  const now = ctx.now?.() ?? new Date();
  const original = input.body as { recipient?: { phone: string }; recipients?: { phone: string }[] };
  const override = ` A person allowed to may call anyway (${OVERRIDE_LOCAL_HOURS_HEADER}: true).`;
  if (name === 'createCall') {
    const phone = original.recipient!.phone;
    const [held] = await screenHours([phone], [0], now);
    if (!held) return { kind: 'pass' };
    return {
      kind: 'refused',
      message: `It is ${held.localTime} for this recipient (${held.zone}), outside the calling hours; the call was not placed.${override}`,
      errors: [{ field: 'recipient.phone', rejectedValue: phone, message: held.reason }],
      count: 1,
    };
  }
  const all = original.recipients ?? [];
  const dncLeft = new Set(screened.kind === 'filtered' ? screened.skipped.map((s) => s.index) : []);
  const positions = all.map((_, i) => i).filter((i) => !dncLeft.has(i));
  const skipped = await screenHours(
    positions.map((i) => all[i]!.phone),
    positions,
    now,
  );
  if (skipped.length === 0) return { kind: 'pass' };
  if (skipped.length === positions.length) {
    return {
      kind: 'refused',
      message: `Every recipient left is outside their local calling hours; nothing was called.${override}`,
      errors: [...(screened.kind === 'filtered' ? screened.skipped : []), ...skipped]
        .sort((x, y) => x.index - y.index)
        .map((s) => ({ field: `recipients[${s.index}].phone`, rejectedValue: s.phone, message: s.reason })),
      count: skipped.length,
    };
  }
  const out = new Set([...dncLeft, ...skipped.map((s) => s.index)]);
  return { kind: 'filtered', body: { ...(input.body as object), recipients: all.filter((_, i) => !out.has(i)) }, skipped };
}

/** What a create's answer says it placed: the calls (one, or a bulk's) or the campaign. */
function placedBy(name: BffWriteName, parsed: unknown): { calls?: { phone: string; id: string }[]; campaignId?: string } {
  const answer = (parsed && typeof parsed === 'object' ? parsed : {}) as { id?: unknown; phone?: unknown; calls?: unknown };
  if (name === 'createCampaign') return typeof answer.id === 'string' ? { campaignId: answer.id } : {};
  if (name === 'createCall')
    return typeof answer.id === 'string' && UUID.test(answer.id) && typeof answer.phone === 'string' ? { calls: [{ id: answer.id, phone: answer.phone }] } : {};
  const calls = Array.isArray(answer.calls) ? (answer.calls as { id?: unknown; phone?: unknown }[]) : [];
  return {
    calls: calls.filter((c) => typeof c?.id === 'string' && typeof c?.phone === 'string' && UUID.test(c.id as string)) as { phone: string; id: string }[],
  };
}
