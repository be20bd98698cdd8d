import 'server-only';
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { CurrencyCode } from '@/lib/money';
import type { Clock } from '../clock';
import type { Database } from '../db';
import type { Logger } from '../logger';
import { findPayoutById, type Payout, type PayoutService } from '../payouts';
import {
  highestNonce,
  leaseWallet,
  payoutTransactions,
  recordSent,
  releaseWallet,
  sentPayouts,
  setNextNonce,
  settleSent,
  type ChainPayoutRow,
} from './chain-payouts.repository';
import type { HotWallet } from './evm-wallet';

/** Payouts one round signs at most: a long queue goes out over a few rounds, each under the lease. */
const SENDS_PER_ROUND = 50;
/** Pending payouts a round looks at (those sent and waiting for confirmations included). */
const PENDING_PER_ROUND = 500;

/**
 * Sends a network's live crypto payouts from the operator's hot wallet (docs/decisions/043), one
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
  private readonly payouts: PayoutService;
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
    payouts: PayoutService;
    logger: Logger;
    clock: Clock;
    leaseMs: number;
  }) {
    this.network = options.network;
    this.wallet = options.wallet;
    this.tokens = options.tokens;
    this.confirmations = BigInt(options.confirmations);
    this.db = options.db;
    this.payouts = options.payouts;
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

  /** Ends the payout and its transaction together (the payout's row lock; once). */
  private async end(
    row: ChainPayoutRow,
    status: 'CONFIRMED' | 'FAILED' | 'REPLACED',
    blockNumber: bigint | null,
  ) {
    const payout = await findPayoutById(this.db, row.payout_id);
    if (!payout) return;
    const at = this.now();
    await this.payouts.finish(payout, status === 'CONFIRMED' ? 'SUCCESS' : 'REFUSED', {
      processorStatus:
        status === 'CONFIRMED'
          ? 'APPROVED'
          : status === 'FAILED'
            ? 'TRANSACTION_FAILED'
            : 'TRANSACTION_REPLACED',
      claim: (tx) => settleSent(tx, row.payout_id, { status, blockNumber, at }),
    });
    const log =
      status === 'CONFIRMED' ? this.logger.info.bind(this.logger) : this.logger.warn.bind(this.logger);
    log({ idPayout: payout.idPayout, txHash: row.tx_hash, status }, 'crypto payout ended on chain');
  }

  private async send(storedNext: bigint | null): Promise<boolean> {
    const pending = await this.payouts.pendingLive({
      method: 'CRYPTO',
      operator: this.network,
      limit: PENDING_PER_ROUND,
    });
    const sent = await payoutTransactions(
      this.db,
      pending.map((payout) => payout.id),
    );
    const waiting = pending.filter((payout) => !sent.has(payout.id));
    if (waiting.length === 0) return false;
    let next = storedNext ?? (await this.firstNonce());
    let signed = 0;
    for (const payout of waiting.slice(0, SENDS_PER_ROUND)) {
      const token = this.tokens.get(payout.money.currency);
      if (!token) {
        this.logger.error(
          { idPayout: payout.idPayout },
          'no token contract for the payout currency on this network',
        );
        continue;
      }
      const result = await this.wallet.signTransfer({
        token,
        to: payout.destination.account?.accountNumber ?? '',
        units: payout.money.minor,
        nonce: next,
      });
      if (!result.ok) {
        this.logger.error(
          { idPayout: payout.idPayout, reason: result.wait },
          'crypto payouts wait: cannot send now',
        );
        return false;
      }
      const recorded = await this.db.transaction().execute((tx) =>
        recordSent(tx, {
          owner: this.owner,
          row: {
            payout_id: payout.id,
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
      await this.broadcast(payout, result.transfer.raw, result.transfer.hash);
    }
    return waiting.length > signed;
  }

  private async broadcast(payout: Payout, raw: `0x${string}`, hash: string): Promise<void> {
    try {
      await this.wallet.broadcast(raw);
      this.logger.info({ idPayout: payout.idPayout, txHash: hash }, 'crypto payout sent');
    } catch (error) {
      // Recorded: the next round sends the same transaction again.
      this.logger.warn(
        { err: error, idPayout: payout.idPayout, txHash: hash },
        'broadcasting a payout failed',
      );
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
