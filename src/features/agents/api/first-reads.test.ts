import { describe, expect, it } from 'vitest';
import { parseAgentsSearch, toAgentQuery } from '../model/search-params';
import { agentsListRead, earlyAgentsReads } from './first-reads';

describe('earlyAgentsReads', () => {
  it('starts the read the agents route will ask for, with its validated search', () => {
    for (const raw of [{}, { page: 2, size: 50 }, { type: 'INBOUND', sort: 'name,DESC' }, { page: 'x', size: -3, type: 'nope' }]) {
      const reads = earlyAgentsReads(raw);
      expect(reads).toEqual([agentsListRead(parseAgentsSearch(raw))]);
      expect(reads[0]?.path).toBe('/v1/agents');
      expect(reads[0]?.query?.toString()).toBe(toAgentQuery(parseAgentsSearch(raw)).toString());
    }
  });
});
