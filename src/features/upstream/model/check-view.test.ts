import { describe, expect, it } from 'vitest';
import type { DoctorReport, UpstreamCheck, UpstreamCheckAnswer } from '@contract/bff/upstream-check';
import { isOpen, lifetime, runDisabledReason, skewText, stageOf, verdict } from './check-view';

const check = (over: Partial<UpstreamCheck> = {}): UpstreamCheck => ({
  id: 1,
  requestedAt: '2026-11-28T10:00:00.000Z',
  requestedBy: 'admin',
  startedAt: null,
  finishedAt: null,
  report: null,
  error: null,
  ...over,
});
const report = (problems: string[]): DoctorReport => ({
  upstream: 'https://voice.example',
  ok: problems.length === 0,
  keys: [],
  shapes: [],
  transcript: null,
  recording: null,
  rateLimitHeaders: {},
  clockSkewSeconds: 0,
  latencyMs: { median: 10, max: 20, requests: 6 },
  problems,
});
const answer = (c: UpstreamCheck | null, running = true): UpstreamCheckAnswer => ({ check: c, worker: { running } });

describe('the Voice API page model', () => {
  it('reads where a check stands', () => {
    expect(stageOf(null)).toBe('never');
    expect(stageOf(check())).toBe('waiting');
    expect(stageOf(check({ startedAt: '2026-11-28T10:00:01.000Z' }))).toBe('running');
    expect(stageOf(check({ startedAt: 'x', finishedAt: 'y', report: report([]) }))).toBe('done');
    expect(stageOf(check({ startedAt: 'x', finishedAt: 'y', error: 'The worker stopped during the check.' }))).toBe('failed');
    expect(isOpen(check())).toBe(true);
    expect(isOpen(check({ finishedAt: 'y', error: 'e' }))).toBe(false);
    expect(isOpen(null)).toBe(false);
  });

  it('says the verdict: as expected, or how many problems', () => {
    expect(verdict(report([]))).toBe('As expected');
    expect(verdict(report(['Key 2 was refused (401).']))).toBe('1 problem');
    expect(verdict(report(['a', 'b']))).toBe('2 problems');
  });

  it('disables "Run the check" while one is open, and says why (no worker named)', () => {
    expect(runDisabledReason(answer(null))).toBeNull();
    expect(runDisabledReason(answer(check({ finishedAt: 'y', report: report([]) })))).toBeNull();
    expect(runDisabledReason(answer(check({ startedAt: 'x' })))).toMatch(/running/);
    expect(runDisabledReason(answer(check()))).toMatch(/waiting for the worker/);
    expect(runDisabledReason(answer(check(), false))).toMatch(/none is running/);
  });

  it('words a token lifetime and the clock skew', () => {
    expect(lifetime(3600)).toBe('3600 s (1 h)');
    expect(lifetime(900)).toBe('900 s (15 min)');
    expect(lifetime(45)).toBe('45 s');
    expect(lifetime(null)).toBe('—');
    expect(skewText(null)).toMatch(/no Date header/);
    expect(skewText(0)).toBe('None');
    expect(skewText(40)).toBe('40 s ahead of this server');
    expect(skewText(-3)).toBe('3 s behind this server');
  });
});
