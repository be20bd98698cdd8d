import 'server-only';
import {
  createPublicClient,
  encodeFunctionData,
  getAddress,
  http,
  keccak256,
  parseAbi,
  type Hex,
  type PublicClient,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';

const ERC20 = parseAbi(['function transfer(address to, uint256 value) returns (bool)']);
/** Gas is estimated on the latest state; a margin keeps a transaction from running out of it. */
const GAS_MARGIN_PERCENT = 20n;

/** A token transfer signed with its nonce, ready to broadcast (and to broadcast again, the same). */
export interface SignedTransfer {
  raw: Hex;
  hash: string;
}

/**
 * The operator's hot wallet on one EVM network (docs/decisions/043): signs ERC-20 transfers with
 * the nonces the payout sender hands out, broadcasts them, and reads what became of them. The key
 * stays in this closure: never logged, never stored.
 */
export interface HotWallet {
  /** The wallet's address, lower case. */
  address: string;
  head(): Promise<bigint>;
  /** Transactions the wallet has had mined (at `block`, default the latest), or counting the pool's. */
  nonce(at: 'pending' | bigint | 'latest'): Promise<bigint>;
  /**
   * Estimates and signs a transfer with this nonce; `wait` (not sent, nothing used) when it cannot
   * go now: the estimate fails (the wallet short of tokens) or gas costs more than the ceiling.
   */
  signTransfer(input: {
    token: string;
    to: string;
    units: bigint;
    nonce: bigint;
  }): Promise<{ ok: true; transfer: SignedTransfer } | { ok: false; wait: string }>;
  /** Sends a signed transaction; one the node already has (or has mined) is no error. */
  broadcast(raw: Hex): Promise<void>;
  receipt(hash: string): Promise<{ blockNumber: bigint; success: boolean } | undefined>;
}

/** Reads a key given as 64 hex digits, with or without 0x. */
export function privateKeyOf(text: string): Hex {
  const key = text.trim().replace(/^0x/i, '');
  if (!/^[0-9a-fA-F]{64}$/.test(key)) throw new Error('A private key is 64 hex digits (0x optional).');
  return `0x${key.toLowerCase()}`;
}

export function evmHotWallet(options: {
  rpcUrl: string;
  chainId: number;
  privateKey: Hex;
  /** The most a transaction bids per gas (max fee), in wei. */
  gasCeilingWei: bigint;
}): HotWallet {
  const client: PublicClient = createPublicClient({
    transport: http(options.rpcUrl, { retryCount: 1, timeout: 10_000 }),
  });
  const account = privateKeyToAccount(options.privateKey);
  return {
    address: account.address.toLowerCase(),
    head: () => client.getBlockNumber({ cacheTime: 0 }),
    async nonce(at) {
      const count = await client.getTransactionCount(
        at === 'pending' || at === 'latest'
          ? { address: account.address, blockTag: at }
          : { address: account.address, blockNumber: at },
      );
      return BigInt(count);
    },
    async signTransfer({ token, to, units, nonce }) {
      const data = encodeFunctionData({
        abi: ERC20,
        functionName: 'transfer',
        args: [getAddress(to), units],
      });
      let gas: bigint;
      try {
        gas = await client.estimateGas({ account: account.address, to: getAddress(token), data });
      } catch (error) {
        const reason =
          error instanceof Error ? ((error as { shortMessage?: string }).shortMessage ?? error.message) : '';
        return {
          ok: false,
          wait: `the transfer would fail (${reason.slice(0, 200)}): is the hot wallet short of tokens?`,
        };
      }
      const [block, fees] = await Promise.all([client.getBlock(), client.estimateFeesPerGas()]);
      const priority = fees.maxPriorityFeePerGas;
      const floor = (block.baseFeePerGas ?? 0n) + priority;
      if (floor > options.gasCeilingWei)
        return { ok: false, wait: `gas costs ${floor} wei, above the ceiling of ${options.gasCeilingWei}` };
      const maxFeePerGas =
        fees.maxFeePerGas < options.gasCeilingWei ? fees.maxFeePerGas : options.gasCeilingWei;
      const raw = await account.signTransaction({
        type: 'eip1559',
        chainId: options.chainId,
        nonce: Number(nonce),
        to: getAddress(token),
        data,
        value: 0n,
        gas: gas + (gas * GAS_MARGIN_PERCENT) / 100n,
        maxFeePerGas,
        maxPriorityFeePerGas: priority < maxFeePerGas ? priority : maxFeePerGas,
      });
      return { ok: true, transfer: { raw, hash: keccak256(raw).toLowerCase() } };
    },
    async broadcast(raw) {
      try {
        await client.sendRawTransaction({ serializedTransaction: raw });
      } catch (error) {
        const message =
          error instanceof Error ? `${error.message} ${String((error as { details?: string }).details)}` : '';
        // Sent before (a resend after a crash or a round that did not see it mined): nothing to do.
        if (
          /already known|already imported|nonce too low|known transaction|replacement transaction underpriced/i.test(
            message,
          )
        )
          return;
        throw error;
      }
    },
    async receipt(hash) {
      try {
        const receipt = await client.getTransactionReceipt({ hash: hash as Hex });
        return { blockNumber: receipt.blockNumber, success: receipt.status === 'success' };
      } catch (error) {
        if (error instanceof Error && error.name === 'TransactionReceiptNotFoundError') return undefined;
        throw error;
      }
    },
  };
}
