/**
 * The reads of every agent, page by page: one builder for the shared query and for the cold load's
 * early start of its first page (ADR 0030). Framework-free: the entry imports this.
 */
import { LIMITS } from '@contract/limits';
import { QUERY_PARAM_NAMES } from '@contract/queries.plain';
import type { ProxyRead } from '../early-reads';

/** GET /v1/agents: one page of every agent, by name, the largest pages the upstream allows. */
export const allAgentsPageRead = (page: number): ProxyRead => ({
  path: '/v1/agents',
  query: new URLSearchParams({
    [QUERY_PARAM_NAMES.page]: String(page),
    [QUERY_PARAM_NAMES.size]: String(LIMITS.pageSize.max),
    [QUERY_PARAM_NAMES.sort]: 'name,ASC',
  }),
});
