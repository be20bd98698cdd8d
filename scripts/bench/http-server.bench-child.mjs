// Child process of http.bench.ts: a bare node:http server ("bare") or the API runtime ("api").
import { createServer } from 'node:http';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const mode = process.argv[2];
if (mode === 'bare') {
  const body = JSON.stringify({ status: 'ok' });
  const server = createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
    res.end(body);
  });
  server.listen(0, '127.0.0.1', () => process.send({ port: server.address().port }));
} else {
  const { startBenchApi } = await import(
    pathToFileURL(resolve('.cache/bench/api-runtime.bench-support.mjs')).href
  );
  process.send(await startBenchApi());
}
