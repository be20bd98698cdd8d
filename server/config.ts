import 'server-only';
import { z } from 'zod';
import { MAX_SECRET_OVERLAP_SECS } from '@/lib/schemas';

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'Use true or false.' })
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

/** A secret of at least 256 bits, given as base64, base64url or hex. */
const keyMaterial = z.string().transform((value, ctx) => {
  const bytes = /^[0-9a-fA-F]+$/.test(value) ? Buffer.from(value, 'hex') : Buffer.from(value, 'base64url');
  if (bytes.length < 32) {
    ctx.addIssue({ code: 'custom', message: 'Must hold at least 32 random bytes (hex or base64).' });
    return z.NEVER;
  }
  return bytes;
});

const commaList = z.string().transform((value) =>
  value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean),
);

const DURATION_UNITS_MS = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

/** Comma-separated durations ("0,5s,5m,2h"; a bare number is seconds), as milliseconds. */
const durationList = z.string().transform((value, ctx) => {
  const delays: number[] = [];
  for (const entry of value.split(',').map((item) => item.trim())) {
    const match = /^(\d+)(ms|s|m|h|d)?$/.exec(entry);
    const unit = (match?.[2] ?? 's') as keyof typeof DURATION_UNITS_MS;
    const ms = match ? Number(match[1]) * DURATION_UNITS_MS[unit] : NaN;
    if (!Number.isSafeInteger(ms) || ms > 7 * DURATION_UNITS_MS.d) {
      ctx.addIssue({
        code: 'custom',
        message: `"${entry}" is not a duration of at most 7 days (e.g. 0, 5s, 5m, 2h).`,
      });
      return z.NEVER;
    }
    delays.push(ms);
  }
  if (delays.length > 50) {
    ctx.addIssue({ code: 'custom', message: 'At most 50 attempts.' });
    return z.NEVER;
  }
  return delays;
});

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Public address of this service, used in links we hand out (redirectTo, the hosted app). */
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/, error: 'Must be a postgres:// URL.' }).optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  DATA_DIR: z.string().min(1).default('./data'),
  MERCHANTS_FILE: z.string().min(1).optional(),
  CALLBACK_ALLOWLIST: commaList.default([]),
  ALLOW_INSECURE_URLS: booleanFlag.default(false),
  TOKEN_SIGNING_KEY: keyMaterial.optional(),
  SECRET_PEPPER: keyMaterial.optional(),
  /** The operator API's key (/api/operator); without it one is generated at first start and printed once. */
  OPERATOR_API_KEY: z
    .string()
    .min(24, 'OPERATOR_API_KEY: at least 24 characters of random data.')
    .max(256)
    .optional(),
  TOKEN_MAX_VALIDITY_SECS: z.coerce.number().int().min(60).max(604800).default(86400),
  /** Customer sessions of the hosted page: time to start paying after arrival, and life after the payin ends. */
  CHECKOUT_WINDOW_SECS: z.coerce.number().int().min(1).max(86400).default(3600),
  CUSTOMER_SESSION_GRACE_SECS: z.coerce.number().int().min(1).max(86400).default(3600),
  /** Read by the console's BFF (bff/console/session.ts); checked here so a bad value stops the start. */
  CONSOLE_SESSION_SECS: z.coerce.number().int().min(60).max(604800).default(28800),
  /** How long a test payout of an ordinary amount takes to succeed by itself (docs/decisions/027). */
  SANDBOX_PAYOUT_SECS: z.coerce.number().int().min(0).max(86400).default(10),
  /** How long a payer has to claim a refund sent through a claim link (docs/decisions/036). */
  REFUND_CLAIM_DAYS: z.coerce.number().int().min(1).max(180).default(14),
  REDIS_URL: z.url({ protocol: /^rediss?$/, error: 'Must be a redis:// URL.' }).optional(),
  /**
   * How instances on one PostgreSQL share rate limits (without REDIS_URL): "periodic" decides in
   * memory and exchanges hits every 100 ms; "exact" decides every request in the database.
   */
  RATE_LIMIT_SHARING: z.enum(['periodic', 'exact']).default('periodic'),
  /** Requests per second all of a merchant's payment-scoped tokens may make together. */
  RATE_LIMIT_MERCHANT_CEILING: z.coerce.number().int().min(10).max(100_000).default(100),
  /** Failed authentications per window from one client address, and on one merchant code, before a lockout. */
  AUTH_FAILURES_PER_ADDRESS: z.coerce.number().int().min(1).max(10_000).default(20),
  AUTH_FAILURES_PER_MERCHANT: z.coerce.number().int().min(1).max(100_000).default(50),
  AUTH_FAILURE_WINDOW_SECS: z.coerce.number().int().min(1).max(120).default(60),
  /** Behind one reverse proxy: take the client address, host and scheme from its X-Forwarded-* headers. */
  TRUST_PROXY: booleanFlag.default(false),
  /** Time a client has to send a request's headers, and its whole request (headers and body). */
  HTTP_HEADERS_TIMEOUT_SECS: z.coerce.number().int().min(1).max(300).default(10),
  HTTP_REQUEST_TIMEOUT_SECS: z.coerce.number().int().min(1).max(300).default(10),
  /** Open connections one client address may hold; 0 for no limit (e.g. behind a proxy that limits). */
  MAX_CONNECTIONS_PER_ADDRESS: z.coerce.number().int().min(0).max(100_000).default(100),
  /** Bearer token for GET /metrics; unset, the metrics answer anyone who reaches them. */
  METRICS_TOKEN: z.string().min(16, 'At least 16 characters of random data.').max(256).optional(),
  /** On SIGTERM: how long in-flight requests may take to finish before the process exits anyway. */
  SHUTDOWN_TIMEOUT_SECS: z.coerce.number().int().min(1).max(600).default(25),
  /**
   * On SIGTERM, how long the instance keeps serving while its readiness probe answers 503, so the
   * load balancer stops sending before it stops listening (0: at once).
   */
  SHUTDOWN_DRAIN_SECS: z.coerce.number().int().min(0).max(120).default(0),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Run the callback dispatcher and the expiry sweeper in this process. */
  BACKGROUND_WORKERS: booleanFlag.default(true),
  /** Serve the hosted payment app (Next); false runs an API and worker instance only. */
  SERVE_WEB: booleanFlag.default(true),
  /** Delay before each callback attempt, relative to the previous one (docs/decisions/014-callbacks.md). */
  CALLBACK_RETRY_SCHEDULE: durationList.prefault('0,5s,5m,30m,2h,5h,10h,14h,20h,24h'),
  CALLBACK_TIMEOUT_SECS: z.coerce.number().int().min(1).max(15).default(15),
  /** How long a claimed callback stays reserved to its dispatcher; must outlast an attempt. */
  CALLBACK_LEASE_SECS: z.coerce.number().int().min(2).max(3600).default(60),
  CALLBACK_LOG_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  /** Callback attempts in flight at once per instance, and to any one endpoint (its scheme, host and port). */
  CALLBACK_CONCURRENCY: z.coerce.number().int().min(1).max(1000).default(32),
  CALLBACK_ENDPOINT_CONCURRENCY: z.coerce.number().int().min(1).max(100).default(2),
  CALLBACK_ENDPOINT_MAX_CONCURRENCY: z.coerce.number().int().min(1).max(100).default(16),
  /** How long a rotated-out callback signing secret keeps signing beside the new one (default 24 h). */
  CALLBACK_SECRET_OVERLAP_SECS: z.coerce.number().int().min(0).max(MAX_SECRET_OVERLAP_SECS).default(86_400),
  /**
   * The SMTP server customers' e-mails leave through (docs/decisions/052), credentials in the URL
   * (smtps:// for TLS from the start, smtp:// upgrades with STARTTLS when offered); unset, no e-mail
   * is sent and the page promises none. A secret: never logged.
   */
  SMTP_URL: z
    .url({
      protocol: /^smtps?$/,
      error: 'An smtp:// or smtps:// URL, e.g. smtps://user:password@mail.example.com.',
    })
    .optional(),
  /** The e-mails' sender address (the shop's name is shown beside it); default payments@ the public URL's host. */
  MAIL_FROM: z.email('An e-mail address, e.g. payments@example.com.').optional(),
  /** How long a claimed e-mail stays reserved to its sender; must outlast one SMTP delivery. */
  MAIL_LEASE_SECS: z.coerce.number().int().min(2).max(3600).default(120),
  /** How often each watched chain is asked for new blocks (docs/decisions/041). */
  CHAIN_POLL_SECS: z.coerce.number().int().min(1).max(600).default(5),
});

/**
 * One network's chain watcher (docs/decisions/041-chain-watcher.md), from the CHAIN_*_<NETWORK>
 * variables: the network code is checked against the catalogue when the watcher starts.
 */
export interface ChainWatchSettings {
  /** The catalogue's network code (ETHEREUM, POLYGON). */
  network: string;
  /** The operator's JSON-RPC endpoint (often carries a provider key: never logged). */
  rpcUrl: string;
  /** Blocks a transfer's block needs on top of it, itself included, before it counts. */
  confirmations: number | undefined;
  /** The EIP-155 chain ID expected at the endpoint; default the catalogue's mainnet one. */
  chainId: number | undefined;
  /** Where a first scan starts (default: the blocks confirmed from now on). */
  startBlock: bigint | undefined;
  /** Token contracts by currency, replacing the catalogue's mainnet ones (test networks). */
  tokens: Record<string, string>;
  /**
   * The operator's hot wallet paying live crypto payouts on the network (docs/decisions/043): its
   * private key, or the file holding it. A secret: never logged, never stored.
   */
  walletKey: string | undefined;
  walletKeyFile: string | undefined;
  /** The most a payout's transaction may bid per gas (max fee), in gwei; above it payouts wait. */
  gasCeilingGwei: number | undefined;
}

const CHAIN_VARIABLE =
  /^CHAIN_(?:(RPC_URL|CONFIRMATIONS|ID|START_BLOCK|WALLET_KEY_FILE|WALLET_KEY|GAS_CEILING_GWEI)_([A-Z][A-Z0-9]*)|TOKEN_([A-Z]{3,5})_([A-Z][A-Z0-9]*))$/;

const chainValue = {
  RPC_URL: z.url({ protocol: /^https?$/, error: 'Must be an http:// or https:// JSON-RPC URL.' }),
  CONFIRMATIONS: z.coerce.number().int().min(1).max(10_000),
  ID: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
  START_BLOCK: z
    .string()
    .regex(/^\d{1,18}$/, 'A block number.')
    .transform((value) => BigInt(value)),
  TOKEN: z.string().regex(/^0x[0-9a-fA-F]{40}$/, 'A contract address: 0x and 40 hex digits.'),
  // Never echoed in a problem: the message says what is wrong, not what was given.
  WALLET_KEY: z.string().regex(/^(?:0x)?[0-9a-fA-F]{64}$/, 'A private key: 64 hex digits (0x optional).'),
  WALLET_KEY_FILE: z.string().min(1),
  GAS_CEILING_GWEI: z.coerce.number().positive().max(100_000),
} as const;

/** The CHAIN_* variables, by network; every problem named (an unknown CHAIN_ name is one: a typo). */
function chainSettingsOf(env: Readonly<Record<string, string | undefined>>): {
  settings: ChainWatchSettings[];
  problems: string[];
} {
  const byNetwork = new Map<string, Partial<ChainWatchSettings> & { tokens: Record<string, string> }>();
  const problems: string[] = [];
  const entry = (network: string) => {
    let found = byNetwork.get(network);
    if (!found) byNetwork.set(network, (found = { network, tokens: {} }));
    return found;
  };
  for (const [name, value] of Object.entries(env)) {
    if (!name.startsWith('CHAIN_') || name === 'CHAIN_POLL_SECS' || value === undefined) continue;
    const match = CHAIN_VARIABLE.exec(name);
    if (!match) {
      problems.push(
        `${name}: Not a chain setting (CHAIN_RPC_URL_<NETWORK>, CHAIN_CONFIRMATIONS_<NETWORK>, CHAIN_ID_<NETWORK>, CHAIN_START_BLOCK_<NETWORK>, CHAIN_TOKEN_<CURRENCY>_<NETWORK>, CHAIN_WALLET_KEY_FILE_<NETWORK>, CHAIN_WALLET_KEY_<NETWORK>, CHAIN_GAS_CEILING_GWEI_<NETWORK>).`,
      );
      continue;
    }
    const kind = (match[1] ?? 'TOKEN') as keyof typeof chainValue;
    const parsed = chainValue[kind].safeParse(value);
    if (!parsed.success) {
      problems.push(`${name}: ${parsed.error.issues[0]?.message ?? 'Invalid.'}`);
      continue;
    }
    const settings = entry(match[2] ?? match[4]!);
    if (kind === 'RPC_URL') settings.rpcUrl = parsed.data as string;
    else if (kind === 'CONFIRMATIONS') settings.confirmations = parsed.data as number;
    else if (kind === 'ID') settings.chainId = parsed.data as number;
    else if (kind === 'START_BLOCK') settings.startBlock = parsed.data as bigint;
    else if (kind === 'WALLET_KEY') settings.walletKey = parsed.data as string;
    else if (kind === 'WALLET_KEY_FILE') settings.walletKeyFile = parsed.data as string;
    else if (kind === 'GAS_CEILING_GWEI') settings.gasCeilingGwei = parsed.data as number;
    else settings.tokens[match[3]!] = parsed.data as string;
  }
  const settings: ChainWatchSettings[] = [];
  for (const found of byNetwork.values()) {
    if (!found.rpcUrl) {
      problems.push(
        `CHAIN_RPC_URL_${found.network}: Missing: the other CHAIN_*_${found.network} settings need it.`,
      );
      continue;
    }
    settings.push({
      network: found.network!,
      rpcUrl: found.rpcUrl,
      confirmations: found.confirmations,
      chainId: found.chainId,
      startBlock: found.startBlock,
      tokens: found.tokens,
      walletKey: found.walletKey,
      walletKeyFile: found.walletKeyFile,
      gasCeilingGwei: found.gasCeilingGwei,
    });
    if (found.walletKey && found.walletKeyFile)
      problems.push(
        `CHAIN_WALLET_KEY_${found.network}: Give the key or its file (CHAIN_WALLET_KEY_FILE_${found.network}), not both.`,
      );
  }
  return { settings, problems };
}

export type Config = z.infer<typeof envSchema> & { publicUrl: string; chains: ChainWatchSettings[] };

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Reads the configuration from the environment, failing with every problem named at once. */
export function loadConfig(env: Readonly<Record<string, string | undefined>> = process.env): Config {
  // Empty variables mean "not set", as in most .env tooling.
  const present = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  );
  const result = envSchema.safeParse(present);
  const chains = chainSettingsOf(present);
  if (!result.success || chains.problems.length > 0) {
    throw new ConfigError([
      ...(result.error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`) ?? []),
      ...chains.problems,
    ]);
  }
  const config = result.data;
  if (config.HTTP_REQUEST_TIMEOUT_SECS < config.HTTP_HEADERS_TIMEOUT_SECS) {
    throw new ConfigError([
      'HTTP_REQUEST_TIMEOUT_SECS: Must be at least HTTP_HEADERS_TIMEOUT_SECS (the request includes its headers).',
    ]);
  }
  if (config.CALLBACK_LEASE_SECS <= config.CALLBACK_TIMEOUT_SECS) {
    throw new ConfigError([
      'CALLBACK_LEASE_SECS: Must be longer than CALLBACK_TIMEOUT_SECS, or a slow attempt could be sent twice.',
    ]);
  }
  const publicUrl = (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/+$/, '');
  return { ...config, publicUrl, chains: chains.settings };
}
