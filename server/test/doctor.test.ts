/**
 * The connection check against the real simulator, strict and in variants: it names missing and
 * unknown fields, the transcript's and recording's forms, an unknown audio container and a clock skew.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../testing/harness';
import { containerOf, recordingForm, runDoctor } from '../services/upstream/doctor';

let stack: TestStack;
let keys: string[];
const sim = {
  get url() {
    return stack.simUrl;
  },
};
const variants = (v: string) => stack.control('POST', '/_sim/variants', { variants: v });

beforeAll(async () => {
  stack = await startTestStack({ seedCalls: 150 });
  keys = [...stack.keys];
  const agents = (await stack.upstream('GET', '/v1/agents?size=100')).body as { content: any[] };
  const agent = agents.content.find((a) => a.type === 'OUTBOUND' && a.active && !a.archived);
  // A call in progress is the newest: its end, duration and summary are null (left out in omit-empty).
  await fetch(`${sim.url}/v1/calls`, {
    method: 'POST',
    headers: { 'x-api-key': keys[0]!, 'content-type': 'application/json' },
    body: JSON.stringify({ agentId: agent.id, recipient: { phone: '+14155550177' } }),
  });
});
afterAll(() => stack?.close());

describe('npm run doctor', () => {
  it('finds the strict simulator as expected: both keys, every scope, the contract shapes, base64 WAV, no skew', async () => {
    const report = await runDoctor({ baseUrl: sim.url, keys });
    expect(report.problems).toEqual([]);
    expect(report.keys.map((k) => k.ok)).toEqual([true, true]);
    expect(report.keys[0]!.scopesGranted).toContain('calls:read');
    expect(report.shapes.map((s) => [s.missing, s.unknown])).toEqual([
      [[], []],
      [[], []],
    ]);
    expect(report.transcript?.form).toBe('array');
    expect(report.recording).toMatchObject({ form: 'a JSON string: base64', container: 'audio/wav' });
    expect(Math.abs(report.clockSkewSeconds!)).toBeLessThanOrEqual(2);
    expect(report.latencyMs.requests).toBeGreaterThan(5);
    expect(JSON.stringify(report)).not.toContain(keys[0]);
  });

  it('names the fields missing and unknown, a wrapped transcript, a recording by URL in MP3, and a token without exp', async () => {
    await variants('omit-empty,extra-fields,transcript-items,recording-url,recording-mp3,token-no-exp');
    try {
      const report = await runDoctor({ baseUrl: sim.url, keys });
      const calls = report.shapes.find((s) => s.route === 'GET /v1/calls')!;
      expect(calls.missing).toEqual(expect.arrayContaining(['endTime', 'duration', 'summary']));
      expect(calls.unknown).toEqual(expect.arrayContaining(['_links', 'revision']));
      expect(report.problems.join('\n')).toMatch(/GET \/v1\/calls: fields the contract lists were missing: .*endTime/);
      expect(report.transcript?.form).toBe('object wrapping "items"');
      expect(report.recording).toMatchObject({ form: 'a JSON string: a URL', container: 'audio/mpeg' });
      expect(report.keys[0]!.jwtExp).toBe(false);
    } finally {
      await variants('strict');
    }
  });

  it('reports a clock skew from the Date header', async () => {
    const report = await runDoctor({ baseUrl: sim.url, keys, now: () => Date.now() + 120_000 });
    expect(report.clockSkewSeconds).toBeLessThanOrEqual(-118);
    expect(report.problems).toEqual([expect.stringMatching(/clock.*differ by -1[12]\d s/)]);
  });

  it('names an audio container it does not know, with its first bytes; reads every recording form', () => {
    expect(containerOf(Buffer.from('ftypM4A fake audio'))).toBe('unknown (first bytes 667479704d344120)');
    expect(containerOf(Buffer.from('OggS\0\u0002rest'))).toBe('audio/ogg');
    expect(recordingForm('UklGRg==', 'text/plain')).toMatchObject({ form: 'bare text (text/plain): base64' });
    expect(recordingForm('"data:audio/mpeg;base64,SUQz"', 'application/json').form).toBe('a JSON string: a data: URI');
    expect(recordingForm('{"url":"x"}', 'application/json').form).toBe('JSON object');
  });
});
