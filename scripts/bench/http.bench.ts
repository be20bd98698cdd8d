// API throughput over HTTP against a bare node:http server measured in the same run (the baseline).
// The API runs in its own process (the real runtime on an in-memory PGlite, Hono on node:http, no
// Next); the load generator keeps a fixed number of keep-alive requests in flight.
import { fork, type ChildProcess } from 'node:child_process';
import { Agent, request } from 'node:http';
import { resolve } from 'node:path';
import { report } from './report';

const CONCURRENCY = 32;
const DURATION_MS = 4000;

interface Target {
  port: number;
  child: ChildProcess;
}

async function startChild(mode: 'bare' | 'api'): Promise<Target & { token?: string }> {
  const child = fork(resolve('scripts/bench/http-server.bench-child.mjs'), [mode], { stdio: 'inherit' });
  const ready = await new Promise<{ port: number; token?: string }>((resolve, reject) => {
    child.once('message', (message) => resolve(message as { port: number; token?: string }));
    child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
  });
  return { ...ready, child };
}

async function load(
  port: number,
  path: string,
  headers: Record<string, string>,
): Promise<{ rps: number; statuses: Record<number, number> }> {
  const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const statuses: Record<number, number> = {};
  let done = 0;
  const deadline = performance.now() + DURATION_MS;
  const one = () =>
    new Promise<void>((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port, path, agent, headers }, (res) => {
        statuses[res.statusCode ?? 0] = (statuses[res.statusCode ?? 0] ?? 0) + 1;
        res.resume();
        res.on('end', () => resolve());
      });
      req.on('error', reject);
      req.end();
    });
  const start = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < deadline) {
        await one();
        done++;
      }
    }),
  );
  agent.destroy();
  return { rps: (done * 1000) / (performance.now() - start), statuses };
}

const bare = await startChild('bare');
const bareResult = await load(bare.port, '/', {});
bare.child.kill();

const api = await startChild('api');
const health = await load(api.port, '/api/health', {});
const notFound = await load(api.port, '/api/nowhere', { 'x-api-version': '2' });
// Authenticated calls of one merchant: after 10 per second the limiter answers 429, which still runs
// version, token verification and the rate limit, i.e. the per-request overhead of every API call.
const authenticated = await load(api.port, '/api/merchant-info', {
  'x-api-version': '2',
  authorization: `Bearer ${api.token}`,
});
api.child.kill();

const ratio = (value: number) => value / bareResult.rps;
report(
  'http',
  {
    'bare node:http, req/s (baseline)': bareResult.rps,
    'API 404 problem+json, req/s': notFound.rps,
    'API GET /health (database round trip), req/s': health.rps,
    'API authenticated (verify + rate limit), req/s': authenticated.rps,
    'authenticated statuses': JSON.stringify(authenticated.statuses),
  },
  [
    {
      name: 'API routing + problem+json vs bare node:http',
      value: ratio(notFound.rps),
      target: '≥ 0.4',
      pass: ratio(notFound.rps) >= 0.4,
    },
    {
      name: 'authenticated pipeline vs bare node:http',
      value: ratio(authenticated.rps),
      target: '≥ 0.3',
      pass: ratio(authenticated.rps) >= 0.3,
    },
  ],
);
