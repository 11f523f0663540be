// @vitest-environment jsdom
import { QueryClient } from '@tanstack/react-query';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ROLE_SCOPES } from '@contract/bff/permissions';
import type { IndexStatus } from '@contract/bff/index';
import type { DoctorReport, UpstreamCheckAnswer } from '@contract/bff/upstream-check';
import { sessionKeys } from '@/lib/session';
import { renderWithQueries } from '@/testing/render';
import { VoiceApiPage } from './voice-api-page';

let answer: UpstreamCheckAnswer;
vi.mock('../api/upstream-check', () => ({
  upstreamCheckQueryOptions: () => ({ queryKey: ['upstream-check', 'latest'], queryFn: () => Promise.resolve(answer) }),
  useRequestCheck: () => ({ mutate: vi.fn(), isPending: false, isError: false, error: null }),
}));
const live: IndexStatus = {
  state: 'live',
  indexedAt: new Date().toISOString(),
  lagSeconds: 0,
  lastSuccessAt: new Date().toISOString(),
  calls: 32_600,
  transcripts: 32_000,
  transcriptsPending: 0,
  countedAt: '2026-11-28T10:00:00.000Z',
  rate: null,
  backfill: { windowDays: 30, since: '2026-10-30', complete: true },
  lastError: null,
  syncer: { active: true, thisInstance: false },
};
let indexStatus: IndexStatus = live;
vi.mock('../api/index-status', () => ({
  indexStatusQueryOptions: () => ({ queryKey: ['index-status'], queryFn: () => Promise.resolve(indexStatus) }),
}));

afterEach(cleanup);

const report: DoctorReport = {
  upstream: 'https://voice.example',
  ok: false,
  keys: [
    { index: 0, status: 200, ok: true, scopesGranted: ['calls:read', 'agents:read'], tokenType: 'Bearer', expiresIn: 900, jwtExp: true },
    { index: 1, status: 401, ok: false, scopesGranted: [], tokenType: null, expiresIn: null, jwtExp: false },
  ],
  shapes: [{ route: 'GET /v1/calls', objects: 20, missing: ['summary'], unknown: ['revision'] }],
  transcript: { callId: 'c1', form: 'object wrapping "items"', entries: 4 },
  recording: { callId: 'c1', form: 'a JSON string: a URL', container: 'audio/mpeg' },
  rateLimitHeaders: { 'x-ratelimit-remaining': '99' },
  clockSkewSeconds: -40,
  latencyMs: { median: 120, max: 300, requests: 7 },
  problems: ['Key 2 was refused (401).', 'GET /v1/calls: fields the contract lists were missing: summary (shown as "—").'],
};
const check = { id: 3, requestedAt: '2026-11-28T10:00:00.000Z', requestedBy: 'ada', startedAt: null, finishedAt: null, report: null, error: null };

function renderAs(role: 'admin' | 'operator', given: UpstreamCheckAnswer, index: IndexStatus = live) {
  answer = given;
  indexStatus = index;
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(sessionKeys.all, { user: role, role, scopes: [...ROLE_SCOPES[role]] });
  return renderWithQueries(<VoiceApiPage />, client);
}

describe('the Voice API page', () => {
  it('says "Never checked yet" and lets an admin run the first check', async () => {
    renderAs('admin', { check: null, worker: { running: true } });
    expect(await screen.findByText('Never checked yet')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Run the check' })).toBeEnabled();
    expect(await screen.findByRole('region', { name: "The call index's request rate" })).toHaveTextContent('Not known yet');
  });

  it('while a check waits and no worker runs: the button is disabled with the reason, and the page says no worker runs', async () => {
    renderAs('admin', { check, worker: { running: false } });
    const run = await screen.findByRole('button', { name: 'Run the check' });
    expect(run).toBeDisabled();
    expect(run).toHaveAccessibleDescription('A check is waiting for a worker: none is running.');
    expect(screen.getByRole('note')).toHaveTextContent('No worker is running');
    expect(screen.getByText('Waiting for the worker…')).toBeInTheDocument();
  });

  it('says the verdict in a live region, the problems first, then each part; and the rate with the last limit hit', async () => {
    const rate = { perSecond: 12.5, max: 50, lastLimitAt: '2026-11-28T09:00:00.000Z', lastLimitPerSecond: 25, at: '2026-11-28T10:00:00.000Z' };
    // The page shows the rate the index status gives (the check's answer has none of its own).
    renderAs(
      'admin',
      { check: { ...check, startedAt: '2026-11-28T10:00:01.000Z', finishedAt: '2026-11-28T10:00:03.000Z', report }, worker: { running: true } },
      { ...live, rate },
    );
    const verdict = (await screen.findByText('2 problems')).closest('[role="status"]');
    expect(verdict).toHaveAttribute('aria-live', 'polite');
    expect(verdict).toHaveTextContent('Verdict: 2 problems');
    const parts = screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
    expect(parts[0]).toBe('Problems');
    expect(parts).toEqual(['Problems', 'Keys', 'Shapes', 'Transcript', 'Recording', 'Rate-limit headers', 'Clock skew', 'Latency']);
    expect(within(screen.getByRole('region', { name: 'Keys' })).getByRole('row', { name: /Secondary key Refused \(401\)/ })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Shapes' })).toHaveTextContent('summary');
    expect(screen.getByRole('region', { name: 'Clock skew' })).toHaveTextContent('40 s behind this server');
    expect(await screen.findByRole('region', { name: "The call index's request rate" })).toHaveTextContent('12.5 requests/s');
    expect(screen.getByRole('region', { name: "The call index's request rate" })).toHaveTextContent('at 25 requests/s');
    expect(screen.getByText(/asked for by ada/)).toBeInTheDocument();
  });

  it('tells an operator who may use it, and reads nothing', async () => {
    answer = { check: null, worker: { running: true } };
    renderAs('operator', answer);
    expect(await screen.findByRole('note')).toHaveTextContent('Only admins can check the connection to the Voice API');
    expect(screen.queryByRole('button', { name: 'Run the check' })).toBeNull();
  });

  it('says when no worker syncs the index, what it covers, and how long the pending transcripts take at the rate in use', async () => {
    renderAs(
      'admin',
      { check: null, worker: { running: false } },
      {
        ...live,
        state: 'backfilling',
        indexedAt: null,
        transcripts: 0,
        transcriptsPending: 1_000_000,
        rate: { perSecond: 20, max: 150, lastLimitAt: null, lastLimitPerSecond: null, at: '2026-11-28T10:00:00.000Z' },
        backfill: { windowDays: 30, since: '2026-10-30', complete: false },
        lastError: { at: '2026-11-28T09:59:00.000Z', kind: 'rate-limited', message: 'The Voice API answered 429 (too many requests).' },
        syncer: { active: false, thisInstance: false },
      },
    );
    const index = await screen.findByRole('region', { name: 'The call index' });
    expect(await within(index).findByText('Backfilling')).toBeInTheDocument();
    expect(within(index).getByRole('note')).toHaveTextContent('No worker is syncing the index');
    expect(index).toHaveTextContent('The call index is still being built');
    expect(index).toHaveTextContent('from 2026-10-30 (UTC): the backfill has not reached it yet');
    expect(index).toHaveTextContent('0 indexed, 1,000,000 still to fetch (about 14 h at 20 requests/s, one request each, newest first)');
    expect(index).toHaveTextContent('The Voice API answered 429 (too many requests).');
  });

  it('says a live index plainly, with no warning', async () => {
    renderAs('admin', { check: null, worker: { running: true } });
    const index = await screen.findByRole('region', { name: 'The call index' });
    expect(await within(index).findByText('Live')).toBeInTheDocument();
    expect(index).toHaveTextContent('Every call of the last 30 days is indexed');
    expect(index).toHaveTextContent('32,600');
    expect(within(index).queryByRole('note')).toBeNull();
  });
});
