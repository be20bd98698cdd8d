import 'server-only';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { getRequestListener } from '@hono/node-server';
import { ConfigError, loadConfig, type Config } from './config';
import { createFrontDoor, registerConsoleSessionKey, registerInProcessApi } from './http';
import { createLogger } from './logger';
import { createRuntime, DEMO_OWNER_EMAIL, type Runtime } from './runtime';
import { startTracing } from './telemetry';

process.env.NEXT_TELEMETRY_DISABLED ??= '1';

/** The project root: this file runs as dist/server/main.js. */
const projectRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

function printBanner(url: string, runtime: Runtime): void {
  const demo = runtime.demoCredentials;
  const lines = [
    `Payin gateway listening on ${url}`,
    `  API:          ${url}/api  (reference: ${url}/api/reference)`,
    `  Payment app:  ${url}/?merchantCode=…&idPayin=…&token=…  (the console's Scenarios make one)`,
    `  Console:      ${url}/console  (people sign in with e-mail, password and 2FA)`,
  ];
  if (demo) {
    lines.push(
      '  Demo sandbox merchant (no MERCHANTS_FILE given; a new secret is issued at every start):',
      `    merchantCode: ${demo.merchantCode}`,
      `    secret:       ${demo.secret}`,
    );
  }
  if (runtime.demoOwnerInvitationUrl) {
    lines.push(
      `  Demo console owner: open this link to set a password and 2FA (e-mail ${DEMO_OWNER_EMAIL}):`,
      `    ${runtime.demoOwnerInvitationUrl}`,
    );
  }
  const operatorKey = runtime.generatedOperatorKey;
  if (operatorKey) {
    lines.push(
      '  Operator API key (generated at this first start and shown only now; keep it, or set OPERATOR_API_KEY):',
      `    ${operatorKey}`,
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
  // Before the database opens, so its connections are traced (OTEL_* variables; decision 048).
  const tracing = await startTracing();
  if (tracing.enabled) logger.info('OpenTelemetry traces exported (OTEL_EXPORTER_OTLP_* endpoint set)');
  const runtime = await createRuntime(config, { logger });

  // The hosted app calls this process's own API in-process unless PAYIN_API_URL names another.
  if (config.SERVE_WEB) {
    registerInProcessApi(runtime.api);
    registerConsoleSessionKey(runtime.consoleSessionKey);
  }
  const web = config.SERVE_WEB ? await startWeb(config) : undefined;
  const door = createFrontDoor({
    logger,
    api: getRequestListener(runtime.api.fetch),
    web: web?.handle,
    publicUrl: config.publicUrl,
    trustProxy: config.TRUST_PROXY,
    headersTimeoutMs: config.HTTP_HEADERS_TIMEOUT_SECS * 1000,
    requestTimeoutMs: config.HTTP_REQUEST_TIMEOUT_SECS * 1000,
    maxConnectionsPerAddress: config.MAX_CONNECTIONS_PER_ADDRESS,
  });

  await new Promise<void>((resolveListen, rejectListen) => {
    door.server.once('error', rejectListen);
    door.server.listen(config.PORT, config.HOST, () => resolveListen());
  });
  printBanner(config.publicUrl, runtime);
  if (config.BACKGROUND_WORKERS) {
    for (const worker of runtime.workers) worker.start();
    runtime.deps.lifecycle.markWorkersStarted();
  }
  runtime.deps.lifecycle.markReady();

  let stopping = false;
  // Stop accepting, finish what is in flight, close keep-alive connections, then the app, the
  // workers and last the database pool, which in-flight requests still need until then.
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    // Not ready any more: the load balancer stops sending while this instance still serves.
    runtime.deps.lifecycle.markStopping();
    const deadlineMs = config.SHUTDOWN_TIMEOUT_SECS * 1000;
    setTimeout(
      () => {
        logger.error('shutdown took too long; exiting');
        process.exit(1);
      },
      config.SHUTDOWN_DRAIN_SECS * 1000 + deadlineMs + 10_000,
    ).unref();
    void (async () => {
      if (config.SHUTDOWN_DRAIN_SECS > 0)
        await new Promise((resolveDrain) => setTimeout(resolveDrain, config.SHUTDOWN_DRAIN_SECS * 1000));
      await door.stop({ idleGraceMs: 1000, deadlineMs });
      await Promise.allSettled([web?.close()]);
      await runtime.close();
      // The spans still buffered leave before the process does.
      await tracing.shutdown().catch((error: unknown) => logger.warn({ err: error }, 'traces not flushed'));
      logger.info('stopped');
      process.exit(0);
    })();
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
