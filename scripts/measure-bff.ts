/**
 * Quick figures for docs/bff.md (the full budgets are `npm run bench`): sign-in time with the
 * chosen scrypt cost, and the proxy's added latency on GET /api/v1/calls against the simulator
 * directly (autocannon, 50 connections). `npx tsx scripts/measure-bff.ts`
 */
import autocannon from 'autocannon';
import { hashPassword, verifyPassword } from '../server/services/auth/passwords';
import { startStack } from './stack';

const stack = await startStack({ seedCalls: 2000, env: { LOG_LEVEL: 'warn' } });
try {
  const hash = await hashPassword('switchboard-demo');
  const verify: number[] = [];
  for (let i = 0; i < 10; i += 1) {
    const t = performance.now();
    await verifyPassword('switchboard-demo', hash);
    verify.push(performance.now() - t);
  }
  const login: number[] = [];
  let cookie = '';
  for (let i = 0; i < 10; i += 1) {
    const t = performance.now();
    const res = await fetch(`${stack.url}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-switchboard': '1', origin: stack.url },
      body: JSON.stringify({ username: 'viewer', password: 'switchboard-demo' }),
    });
    login.push(performance.now() - t);
    cookie = res.headers.get('set-cookie')!.split(';')[0]!;
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!.toFixed(1);
  console.log(`scrypt verify: median ${median(verify)} ms; POST /auth/login: median ${median(login)} ms, max ${Math.max(...login).toFixed(1)} ms`);

  const tokenRes = await fetch(`${stack.url}/auth/token`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json', 'x-switchboard': '1', origin: stack.url },
    body: JSON.stringify({ scope: ['calls:read'] }),
  });
  const { token } = (await tokenRes.json()) as { token: string };
  const run = (url: string, headers: Record<string, string>) => autocannon({ url, connections: 50, duration: Number(process.env.SECONDS ?? 8), headers });
  const direct = await run(`${stack.simUrl}/v1/calls?size=20`, { authorization: `Bearer ${token}` });
  const viaBff = await run(`${stack.url}/api/v1/calls?size=20`, { authorization: `Bearer ${token}`, cookie });
  for (const [name, r] of [
    ['simulator directly', direct],
    ['through the BFF', viaBff],
  ] as const) {
    console.log(`${name}: ${r.requests.average} req/s, p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms, non-2xx ${r.non2xx}, errors ${r.errors}`);
  }
  console.log(
    `added: p50 ${viaBff.latency.p50 - direct.latency.p50} ms, p99 ${viaBff.latency.p99 - direct.latency.p99} ms, throughput ${((viaBff.requests.average / direct.requests.average) * 100).toFixed(0)}% of direct`,
  );
} finally {
  await stack.close();
}
