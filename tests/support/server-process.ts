import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll } from 'vitest';
import type { ApiResponse } from './api-client';
import type { TestMerchant } from './test-api';

const projectRoot = fileURLToPath(new URL('../..', import.meta.url));

/**
 * Bundles server/main.ts like `npm run build:server`, into a file of its own under dist/ (so
 * node_modules resolves) that no concurrent build can overwrite while a test runs it.
 */
export function buildServerBundle(): { path: string; remove(): void } {
  const path = `dist/test-servers/main-${process.pid}-${randomBytes(4).toString('hex')}.js`;
  const build = spawnSync(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      `const { bundleForNode } = await import('./scripts/esbuild-node.mjs');
       await bundleForNode('server/main.ts', ${JSON.stringify(path)});`,
    ],
    { cwd: projectRoot, encoding: 'utf8' },
  );
  if (build.status !== 0) throw new Error(`server build failed: ${build.stderr}`);
  return { path: `${projectRoot}${path}`, remove: () => rmSync(`${projectRoot}${path}`, { force: true }) };
}

/** A port free right now (main has no PORT=0 banner support, so the test picks one). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

export interface ServerProcess {
  /** http://127.0.0.1:<port>/api */
  baseUrl: string;
  child: ChildProcess;
  /** Everything the process wrote (JSON log lines and the banner). */
  output: string[];
  /** Sends the signal and waits for the process to exit. */
  stop(signal: NodeJS.Signals): Promise<void>;
}

/** Starts `node <bundle>` with this environment and waits until /api/health answers 200. */
export async function startServerProcess(options: {
  bundle: string;
  env: Record<string, string>;
  readyTimeoutMs?: number;
}): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, [options.bundle], {
    cwd: projectRoot,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      SERVE_WEB: 'false',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const collect = (chunk: Buffer) => output.push(...chunk.toString('utf8').split('\n').filter(Boolean));
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const baseUrl = `http://127.0.0.1:${port}/api`;

  const deadline = Date.now() + (options.readyTimeoutMs ?? 60_000);
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`server exited before it was ready:\n${output.join('\n')}`);
    }
    const healthy = await fetch(`${baseUrl}/health`)
      .then((response) => response.status === 200)
      .catch(() => false);
    if (healthy) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server not ready in time:\n${output.join('\n')}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    baseUrl,
    child,
    output,
    async stop(signal) {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
}

/** A merchant a process test writes into its merchants file: a fresh code after `prefix`, its secrets. */
export function fileMerchant(prefix: string): TestMerchant {
  return {
    merchantCode: `${prefix}-${randomBytes(3).toString('hex')}`,
    secret: `sk_test_${randomBytes(18).toString('base64url')}`,
    callbackSecret: `whsec_${randomBytes(32).toString('base64')}`,
  };
}

/** Repeats a request answered 429 after its Retry-After, until it is answered otherwise. */
export async function politely<T>(
  send: () => Promise<ApiResponse<T>>,
  timeoutMs = 30_000,
): Promise<ApiResponse<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await send();
    if (response.status !== 429 || Date.now() > deadline) return response;
    const wait = Number(response.headers.get('retry-after') ?? '1');
    await new Promise((resolve) => setTimeout(resolve, Math.max(wait, 0.2) * 1000));
  }
}

/**
 * The fixture of a process test file: one server bundle built before its tests, a scratch folder
 * for merchants files, and every started server killed and the rest removed after them.
 */
export function serverProcessFixture(prefix: string): {
  start: (env: Record<string, string>) => Promise<ServerProcess>;
  /** Writes a merchants file of these entries into the scratch folder; its path. */
  merchantsFile: (entries: readonly Record<string, unknown>[]) => string;
  /** A fresh path in the scratch folder (a data folder of its own, say). */
  scratchPath: (name: string) => string;
} {
  let bundle: ReturnType<typeof buildServerBundle>;
  let workDir: string;
  const processes: ServerProcess[] = [];
  beforeAll(() => {
    bundle = buildServerBundle();
    workDir = mkdtempSync(join(tmpdir(), `payin-${prefix}-`));
  });
  afterAll(async () => {
    await Promise.all(processes.map((server) => server.stop('SIGKILL')));
    bundle.remove();
    rmSync(workDir, { recursive: true, force: true });
  });
  return {
    start: async (env) => {
      const server = await startServerProcess({ bundle: bundle.path, env });
      processes.push(server);
      return server;
    },
    merchantsFile: (entries) => {
      const path = join(workDir, `merchants-${randomBytes(4).toString('hex')}.json`);
      writeFileSync(path, JSON.stringify({ merchants: entries }));
      return path;
    },
    scratchPath: (name) => {
      return join(workDir, `${name}-${randomBytes(4).toString('hex')}`);
    },
  };
}
