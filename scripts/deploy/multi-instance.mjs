// A multi-instance deployment on this machine, as production runs it (docs/decisions/049): a fresh
// PostgreSQL database, a Redis of its own, N instances of the built server (`node
// dist/server/main.js`, `npm run build` first) and nginx in front, configured from
// deploy/nginx/payin.conf. Used by tests/deploy (startDeployment) and by hand:
//
//   DEPLOY_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node scripts/deploy/multi-instance.mjs
//
// prints the proxy's URL and runs until Ctrl-C; everything it started is stopped and removed then.
// The database server is given (DEPLOY_DATABASE_URL, else TEST_DATABASE_URL: any database there,
// used to create and drop one of its own); Redis is a redis-server started on a free port (or
// DEPLOY_REDIS_URL / TEST_REDIS_URL when there is no redis-server); nginx is the Debian package's.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createScratchDatabase } from '../scratch-database.mjs';
import { NGINX_CONF, renderNginxConf } from './nginx-conf.mjs';

const projectRoot = fileURLToPath(new URL('../..', import.meta.url));

/** A port free right now on 127.0.0.1. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** The nginx binary (PATH, then the Debian package's place), or undefined. */
export function findNginx() {
  for (const candidate of ['nginx', '/usr/sbin/nginx']) {
    const probe = spawnSync(candidate, ['-v'], { encoding: 'utf8' });
    if (probe.status === 0) return candidate;
  }
  return undefined;
}

/** nginx's main file around the rendered site: in the foreground, every path in `dir`. */
function nginxMainConf(dir, asRoot) {
  return `# Written by scripts/deploy/multi-instance.mjs
${asRoot ? 'user nobody nogroup;\n' : ''}worker_processes 2;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  client_body_temp_path ${dir}/client_body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  log_format upstream '$remote_addr "$request" $status upstream=$upstream_addr $upstream_status $request_time';
  access_log ${dir}/access.log upstream;
  include ${dir}/payin.conf;
}
`;
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Starts a child process whose output is kept (and passed on when `echo`). */
function startChild(name, command, args, options, echo) {
  const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
  const output = [];
  const collect = (chunk) => {
    const text = chunk.toString('utf8');
    output.push(...text.split('\n').filter(Boolean));
    if (echo) process.stderr.write(text.replace(/^(?=.)/gm, `[${name}] `));
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  const exited = new Promise((resolve) => child.once('exit', () => resolve()));
  const running = () => child.exitCode === null && child.signalCode === null;
  return {
    name,
    child,
    output,
    running,
    exited,
    /** Sends the signal and waits for the exit (SIGKILL after `graceMs`). */
    async stop(signal = 'SIGTERM', graceMs = 15_000) {
      if (!running()) return;
      child.kill(signal);
      const timer = setTimeout(() => running() && child.kill('SIGKILL'), graceMs);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** Polls `url` until it answers 200 (or the process exits, or the deadline passes). */
async function waitForOk(url, process, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (!process.running())
      throw new Error(`${process.name} exited before ${url} answered:\n${process.output.join('\n')}`);
    const ok = await fetch(url, { signal: AbortSignal.timeout(2000) })
      .then((response) => response.status === 200)
      .catch(() => false);
    if (ok) return;
    if (Date.now() > deadline)
      throw new Error(`${url} not ready in ${timeoutMs} ms:\n${process.output.join('\n')}`);
    await sleep(200);
  }
}

async function startRedis(dir, echo) {
  const given = process.env.DEPLOY_REDIS_URL ?? process.env.TEST_REDIS_URL;
  const binary = spawnSync('redis-server', ['--version']).status === 0 ? 'redis-server' : undefined;
  if (!binary) {
    if (!given) throw new Error('No redis-server and no DEPLOY_REDIS_URL / TEST_REDIS_URL.');
    // Merchant codes of a run are its own, so its rate-limit keys meet nobody else's.
    return { url: given, stop: async () => {} };
  }
  const port = await freePort();
  const redis = startChild(
    'redis',
    binary,
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir],
    {},
    echo,
  );
  const deadline = Date.now() + 10_000;
  while (!redis.output.some((line) => line.includes('Ready to accept connections'))) {
    if (!redis.running() || Date.now() > deadline)
      throw new Error(`redis-server did not start:\n${redis.output.join('\n')}`);
    await sleep(50);
  }
  return { url: `redis://127.0.0.1:${port}`, process: redis, stop: () => redis.stop('SIGTERM') };
}

/**
 * Starts the deployment; resolves once every instance is ready and nginx answers through to them.
 *
 * @param {object} [options]
 * @param {number} [options.instances] how many instances (3)
 * @param {Record<string, string>} [options.env] more environment for every instance (MERCHANTS_FILE…)
 * @param {boolean} [options.debug] switch on the "@debug" lines of the nginx file (X-Upstream)
 * @param {boolean} [options.echo] pass every process's output on to stderr
 */
export async function startDeployment(options = {}) {
  const count = options.instances ?? 3;
  const adminUrl = process.env.DEPLOY_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('Set DEPLOY_DATABASE_URL (or TEST_DATABASE_URL) to a PostgreSQL server.');
  const nginxBinary = findNginx();
  if (!nginxBinary) throw new Error('nginx is not installed (Debian: apt-get install -y nginx).');
  if (!existsSync(join(projectRoot, 'dist/server/main.js')))
    throw new Error('dist/server/main.js missing: npm run build');

  const dir = mkdtempSync(join(tmpdir(), 'payin-deploy-'));
  const asRoot = process.getuid?.() === 0;
  // Workers of an nginx started by root run as nobody: they must reach the folder.
  if (asRoot) chmodSync(dir, 0o755);
  const cleanups = [];
  const instances = [];
  let nginx;
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    await nginx?.stop('SIGQUIT', 5000);
    await Promise.all(instances.map((instance) => instance.stop('SIGTERM', 15_000)));
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
    rmSync(dir, { recursive: true, force: true });
  };
  // A last resort when the caller exits without stopping: no process outlives it.
  const killAll = () => {
    for (const started of [nginx, ...instances]) if (started?.running()) started.child.kill('SIGKILL');
  };
  process.once('exit', killAll);
  cleanups.push(async () => process.off('exit', killAll));

  try {
    const database = await createScratchDatabase(adminUrl, 'payin_deploy');
    cleanups.push(database.drop);
    const redis = await startRedis(dir, options.echo);
    cleanups.push(redis.stop);
    if (redis.process) cleanups.push(async () => redis.process.child.kill('SIGKILL'));

    const listenPort = await freePort();
    const publicUrl = `http://127.0.0.1:${listenPort}`;
    const ports = [];
    for (let i = 0; i < count; i++) ports.push(await freePort());
    // One configuration for all, as one EnvironmentFile would give every payin@ unit.
    const shared = {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      NEXT_TELEMETRY_DISABLED: '1',
      HOST: '127.0.0.1',
      DATABASE_URL: database.url,
      REDIS_URL: redis.url,
      TRUST_PROXY: 'true',
      MAX_CONNECTIONS_PER_ADDRESS: '0',
      PUBLIC_URL: publicUrl,
      TOKEN_SIGNING_KEY: randomBytes(32).toString('hex'),
      SECRET_PEPPER: randomBytes(32).toString('hex'),
      OPERATOR_API_KEY: `op_deploy_${randomBytes(24).toString('hex')}`,
      SHUTDOWN_DRAIN_SECS: '0',
      SHUTDOWN_TIMEOUT_SECS: '10',
      LOG_LEVEL: 'info',
      ...options.env,
    };
    // The first instance migrates the new database; the others start beside it (each takes the
    // migration lock and finds nothing to do).
    for (let i = 0; i < count; i++) {
      const port = ports[i];
      const instance = startChild(
        `payin@${port}`,
        process.execPath,
        ['dist/server/main.js'],
        { cwd: projectRoot, env: { ...shared, PORT: String(port) } },
        options.echo,
      );
      instances.push(Object.assign(instance, { port, url: `http://127.0.0.1:${port}` }));
    }
    await Promise.all(
      instances.map((instance) => waitForOk(`${instance.url}/api/health/ready`, instance, 120_000)),
    );

    const template = readFileSync(NGINX_CONF, 'utf8');
    writeFileSync(
      join(dir, 'payin.conf'),
      renderNginxConf(template, {
        upstreams: ports.map((port) => `127.0.0.1:${port}`),
        listen: `127.0.0.1:${listenPort}`,
        debug: options.debug ?? false,
      }),
    );
    writeFileSync(join(dir, 'nginx.conf'), nginxMainConf(dir, asRoot));
    const test = spawnSync(
      nginxBinary,
      ['-t', '-p', dir, '-c', join(dir, 'nginx.conf'), '-e', join(dir, 'error.log')],
      {
        encoding: 'utf8',
      },
    );
    if (test.status !== 0) throw new Error(`nginx -t failed:\n${test.stderr}`);
    nginx = startChild(
      'nginx',
      nginxBinary,
      ['-p', dir, '-c', join(dir, 'nginx.conf'), '-e', join(dir, 'error.log')],
      {},
      options.echo,
    );
    await waitForOk(`${publicUrl}/api/health/ready`, nginx, 20_000);

    return {
      /** The proxy: what clients and PUBLIC_URL use. */
      url: publicUrl,
      instances,
      databaseUrl: database.url,
      redisUrl: redis.url,
      /** The shared environment of the instances (keys included). */
      env: shared,
      /** nginx's folder (access.log, error.log, the rendered payin.conf). */
      dir,
      nginxLog: () => readFileSync(join(dir, 'access.log'), 'utf8'),
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

// By hand: start, print, run until a signal.
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const deployment = await startDeployment({
    echo: process.env.DEPLOY_ECHO === 'true',
    debug: process.env.DEPLOY_DEBUG === 'true',
    env: {
      ...(process.env.MERCHANTS_FILE && { MERCHANTS_FILE: process.env.MERCHANTS_FILE }),
      ...(process.env.CALLBACK_ALLOWLIST && { CALLBACK_ALLOWLIST: process.env.CALLBACK_ALLOWLIST }),
    },
  });
  console.log(`nginx: ${deployment.url} (logs in ${deployment.dir})`);
  for (const instance of deployment.instances)
    console.log(`instance: ${instance.url} (pid ${instance.child.pid})`);
  console.log(`database: ${deployment.databaseUrl}\nredis: ${deployment.redisUrl}\nCtrl-C stops everything.`);
  for (const signal of ['SIGINT', 'SIGTERM'])
    process.once(signal, () => void deployment.stop().then(() => process.exit(0)));
}
