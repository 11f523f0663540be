/**
 * A campaign's figures open the calls behind them on the calls list, another feature's screen: this
 * builds its URL (the search param names are the index route's, contract/bff/index.plain.ts) and
 * the router resolves it. Calls carry a campaign's name, not its id, so the list is narrowed by the
 * name and the agent, as the recipients' states are joined.
 */
import { defaultStringifySearch } from '@tanstack/react-router';
import { STATUS_GROUP_STATUSES } from '@contract/status-groups';

/** Which of the campaign's calls: all, the reached ones, or those that met an outcome. */
export type CampaignCalls = 'all' | 'reached' | { outcomeId: number };

export function campaignCallsHref(campaignName: string, agentId: string, only: CampaignCalls = 'all'): string {
  const narrow = only === 'all' ? {} : only === 'reached' ? { status: [...STATUS_GROUP_STATUSES.reached] } : { outcome: [String(only.outcomeId)] };
  return `/calls${defaultStringifySearch({ campaignName, agentId, ...narrow })}`;
}
