/**
 * server/memory.ts, in processes of their own (V8's flags are per process): with DATABASE_URL, the
 * first upstream answer no longer lifts the BFF's peak. The optimising compiler's working memory
 * for undici's HTTP parser was 25–35 MiB for a moment (ADR 0023's DATABASE_URL peak).
 */
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

/**
 * In a child: server/memory.ts, then 600 answers through an undici pool; how far the peak (VmHWM)
 * rose above both the memory before them and the memory after them, in MiB: a passing rise, not growth.
 */
const CHILD = `
import { createServer } from 'node:http';
import { readFileSync } from 'node:fs';
await import('./server/memory.ts');
const { Pool } = await import('undici');
const kib = (status, field) => Number(new RegExp(field + ':\\\\s+(\\\\d+)').exec(status)[1]);
const body = JSON.stringify({ content: Array.from({ length: 100 }, (_, i) => ({ id: i, status: 'COMPLETED' })) });
const server = createServer((req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(body));
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const pool = new Pool('http://127.0.0.1:' + server.address().port);
const get = async () => { const res = await pool.request({ method: 'GET', path: '/' }); await res.body.text(); };
const before = kib(readFileSync('/proc/self/status', 'utf8'), 'VmHWM');
// The first answer compiles the parser (eagerly with the optimising compiler under --no-liftoff);
// the next hundreds would tier it up to that compiler otherwise.
for (let i = 0; i < 600; i += 1) await get();
const after = readFileSync('/proc/self/status', 'utf8');
process.stdout.write(String((kib(after, 'VmHWM') - Math.max(before, kib(after, 'VmRSS'))) / 1024));
await pool.close();
server.close();
`;

function peakRiseMiB(env: Record<string, string>): number {
  const out = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', CHILD], {
    env: { PATH: process.env.PATH, ...env },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return Number(out);
}

describe('the BFF process memory settings', () => {
  it('with DATABASE_URL, answers from the upstream do not lift the peak (no optimising compile of the HTTP parser)', () => {
    const rise = peakRiseMiB({ DATABASE_URL: 'postgres://db.example/switchboard' });
    expect(Number.isFinite(rise)).toBe(true);
    expect(rise).toBeLessThan(8);
  }, 90_000);
});
