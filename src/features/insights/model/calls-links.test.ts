import { defaultParseSearch } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import { callsHref, outcomeBaseSearch, outcomeSearch } from './calls-links';

const AGENT = '0b5e7d0c-5d39-4d3c-9c43-0f2b9a0c1e11';
const OTHER = '7c1d5e2a-3b4f-4a6d-8e9f-0a1b2c3d4e5f';
const query = { from: '2026-11-01', to: '2026-11-07', tz: 'Europe/Paris', campaignName: 'Spring' };
const read = (href: string) => defaultParseSearch(href.slice(href.indexOf('?')));

describe("Insights' outcome links", () => {
  it("open the calls that met the outcome over the page's range and filters", () => {
    expect(read(callsHref(outcomeSearch(query, 12)))).toEqual({ ...query, outcome: ['12'] });
  });

  it("open the rate's base: the range's calls of the outcome's agent or campaign, the page's other filter kept", () => {
    expect(read(callsHref(outcomeBaseSearch(query, { agentId: AGENT, campaignName: null })))).toEqual({ ...query, agentId: AGENT });
    expect(read(callsHref(outcomeBaseSearch({ ...query, campaignName: undefined, agentId: OTHER }, { agentId: null, campaignName: 'Autumn' })))).toEqual({
      from: query.from,
      to: query.to,
      tz: query.tz,
      agentId: OTHER,
      campaignName: 'Autumn',
    });
  });
});
