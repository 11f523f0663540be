/**
 * The call index's routes (docs/insights.md): the calls search, the Insights aggregate, campaign
 * progress and the index status. Each needs a session whose role holds calls:read — the rule of
 * the upstream calls route — and validates its query with the contract before any database work.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { CampaignProgressQuery, INDEX_ROUTES, IndexSearchQuery, InsightsQuery } from '../../contract/bff/index';
import { roleAllows } from '../../contract/bff/roles';
import { toValidationErrors } from '../../contract/errors';
import type { Ctx } from '../context';
import { HttpError, requireSession } from '../http';
import { insights } from '../services/call-index/insights';
import { hasSearchableWords, searchCalls } from '../services/call-index/query';
import type { CallIndexService } from '../services/call-index/service';
import { campaignProgress, indexStatus } from '../services/call-index/status';
import { readSyncState } from '../services/call-index/store';

function parse<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input ?? {});
  if (!result.success) throw new HttpError(400, 'Some filters are not valid.', toValidationErrors(result.error, input));
  return result.data;
}

export function callIndexPlugin(app: FastifyInstance, ctx: Ctx, index: CallIndexService): void {
  const { db } = ctx;

  async function guard(request: FastifyRequest): Promise<void> {
    const session = await requireSession(request, ctx);
    if (!roleAllows(session.role, 'calls:read')) throw new HttpError(403, 'Your role may not read calls.');
  }
  const indexedAt = async () => (await readSyncState(db)).indexedAt?.toISOString() ?? null;

  app.get(INDEX_ROUTES.calls, async (request) => {
    await guard(request);
    const search = parse(IndexSearchQuery, request.query);
    if (search.q !== undefined && search.q.trim() !== '' && !(await hasSearchableWords(db, search.q))) {
      throw new HttpError(400, 'Some filters are not valid.', [
        { field: 'q', rejectedValue: search.q, message: 'The search text has no word to look for (only signs or very common words).' },
      ]);
    }
    if (search.q !== undefined && search.q.trim() === '') delete search.q;
    const [{ rows, total }, at] = await Promise.all([searchCalls(db, search), indexedAt()]);
    return {
      content: rows.map((r) => ({ ...r.call, campaignName: r.campaignName, ...(r.hit ? { hit: r.hit } : {}) })),
      size: search.size,
      page: search.page,
      totalElements: total,
      totalPages: Math.ceil(total / search.size),
      indexedAt: at,
    };
  });

  app.get(INDEX_ROUTES.insights, async (request) => {
    await guard(request);
    const q = parse(InsightsQuery, request.query);
    const state = await readSyncState(db);
    return insights(db, q, state.indexedAt);
  });

  app.get(INDEX_ROUTES.campaigns, async (request) => {
    await guard(request);
    const q = parse(CampaignProgressQuery, request.query);
    const [content, at] = await Promise.all([campaignProgress(db, q.id), indexedAt()]);
    return { content, indexedAt: at };
  });

  app.get(INDEX_ROUTES.status, async (request) => {
    await guard(request);
    return indexStatus(db, {
      enabled: index.settings.enabled,
      backfillDays: index.settings.backfillDays,
      intervalMs: index.settings.intervalMs,
      leading: index.leading,
    });
  });
}
