// Child process of http.bench.ts: a bare node:http server ("bare"), or the API ("pglite" or
// "postgres") with its requests. Answers { port, requests } once listening; closes on any message.
// With BENCH_PROFILE set, writes a CPU profile of the measured phase (set-up excluded) to
// .cache/profiles/<mode>.cpuprofile for `--cpu-prof`-style digging.
import { createServer } from 'node:http';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { profiled } from './cpu-profile.mjs';

const mode = process.argv[2];

let close = async () => {};
let requests = [{ path: '/', headers: {} }];
let port;
if (mode === 'bare') {
  const body = JSON.stringify({ status: 'ok' });
  const server = createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
    res.end(body);
  });
  await new Promise((resolveListen) => server.listen(0, '127.0.0.1', resolveListen));
  port = server.address().port;
} else {
  const { startBenchApi } = await import(
    pathToFileURL(resolve('.cache/bench/api-runtime.bench-support.mjs')).href
  );
  const api = await startBenchApi({
    database: mode,
    adminUrl: process.env.BENCH_DATABASE_URL,
    merchants: Number(process.env.BENCH_MERCHANTS),
    payinsEach: Number(process.env.BENCH_PAYINS_EACH),
  });
  ({ port, requests } = api);
  if (api.db) process.env.BENCH_DB_NAME = api.db;
  close = api.close;
}
const stopProfile = await profiled(mode);
process.send({ port, requests, db: process.env.BENCH_DB_NAME });
process.once('message', async () => {
  await stopProfile();
  await close();
  process.exit(0);
});
