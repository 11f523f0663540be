import { describe, expect, it } from 'vitest';
import { renewalAgent as agent } from '../testing/agents';
import { LIMITS } from '@contract/limits';
import { AgentEditForm, editDefaults, needsArchiveConfirmation, toPatch } from './edit-form';
import { countExtractors, extractorDepth, isGroup } from './extractor-tree';
import { agentFlags } from './flags';
import { agentSort, parseAgentsSearch, toAgentQuery } from './search-params';

describe('agents search params', () => {
  it('fills defaults and falls back on anything invalid', () => {
    expect(parseAgentsSearch({})).toEqual({ page: 1, size: LIMITS.pageSize.default, sort: 'name,ASC' });
    expect(parseAgentsSearch({ type: 'SIDEWAYS', page: '-3', size: '500', sort: 'password,ASC' })).toEqual({
      type: undefined,
      page: 1,
      size: LIMITS.pageSize.default,
      sort: 'name,ASC',
    });
    expect(parseAgentsSearch({ type: 'INBOUND', page: '2', size: '100', sort: 'recordable,DESC' })).toEqual({
      type: 'INBOUND',
      page: 2,
      size: 100,
      sort: 'recordable,DESC',
    });
  });

  it('maps to the upstream query with the contract names', () => {
    const q = toAgentQuery(parseAgentsSearch({ type: 'OUTBOUND', page: 3, size: 10, sort: 'type,DESC' }));
    expect(Object.fromEntries(q)).toEqual({ type: 'OUTBOUND', page: '3', size: '10', sort: 'type,DESC' });
    expect(toAgentQuery(parseAgentsSearch({})).has('type')).toBe(false);
    expect(agentSort({ sort: 'type,DESC' })).toEqual({ property: 'type', direction: 'DESC' });
  });
});

describe('agent edit form', () => {
  it('sends only what changed, trimmed', () => {
    expect(toPatch(agent, { ...editDefaults(agent), name: '  Renewal Outreach  ' })).toEqual({});
    expect(toPatch(agent, { ...editDefaults(agent), name: 'Renewals', recordable: false })).toEqual({ name: 'Renewals', recordable: false });
  });

  it('refuses an empty or too long name with the contract limits', () => {
    expect(AgentEditForm.safeParse({ ...editDefaults(agent), name: '   ' }).success).toBe(false);
    expect(AgentEditForm.safeParse({ ...editDefaults(agent), name: 'x'.repeat(LIMITS.agentName.max + 1) }).success).toBe(false);
    expect(AgentEditForm.safeParse({ ...editDefaults(agent), name: 'x'.repeat(LIMITS.agentName.max) }).success).toBe(true);
  });

  it('asks before archiving, not before unarchiving', () => {
    expect(needsArchiveConfirmation(agent, { archived: true })).toBe(true);
    expect(needsArchiveConfirmation({ ...agent, archived: true }, { archived: false })).toBe(false);
    expect(needsArchiveConfirmation(agent, { name: 'x' })).toBe(false);
  });
});

describe('flags and extractors', () => {
  it('names every flag in words', () => {
    expect(agentFlags(agent).map((f) => f.label)).toEqual(['Active', 'Recording']);
    expect(agentFlags({ active: false, recordable: false, archived: true }).map((f) => f.label)).toEqual(['Inactive', 'Archived']);
  });

  it('walks the extractor tree to any depth', () => {
    expect(countExtractors(agent.configuration.extractors)).toBe(5);
    expect(extractorDepth(agent.configuration.extractors)).toBe(3);
    expect(isGroup(agent.configuration.extractors[0]!)).toBe(true);
    expect(isGroup(agent.configuration.extractors[1]!)).toBe(false);
  });
});
