// Child process of creates.bench.ts: an open-loop HTTP/1.1 load generator on raw sockets. Request i
// of a step is due at stepStart + i / rate whatever the server does, and its latency counts from that
// due time (a server that falls behind is charged for the wait: no coordinated omission). A request
// goes on an idle keep-alive connection, a new one while fewer than maxConnections are open, else
// waits in line for the first connection free.
// Messages in: { port, tokens } (answered { ready }), then { step: { rate, durationMs }, timeoutMs,
// drainMs } each answered { rate, sent, answered, p50, p90, p99, max, statuses, errors, timeouts },
// then {} to exit. Each request is POST /api/payins/<run>-<i> with the next token, a body of its own.
import { connect } from 'node:net';
import { randomBytes } from 'node:crypto';

const CRLFCRLF = Buffer.from('\r\n\r\n');
const RUN = randomBytes(4).toString('hex');
const MAX_CONNECTIONS = 512;

function createRequest(index, token) {
  // Amounts with satang (never a sandbox magic amount) spread over a wide range: each payin its own.
  const amount = 100 + (index % 90_000) + 0.5;
  const body = JSON.stringify({
    paymentRequested: { money: { amount, currencyCode: 'THB' } },
    paymentMethod: { paymentMethodCode: 'OFFLINE' },
    callbackUrl: 'https://merchant.example/callbacks',
    returnUrl: 'https://merchant.example/return',
  });
  const head = [
    `POST /api/payins/${RUN}-${index} HTTP/1.1`,
    'host: 127.0.0.1',
    'x-api-version: 2',
    'content-type: application/json',
    `authorization: Bearer ${token}`,
    `content-length: ${Buffer.byteLength(body)}`,
  ];
  return Buffer.from(`${head.join('\r\n')}\r\n\r\n${body}`, 'latin1');
}

function percentile(sorted, p) {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

function createPool(port) {
  const idle = [];
  const waiting = [];
  let open = 0;

  const openConnection = () => {
    open++;
    const socket = connect(port, '127.0.0.1');
    socket.setNoDelay(true);
    const connection = { socket, current: undefined, buffer: Buffer.alloc(0), expected: -1, status: 0 };
    const release = () => {
      const queued = waiting.shift();
      if (queued) send(connection, queued);
      else idle.push(connection);
    };
    socket.on('connect', () => (connection.current ? socket.write(connection.current.bytes) : release()));
    socket.on('data', (chunk) => {
      connection.buffer = connection.buffer.length === 0 ? chunk : Buffer.concat([connection.buffer, chunk]);
      for (;;) {
        if (connection.expected < 0) {
          const end = connection.buffer.indexOf(CRLFCRLF);
          if (end < 0) return;
          const head = connection.buffer.subarray(0, end).toString('latin1');
          connection.status = Number(head.slice(9, 12));
          const length = /\r\ncontent-length: *(\d+)/i.exec(head);
          connection.expected = end + 4 + (length ? Number(length[1]) : 0);
        }
        if (connection.buffer.length < connection.expected) return;
        connection.buffer = connection.buffer.subarray(connection.expected);
        connection.expected = -1;
        const request = connection.current;
        connection.current = undefined;
        request?.done(connection.status);
        release();
        if (connection.buffer.length === 0) return;
      }
    });
    const fail = () => {
      open--;
      const index = idle.indexOf(connection);
      if (index >= 0) idle.splice(index, 1);
      const request = connection.current;
      connection.current = undefined;
      request?.done(0);
    };
    socket.on('error', () => undefined);
    socket.on('close', fail);
    return connection;
  };

  function send(connection, request) {
    connection.current = request;
    if (!connection.socket.connecting) connection.socket.write(request.bytes);
  }

  return {
    dispatch(request) {
      const connection = idle.pop();
      if (connection) send(connection, request);
      else if (open < MAX_CONNECTIONS) openConnection().current = request;
      else waiting.push(request);
    },
    close() {
      for (const connection of idle) connection.socket.destroy();
    },
  };
}

async function runStep(pool, { rate, durationMs }, tokens, counter, timeoutMs) {
  const latencies = [];
  const statuses = {};
  let errors = 0;
  let outstanding = 0;
  const total = Math.round((rate * durationMs) / 1000);
  const start = performance.now() + 5;
  let next = 0;
  let allDone;
  const finished = new Promise((resolve) => (allDone = resolve));
  await new Promise((resolve) => {
    const tick = () => {
      const now = performance.now();
      while (next < total && start + (next * 1000) / rate <= now) {
        const due = start + (next * 1000) / rate;
        const index = counter.next++;
        outstanding++;
        pool.dispatch({
          bytes: createRequest(index, tokens[index % tokens.length]),
          done(status) {
            latencies.push(performance.now() - due);
            if (status === 0) errors++;
            else statuses[status] = (statuses[status] ?? 0) + 1;
            if (--outstanding === 0 && next >= total) allDone();
          },
        });
        next++;
      }
      if (next < total) setTimeout(tick, 1);
      else resolve();
    };
    tick();
  });
  const sentAll = performance.now();
  let timedOut = false;
  if (outstanding > 0)
    await Promise.race([
      finished,
      new Promise((resolve) => setTimeout(() => resolve((timedOut = true)), timeoutMs)),
    ]);
  const timeouts = timedOut ? outstanding : 0;
  // Requests still unanswered count at the deadline (at least): the step failed anyway.
  for (let i = 0; i < timeouts; i++) latencies.push(sentAll + timeoutMs - start);
  latencies.sort((a, b) => a - b);
  return {
    rate,
    sent: total,
    answered: total - timeouts,
    p50: percentile(latencies, 50),
    p90: percentile(latencies, 90),
    p99: percentile(latencies, 99),
    max: latencies.at(-1) ?? Number.NaN,
    statuses,
    errors,
    timeouts,
  };
}

let pool;
let tokens;
const counter = { next: 0 };
process.on('message', async (message) => {
  if (message.port !== undefined) {
    pool = createPool(message.port);
    tokens = message.tokens;
    process.send({ ready: true });
    return;
  }
  if (message.step === undefined) {
    pool?.close();
    process.exit(0);
  }
  const result = await runStep(pool, message.step, tokens, counter, message.timeoutMs ?? 5000);
  await new Promise((resolve) => setTimeout(resolve, message.drainMs ?? 500));
  process.send(result);
});
