import 'server-only';
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { CurrencyCode } from '@/lib/money';
import type { Clock } from '../clock';
import type { Database } from '../db';
import type { Transaction } from 'kysely';
import type { FinalStatus } from '@/lib/payins/statuses';
import type { Logger } from '../logger';
import {
  highestNonce,
  itemTransactions,
  leaseWallet,
  recordSent,
  releaseWallet,
  sentPayouts,
  setNextNonce,
  settleSent,
  type ChainPayoutRow,
} from './chain-payouts.repository';
import type { HotWallet } from './evm-wallet';

/** A payout or refund to send on chain, as its owner describes it. */
export interface OutgoingTransfer {
  id: bigint;
  /** idPayout or idRefund, for the log. */
  label: string;
  currency: CurrencyCode;
  /** Token base units (the currency's minor units: 6 decimals). */
  units: bigint;
  to: string;
}

/**
 * The payouts or refunds a hot wallet sends (server/payouts, server/refunds), each ended by its
 * owner: `claim` runs in the owner's transaction and says whether the end is still this sender's.
 */
export interface OutgoingSource {
  kind: ChainPayoutRow['kind'];
  pending(network: string, limit: number): Promise<OutgoingTransfer[]>;
  end(
    id: bigint,
    status: FinalStatus,
    processorStatus: string,
    claim: (tx: Transaction<Database>) => Promise<boolean>,
  ): Promise<void>;
}

/** Payouts one round signs at most: a long queue goes out over a few rounds, each under the lease. */
const SENDS_PER_ROUND = 50;
/** Pending payouts a round looks at (those sent and waiting for confirmations included). */
const PENDING_PER_ROUND = 500;

/**
 * Sends a network's live crypto payouts and refunds from the operator's hot wallet (docs/decisions/043), one
 * instance at a time (the wallet's lease). Each round: first what was sent — confirmed with its
 * confirmations → SUCCESS (ledger debit, callback); reverted → REFUSED TRANSACTION_FAILED; its
 * nonce taken by another confirmed transaction → REFUSED TRANSACTION_REPLACED (both release the
 * money); neither yet → broadcast again, the same signed bytes. Then the waiting payouts, oldest
 * first: estimated, signed with the next nonce, recorded (nonce and transaction together) and only
 * then broadcast, so a crash resends the transaction instead of signing another.
 */
export class PayoutSender {
  readonly network: string;
  private readonly wallet: HotWallet;
  private readonly tokens: ReadonlyMap<CurrencyCode, string>;
  private readonly confirmations: bigint;
  private readonly db: Kysely<Database>;
  private readonly sources: readonly OutgoingSource[];
  private readonly logger: Logger;
  private readonly now: Clock;
  private readonly leaseMs: number;
  private readonly owner = randomUUID();

  constructor(options: {
    network: string;
    wallet: HotWallet;
    /** Currency → token contract on the network. */
    tokens: ReadonlyMap<CurrencyCode, string>;
    confirmations: number;
    db: Kysely<Database>;
    /** Payouts and refunds, in the order they are sent in a round. */
    sources: readonly OutgoingSource[];
    logger: Logger;
    clock: Clock;
    leaseMs: number;
  }) {
    this.network = options.network;
    this.wallet = options.wallet;
    this.tokens = options.tokens;
    this.confirmations = BigInt(options.confirmations);
    this.db = options.db;
    this.sources = options.sources;
    this.logger = options.logger.child({ network: options.network, wallet: options.wallet.address });
    this.now = options.clock;
    this.leaseMs = options.leaseMs;
  }

  /** One round; whether payouts still wait to be signed (another round at once). */
  async round(): Promise<boolean> {
    const now = this.now();
    const lease = await leaseWallet(this.db, {
      network: this.network,
      address: this.wallet.address,
      owner: this.owner,
      now,
      until: new Date(now.getTime() + this.leaseMs),
    });
    if (!lease) return false; // another instance sends from this wallet
    await this.track();
    return this.send(lease.next_nonce);
  }

  release(): Promise<void> {
    return releaseWallet(this.db, this.network, this.owner);
  }

  /** Ends what the chain has decided, and broadcasts again what it has not seen yet. */
  private async track(): Promise<void> {
    const sent = await sentPayouts(this.db, this.network);
    if (sent.length === 0) return;
    const head = await this.wallet.head();
    const safe = head - this.confirmations + 1n;
    // Read before the receipts: a transaction mined in between is then seen by its receipt, never
    // taken for one whose nonce another transaction used.
    const confirmedNonce = safe >= 0n ? await this.wallet.nonce(safe) : 0n;
    for (const row of sent) {
      const receipt = await this.wallet.receipt(row.tx_hash);
      if (receipt) {
        if (head - receipt.blockNumber + 1n < this.confirmations) continue;
        await this.end(row, receipt.success ? 'CONFIRMED' : 'FAILED', receipt.blockNumber);
      } else if (row.wallet === this.wallet.address && confirmedNonce > row.nonce) {
        await this.end(row, 'REPLACED', null);
      } else {
        await this.wallet
          .broadcast(row.raw_tx as `0x${string}`)
          .catch((error: unknown) =>
            this.logger.warn({ err: error, txHash: row.tx_hash }, 'resending a payout transaction failed'),
          );
      }
    }
  }

  /** Ends the payout or refund and its transaction together (the owner's row lock; once). */
  private async end(
    row: ChainPayoutRow,
    status: 'CONFIRMED' | 'FAILED' | 'REPLACED',
    blockNumber: bigint | null,
  ) {
    const source = this.sources.find((candidate) => candidate.kind === row.kind);
    if (!source) return;
    const at = this.now();
    await source.end(
      row.item_id,
      status === 'CONFIRMED' ? 'SUCCESS' : 'REFUSED',
      status === 'CONFIRMED'
        ? 'APPROVED'
        : status === 'FAILED'
          ? 'TRANSACTION_FAILED'
          : 'TRANSACTION_REPLACED',
      (tx) => settleSent(tx, row, { status, blockNumber, at }),
    );
    const log =
      status === 'CONFIRMED' ? this.logger.info.bind(this.logger) : this.logger.warn.bind(this.logger);
    log(
      { kind: row.kind, id: String(row.item_id), txHash: row.tx_hash, status },
      'crypto transfer ended on chain',
    );
  }

  private async send(storedNext: bigint | null): Promise<boolean> {
    const waiting: { source: OutgoingSource; transfer: OutgoingTransfer }[] = [];
    for (const source of this.sources) {
      const pending = await source.pending(this.network, PENDING_PER_ROUND);
      const sent = await itemTransactions(
        this.db,
        source.kind,
        pending.map((transfer) => transfer.id),
      );
      for (const transfer of pending) if (!sent.has(transfer.id)) waiting.push({ source, transfer });
    }
    if (waiting.length === 0) return false;
    let next = storedNext ?? (await this.firstNonce());
    let signed = 0;
    for (const { source, transfer } of waiting.slice(0, SENDS_PER_ROUND)) {
      const token = this.tokens.get(transfer.currency);
      if (!token) {
        this.logger.error(
          { kind: source.kind, id: transfer.label },
          'no token contract for its currency on this network',
        );
        continue;
      }
      const result = await this.wallet.signTransfer({
        token,
        to: transfer.to,
        units: transfer.units,
        nonce: next,
      });
      if (!result.ok) {
        this.logger.error(
          { kind: source.kind, id: transfer.label, reason: result.wait },
          'crypto payouts wait: cannot send now',
        );
        return false;
      }
      const recorded = await this.db.transaction().execute((tx) =>
        recordSent(tx, {
          owner: this.owner,
          row: {
            kind: source.kind,
            item_id: transfer.id,
            network: this.network,
            wallet: this.wallet.address,
            nonce: next,
            tx_hash: result.transfer.hash,
            raw_tx: result.transfer.raw,
            sent_at: this.now(),
          },
        }),
      );
      if (!recorded) return false; // the lease went to another instance: it goes on from its nonce
      next += 1n;
      signed += 1;
      await this.broadcast(transfer.label, result.transfer.raw, result.transfer.hash);
    }
    return waiting.length > signed;
  }

  private async broadcast(label: string, raw: `0x${string}`, hash: string): Promise<void> {
    try {
      await this.wallet.broadcast(raw);
      this.logger.info({ id: label, txHash: hash }, 'crypto transfer sent');
    } catch (error) {
      // Recorded: the next round sends the same transaction again.
      this.logger.warn({ err: error, id: label, txHash: hash }, 'broadcasting a transfer failed');
    }
  }

  /** The first nonce of a wallet the database has none for: the chain's, past any recorded one. */
  private async firstNonce(): Promise<bigint> {
    const chain = await this.wallet.nonce('pending');
    const recorded = await highestNonce(this.db, this.network, this.wallet.address);
    const next = recorded !== undefined && recorded + 1n > chain ? recorded + 1n : chain;
    await setNextNonce(this.db, this.network, this.owner, next);
    return next;
  }
}
