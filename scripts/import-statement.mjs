// npm run collection:import -- --merchant <code> --account <id> <file>: sends a bank statement (CSV
// or camt.053 XML) to POST /api/collection/statements and prints what the gateway made of it.
// Plain Node (20+), no dependencies. The secret may come from PAYIN_MERCHANT_SECRET so that it
// stays out of shell history; the token asked for allows only this one operation and expires soon.
import { readFile } from 'node:fs/promises';
import { extname } from 'node:path';
import { parseArgs } from 'node:util';

const USAGE = `Usage: node scripts/import-statement.mjs --merchant <code> --account <collectionAccountId>
         [--url http://localhost:3000] [--secret <merchant secret>] [--format csv|camt053]
         [--time-zone +07:00] [--currency THB] [--preset kbank-th] <file>

  --secret      the merchant secret; default: the PAYIN_MERCHANT_SECRET environment variable
  --format      default: from the file's extension (.csv, .xml)
  --time-zone   UTC offset of dates the statement writes without one
  --currency    currency of CSV rows without a currency column (default: the account's)
  --preset      a bank's CSV export as the bank writes it (kbank-th, scb-th, vcb-vn, bca-id, bdo-ph,
                maybank-my, hdfc-in), or generic; default: the account's saved mapping, else ours`;

const FORMATS = { csv: 'text/csv', camt053: 'application/xml' };
const EXTENSIONS = { '.csv': 'csv', '.xml': 'camt053' };
const API_VERSION = '2';

function usage(message) {
  console.error(`${message}\n\n${USAGE}`);
  process.exit(2);
}

function readOptions() {
  let parsed;
  try {
    parsed = parseArgs({
      allowPositionals: true,
      options: {
        url: { type: 'string', default: process.env.PAYIN_URL ?? 'http://localhost:3000' },
        merchant: { type: 'string' },
        secret: { type: 'string' },
        account: { type: 'string' },
        format: { type: 'string' },
        'time-zone': { type: 'string' },
        currency: { type: 'string' },
        preset: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    usage(error.message);
  }
  const { values, positionals } = parsed;
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  if (positionals.length !== 1) usage('Give exactly one statement file.');
  const [file] = positionals;
  const secret = values.secret ?? process.env.PAYIN_MERCHANT_SECRET;
  if (!values.merchant) usage('--merchant is required.');
  if (!values.account) usage('--account is required.');
  if (!secret) usage('--secret or PAYIN_MERCHANT_SECRET is required.');
  const format = values.format?.toLowerCase() ?? EXTENSIONS[extname(file).toLowerCase()];
  if (!format)
    usage(`Cannot tell the format of ${file} from its extension: pass --format csv or --format camt053.`);
  if (!Object.hasOwn(FORMATS, format)) usage(`--format must be csv or camt053, not ${values.format}.`);
  return { ...values, url: values.url.replace(/\/+$/, ''), secret, file, format };
}

/** Prints a problem+json answer (detail, then each field error) and exits non-zero. */
async function fail(response, doing) {
  const text = await response.text();
  let problem;
  try {
    problem = JSON.parse(text);
  } catch {
    problem = undefined;
  }
  console.error(
    `${doing} failed: ${response.status} ${problem?.detail ?? problem?.title ?? text.slice(0, 500)}`,
  );
  for (const error of Array.isArray(problem?.errors) ? problem.errors : []) {
    console.error(`  ${error.field ? `${error.field}: ` : ''}${error.message}`);
  }
  process.exit(1);
}

async function request(url, init, doing) {
  try {
    return await fetch(url, init);
  } catch (error) {
    console.error(`${doing} failed: cannot reach ${url} (${error.cause?.message ?? error.message})`);
    process.exit(1);
  }
}

const options = readOptions();
let body;
try {
  body = await readFile(options.file);
} catch (error) {
  usage(`Cannot read ${options.file}: ${error.message}`);
}

const tokenResponse = await request(
  `${options.url}/api/auth-tokens`,
  {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-version': API_VERSION },
    body: JSON.stringify({
      merchantCode: options.merchant,
      secret: options.secret,
      operations: ['POST /collection/statements'],
      validitySecs: 300,
    }),
  },
  'Getting a token',
);
if (!tokenResponse.ok) await fail(tokenResponse, 'Getting a token');
const { token } = await tokenResponse.json();

const query = new URLSearchParams({ account: options.account, format: options.format });
if (options['time-zone']) query.set('timeZone', options['time-zone']);
if (options.currency) query.set('currency', options.currency);
if (options.preset) query.set('preset', options.preset);
const importResponse = await request(
  `${options.url}/api/collection/statements?${query}`,
  {
    method: 'POST',
    headers: {
      'content-type': FORMATS[options.format],
      'x-api-version': API_VERSION,
      authorization: `Bearer ${token}`,
    },
    body,
  },
  'Importing the statement',
);
if (!importResponse.ok) await fail(importResponse, 'Importing the statement');
console.log(JSON.stringify(await importResponse.json(), null, 2));
