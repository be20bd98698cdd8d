import 'server-only';
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { CURRENCIES, toDecimalString, type CurrencyCode } from '@/lib/money';
import { findCollectionAccount, type CollectionAccount } from '../accounts';
import type { Clock } from '../clock';
import type { Database } from '../db';
import type { Logger } from '../logger';
import type { Merchant, MerchantDirectory } from '../merchants';
import type { ReconciliationService } from '../reconciliation';
import type { ChainReader } from './chain-reader';
import {
  advanceCursor,
  leaseCursor,
  recordSeen,
  releaseCursor,
  seenTransfers,
  settleTransfers,
  type ChainTransfer,
  type NewChainTransfer,
} from './chain.repository';

/** Blocks one scan asks logs for: public endpoints refuse wide ranges (often above 1,000–10,000). */
export const MAX_BLOCK_RANGE = 1_000n;
/** The largest transfer taken: a bigint column (no real stablecoin's whole supply comes near). */
const MAX_UNITS = 2n ** 63n - 1n;

/** A network as the watcher reads it: catalogue code, chain, confirmations and token contracts. */
export interface WatchedNetwork {
  code: string;
  chainId: number;
  confirmations: number;
  /** Token contract (lower case) → the currency it carries. */
  tokens: ReadonlyMap<string, CurrencyCode>;
  /** The first block of a first scan; default the ones confirmed from now on. */
  startBlock: bigint | undefined;
}

/** Why a network's configuration cannot be watched (a different chain, a token that is not one). */
export class ChainConfigurationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ChainConfigurationError';
  }
}

interface Recipient {
  merchant: Merchant;
  account: CollectionAccount;
}

/**
 * Watches one EVM network for transfers of its tokens to live merchants' crypto collection
 * addresses (docs/decisions/041-chain-watcher.md). Each round, under the network's lease: scan the
 * blocks from the cursor (the first not yet confirmed) to the head, record each transfer as SEEN
 * with its block hash, withdraw those whose block is no longer on the chain (a reorganisation),
 * hand those with their confirmations to reconciliation as incoming transactions (idempotent on
 * transaction hash and log index), and move the cursor past the confirmed blocks. A crash anywhere
 * repeats the round from the cursor, and nothing is applied twice.
 */
export class ChainWatcher {
  readonly network: WatchedNetwork;
  private readonly reader: ChainReader;
  private readonly db: Kysely<Database>;
  private readonly merchants: MerchantDirectory;
  private readonly reconciliation: ReconciliationService;
  private readonly logger: Logger;
  private readonly now: Clock;
  private readonly leaseMs: number;
  private readonly owner = randomUUID();
  private readonly onTransfers: (status: ChainTransfer['status'], count: number) => void;
  private checked = false;
  /** What the last round saw: the head, and the first block not yet confirmed (for the lag gauge). */
  lastRound: { head: bigint; nextBlock: bigint } | undefined;

  constructor(options: {
    network: WatchedNetwork;
    reader: ChainReader;
    db: Kysely<Database>;
    merchants: MerchantDirectory;
    reconciliation: ReconciliationService;
    logger: Logger;
    clock: Clock;
    leaseMs: number;
    /** Counts transfers as they are seen, confirmed or withdrawn (metrics). */
    onTransfers?: (status: ChainTransfer['status'], count: number) => void;
  }) {
    this.onTransfers = options.onTransfers ?? (() => undefined);
    this.network = options.network;
    this.reader = options.reader;
    this.db = options.db;
    this.merchants = options.merchants;
    this.reconciliation = options.reconciliation;
    this.logger = options.logger.child({ network: options.network.code });
    this.now = options.clock;
    this.leaseMs = options.leaseMs;
  }

  /**
   * The endpoint is the configured chain and each token a contract with the currency's decimals:
   * a ChainConfigurationError otherwise (the service must not watch the wrong chain). An
   * unreachable endpoint throws its own error: checked again before the next round.
   */
  async check(): Promise<void> {
    const chainId = await this.reader.chainId();
    if (chainId !== this.network.chainId)
      throw new ChainConfigurationError(
        `CHAIN_RPC_URL_${this.network.code} answers for chain ${chainId}, not ${this.network.chainId}` +
          ` (set CHAIN_ID_${this.network.code} for a test network).`,
      );
    for (const [token, currency] of this.network.tokens) {
      const decimals = await this.reader.tokenDecimals(token);
      if (decimals === undefined)
        throw new ChainConfigurationError(
          `No token contract answers at ${token} (${currency}) on ${this.network.code}.`,
        );
      if (decimals !== CURRENCIES[currency].decimals)
        throw new ChainConfigurationError(
          `The ${currency} contract ${token} on ${this.network.code} has ${decimals} decimals, not ${CURRENCIES[currency].decimals}.`,
        );
    }
    this.checked = true;
  }

  /** One round; whether more blocks wait to be scanned at once (a watcher catching up). */
  async scan(): Promise<boolean> {
    if (!this.checked) await this.check();
    const head = await this.reader.head();
    const confirmations = BigInt(this.network.confirmations);
    const now = this.now();
    const cursor = await leaseCursor(this.db, {
      network: this.network.code,
      chainId: this.network.chainId,
      owner: this.owner,
      now,
      until: new Date(now.getTime() + this.leaseMs),
      firstBlock: () => this.network.startBlock ?? maxOf(0n, head - confirmations + 1n),
    });
    if (!cursor) return false; // another instance scans this network
    if (Number(cursor.chain_id) !== this.network.chainId) {
      this.logger.error(
        { cursorChainId: Number(cursor.chain_id) },
        'the database has watched another chain under this network code: not scanning',
      );
      return false;
    }
    const from = cursor.next_block;
    if (from > head) return false;
    if (cursor.confirmed_hash !== null && from > 0n) {
      const confirmed = await this.reader.block(from - 1n);
      if (confirmed && confirmed.hash !== cursor.confirmed_hash)
        this.logger.error(
          { block: String(from - 1n), was: cursor.confirmed_hash, now: confirmed.hash },
          'a reorganisation deeper than the confirmations replaced a confirmed block: check its transfers by hand',
        );
    }
    const to = minOf(head, from + MAX_BLOCK_RANGE - 1n);

    const recipients = this.recipients();
    if (recipients.size > 0) await this.recordTransfers(from, to, recipients);
    const headers = await this.settleSeen(head, minOf(head - confirmations + 1n, to));

    const lastConfirmed = minOf(head - confirmations + 1n, to);
    this.lastRound = { head, nextBlock: lastConfirmed >= from ? lastConfirmed + 1n : from };
    if (lastConfirmed >= from) {
      const block = headers.get(lastConfirmed) ?? (await this.reader.block(lastConfirmed));
      if (block)
        await advanceCursor(this.db, {
          network: this.network.code,
          owner: this.owner,
          nextBlock: lastConfirmed + 1n,
          confirmedHash: block.hash,
          now: this.now(),
        });
    }
    return to < head;
  }

  /** Gives the network's lease up (this instance stops). */
  release(): Promise<void> {
    return releaseCursor(this.db, this.network.code, this.owner);
  }

  /** Live merchants' addresses on this network, by token and address ("token:address"). */
  private recipients(): Map<string, Recipient> {
    const found = new Map<string, Recipient>();
    for (const merchant of this.merchants.list()) {
      if (merchant.isTest) continue; // sandbox payins are never paid by a real chain
      for (const account of merchant.collectionAccounts) {
        if (account.type !== 'CRYPTO' || account.network !== this.network.code) continue;
        for (const [token, currency] of this.network.tokens) {
          if (currency !== account.currency) continue;
          for (const address of account.addresses) {
            const key = `${token}:${address.toLowerCase()}`;
            if (!found.has(key)) found.set(key, { merchant, account });
          }
        }
      }
    }
    return found;
  }

  private async recordTransfers(from: bigint, to: bigint, recipients: Map<string, Recipient>): Promise<void> {
    const addresses = [...new Set([...recipients.keys()].map((key) => key.slice(key.indexOf(':') + 1)))];
    const logs = await this.reader.transfers({
      fromBlock: from,
      toBlock: to,
      tokens: [...this.network.tokens.keys()],
      recipients: addresses,
    });
    const seenAt = this.now();
    const rows: NewChainTransfer[] = [];
    for (const log of logs) {
      const recipient = recipients.get(`${log.token}:${log.to}`);
      const currency = this.network.tokens.get(log.token);
      if (!recipient || !currency) continue; // another token's transfer to the address
      if (log.value <= 0n || log.value > MAX_UNITS) {
        this.logger.warn(
          { txHash: log.txHash, logIndex: log.logIndex },
          'a transfer of no or an impossible amount: skipped',
        );
        continue;
      }
      rows.push({
        network: this.network.code,
        block_number: log.blockNumber,
        block_hash: log.blockHash,
        tx_hash: log.txHash,
        log_index: log.logIndex,
        token: log.token,
        currency_code: currency,
        from_address: log.from,
        to_address: log.to,
        amount_minor: log.value,
        merchant_code: recipient.merchant.code,
        account_id: recipient.account.id,
        seen_at: seenAt,
      });
    }
    this.onTransfers('SEEN', await recordSeen(this.db, rows));
  }

  /**
   * Withdraws seen transfers whose block is no longer at its height (or the chain no longer that
   * long), then hands those in blocks up to `lastConfirmed` to reconciliation. The block headers
   * read, by height.
   */
  private async settleSeen(head: bigint, lastConfirmed: bigint) {
    const seen = await seenTransfers(this.db, this.network.code);
    const headers = new Map<bigint, Awaited<ReturnType<ChainReader['block']>>>();
    for (const height of new Set(seen.map((transfer) => transfer.block_number)))
      headers.set(height, height <= head ? await this.reader.block(height) : undefined);
    const withdrawn = seen.filter(
      (transfer) => headers.get(transfer.block_number)?.hash !== transfer.block_hash,
    );
    for (const transfer of withdrawn)
      this.logger.warn(
        { txHash: transfer.tx_hash, logIndex: transfer.log_index, block: String(transfer.block_number) },
        'a seen transfer left the chain (reorganisation) before its confirmations: withdrawn',
      );
    await settleTransfers(
      this.db,
      withdrawn.map((transfer) => transfer.id),
      'WITHDRAWN',
      this.now(),
    );
    this.onTransfers('WITHDRAWN', withdrawn.length);
    const due = seen.filter(
      (transfer) => !withdrawn.includes(transfer) && transfer.block_number <= lastConfirmed,
    );
    await this.confirm(due, headers);
    return headers;
  }

  /** Hands confirmed transfers to reconciliation, one delivery per account, then marks them. */
  private async confirm(
    due: readonly ChainTransfer[],
    headers: Map<bigint, Awaited<ReturnType<ChainReader['block']>>>,
  ): Promise<void> {
    const byAccount = new Map<string, ChainTransfer[]>();
    for (const transfer of due) {
      const key = `${transfer.merchant_code}\n${transfer.account_id}`;
      byAccount.set(key, [...(byAccount.get(key) ?? []), transfer]);
    }
    for (const transfers of byAccount.values()) {
      const { merchant_code: merchantCode, account_id: accountId } = transfers[0]!;
      const merchant = this.merchants.known(merchantCode);
      const account = merchant && findCollectionAccount(merchant, accountId);
      if (!merchant || !account) {
        this.logger.warn(
          { merchantCode, accountId },
          'confirmed transfers to an account no longer configured: kept',
        );
        continue;
      }
      await this.reconciliation.ingest({
        merchant,
        account,
        source: 'CHAIN',
        transactions: transfers.map((transfer) => {
          const currency = transfer.currency_code as CurrencyCode;
          return {
            bankTransactionId: `${transfer.tx_hash}:${transfer.log_index}`,
            amount: toDecimalString({ currency, minor: transfer.amount_minor }),
            currency,
            bookedAt: headers.get(transfer.block_number)?.timestamp ?? transfer.seen_at,
            note: '',
            payer: { accountNumber: transfer.from_address },
            // As configured (EIP-55 case): the address a rotating account handed its payin.
            to: configuredAddress(account, transfer.to_address),
            raw: JSON.stringify({
              network: transfer.network,
              block: String(transfer.block_number),
              blockHash: transfer.block_hash,
              txHash: transfer.tx_hash,
              logIndex: transfer.log_index,
              token: transfer.token,
              from: transfer.from_address,
              to: transfer.to_address,
              value: String(transfer.amount_minor),
            }),
          };
        }),
      });
      await settleTransfers(
        this.db,
        transfers.map((transfer) => transfer.id),
        'CONFIRMED',
        this.now(),
      );
      this.onTransfers('CONFIRMED', transfers.length);
      this.logger.info(
        { merchantCode, accountId, count: transfers.length },
        'confirmed transfers handed to reconciliation',
      );
    }
  }
}

function configuredAddress(account: CollectionAccount, address: string): string {
  const addresses = account.type === 'CRYPTO' ? account.addresses : [];
  return addresses.find((configured) => configured.toLowerCase() === address) ?? address;
}

function minOf(a: bigint, b: bigint): bigint {
  return a < b ? a : b;
}

function maxOf(a: bigint, b: bigint): bigint {
  return a > b ? a : b;
}
