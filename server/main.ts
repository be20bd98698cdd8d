import 'server-only';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { getRequestListener } from '@hono/node-server';
import { ConfigError, loadConfig, type Config } from './config';
import { createLogger } from './logger';
import { createRuntime } from './runtime';

process.env.NEXT_TELEMETRY_DISABLED ??= '1';

/** The project root: this file runs as dist/server/main.js. */
const projectRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

function isApiPath(url: string | undefined): boolean {
  return url === '/api' || (url?.startsWith('/api/') ?? false) || (url?.startsWith('/api?') ?? false);
}

function printBanner(url: string, demo: { merchantCode: string; secret: string } | undefined): void {
  const lines = [
    `Payin gateway listening on ${url}`,
    `  API:          ${url}/api  (reference: ${url}/api/reference)`,
    `  Payment app:  ${url}/`,
  ];
  if (demo) {
    lines.push(
      '  Demo sandbox merchant (no MERCHANTS_FILE given; a new secret is issued at every start):',
      `    merchantCode: ${demo.merchantCode}`,
      `    secret:       ${demo.secret}`,
    );
  }
  // The banner is for the person starting the service, on stdout, never through the structured log.
  process.stdout.write(`${lines.join('\n')}\n`);
}

/** Next's request handler for the hosted app, in development or production mode. */
async function startWeb(config: Config) {
  const { default: next } = await import('next');
  const app = next({
    dev: config.NODE_ENV === 'development',
    dir: projectRoot,
    hostname: config.HOST,
    port: config.PORT,
  });
  await app.prepare();
  return { handle: app.getRequestHandler(), close: () => app.close() };
}

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  const logger = createLogger(config.LOG_LEVEL);
  const runtime = await createRuntime(config, { logger });

  // The hosted app's BFF calls this process's own API over loopback unless told otherwise.
  const loopback = config.HOST === '0.0.0.0' || config.HOST === '::' ? '127.0.0.1' : config.HOST;
  process.env.PAYIN_API_URL ??= `http://${loopback.includes(':') ? `[${loopback}]` : loopback}:${config.PORT}/api`;
  const web = config.SERVE_WEB ? await startWeb(config) : undefined;
  const handleApi = getRequestListener(runtime.api.fetch);

  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    if (isApiPath(request.url)) {
      void handleApi(request, response);
      return;
    }
    if (!web) {
      response
        .writeHead(404, { 'content-type': 'text/plain' })
        .end('This instance serves the API only (SERVE_WEB=false).');
      return;
    }
    web.handle(request, response).catch((error: unknown) => {
      logger.error({ err: error, path: request.url }, 'web request failed');
      if (!response.headersSent) response.writeHead(500, { 'content-type': 'text/plain' });
      response.end('Internal server error');
    });
  });
  server.keepAliveTimeout = 65_000;

  await new Promise<void>((resolveListen, rejectListen) => {
    server.once('error', rejectListen);
    server.listen(config.PORT, config.HOST, () => resolveListen());
  });
  printBanner(config.publicUrl, runtime.demoCredentials);
  if (config.BACKGROUND_WORKERS) for (const worker of runtime.workers) worker.start();

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    server.close();
    server.closeIdleConnections();
    void Promise.allSettled([web?.close(), runtime.close()]).then(() => process.exit(0));
    setTimeout(() => process.exit(1), 10_000).unref();
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

main().catch((error: unknown) => {
  process.stderr.write(
    `Failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
