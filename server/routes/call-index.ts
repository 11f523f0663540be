/**
 * The call index's routes (docs/insights.md): the calls search, the Insights aggregate, campaign
 * progress and the index status. Each needs a session whose role holds calls:read — the rule of
 * the upstream calls route — and validates its query with the contract before any database work.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CampaignProgressList,
  CampaignProgressQuery,
  INDEX_ROUTES,
  IndexCallPage,
  IndexSearchQuery,
  IndexStatus,
  Insights,
  InsightsQuery,
} from '../../contract/bff/index';
import { HttpError } from '../http';
import { insights } from '../services/call-index/insights';
import { countTranscriptsPending, hasSearchableWords, searchCalls } from '../services/call-index/query';
import type { CallIndexService } from '../services/call-index/service';
import { campaignProgress, indexStatus } from '../services/call-index/status';
import { readSyncState } from '../services/call-index/store';
import { routesNeed } from '../plugins/session';

const INVALID = { invalidMessage: 'Some filters are not valid.' };
const tags = ['call index'];

export const callIndexPlugin: FastifyPluginAsyncZod<{ index: CallIndexService }> = async (app, { index }) => {
  const { db } = app.ctx;
  // Every route here reads calls: a session whose role holds calls:read, checked once per request.
  routesNeed(app, 'calls:read');
  app.addHook('onRequest', app.requireSession);
  const indexedAt = async () => (await readSyncState(db)).indexedAt?.toISOString() ?? null;
  /** Up to when, and from when, the index holds every upstream call (see coveredFrom in the contract). */
  const coverage = async () => {
    const state = await readSyncState(db);
    const complete = index.settings.enabled && state.backfillComplete && state.backfillSince;
    return { indexedAt: state.indexedAt?.toISOString() ?? null, coveredFrom: complete ? `${state.backfillSince}T00:00:00Z` : null };
  };

  app.get(
    INDEX_ROUTES.calls,
    {
      schema: { tags, summary: 'Search the indexed calls (filters, text search, paged)', querystring: IndexSearchQuery, response: { 200: IndexCallPage } },
      config: INVALID,
    },
    async (request) => {
      const search = { ...request.query };
      if (search.q !== undefined && search.q.trim() !== '' && !(await hasSearchableWords(db, search.q))) {
        throw new HttpError(400, 'Some filters are not valid.', [
          { field: 'q', rejectedValue: search.q, message: 'The search text has no word to look for (only signs).' },
        ]);
      }
      if (search.q !== undefined && search.q.trim() === '') delete search.q;
      const [{ rows, total, totalExact }, covers, transcriptsPending] = await Promise.all([
        searchCalls(db, search, { countCap: index.settings.countCap }),
        coverage(),
        search.q === undefined ? undefined : countTranscriptsPending(db, search),
      ]);
      return {
        content: rows.map((r) => ({ ...r.call, campaignName: r.campaignName, ...(r.hit ? { hit: r.hit } : {}) })),
        size: search.size,
        page: search.page,
        totalElements: total,
        totalPages: Math.ceil(total / search.size),
        ...covers,
        totalExact,
        ...(transcriptsPending === undefined ? {} : { transcriptsPending }),
      };
    },
  );

  app.get(
    INDEX_ROUTES.insights,
    {
      schema: { tags, summary: 'Figures, series and breakdowns of the indexed calls', querystring: InsightsQuery, response: { 200: Insights } },
      config: INVALID,
    },
    async (request) => {
      const q = request.query;
      const state = await readSyncState(db);
      return insights(db, q, state.indexedAt);
    },
  );

  app.get(
    INDEX_ROUTES.campaigns,
    {
      schema: { tags, summary: "Campaigns' progress from the index", querystring: CampaignProgressQuery, response: { 200: CampaignProgressList } },
      config: INVALID,
    },
    async (request) => {
      const q = request.query;
      const [content, at] = await Promise.all([campaignProgress(db, q.id), indexedAt()]);
      // The index is dated by the upstream's clock, the registry by this one's: say when on this clock.
      const skewMs = (index.settings.now?.() ?? new Date()).getTime() - Date.now();
      return { content, indexedAt: at, countedFrom: at ? new Date(Date.parse(at) - skewMs).toISOString() : null };
    },
  );

  app.get(INDEX_ROUTES.status, { schema: { tags, summary: "The index's state", response: { 200: IndexStatus } } }, async () => {
    return indexStatus(db, {
      enabled: index.settings.enabled,
      backfillDays: index.settings.backfillDays,
      intervalMs: index.settings.intervalMs,
      leading: index.leading,
    });
  });
};
