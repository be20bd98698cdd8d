import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * One owner per table (docs/decisions/029-floors-and-method-descriptors.md): only the module that
 * owns a table queries it; others call the owner's functions. The migrations shape every table, and
 * the books' audit reads them all (server/audit); neither is a request path.
 */
const OWNERS: Record<string, string> = {
  server_secrets: 'keys',
  merchants: 'merchants',
  merchant_client_addresses: 'merchants',
  api_keys: 'merchants',
  audit_events: 'audit-log',
  console_users: 'people',
  console_invitations: 'people',
  console_sessions: 'people',
  payins: 'payins',
  rate_limit_windows: 'ratelimit',
  rate_limit_shares: 'ratelimit',
  ledger_accounts: 'ledger',
  ledger_transfers: 'ledger',
  ledger_entries: 'ledger',
  ledger_settlements: 'ledger',
  payouts: 'payouts',
  payout_batches: 'payouts',
  collection_transactions: 'reconciliation',
  chain_cursors: 'chain',
  chain_transfers: 'chain',
  chain_wallets: 'chain',
  chain_payouts: 'chain',
  statement_mappings: 'reconciliation',
  callback_deliveries: 'callbacks',
  callback_attempts: 'callbacks',
  callback_receiver_messages: 'callbacks',
  sandbox_simulations: 'sandbox',
  sandbox_payout_simulations: 'sandbox',
  refunds: 'refunds',
  payment_links: 'payment-links',
  payment_link_reservations: 'payment-links',
  sandbox_refund_simulations: 'sandbox',
  customer_emails: 'mail',
};
const READS_EVERY_TABLE = new Set(['db', 'audit']);

const server = fileURLToPath(new URL('../../server/', import.meta.url));

function sources(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) return sources(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

/** The tables a file queries: Kysely's builders, and raw SQL's from, join, into and update. */
function tablesOf(text: string): Set<string> {
  const code = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  const found = new Set<string>();
  const patterns = [
    /\b(?:selectFrom|insertInto|updateTable|deleteFrom|innerJoin|leftJoin|rightJoin|fullJoin|mergeInto)\(\s*'([a-z_]+)/g,
    /\b(?:from|join|into|update|table)\s+([a-z_]+)\b/gi,
  ];
  for (const pattern of patterns)
    for (const match of code.matchAll(pattern)) if (match[1]! in OWNERS) found.add(match[1]!);
  return found;
}

describe('table owners', () => {
  it('names an owner for every table of the schema', () => {
    const schema = readFileSync(path.join(server, 'db/schema.ts'), 'utf8');
    const database = /export interface Database \{([^}]*)\}/.exec(schema)![1]!;
    const tables = [...database.matchAll(/^\s*([a-z_]+):/gm)].map((match) => match[1]);
    expect(tables.sort()).toEqual(Object.keys(OWNERS).sort());
  });

  it('lets only the owner of a table query it', () => {
    const trespasses = sources(server).flatMap((file) => {
      const owner = path.relative(server, file).split(path.sep)[0]!.replace(/\.ts$/, '');
      if (READS_EVERY_TABLE.has(owner)) return [];
      return [...tablesOf(readFileSync(file, 'utf8'))]
        .filter((table) => OWNERS[table] !== owner)
        .map((table) => `${path.relative(server, file)} queries ${table} (owned by ${OWNERS[table]})`);
    });
    expect(trespasses).toEqual([]);
  });

  it('finds a trespass where there is one', () => {
    expect(tablesOf("db.selectFrom('payins as p').leftJoin('payouts as po', 'po.id', 'p.id')")).toEqual(
      new Set(['payins', 'payouts']),
    );
    expect(tablesOf('sql`select sum(applied_minor) from collection_transactions c`')).toEqual(
      new Set(['collection_transactions']),
    );
    expect(tablesOf('// the payins table is not read here')).toEqual(new Set());
  });
});
