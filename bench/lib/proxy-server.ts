/**
 * The peer for the BFF's overhead: a bare @fastify/http-proxy in front of the same simulator,
 * /api/v1/* -> /v1/*, no session, no token, no validation. Prints {url} when ready.
 */
import proxy from '@fastify/http-proxy';
import Fastify from 'fastify';

const app = Fastify({ logger: false });
await app.register(proxy, { upstream: process.env.BENCH_SIM_URL!, prefix: '/api/v1', rewritePrefix: '/v1' });
await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : 0;
process.stdout.write(`${JSON.stringify({ url: `http://127.0.0.1:${port}` })}\n`);
const stop = () => void app.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
