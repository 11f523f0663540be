/**
 * /bff/review: QA review (docs/review.md). Rubrics, sampling rules and automatic checks are
 * admins'; every signed-in role reviews (reviews are Switchboard's own data, not upstream writes).
 * The session is checked once by this scope's hook; every change is audited; the queue is filled
 * from the call index after each index interval by the instance that syncs, and when a rule is added.
 * The SQL is in server/services/review/ (store.ts; queue.ts fills the queue; comments.ts).
 */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AgentScores,
  agreementOf,
  CallParams,
  CategoryCounts,
  CategoryCountsQuery,
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
} from '../../contract/bff/review';
import { CsvFile, NoContent } from '../../contract/bff/http';
import { Uuid } from '../../contract/formats';
import type { ValidationError } from '../../contract/schemas/error';
import { pageOf } from '../../contract/schemas/page';
import { HttpError } from '../http';
import { audit } from '../services/audit';
import { queryWindow } from '../services/call-index/time-range';
import { categoryCounts, currentRubric, fillQueue, rubricVersion, scoreOf, toRubric, type SampleSpec } from '../services/review/queue';
import { addComment, commentOwner, commentsOf, deleteComment as deleteCommentRow } from '../services/review/comments';
import {
  callAgent,
  currentRubrics,
  deleteReviewRule,
  inQueue,
  insertReviewRule,
  listReviewRules,
  nextInQueue,
  queuePage,
  queueSourcesOf,
  readReviewRule,
  reviewsForExport,
  reviewsOf,
  saveReview,
  saveRubric,
  type ReviewRange,
} from '../services/review/store';
import { reviewsCsv, scoresOf } from '../services/review/figures';
import { toCheck, toComment, toReview, toSamplingRule } from '../services/review/shapes';
import { routesNeed } from '../plugins/session';
import { can } from '../../contract/bff/permissions';

const iso = (d: Date | string) => new Date(d).toISOString();
/** The calls' start instants a date filter covers, days read in its zone (either end may be open). */
function window(q: { from?: string; to?: string; tz: string }): [Date | null, Date | null] {
  const w = queryWindow({ tz: q.tz, from: q.from ?? q.to, to: q.to ?? q.from });
  return [q.from ? (w.start ?? null) : null, q.to ? (w.end ?? null) : null];
}
/** The reviews a figures query reads: the agent's (or all) of calls in the date filter's window. */
function rangeOf(q: { agentId?: string; from?: string; to?: string; tz: string }): ReviewRange {
  const [start, end] = window(q);
  return { agentId: q.agentId ?? null, start, end };
}
const AgentParams = z.object({ agentId: Uuid });

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
    return (await currentRubrics(db)).map(toRubric);
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
      const saved = await saveRubric(db, agentId, { items, note: request.body.note, updatedBy: request.session.username });
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
      const rows = await listReviewRules(db);
      return { sampling: rows.filter((r) => r.kind === 'sample').map(toSamplingRule), checks: rows.filter((r) => r.kind === 'check').map(toCheck) };
    },
  );

  async function addRule(request: FastifyRequest, kind: 'sample' | 'check', name: string, scope: { agentId?: string; campaignName?: string }, spec: unknown) {
    const id = await insertReviewRule(db, {
      kind,
      name,
      agentId: scope.agentId ?? null,
      campaignName: scope.campaignName ?? null,
      spec,
      createdBy: request.session.username,
    });
    if (id === null)
      throw new HttpError(409, `A ${kind === 'sample' ? 'sampling rule' : 'check'} named "${name}" exists already.`, [
        { field: 'name', rejectedValue: name, message: 'Choose another name: this one is taken.' },
      ]);
    const added = await fillQueue(db, [id]);
    await auditOf(
      request,
      kind === 'sample' ? 'review.sampling.add' : 'review.check.add',
      `ok: "${name}" (#${id}), ${kind === 'sample' ? `${added.sampled} sampled` : `${added.flagged} flagged`}`,
      201,
    );
    return (await readReviewRule(db, id))!;
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
    const removed = await deleteReviewRule(db, request.params.id);
    if (!removed) throw new HttpError(404, `No rule #${request.params.id}.`);
    // Calls already queued stay, with the rule's name.
    await auditOf(request, removed.kind === 'sample' ? 'review.sampling.remove' : 'review.check.remove', `ok: "${removed.name}" (#${request.params.id})`, 204);
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

  app.get(
    '/bff/review/queue',
    { schema: { tags, summary: 'The review queue, paged', querystring: QueueQuery, response: { 200: QueuePage } } },
    async (request) => {
      const query = request.query;
      const { rows, total } = await queuePage(db, request.session.userId, query, query.size, (query.page - 1) * query.size);
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
        total,
      );
    },
  );

  app.get(
    '/bff/review/queue/next',
    { schema: { tags, summary: 'The next call to review after this one', querystring: QueueNextQuery, response: { 200: QueueNext } } },
    async (request) => {
      const { after, agentId } = request.query;
      // After the given call in queue order; past the end, from the start again (skipping that call).
      return nextInQueue(db, request.session.userId, after, agentId);
    },
  );

  // ---------- one call's review ----------

  app.get(
    '/bff/review/calls/:callId',
    { schema: { tags, summary: "A call's reviews, comments and rubric", params: CallParams, response: { 200: CallReview } } },
    async (request) => {
      const { callId } = request.params;
      const agentId = await callAgent(db, callId);
      const [rubric, sources, reviews, comments, queued] = await Promise.all([
        agentId ? currentRubric(db, agentId) : null,
        queueSourcesOf(db, callId),
        reviewsOf(db, callId),
        commentsOf(db, callId),
        inQueue(db, callId),
      ]);
      const mine = reviews.find((r) => r.user_id === request.session.userId);
      // Agreement among the reviews scored against the current rubric (those others can be compared to).
      const comparable = reviews.filter((r) => rubric && r.rubric_version === rubric.version).map(toReview);
      return {
        callId,
        agentId,
        rubric: rubric ? toRubric(rubric) : null,
        inQueue: queued,
        sources,
        mine: mine ? toReview(mine) : null,
        others: reviews.filter((r) => r !== mine).map(toReview),
        agreement: agreementOf(comparable),
        comments: comments.map(toComment),
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
      const agentId = await callAgent(db, callId);
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
      const saved = await saveReview(db, {
        callId,
        userId: request.session.userId,
        reviewer: request.session.username,
        agentId,
        rubricVersion: rubric.version,
        scores: body.scores,
        score,
        note: body.note,
        reviewed: body.reviewed,
      });
      await auditOf(request, 'review.save', `ok: call ${callId}, score ${score}${body.reviewed ? ', marked reviewed' : ''}`, 200);
      return toReview(saved);
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
      const row = await addComment(db, {
        callId,
        userId: request.session.userId,
        author: request.session.username,
        text: b.text,
        line: b.line ?? null,
        atSeconds: b.atSeconds ?? null,
      });
      const at = b.line !== undefined ? `line ${b.line}` : `${b.atSeconds} s`;
      await auditOf(request, 'review.comment.add', `ok: call ${callId} at ${at} (#${row.id})`, 201);
      return reply.code(201).send(toComment(row));
    },
  );

  const deleteComment = { tags: ['review'], summary: 'Remove a comment (its author or an admin; 204)', params: CommentParams, response: { 204: NoContent } };
  app.delete('/bff/review/comments/:id', { schema: deleteComment }, async (request, reply) => {
    const owner = await commentOwner(db, request.params.id);
    if (!owner) throw new HttpError(404, `No comment #${request.params.id}.`);
    // Object-level: the author, or whoever administers review (the permission table).
    if (owner.user_id !== request.session.userId && !can(request.session.role, 'review:admin'))
      throw new HttpError(403, 'Only its author or an admin can remove a comment.');
    await deleteCommentRow(db, request.params.id);
    await auditOf(request, 'review.comment.remove', `ok: call ${owner.call_id} (#${request.params.id})`, 204);
    return reply.code(204).send();
  });

  // ---------- figures and export ----------

  app.get(
    '/bff/review/scores',
    { schema: { tags, summary: 'Average review score per agent', querystring: ScoresQuery, response: { 200: AgentScores } } },
    async (request) => {
      const q = request.query;
      return scoresOf(db, rangeOf(q));
    },
  );

  app.get(
    '/bff/review/categories',
    {
      schema: {
        tags,
        summary: 'Calls each category (a phrase-set check) marked, by their start over a date range',
        querystring: CategoryCountsQuery,
        response: { 200: CategoryCounts },
      },
    },
    async (request) => {
      const [start, end] = window(request.query);
      return { content: await categoryCounts(db, { start, end, agentId: request.query.agentId, campaignName: request.query.campaignName }) };
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
    const rows = await reviewsForExport(db, rangeOf(q));
    await auditOf(request, 'review.export', `ok: ${rows.length} reviews`, 200);
    return reply.type('text/csv; charset=utf-8').header('Content-Disposition', 'attachment; filename="reviews.csv"').send(reviewsCsv(rows));
  });
};
