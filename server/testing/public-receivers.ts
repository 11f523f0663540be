/**
 * Webhook receivers at public-looking addresses, on this machine: run by
 * server/services/alerts/webhook.public.test.ts inside a network namespace of its own (`unshare`),
 * whose loopback device also carries public addresses (8.8.8.8, 2001:4860:4860::8888) and a private
 * one (10.0.0.5), with names for them in the namespace's /etc/hosts. One https receiver listens on
 * every address; each case goes the way of a rule: the URL checked as when the rule is saved
 * (skipped with `direct`, as for a URL stored before a change of policy), then one delivery through
 * the real agent, with loopback not allowed. Prints one JSON line: each case's outcome and the
 * local addresses that requests and TCP connections actually reached.
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:https';
import { postWebhook, webhookAgent, webhookUrlProblem } from '../services/alerts/webhook';

interface Case {
  url: string;
  direct?: boolean;
}

const [certFile, keyFile, casesJson] = process.argv.slice(2) as [string, string, string];
const cases = JSON.parse(casesJson) as Case[];
const reached: { url: string; at: string }[] = [];
const server = createServer({ cert: readFileSync(certFile), key: readFileSync(keyFile) }, (req, res) => {
  req.resume();
  req.on('end', () => {
    reached.push({ url: req.url ?? '', at: (req.socket.localAddress ?? '').replace(/^::ffff:/, '') });
    res.statusCode = 204;
    res.end();
  });
});
/** Every TCP connection that reached the receiver, by the local address it reached. */
const connections: string[] = [];
server.on('connection', (socket: { localAddress?: string }) => connections.push((socket.localAddress ?? '').replace(/^::ffff:/, '')));
await new Promise<void>((resolve) => server.listen(0, '::', resolve));
const port = (server.address() as { port: number }).port;
const agent = webhookAgent(false, 3000);
const outcomes = [];
for (const c of cases) {
  const url = c.url.replace('PORT', String(port));
  const problem = c.direct ? null : webhookUrlProblem(url, false);
  const sent = problem
    ? null
    : await postWebhook(agent, { url, secret: 'receiver-shared-secret', body: '{}', deliveryId: 1, event: 'opened', timeoutMs: 3000 });
  outcomes.push({ url: c.url, problem, ok: sent?.ok ?? null, error: sent?.error ?? null });
}
await agent.close();
server.close();
process.stdout.write(`${JSON.stringify({ outcomes, reached, connections })}\n`);
