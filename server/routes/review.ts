/**
 * /bff/review: QA review (docs/review.md). Rubrics, sampling rules and automatic checks are
 * admins'; every signed-in role reviews (reviews are Switchboard's own data, not upstream writes).
 * The session is checked once by this scope's hook; every change is audited; the queue is filled
 * from the call index after each index interval by the instance that syncs, and when a rule is added.
 */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AgentScores,
  agreementOf,
  CallParams,
  CallReview,
  Check,
  CheckBody,
  CommentBody,
  CommentParams,
  FillResult,
  QueueNext,
  QueueNextQuery,
  QueuePage,
  QueueQuery,
  REVIEW_CSV_COLUMNS,
  Review,
  ReviewBody,
  ReviewComment,
  Rubric,
  RubricBody,
  RubricList,
  RuleParams,
  SamplingRule,
  SamplingRuleBody,
  ScoresQuery,
  type CheckCondition,
  type QueueSource,
} from '../../contract/bff/review';
import { CsvFile, NoContent } from '../../contract/bff/http';
import { csvSafeCell } from '../../contract/csv-safe';
import { Uuid } from '../../contract/formats';
import type { ValidationError } from '../../contract/schemas/error';
import { pageOf } from '../../contract/schemas/page';
import { HttpError } from '../http';
import { audit } from '../services/audit';
import { queryWindow } from '../services/call-index/time-range';
import { currentRubric, fillQueue, rubricVersion, scoreOf, toRubric, type RuleRow, type SampleSpec } from '../services/review';
import { routesNeed } from '../plugins/session';
import { can } from '../../contract/bff/permissions';

const iso = (d: Date | string) => new Date(d).toISOString();
/** The calls' start instants a date filter covers, days read in its zone (either end may be open). */
function window(q: { from?: string; to?: string; tz: string }): [Date | null, Date | null] {
  const w = queryWindow({ tz: q.tz, from: q.from ?? q.to, to: q.to ?? q.from });
  return [q.from ? (w.start ?? null) : null, q.to ? (w.end ?? null) : null];
}
const AgentParams = z.object({ agentId: Uuid });

interface ReviewRow {
  call_id: string;
  user_id: number;
  reviewer: string;
  agent_id: string;
  rubric_version: number;
  scores: Record<string, boolean>;
  score: string | number;
  note: string;
  reviewed_at: Date | null;
  updated_at: Date;
}
const toReview = (r: ReviewRow): Review => ({
  callId: r.call_id,
  reviewer: r.reviewer,
  rubricVersion: r.rubric_version,
  scores: r.scores,
  score: Number(r.score),
  note: r.note,
  reviewed: r.reviewed_at !== null,
  reviewedAt: r.reviewed_at ? iso(r.reviewed_at) : null,
  updatedAt: iso(r.updated_at),
});

interface CommentRow {
  id: number;
  call_id: string;
  author: string;
  text: string;
  line: number | null;
  at_seconds: number | null;
  created_at: Date;
}
const toComment = (r: CommentRow): ReviewComment => ({
  id: r.id,
  callId: r.call_id,
  author: r.author,
  text: r.text,
  line: r.line,
  atSeconds: r.at_seconds === null ? null : Number(r.at_seconds),
  createdAt: iso(r.created_at),
});

type RuleWithCount = RuleRow & { n: number };
const toSamplingRule = (r: RuleWithCount): SamplingRule => {
  const spec = r.spec as SampleSpec;
  return {
    id: r.id,
    name: r.name,
    agentId: r.agent_id,
    campaignName: r.campaign_name,
    from: spec.from,
    to: spec.to,
    status: spec.status,
    mode: spec.mode,
    amount: Number(spec.amount),
    queued: r.n,
    createdBy: r.created_by,
    createdAt: iso(r.created_at),
  };
};
const toCheck = (r: RuleWithCount): Check => ({
  id: r.id,
  name: r.name,
  agentId: r.agent_id,
  campaignName: r.campaign_name,
  condition: r.spec as CheckCondition,
  flagged: r.n,
  createdBy: r.created_by,
  createdAt: iso(r.created_at),
});

const RULES_SQL = `SELECT r.*, (SELECT count(*)::int FROM review_queue_sources s WHERE s.rule_id = r.id) AS n FROM review_rules r`;

const tags = ['review'];

export const reviewPlugin: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;
  routesNeed(app, 'console:use');
  app.addHook('onRequest', app.requireSession);

  const adminOnly = { permission: 'review:admin' } as const;
  const auditOf = (request: FastifyRequest, action: string, outcome: string, status: number) =>
    audit(db, { username: request.session.username, action, route: `${request.method} ${request.routeOptions.url}`, outcome, status, requestId: request.id });

  // The queue fills itself after each index interval: background work (server/background.ts).

  // ---------- rubrics ----------

  app.get('/bff/review/rubrics', { schema: { tags, summary: "Every agent's current rubric", response: { 200: RubricList } } }, async () => {
    const { rows } = await db.query<Parameters<typeof toRubric>[0]>('SELECT DISTINCT ON (agent_id) * FROM review_rubrics ORDER BY agent_id, version DESC');
    return rows.map(toRubric);
  });

  app.get(
    '/bff/review/rubrics/:agentId',
    { schema: { tags, summary: "An agent's current rubric (null: none yet)", params: AgentParams, response: { 200: Rubric.nullable() } } },
    async (request) => {
      const rubric = await currentRubric(db, request.params.agentId);
      return rubric ? toRubric(rubric) : null;
    },
  );

  app.put(
    '/bff/review/rubrics/:agentId',
    {
      schema: {
        tags,
        summary: "Save an agent's rubric (a new version when it changes; admins)",
        params: AgentParams,
        body: RubricBody,
        response: { 200: Rubric },
      },
      config: { ...adminOnly, invalidMessage: 'The rubric is not valid.' },
    },
    async (request) => {
      const { agentId } = request.params;
      const items = request.body.items.map((item, i) => ({ id: i + 1, label: item.label, weight: item.weight }));
      const current = await currentRubric(db, agentId);
      // The same rubric again is not a new version (no write twice).
      if (current && JSON.stringify(current.items) === JSON.stringify(items) && current.note === request.body.note) return toRubric(current);
      const { rows } = await db.query<Parameters<typeof toRubric>[0]>(
        `INSERT INTO review_rubrics (agent_id, version, items, note, updated_by)
         VALUES ($1, coalesce((SELECT max(version) FROM review_rubrics WHERE agent_id = $1), 0) + 1, $2, $3, $4) RETURNING *`,
        [agentId, JSON.stringify(items), request.body.note, request.session.username],
      );
      const saved = rows[0]!;
      await auditOf(request, 'review.rubric.save', `ok: agent ${agentId} version ${saved.version}, ${items.length} items`, 200);
      return toRubric(saved);
    },
  );

  // ---------- sampling rules and checks ----------

  app.get(
    '/bff/review/rules',
    {
      schema: {
        tags,
        summary: 'The sampling rules and automatic checks in force',
        response: { 200: z.object({ sampling: z.array(SamplingRule), checks: z.array(Check) }) },
      },
    },
    async () => {
      const { rows } = await db.query<RuleWithCount>(`${RULES_SQL} ORDER BY r.created_at DESC, r.id DESC`);
      return { sampling: rows.filter((r) => r.kind === 'sample').map(toSamplingRule), checks: rows.filter((r) => r.kind === 'check').map(toCheck) };
    },
  );

  async function addRule(request: FastifyRequest, kind: 'sample' | 'check', name: string, scope: { agentId?: string; campaignName?: string }, spec: unknown) {
    const { rows } = await db.query<{ id: number }>(
      `INSERT INTO review_rules (kind, name, agent_id, campaign_name, spec, created_by) VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (kind, lower(name)) DO NOTHING RETURNING id`,
      [kind, name, scope.agentId ?? null, scope.campaignName ?? null, JSON.stringify(spec), request.session.username],
    );
    if (!rows[0])
      throw new HttpError(409, `A ${kind === 'sample' ? 'sampling rule' : 'check'} named "${name}" exists already.`, [
        { field: 'name', rejectedValue: name, message: 'Choose another name: this one is taken.' },
      ]);
    const id = rows[0].id;
    const added = await fillQueue(db, [id]);
    await auditOf(
      request,
      kind === 'sample' ? 'review.sampling.add' : 'review.check.add',
      `ok: "${name}" (#${id}), ${kind === 'sample' ? `${added.sampled} sampled` : `${added.flagged} flagged`}`,
      201,
    );
    const full = await db.query<RuleWithCount>(`${RULES_SQL} WHERE r.id = $1`, [id]);
    return full.rows[0]!;
  }

  app.post(
    '/bff/review/sampling-rules',
    {
      schema: { tags, summary: 'Add a sampling rule and run it over the call index (admins)', body: SamplingRuleBody, response: { 201: SamplingRule } },
      config: { ...adminOnly, invalidMessage: 'The sampling rule is not valid.' },
    },
    async (request, reply) => {
      const b = request.body;
      const spec: SampleSpec = { from: b.from ?? null, to: b.to ?? null, status: [...new Set(b.status ?? [])], mode: b.mode, amount: b.amount };
      const row = await addRule(request, 'sample', b.name, b, spec);
      return reply.code(201).send(toSamplingRule(row));
    },
  );

  app.post(
    '/bff/review/checks',
    {
      schema: { tags, summary: 'Add an automatic check and run it over the call index (admins)', body: CheckBody, response: { 201: Check } },
      config: { ...adminOnly, invalidMessage: 'The check is not valid.' },
    },
    async (request, reply) => {
      const b = request.body;
      const row = await addRule(request, 'check', b.name, b, b.condition);
      return reply.code(201).send(toCheck(row));
    },
  );

  const deleteRule = {
    tags: ['review'],
    summary: 'Remove a sampling rule or check; the calls it queued stay (204)',
    params: RuleParams,
    response: { 204: NoContent },
  };
  app.delete('/bff/review/rules/:id', { config: adminOnly, schema: deleteRule }, async (request, reply) => {
    const { rows } = await db.query<{ name: string; kind: string }>('DELETE FROM review_rules WHERE id = $1 RETURNING name, kind', [request.params.id]);
    if (!rows[0]) throw new HttpError(404, `No rule #${request.params.id}.`);
    // Calls already queued stay, with the rule's name.
    await auditOf(request, rows[0].kind === 'sample' ? 'review.sampling.remove' : 'review.check.remove', `ok: "${rows[0].name}" (#${request.params.id})`, 204);
    return reply.code(204).send();
  });

  app.post(
    '/bff/review/queue/fill',
    { config: adminOnly, schema: { tags, summary: 'Run every rule now (admins)', response: { 200: FillResult } } },
    async (request) => {
      const added = await fillQueue(db);
      await auditOf(request, 'review.fill', `ok: ${added.sampled} sampled, ${added.flagged} flagged`, 200);
      return added;
    },
  );

  // ---------- the queue ----------

  const sourcesSql = `coalesce((SELECT json_agg(json_build_object('kind', s.kind, 'ruleId', s.rule_id, 'rule', s.rule_name) ORDER BY s.added_at, s.rule_id)
      FROM review_queue_sources s WHERE s.call_id = q.call_id), '[]'::json) AS sources`;

  app.get(
    '/bff/review/queue',
    { schema: { tags, summary: 'The review queue, paged', querystring: QueueQuery, response: { 200: QueuePage } } },
    async (request) => {
      const query = request.query;
      const mine = `EXISTS (SELECT 1 FROM reviews r WHERE r.call_id = q.call_id AND r.user_id = $1 AND r.reviewed_at IS NOT NULL)`;
      const state = query.state === 'todo' ? `NOT ${mine}` : query.state === 'reviewed' ? mine : 'true';
      const { rows } = await db.query<{
        call_id: string;
        agent_id: string;
        phone: string;
        status: QueuePage['content'][number]['status'];
        start_time: Date;
        duration: number | null;
        campaign_name: string | null;
        added_at: Date;
        sources: QueueSource[];
        reviews: number;
        mine: boolean;
        total: number;
      }>(
        `SELECT q.call_id::text, c.agent_id::text, c.phone, c.status, c.start_time, c.duration, c.campaign_name, q.added_at, ${sourcesSql},
              (SELECT count(*)::int FROM reviews r WHERE r.call_id = q.call_id AND r.reviewed_at IS NOT NULL) AS reviews,
              ${mine} AS mine, count(*) OVER ()::int AS total
         FROM review_queue q JOIN index_calls c ON c.id = q.call_id
        WHERE ${state} AND ($2::uuid IS NULL OR c.agent_id = $2)
        ORDER BY q.seq LIMIT $3 OFFSET $4`,
        [request.session.userId, query.agentId ?? null, query.size, (query.page - 1) * query.size],
      );
      return pageOf(
        rows.map((r) => ({
          callId: r.call_id,
          agentId: r.agent_id,
          phone: r.phone,
          status: r.status,
          startTime: iso(r.start_time),
          duration: r.duration,
          campaignName: r.campaign_name,
          addedAt: iso(r.added_at),
          sources: r.sources,
          reviews: r.reviews,
          reviewedByMe: r.mine,
        })),
        query,
        rows[0]?.total ?? 0,
      );
    },
  );

  app.get(
    '/bff/review/queue/next',
    { schema: { tags, summary: 'The next call to review after this one', querystring: QueueNextQuery, response: { 200: QueueNext } } },
    async (request) => {
      const { after, agentId } = request.query;
      // After the given call in queue order; past the end, from the start again (skipping that call).
      const { rows } = await db.query<{ call_id: string; remaining: number }>(
        `WITH todo AS (
         SELECT q.call_id, q.seq FROM review_queue q JOIN index_calls c ON c.id = q.call_id
          WHERE ($3::uuid IS NULL OR c.agent_id = $3)
            AND NOT EXISTS (SELECT 1 FROM reviews r WHERE r.call_id = q.call_id AND r.user_id = $1 AND r.reviewed_at IS NOT NULL)
            AND ($2::uuid IS NULL OR q.call_id <> $2)
       ), pivot AS (SELECT coalesce((SELECT seq FROM review_queue WHERE call_id = $2), 0) AS seq)
       SELECT t.call_id::text, (SELECT count(*)::int FROM todo) AS remaining FROM todo t, pivot
        ORDER BY (t.seq <= pivot.seq), t.seq LIMIT 1`,
        [request.session.userId, after ?? null, agentId ?? null],
      );
      return { callId: rows[0]?.call_id ?? null, remaining: rows[0]?.remaining ?? 0 };
    },
  );

  // ---------- one call's review ----------

  async function callAgent(callId: string): Promise<string | null> {
    const { rows } = await db.query<{ agent_id: string }>('SELECT agent_id::text FROM index_calls WHERE id = $1', [callId]);
    return rows[0]?.agent_id ?? null;
  }

  app.get(
    '/bff/review/calls/:callId',
    { schema: { tags, summary: "A call's reviews, comments and rubric", params: CallParams, response: { 200: CallReview } } },
    async (request) => {
      const { callId } = request.params;
      const agentId = await callAgent(callId);
      const [rubric, sources, reviews, comments, queued] = await Promise.all([
        agentId ? currentRubric(db, agentId) : null,
        db.query<QueueSource>(
          `SELECT s.kind, s.rule_id AS "ruleId", s.rule_name AS rule FROM review_queue_sources s WHERE s.call_id = $1 ORDER BY s.added_at, s.rule_id`,
          [callId],
        ),
        db.query<ReviewRow>('SELECT * FROM reviews WHERE call_id = $1 ORDER BY updated_at', [callId]),
        db.query<CommentRow>('SELECT * FROM review_comments WHERE call_id = $1 ORDER BY coalesce(line, -1), at_seconds NULLS FIRST, id', [callId]),
        db.query('SELECT 1 FROM review_queue WHERE call_id = $1', [callId]),
      ]);
      const mine = reviews.rows.find((r) => r.user_id === request.session.userId);
      // Agreement among the reviews scored against the current rubric (those others can be compared to).
      const comparable = reviews.rows.filter((r) => rubric && r.rubric_version === rubric.version).map(toReview);
      return {
        callId,
        agentId,
        rubric: rubric ? toRubric(rubric) : null,
        inQueue: queued.rows.length > 0,
        sources: sources.rows,
        mine: mine ? toReview(mine) : null,
        others: reviews.rows.filter((r) => r !== mine).map(toReview),
        agreement: agreementOf(comparable),
        comments: comments.rows.map(toComment),
      };
    },
  );

  app.put(
    '/bff/review/calls/:callId',
    {
      schema: { tags, summary: 'Save your review of a call', params: CallParams, body: ReviewBody, response: { 200: Review } },
      config: { invalidMessage: 'The review is not valid.' },
    },
    async (request) => {
      const { callId } = request.params;
      const body = request.body;
      const agentId = await callAgent(callId);
      if (!agentId) throw new HttpError(404, 'This call is not in the index yet; it can be reviewed once the index has it (within a minute or so).');
      const rubric = await rubricVersion(db, agentId, body.rubricVersion);
      if (!rubric) {
        const current = await currentRubric(db, agentId);
        throw new HttpError(
          current ? 409 : 400,
          current
            ? `The rubric changed meanwhile (now version ${current.version}); reload the call to score the current one.`
            : 'The agent of this call has no rubric yet; an admin defines one first.',
        );
      }
      const ids = new Set(rubric.items.map((i) => String(i.id)));
      const errors: ValidationError[] = Object.keys(body.scores)
        .filter((id) => !ids.has(id))
        .map((id) => ({ field: `scores.${id}`, rejectedValue: id, message: `Item ${id} is not in version ${rubric.version} of the rubric.` }));
      if (body.reviewed)
        for (const item of rubric.items)
          if (!(String(item.id) in body.scores))
            errors.push({ field: `scores.${item.id}`, rejectedValue: null, message: `Score "${item.label}" (pass or fail) before marking the call reviewed.` });
      if (errors.length) throw new HttpError(400, 'The review is not valid.', errors);
      const score = scoreOf(rubric, body.scores);
      const { rows } = await db.query<ReviewRow>(
        `INSERT INTO reviews (call_id, user_id, reviewer, agent_id, rubric_version, scores, score, note, reviewed_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, CASE WHEN $9::boolean THEN now() END, now())
         ON CONFLICT (call_id, user_id) DO UPDATE SET rubric_version = EXCLUDED.rubric_version, scores = EXCLUDED.scores, score = EXCLUDED.score,
           note = EXCLUDED.note, reviewer = EXCLUDED.reviewer, updated_at = now(),
           reviewed_at = CASE WHEN $9::boolean THEN coalesce(reviews.reviewed_at, now()) END
         RETURNING *`,
        [callId, request.session.userId, request.session.username, agentId, rubric.version, JSON.stringify(body.scores), score, body.note, body.reviewed],
      );
      await auditOf(request, 'review.save', `ok: call ${callId}, score ${score}${body.reviewed ? ', marked reviewed' : ''}`, 200);
      return toReview(rows[0]!);
    },
  );

  app.post(
    '/bff/review/calls/:callId/comments',
    {
      schema: {
        tags,
        summary: 'Pin a comment to a transcript line or a moment of the recording',
        params: CallParams,
        body: CommentBody,
        response: { 201: ReviewComment },
      },
      config: { invalidMessage: 'The comment is not valid.' },
    },
    async (request, reply) => {
      const { callId } = request.params;
      const b = request.body;
      const { rows } = await db.query<CommentRow>(
        'INSERT INTO review_comments (call_id, user_id, author, text, line, at_seconds) VALUES ($1, $2, $3, $4, $5, $6) RETURNING *',
        [callId, request.session.userId, request.session.username, b.text, b.line ?? null, b.atSeconds ?? null],
      );
      const at = b.line !== undefined ? `line ${b.line}` : `${b.atSeconds} s`;
      await auditOf(request, 'review.comment.add', `ok: call ${callId} at ${at} (#${rows[0]!.id})`, 201);
      return reply.code(201).send(toComment(rows[0]!));
    },
  );

  const deleteComment = { tags: ['review'], summary: 'Remove a comment (its author or an admin; 204)', params: CommentParams, response: { 204: NoContent } };
  app.delete('/bff/review/comments/:id', { schema: deleteComment }, async (request, reply) => {
    const { rows } = await db.query<{ user_id: number; call_id: string }>('SELECT user_id, call_id::text FROM review_comments WHERE id = $1', [
      request.params.id,
    ]);
    if (!rows[0]) throw new HttpError(404, `No comment #${request.params.id}.`);
    // Object-level: the author, or whoever administers review (the permission table).
    if (rows[0].user_id !== request.session.userId && !can(request.session.role, 'review:admin'))
      throw new HttpError(403, 'Only its author or an admin can remove a comment.');
    await db.query('DELETE FROM review_comments WHERE id = $1', [request.params.id]);
    await auditOf(request, 'review.comment.remove', `ok: call ${rows[0].call_id} (#${request.params.id})`, 204);
    return reply.code(204).send();
  });

  // ---------- figures and export ----------

  app.get(
    '/bff/review/scores',
    { schema: { tags, summary: 'Average review score per agent', querystring: ScoresQuery, response: { 200: AgentScores } } },
    async (request) => {
      const q = request.query;
      const { rows } = await db.query<{ agent_id: string; reviews: number; calls: number; average: string | null }>(
        `SELECT r.agent_id::text, count(*)::int AS reviews, count(DISTINCT r.call_id)::int AS calls, round(avg(r.score), 2) AS average
         FROM reviews r JOIN index_calls c ON c.id = r.call_id
        WHERE r.reviewed_at IS NOT NULL AND ($1::uuid IS NULL OR r.agent_id = $1)
          AND ($2::timestamptz IS NULL OR c.start_time >= $2) AND ($3::timestamptz IS NULL OR c.start_time < $3)
        GROUP BY r.agent_id ORDER BY r.agent_id`,
        [q.agentId ?? null, ...window(q)],
      );
      // Agreement per agent: the mean over calls with two marked reviews or more of the same version.
      const pairs = await db.query<ReviewRow>(
        `SELECT r.* FROM reviews r JOIN index_calls c ON c.id = r.call_id
        WHERE r.reviewed_at IS NOT NULL AND ($1::uuid IS NULL OR r.agent_id = $1)
          AND ($2::timestamptz IS NULL OR c.start_time >= $2) AND ($3::timestamptz IS NULL OR c.start_time < $3)
          AND (SELECT count(*) FROM reviews o WHERE o.call_id = r.call_id AND o.rubric_version = r.rubric_version AND o.reviewed_at IS NOT NULL) > 1
        ORDER BY r.call_id, r.rubric_version`,
        [q.agentId ?? null, ...window(q)],
      );
      const byCall = new Map<string, ReviewRow[]>();
      for (const r of pairs.rows) byCall.set(`${r.call_id}|${r.rubric_version}`, [...(byCall.get(`${r.call_id}|${r.rubric_version}`) ?? []), r]);
      const shares = new Map<string, number[]>();
      for (const group of byCall.values()) {
        const share = agreementOf(group.map(toReview))?.share;
        if (share !== null && share !== undefined) shares.set(group[0]!.agent_id, [...(shares.get(group[0]!.agent_id) ?? []), share]);
      }
      return {
        content: rows.map((r) => {
          const s = shares.get(r.agent_id);
          return {
            agentId: r.agent_id,
            reviews: r.reviews,
            calls: r.calls,
            averageScore: r.average === null ? null : Number(r.average),
            agreement: s?.length ? Math.round((s.reduce((a, b) => a + b, 0) / s.length) * 1000) / 1000 : null,
          };
        }),
      };
    },
  );

  const exportCsv = {
    tags: ['review'],
    summary: 'The reviews of the range as CSV',
    querystring: ScoresQuery,
    response: { 200: CsvFile('One line per review, as an attachment.') },
  };
  app.get('/bff/review/export.csv', { schema: exportCsv }, async (request, reply) => {
    const q = request.query;
    type PinnedComment = { text: string; line: number | null; atSeconds: number | null };
    const { rows } = await db.query<ReviewRow & { start_time: Date; items: { id: number; label: string }[] | null; comments: PinnedComment[] }>(
      `SELECT r.*, c.start_time, v.items,
              (SELECT coalesce(json_agg(json_build_object('text', m.text, 'line', m.line, 'atSeconds', m.at_seconds)
                                        ORDER BY coalesce(m.line, -1), m.at_seconds NULLS FIRST, m.id), '[]'::json)
                 FROM review_comments m WHERE m.call_id = r.call_id AND m.user_id = r.user_id) AS comments
         FROM reviews r JOIN index_calls c ON c.id = r.call_id
         LEFT JOIN review_rubrics v ON v.agent_id = r.agent_id AND v.version = r.rubric_version
        WHERE ($1::uuid IS NULL OR r.agent_id = $1)
          AND ($2::timestamptz IS NULL OR c.start_time >= $2) AND ($3::timestamptz IS NULL OR c.start_time < $3)
        ORDER BY c.start_time, r.call_id, r.reviewer`,
      [q.agentId ?? null, ...window(q)],
    );
    const lines = [REVIEW_CSV_COLUMNS.join(',')];
    // As the review shows them: a transcript line counts from 1.
    const pinned = (c: PinnedComment) => (c.line !== null ? `Line ${c.line + 1}: ${c.text}` : c.atSeconds !== null ? `At ${c.atSeconds} s: ${c.text}` : c.text);
    for (const r of rows) {
      const labels = (pass: boolean) =>
        (r.items ?? [])
          .filter((i) => r.scores[String(i.id)] === pass)
          .map((i) => i.label)
          .join('; ');
      lines.push(
        [
          r.call_id,
          r.agent_id,
          iso(r.start_time),
          r.reviewer,
          r.reviewed_at ? 'yes' : 'no',
          r.reviewed_at ? iso(r.reviewed_at) : '',
          Number(r.score).toFixed(2),
          labels(true),
          labels(false),
          r.note,
          r.comments.length,
          r.comments.map(pinned).join('\n'),
          r.rubric_version,
        ]
          .map((v) => csvSafeCell(v))
          .join(','),
      );
    }
    await auditOf(request, 'review.export', `ok: ${rows.length} reviews`, 200);
    return reply
      .type('text/csv; charset=utf-8')
      .header('Content-Disposition', 'attachment; filename="reviews.csv"')
      .send(lines.join('\r\n') + '\r\n');
  });
};
