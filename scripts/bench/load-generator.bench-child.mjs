// Child process of the HTTP benchmarks: a small, fast HTTP/1.1 load generator on raw sockets, in a
// process of its own so it never competes with the server for the event loop. Each connection
// keeps one request in flight (keep-alive, no pipelining), cycling through the given requests.
// Message in: { port, requests: [{ path, headers }], connections, warmupMs, durationMs }: answers in
// the first warmupMs (JIT, connection set-up, caches) are not counted.
// Message out: { rps, statuses, errors }.
import { connect } from 'node:net';

function encode({ method = 'GET', path, headers }) {
  const lines = [`${method} ${path} HTTP/1.1`, 'host: 127.0.0.1'];
  for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
  return Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1');
}

const CRLFCRLF = Buffer.from('\r\n\r\n');

function run({ port, requests, connections, warmupMs = 0, durationMs }) {
  const encoded = requests.map(encode);
  const statuses = {};
  let done = 0;
  let errors = 0;
  let next = 0;
  const started = performance.now() + warmupMs;
  const deadline = started + durationMs;

  const one = () =>
    new Promise((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.setNoDelay(true);
      let buffer = Buffer.alloc(0);
      let expected = -1;
      let status = 0;
      const send = () => {
        if (performance.now() >= deadline) {
          socket.destroy();
          resolve();
          return;
        }
        socket.write(encoded[next++ % encoded.length]);
      };
      socket.on('connect', send);
      socket.on('data', (chunk) => {
        buffer = buffer.length === 0 ? chunk : Buffer.concat([buffer, chunk]);
        for (;;) {
          if (expected < 0) {
            const end = buffer.indexOf(CRLFCRLF);
            if (end < 0) return;
            const head = buffer.subarray(0, end).toString('latin1');
            status = Number(head.slice(9, 12));
            const length = /\r\ncontent-length: *(\d+)/i.exec(head);
            expected = end + 4 + (length ? Number(length[1]) : 0);
          }
          if (buffer.length < expected) return;
          if (performance.now() >= started) {
            statuses[status] = (statuses[status] ?? 0) + 1;
            done++;
          }
          buffer = buffer.subarray(expected);
          expected = -1;
          send();
          if (buffer.length === 0) return;
        }
      });
      socket.on('error', () => {
        errors++;
        resolve();
      });
      socket.on('close', () => resolve());
    });

  return Promise.all(Array.from({ length: connections }, one)).then(() => ({
    rps: (done * 1000) / (performance.now() - started),
    statuses,
    errors,
  }));
}

process.once('message', async (message) => {
  process.send(await run(message));
  process.exit(0);
});
