// Child process of creates.bench.ts, on a fresh PostgreSQL database of its own: the API ("ours":
// the real runtime behind the front door, sandbox merchants with POST /payins/.* tokens), or the bare
// baseline ("bare": node:http, an HS256 check by jose with the algorithm pinned, one pg transaction
// inserting a payin-like row and an outbox row, a 201 with a JSON body). Answers { port, tokens }
// once listening. With BENCH_PROFILE set, profiles what follows (scripts/bench/cpu-profile.mjs).
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { jwtVerify, SignJWT } from 'jose';
import pg from 'pg';
import { profiled } from './cpu-profile.mjs';

const mode = process.argv[2];
const adminUrl = process.env.BENCH_DATABASE_URL;
const merchants = Number(process.env.BENCH_MERCHANTS);
const support = await import(pathToFileURL(resolve('.cache/bench/api-runtime.bench-support.mjs')).href);

const SCHEMA = `
  create table payins (
    id bigserial primary key, merchant_code text not null, id_payin text not null, status text not null,
    currency_code text not null, amount_minor bigint not null, callback_url text not null,
    return_url text not null, reference text not null unique, method_response jsonb not null,
    expire_at timestamptz not null, created_at timestamptz not null default now(),
    unique (merchant_code, id_payin));
  create table outbox (
    id bigserial primary key, payin_id bigint not null references payins (id), payload jsonb not null,
    created_at timestamptz not null default now());`;

async function startBare() {
  const database = await support.freshPostgres(adminUrl);
  const pool = new pg.Pool({ connectionString: database.url, max: 10 });
  // The database is dropped at close while the pool's last clients may still be closing: PostgreSQL
  // ending them then is expected, not a failure of the run.
  pool.on('error', () => {});
  await pool.query(SCHEMA);
  const key = randomBytes(32);
  const tokens = [];
  for (let index = 0; index < merchants; index++)
    tokens.push(
      await new SignJWT({ ops: ['POST /payins/.*'] })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(`bench${index}`)
        .setIssuedAt()
        .setExpirationTime('1h')
        .sign(key),
    );
  const answer = (res, status, body) => {
    const text = JSON.stringify(body);
    res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
    res.end(text);
  };
  const create = async (req, res, raw) => {
    const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    let merchant;
    try {
      merchant = (await jwtVerify(token ?? '', key, { algorithms: ['HS256'] })).payload.sub;
    } catch {
      return answer(res, 401, { title: 'token invalid' });
    }
    const body = JSON.parse(raw);
    const money = body.paymentRequested.money;
    const idPayin = decodeURIComponent(req.url.slice('/api/payins/'.length));
    const reference = randomBytes(5).toString('hex').toUpperCase();
    const expireAt = new Date(Date.now() + 3_600_000);
    const response = {
      idPayin,
      paymentMethodCode: body.paymentMethod.paymentMethodCode,
      money,
      expireAt: expireAt.toISOString(),
      reference,
      returnUrl: body.returnUrl,
    };
    const client = await pool.connect();
    try {
      await client.query('begin');
      const { rows } = await client.query(
        `insert into payins (merchant_code, id_payin, status, currency_code, amount_minor, callback_url,
           return_url, reference, method_response, expire_at)
         values ($1, $2, 'PENDING', $3, $4, $5, $6, $7, $8, $9) returning id`,
        [
          merchant,
          idPayin,
          money.currencyCode,
          Math.round(money.amount * 100),
          body.callbackUrl,
          body.returnUrl,
          reference,
          JSON.stringify(response),
          expireAt,
        ],
      );
      await client.query('insert into outbox (payin_id, payload) values ($1, $2)', [
        rows[0].id,
        JSON.stringify({ type: 'payin.created', idPayin }),
      ]);
      await client.query('commit');
    } catch (error) {
      await client.query('rollback');
      throw error;
    } finally {
      client.release();
    }
    answer(res, 201, { paymentRequested: { money }, paymentMethodResponse: response });
  };
  const server = createServer((req, res) => {
    const chunks = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', () => {
      create(req, res, Buffer.concat(chunks).toString('utf8')).catch(() => answer(res, 500, {}));
    });
  });
  server.keepAliveTimeout = 60_000;
  await new Promise((resolveListen) => server.listen(0, '127.0.0.1', resolveListen));
  return {
    port: server.address().port,
    tokens,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolveClose) => server.close(resolveClose));
      await pool.end();
      await database.drop();
    },
  };
}

const target =
  mode === 'bare' ? await startBare() : await support.startCreateBenchApi({ adminUrl, merchants });
const stopProfile = await profiled(`creates-${mode}`);
process.send({ port: target.port, tokens: target.tokens });
// { cpu: true } asks for the CPU time used so far (µs, user + system); anything else closes.
process.on('message', async (message) => {
  if (message.cpu) {
    const { user, system } = process.cpuUsage();
    process.send({ cpuMicros: user + system });
    return;
  }
  await stopProfile();
  await target.close();
  process.exit(0);
});
