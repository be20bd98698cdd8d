import 'server-only';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db';

/**
 * The books' invariants, checked against the database as it is. An audit, not a module's logic: it
 * reads the ledger's tables beside those of the payins, payouts and collection transactions their
 * transfers name, which no request path does (docs/decisions/029: one owner per table, and this one
 * reader of all). The API tests run it after every file that moves money, and after randomised runs
 * with crashes. Each violation is one sentence; none means the books hold:
 * - every transfer balances (debits = credits) and has entries;
 * - per currency, the sum over all accounts of credits - debits is zero;
 * - every account's posted totals equal the sum of its entries;
 * - no no-overdraft account is below zero;
 * - each successful payin has exactly one credit and no other payin has one;
 * - each payout is reserved exactly once, a paid one debited, a refused one released, never both,
 *   unless it was paid and returned (debited and returned once, docs/decisions/044), and the
 *   merchant's reserved balance is what its pending payouts and refunds hold;
 * - each refund likewise (reserved once, debited or released by its status), and the refunds of a
 *   payin that are not REFUSED never add up to more than the payin's amount;
 * - each matched incoming collection transaction is received once (an unmatched one not yet), a
 *   refunded one refunded once, and the merchant's unapplied balance is what its transactions left.
 */
export async function checkLedgerInvariants(db: Kysely<Database>): Promise<string[]> {
  const problems: string[] = [];
  const rows = async <T>(query: ReturnType<typeof sql<T>>) => (await query.execute(db)).rows;

  for (const row of await rows<{ id: string; debits: string; credits: string }>(sql`
    select t.id::text as id,
           coalesce(sum(e.amount_minor) filter (where e.direction = 'DEBIT'), 0)::text as debits,
           coalesce(sum(e.amount_minor) filter (where e.direction = 'CREDIT'), 0)::text as credits
    from ledger_transfers t left join ledger_entries e on e.transfer_id = t.id
    group by t.id
    having coalesce(sum(e.amount_minor) filter (where e.direction = 'DEBIT'), 0)
        <> coalesce(sum(e.amount_minor) filter (where e.direction = 'CREDIT'), 0)
        or count(e.id) = 0`))
    problems.push(`transfer ${row.id} does not balance: debits ${row.debits}, credits ${row.credits}`);

  for (const row of await rows<{ currency_code: string; total: string }>(sql`
    select currency_code, sum(credits_minor - debits_minor)::text as total
    from ledger_accounts group by currency_code having sum(credits_minor - debits_minor) <> 0`))
    problems.push(`${row.currency_code} accounts sum to ${row.total}, not 0`);

  for (const row of await rows<{ id: string; owner: string; kind: string }>(sql`
    select a.id::text as id, a.owner, a.kind from ledger_accounts a
    left join ledger_entries e on e.account_id = a.id
    group by a.id
    having a.debits_minor <> coalesce(sum(e.amount_minor) filter (where e.direction = 'DEBIT'), 0)
        or a.credits_minor <> coalesce(sum(e.amount_minor) filter (where e.direction = 'CREDIT'), 0)`))
    problems.push(`account ${row.owner} ${row.kind} (${row.id}) totals differ from its entries`);

  for (const row of await rows<{ owner: string; kind: string; currency_code: string }>(sql`
    select owner, kind, currency_code from ledger_accounts where no_overdraft and credits_minor < debits_minor`))
    problems.push(`${row.owner} ${row.kind} ${row.currency_code} is negative`);

  for (const row of await rows<{ id_payin: string; status: string; credits: string }>(sql`
    select p.id_payin, p.status, count(t.id)::text as credits from payins p
    left join ledger_transfers t on t.payin_id = p.id and t.kind = 'PAYIN_CREDIT'
    group by p.id
    having (p.status = 'SUCCESS') <> (count(t.id) = 1) or count(t.id) > 1`))
    problems.push(`payin ${row.id_payin} (${row.status}) has ${row.credits} credits`);

  // Money out, payouts and refunds alike: reserved once, then debited or released by its status.
  for (const out of [
    { table: 'payouts', id: 'id_payout', column: 'payout_id', kind: 'PAYOUT', name: 'payout' },
    { table: 'refunds', id: 'id_refund', column: 'refund_id', kind: 'REFUND', name: 'refund' },
  ]) {
    const kind = (step: string) => sql.lit(`${out.kind}_${step}`);
    for (const row of await rows<{
      id: string;
      status: string;
      reserves: string;
      debits: string;
      releases: string;
      returns: string;
    }>(sql`
      select o.${sql.raw(out.id)} as id, o.status,
             count(t.id) filter (where t.kind = ${kind('RESERVE')})::text as reserves,
             count(t.id) filter (where t.kind = ${kind('DEBIT')})::text as debits,
             count(t.id) filter (where t.kind = ${kind('RELEASE')})::text as releases,
             count(t.id) filter (where t.kind = ${kind('RETURN')})::text as returns
      from ${sql.table(out.table)} o left join ledger_transfers t on t.${sql.raw(out.column)} = o.id
      group by o.id
      having count(t.id) filter (where t.kind = ${kind('RESERVE')}) <> 1
          or count(t.id) filter (where t.kind = ${kind('DEBIT')})
             <> (case when o.status = 'SUCCESS' or o.returned_at is not null then 1 else 0 end)
          or count(t.id) filter (where t.kind = ${kind('RELEASE')})
             <> (case when o.status = 'REFUSED' and o.returned_at is null then 1 else 0 end)
          or count(t.id) filter (where t.kind = ${kind('RETURN')}) <> (case when o.returned_at is not null then 1 else 0 end)`))
      problems.push(
        `${out.name} ${row.id} (${row.status}): ${row.reserves} reserves, ${row.debits} debits, ` +
          `${row.releases} releases, ${row.returns} returns`,
      );
  }

  for (const row of await rows<{ id_payin: string; amount: string; refunded: string }>(sql`
    select p.id_payin, p.amount_minor::text as amount, sum(r.amount_minor)::text as refunded
    from payins p join refunds r on r.payin_id = p.id and r.status <> 'REFUSED'
    group by p.id having sum(r.amount_minor) > p.amount_minor or bool_or(p.status <> 'SUCCESS')`))
    problems.push(`payin ${row.id_payin} of ${row.amount} has ${row.refunded} refunded or pending refund`);

  for (const row of await rows<{ owner: string; currency_code: string; reserved: string; held: string }>(sql`
    select a.owner, a.currency_code, (a.credits_minor - a.debits_minor)::text as reserved,
           (coalesce((select sum(p.amount_minor + p.fee_minor + coalesce(p.vat_minor, 0)) from payouts p
                      where 'merchant:' || p.merchant_code = a.owner and p.currency_code = a.currency_code
                        and p.status = 'PENDING'), 0)
            + coalesce((select sum(r.amount_minor + r.fee_minor + coalesce(r.vat_minor, 0)) from refunds r
                        where 'merchant:' || r.merchant_code = a.owner and r.currency_code = a.currency_code
                          and r.status = 'PENDING'), 0))::text as held
    from ledger_accounts a where a.kind = 'RESERVED'`)) {
    if (row.reserved !== row.held)
      problems.push(
        `${row.owner} reserves ${row.reserved} ${row.currency_code} but its pending payouts and refunds hold ${row.held}`,
      );
  }

  // Reconciliation (docs/decisions/028): a matched transaction was received once, for its amount;
  // a refund only of a refunded one; what the merchant holds unapplied is what its transactions left.
  for (const row of await rows<{ id: string; outcome: string; receipts: string; refunds: string }>(sql`
    select c.id::text as id, c.outcome,
           count(t.id) filter (where t.kind = 'COLLECTION_RECEIPT')::text as receipts,
           count(t.id) filter (where t.kind = 'COLLECTION_REFUND')::text as refunds
    from collection_transactions c left join ledger_transfers t on t.collection_transaction_id = c.id
    group by c.id
    having count(t.id) filter (where t.kind = 'COLLECTION_RECEIPT') <> (case when c.outcome = 'RECEIVED' then 0 else 1 end)
        or count(t.id) filter (where t.kind = 'COLLECTION_REFUND') <> (case when c.resolution = 'REFUNDED' then 1 else 0 end)`))
    problems.push(
      `collection transaction ${row.id} (${row.outcome}): ${row.receipts} receipts, ${row.refunds} refunds`,
    );

  for (const row of await rows<{ owner: string; currency_code: string; unapplied: string; left: string }>(sql`
    select a.owner, a.currency_code, (a.credits_minor - a.debits_minor)::text as unapplied,
           coalesce((select sum(c.amount_minor - c.applied_minor) from collection_transactions c
                     where 'merchant:' || c.merchant_code = a.owner and c.currency_code = a.currency_code
                       and c.outcome <> 'RECEIVED' and c.resolution is distinct from 'REFUNDED'), 0)::text as left
    from ledger_accounts a where a.kind = 'UNAPPLIED'`)) {
    if (row.unapplied !== row.left)
      problems.push(
        `${row.owner} holds ${row.unapplied} ${row.currency_code} unapplied but its transactions left ${row.left}`,
      );
  }
  return problems;
}
