import 'server-only';
import type { Kysely } from 'kysely';
import type { CurrencyCode } from '@/lib/money';
import { periodicWorker, type BackgroundWorker } from '../background';
import type { Clock } from '../clock';
import type { ChainWatchSettings } from '../config';
import type { Database } from '../db';
import type { Logger } from '../logger';
import type { MerchantDirectory } from '../merchants';
import type { Metrics } from '../metrics';
import { CRYPTO_NETWORKS, type CryptoNetwork } from '../rails';
import type { ReconciliationService } from '../reconciliation';
import type { ChainReader } from './chain-reader';
import { ChainConfigurationError, ChainWatcher, type WatchedNetwork } from './chain-watcher';
import { evmReader } from './evm-reader';
import { evmHotWallet, privateKeyOf, type HotWallet } from './evm-wallet';
import { PayoutSender } from './payout-sender';
import type { PayoutService } from '../payouts';
import type { RefundService } from '../refunds';
import { payoutSource, refundSource } from './outgoing-sources';
import { readFileSync } from 'node:fs';

export { ChainConfigurationError, ChainWatcher, MAX_BLOCK_RANGE } from './chain-watcher';
export { PayoutSender } from './payout-sender';
export type { HotWallet } from './evm-wallet';
export type { ChainReader, TokenTransferLog, BlockHeader } from './chain-reader';
export { transfersOfTransaction, type ChainTransfer } from './chain.repository';

/**
 * Confirmations a transfer waits for unless CHAIN_CONFIRMATIONS_<NETWORK> says otherwise: about
 * the depth exchanges credit deposits at (Ethereum's two-epoch finality is ~64 blocks; 12 blocks
 * have never been reorganised since the Merge; Polygon PoS reaches milestone finality in ~16).
 */
const DEFAULT_CONFIRMATIONS: Record<string, number> = { ETHEREUM: 12, POLYGON: 32 };

/** The most a payout transaction bids per gas unless CHAIN_GAS_CEILING_GWEI_<NETWORK> says otherwise. */
const DEFAULT_GAS_CEILING_GWEI: Record<string, number> = { ETHEREUM: 200, POLYGON: 3000 };

/**
 * The hot wallet's private key: CHAIN_WALLET_KEY_<NETWORK>, or the file CHAIN_WALLET_KEY_FILE_<NETWORK>
 * names (a secret mount); undefined when the network has no wallet. Problems name the variable and
 * the file, never the key.
 */
function walletKeyOf(settings: ChainWatchSettings): `0x${string}` | undefined {
  let text = settings.walletKey;
  if (settings.walletKeyFile !== undefined) {
    try {
      text = readFileSync(settings.walletKeyFile, 'utf8');
    } catch (error) {
      throw new ChainConfigurationError(
        `CHAIN_WALLET_KEY_FILE_${settings.network}: cannot read ${settings.walletKeyFile} (${(error as NodeJS.ErrnoException).code ?? 'error'}).`,
      );
    }
  }
  if (text === undefined) return undefined;
  try {
    return privateKeyOf(text);
  } catch {
    throw new ChainConfigurationError(
      `CHAIN_WALLET_KEY${settings.walletKeyFile ? '_FILE' : ''}_${settings.network}: not a private key (64 hex digits).`,
    );
  }
}

/** Which networks' hot wallets pay live crypto payouts in which currencies (PayoutService's rails). */
export function cryptoPayoutRails(settings: readonly ChainWatchSettings[]) {
  const rails = new Map<string, Set<CurrencyCode>>();
  for (const network of settings) {
    if (network.walletKey === undefined && network.walletKeyFile === undefined) continue;
    rails.set(network.network, new Set(watchedNetworkOf(network).tokens.values()));
  }
  return (network: string, currency: CurrencyCode) => rails.get(network)?.has(currency) ?? false;
}

/** The catalogue's networks with this code and the currencies carried on it. */
function catalogued(code: string): { network: CryptoNetwork; currency: CurrencyCode }[] {
  return (Object.entries(CRYPTO_NETWORKS) as [CurrencyCode, readonly CryptoNetwork[]][]).flatMap(
    ([currency, networks]) =>
      networks.filter((network) => network.code === code).map((network) => ({ network, currency })),
  );
}

/**
 * A network to watch from its settings and the catalogue: EVM only (TRON's events are read by
 * another API: a second ChainReader, not built yet), the catalogue's mainnet chain and contracts
 * unless the settings name a test chain and its contracts.
 */
export function watchedNetworkOf(settings: ChainWatchSettings): WatchedNetwork {
  const entries = catalogued(settings.network);
  const first = entries[0]?.network;
  if (!first)
    throw new ChainConfigurationError(
      `CHAIN_RPC_URL_${settings.network}: no crypto network ${settings.network} in the catalogue.`,
    );
  if (first.family !== 'EVM' || first.chainId === undefined)
    throw new ChainConfigurationError(
      `CHAIN_RPC_URL_${settings.network}: watching ${first.family} networks is not built yet (docs/decisions/041).`,
    );
  const chainId = settings.chainId ?? first.chainId;
  const mainnet = chainId === first.chainId;
  const tokens = new Map<string, CurrencyCode>();
  for (const currency of Object.keys(settings.tokens))
    if (!entries.some((entry) => entry.currency === currency))
      throw new ChainConfigurationError(
        `CHAIN_TOKEN_${currency}_${settings.network}: the catalogue carries no ${currency} on ${settings.network}.`,
      );
  for (const { network, currency } of entries) {
    // A test chain's contracts are the operator's to name: the mainnet addresses mean nothing there.
    const contract = settings.tokens[currency] ?? (mainnet ? network.contractAddress : undefined);
    if (contract) tokens.set(contract.toLowerCase(), currency);
  }
  if (tokens.size === 0)
    throw new ChainConfigurationError(
      `CHAIN_ID_${settings.network} is a test chain: name its token contracts (CHAIN_TOKEN_<CURRENCY>_${settings.network}).`,
    );
  return {
    code: settings.network,
    chainId,
    confirmations: settings.confirmations ?? DEFAULT_CONFIRMATIONS[settings.network] ?? 12,
    tokens,
    startBlock: settings.startBlock,
  };
}

/** Makes a network's reader; `real` makes the one the configuration asks for. */
export type ChainReaderFactory = (
  settings: ChainWatchSettings,
  real: (settings: ChainWatchSettings) => ChainReader,
) => ChainReader;

export interface ChainWatch {
  watchers: readonly ChainWatcher[];
  /** One payout sender per network with a hot wallet. */
  senders: readonly PayoutSender[];
  workers: readonly BackgroundWorker[];
  /**
   * Checks each network at start: a wrong chain or token refuses the start; an endpoint that does
   * not answer is logged and checked again before the watcher's first round.
   */
  check(): Promise<void>;
}

/** The chain watchers the configuration asks for, one per network, each a background worker. */
export function createChainWatch(options: {
  settings: readonly ChainWatchSettings[];
  db: Kysely<Database>;
  merchants: MerchantDirectory;
  reconciliation: ReconciliationService;
  logger: Logger;
  clock: Clock;
  pollMs: number;
  /** Tests read through a reader of their own (a fault in the middle of a round). */
  reader?: ChainReaderFactory;
  metrics?: Metrics;
  /** Live crypto payouts and refunds, sent from the networks' hot wallets. */
  payouts?: PayoutService;
  refunds?: RefundService;
  /** Tests wrap the hot wallet (a fault, a watch on what it sends). */
  wallet?: (network: string, real: HotWallet) => HotWallet;
}): ChainWatch {
  const real = (settings: ChainWatchSettings) => evmReader(settings.rpcUrl);
  const watchers = options.settings.map(
    (settings) =>
      new ChainWatcher({
        network: watchedNetworkOf(settings),
        reader: options.reader ? options.reader(settings, real) : real(settings),
        db: options.db,
        merchants: options.merchants,
        reconciliation: options.reconciliation,
        logger: options.logger,
        clock: options.clock,
        // Two rounds' worth: an instance that died frees its networks within seconds.
        leaseMs: Math.max(30_000, options.pollMs * 2),
        onTransfers: (status, count) => {
          if (count > 0) options.metrics?.chainTransfers.inc({ network: settings.network, status }, count);
        },
      }),
  );
  options.metrics?.gauge(
    'payin_chain_blocks_unconfirmed',
    "Blocks from the first one the chain watcher has not confirmed to the chain's head, by network (its lag: about the confirmations when it keeps up).",
    ['network'],
    () =>
      watchers.flatMap((watcher) =>
        watcher.lastRound
          ? [
              {
                labels: { network: watcher.network.code },
                value: Number(watcher.lastRound.head - watcher.lastRound.nextBlock + 1n),
              },
            ]
          : [],
      ),
  );
  const senders = options.payouts
    ? options.settings.flatMap((settings) => {
        const privateKey = walletKeyOf(settings);
        if (!privateKey) return [];
        const network = watchedNetworkOf(settings);
        const ceilingGwei = settings.gasCeilingGwei ?? DEFAULT_GAS_CEILING_GWEI[settings.network] ?? 500;
        const real = evmHotWallet({
          rpcUrl: settings.rpcUrl,
          chainId: network.chainId,
          privateKey,
          gasCeilingWei: BigInt(Math.round(ceilingGwei * 1e9)),
        });
        return [
          new PayoutSender({
            network: settings.network,
            wallet: options.wallet ? options.wallet(settings.network, real) : real,
            tokens: new Map([...network.tokens].map(([token, currency]) => [currency, token])),
            confirmations: network.confirmations,
            db: options.db,
            sources: [
              payoutSource(options.db, options.payouts!),
              ...(options.refunds ? [refundSource(options.refunds)] : []),
            ],
            logger: options.logger,
            clock: options.clock,
            leaseMs: Math.max(30_000, options.pollMs * 2),
          }),
        ];
      })
    : [];
  /** A periodic round that gives its lease up when the worker stops (another instance goes on at once). */
  const leasedWorker = (name: string, leased: { round(): Promise<boolean>; release(): Promise<void> }) => {
    const worker = periodicWorker({
      name,
      intervalMs: options.pollMs,
      logger: options.logger,
      tick: () => leased.round(),
    });
    return {
      ...worker,
      async stop() {
        await worker.stop();
        await leased.release().catch(() => undefined);
      },
    };
  };
  const workers = [
    ...watchers.map((watcher) =>
      leasedWorker(`chain-watch-${watcher.network.code.toLowerCase()}`, {
        round: () => watcher.scan(),
        release: () => watcher.release(),
      }),
    ),
    ...senders.map((sender) => leasedWorker(`chain-payouts-${sender.network.toLowerCase()}`, sender)),
  ];
  return {
    watchers,
    senders,
    workers,
    async check() {
      for (const watcher of watchers) {
        try {
          await watcher.check();
        } catch (error) {
          if (error instanceof ChainConfigurationError) throw error;
          options.logger.warn(
            { err: error, network: watcher.network.code },
            'chain endpoint not answering at start: the watcher checks it again before its first round',
          );
        }
      }
    },
  };
}
