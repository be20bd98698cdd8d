/*
 * The port the chain watcher reads a chain through (docs/decisions/041-chain-watcher.md): one
 * implementation per family of chains. EVM networks are read over JSON-RPC (evm-reader.ts); TRON
 * would be a second implementation of this same port.
 */

/** A token transfer as its chain logged it; addresses lower case. */
export interface TokenTransferLog {
  blockNumber: bigint;
  blockHash: string;
  txHash: string;
  /** The log's index in its block: with the block, it tells two transfers of one transaction apart. */
  logIndex: number;
  token: string;
  from: string;
  to: string;
  /** Token base units. */
  value: bigint;
}

export interface BlockHeader {
  number: bigint;
  hash: string;
  timestamp: Date;
}

export interface ChainReader {
  chainId(): Promise<number>;
  /** The latest block's number. */
  head(): Promise<bigint>;
  /** The block now at this height of the chain, or undefined beyond its head. */
  block(number: bigint): Promise<BlockHeader | undefined>;
  /** Transfers of these tokens to these recipients in the blocks from..to (both included). */
  transfers(query: {
    fromBlock: bigint;
    toBlock: bigint;
    tokens: readonly string[];
    recipients: readonly string[];
  }): Promise<TokenTransferLog[]>;
  /** The token's decimals, or undefined when no token contract answers at the address. */
  tokenDecimals(token: string): Promise<number | undefined>;
}
