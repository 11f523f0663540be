/**
 * The Voice API through the peer's server (which adds the API key): fetchers, query key factory and
 * queryOptions for the calls list, a call, its transcript and the agents.
 */
import { queryOptions } from '@tanstack/react-query';

export interface Page<T> {
  content: T[];
  page: number;
  size: number;
  totalElements: number;
  totalPages: number;
}

export interface Call {
  id: string;
  agentId: string;
  phone: string;
  type: 'INBOUND' | 'OUTBOUND';
  status: string;
  duration: number | null;
  startTime: string;
  endTime: string | null;
  recorded: boolean;
  summary: string | null;
  tags: string[];
}

export interface Agent {
  id: string;
  name: string;
  type: 'INBOUND' | 'OUTBOUND';
}

export interface TranscriptEntry {
  action: string;
  time: string;
  actor: string;
  message: string;
}

export interface CallsSearch {
  page: number;
  sort: string;
  agentId?: string;
  phone?: string;
  campaignName?: string;
}

export const PAGE_SIZE = 100;

async function get<T>(path: string): Promise<T> {
  const res = await fetch(path, { headers: { Accept: 'application/json' } });
  if (!res.ok) throw new Error(`${res.status} on ${path}`);
  return (await res.json()) as T;
}

export const callKeys = {
  all: ['calls'] as const,
  list: (search: CallsSearch) => [...callKeys.all, 'list', search] as const,
  detail: (id: string) => [...callKeys.all, 'detail', id] as const,
  transcript: (id: string) => [...callKeys.all, 'transcript', id] as const,
};

export const callsQueryOptions = (search: CallsSearch) =>
  queryOptions({
    queryKey: callKeys.list(search),
    queryFn: () => {
      const params = new URLSearchParams({ page: String(search.page), size: String(PAGE_SIZE), sort: search.sort });
      for (const key of ['agentId', 'phone', 'campaignName'] as const) if (search[key]) params.set(key, search[key]);
      return get<Page<Call>>(`/v1/calls?${params}`);
    },
  });

export const callQueryOptions = (id: string) => queryOptions({ queryKey: callKeys.detail(id), queryFn: () => get<Call>(`/v1/calls/${id}`) });

export const transcriptQueryOptions = (id: string) =>
  queryOptions({ queryKey: callKeys.transcript(id), queryFn: () => get<TranscriptEntry[]>(`/v1/calls/${id}/transcript`) });

export const agentsQueryOptions = () =>
  queryOptions({
    queryKey: ['agents'],
    queryFn: () => get<Page<Agent>>('/v1/agents?page=1&size=100&sort=name,ASC'),
    staleTime: 5 * 60_000,
  });
