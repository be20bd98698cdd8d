// Starts the built server for the end-to-end tests with data of its own: a temporary PGlite folder,
// or a fresh PostgreSQL database when TEST_DATABASE_URL is set (dropped on exit). Playwright starts
// and stops this script (playwright.config.ts webServer).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startInbox } from './e2e-inbox.mjs';
import { createScratchDatabase } from './scratch-database.mjs';

const port = process.env.E2E_PORT ?? '3300';
const dataDir = mkdtempSync(join(tmpdir(), 'payin-e2e-'));
let databaseUrl;
let dropDatabase = async () => {};
if (process.env.TEST_DATABASE_URL) {
  const database = await createScratchDatabase(process.env.TEST_DATABASE_URL, 'payin_e2e');
  databaseUrl = database.url;
  dropDatabase = database.drop;
}

// Customer e-mails go to a mail server of the tests' own (tests/e2e/support/inbox.ts reads it).
const inbox = await startInbox({ smtpPort: Number(port) + 1, httpPort: Number(port) + 2 });

const server = spawn(process.execPath, ['dist/server/main.js'], {
  stdio: 'inherit',
  env: {
    ...process.env,
    NODE_ENV: 'production',
    NEXT_TELEMETRY_DISABLED: '1',
    PORT: port,
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    ...(databaseUrl && { DATABASE_URL: databaseUrl }),
    MERCHANTS_FILE: 'tests/e2e/support/merchants.json',
    // The operator API and the console's operator section (tests/e2e/support/console.ts has the same key).
    OPERATOR_API_KEY: process.env.E2E_OPERATOR_API_KEY ?? 'op_e2e_0123456789abcdefghijklmnopqrstuvwxyz',
    CALLBACK_ALLOWLIST: '127.0.0.1,localhost',
    SMTP_URL: inbox.url,
    // A payment page closes this long after its payment ended (1 h in production): short enough to
    // see it close in a test, long enough for every test that reads a result.
    CUSTOMER_SESSION_GRACE_SECS: '20',
    LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
  },
});

let stopping = false;
async function stop(code) {
  if (stopping) return;
  stopping = true;
  server.kill('SIGTERM');
  await new Promise((resolve) => (server.exitCode === null ? server.once('exit', resolve) : resolve()));
  await inbox.close();
  rmSync(dataDir, { recursive: true, force: true });
  await dropDatabase().catch(() => {});
  process.exit(code);
}
server.on('exit', (code) => void stop(code ?? 1));
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => void stop(0));
