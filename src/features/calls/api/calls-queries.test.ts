import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { Call } from '@contract/schemas/call';
import type { PageOf } from '@contract/schemas/page';
import { parseCallsSearch } from '../model/search-params';
import { callFromLists } from './calls-queries';
import { callKeys } from './keys';

const call = (id: string) => ({ id, phone: '+33612345678' }) as unknown as Call;
const page = (...ids: string[]): PageOf<Call> => ({ content: ids.map(call), size: 20, page: 1, totalElements: ids.length, totalPages: 1 });

describe('callFromLists', () => {
  it('finds the call in any cached list page', () => {
    const client = new QueryClient();
    client.setQueryData(callKeys.list(parseCallsSearch({}), 'UTC'), page('a', 'b'), { updatedAt: 1000 });
    client.setQueryData(callKeys.list(parseCallsSearch({ page: 2 }), 'UTC'), page('c'), { updatedAt: 2000 });
    expect(callFromLists(client, 'c')).toEqual(call('c'));
    expect(callFromLists(client, 'a')).toEqual(call('a'));
  });

  it('is undefined when no cached page holds it, or nothing is cached', () => {
    const client = new QueryClient();
    expect(callFromLists(client, 'a')).toBeUndefined();
    client.setQueryData(callKeys.list(parseCallsSearch({}), 'UTC'), page('b'));
    expect(callFromLists(client, 'a')).toBeUndefined();
  });
});
