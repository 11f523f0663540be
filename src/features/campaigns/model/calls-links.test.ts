import { defaultParseSearch } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import { campaignCallsHref } from './calls-links';

const AGENT = '0b5e7d0c-5d39-4d3c-9c43-0f2b9a0c1e11';
/** What the router reads back from the link (the calls list's search). */
const searchOf = (href: string) => {
  expect(href.split('?')[0]).toBe('/calls');
  return defaultParseSearch(href.slice(href.indexOf('?')));
};

describe("a campaign's calls links", () => {
  it('narrow the calls list by the campaign name and agent, and to an outcome or the reached statuses', () => {
    expect(searchOf(campaignCallsHref('Spring (1/2)', AGENT))).toEqual({ campaignName: 'Spring (1/2)', agentId: AGENT });
    expect(searchOf(campaignCallsHref('Spring & co', AGENT, { outcomeId: 7 }))).toEqual({ campaignName: 'Spring & co', agentId: AGENT, outcome: ['7'] });
    expect(searchOf(campaignCallsHref('Spring', AGENT, 'reached'))).toEqual({ campaignName: 'Spring', agentId: AGENT, status: ['COMPLETED', 'TRANSFERRED'] });
  });
});
