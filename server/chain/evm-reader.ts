import 'server-only';
import { createPublicClient, getAddress, http, parseAbi, parseAbiItem, type PublicClient } from 'viem';
import type { BlockHeader, ChainReader, TokenTransferLog } from './chain-reader';

const TRANSFER = parseAbiItem('event Transfer(address indexed from, address indexed to, uint256 value)');
const DECIMALS = parseAbi(['function decimals() view returns (uint8)']);
/** Recipients per eth_getLogs request: providers bound the size of a request's topic list. */
const RECIPIENTS_PER_QUERY = 500;

/** The chain reader of EVM networks, over the operator's JSON-RPC endpoint (viem). */
export function evmReader(rpcUrl: string): ChainReader {
  // One retry: the watcher's next round is the real retry, and a stuck endpoint must not hold it.
  const client: PublicClient = createPublicClient({
    transport: http(rpcUrl, { retryCount: 1, timeout: 10_000 }),
  });
  return {
    chainId: () => client.getChainId(),
    head: () => client.getBlockNumber({ cacheTime: 0 }),
    async block(number): Promise<BlockHeader | undefined> {
      try {
        const block = await client.getBlock({ blockNumber: number });
        return {
          number: block.number,
          hash: block.hash.toLowerCase(),
          timestamp: new Date(Number(block.timestamp) * 1000),
        };
      } catch (error) {
        if (error instanceof Error && error.name === 'BlockNotFoundError') return undefined;
        throw error;
      }
    },
    async transfers({ fromBlock, toBlock, tokens, recipients }): Promise<TokenTransferLog[]> {
      const found: TokenTransferLog[] = [];
      for (let start = 0; start < recipients.length; start += RECIPIENTS_PER_QUERY) {
        const logs = await client.getLogs({
          address: tokens.map((token) => getAddress(token)),
          event: TRANSFER,
          args: { to: recipients.slice(start, start + RECIPIENTS_PER_QUERY).map((to) => getAddress(to)) },
          fromBlock,
          toBlock,
          strict: true,
        });
        for (const log of logs) {
          // A pending log has no block yet: the filter's blocks are mined ones, but a node may say otherwise.
          if (log.blockHash === null || log.transactionHash === null || log.logIndex === null) continue;
          found.push({
            blockNumber: log.blockNumber,
            blockHash: log.blockHash.toLowerCase(),
            txHash: log.transactionHash.toLowerCase(),
            logIndex: log.logIndex,
            token: log.address.toLowerCase(),
            from: log.args.from.toLowerCase(),
            to: log.args.to.toLowerCase(),
            value: log.args.value,
          });
        }
      }
      return found.sort((a, b) =>
        a.blockNumber === b.blockNumber ? a.logIndex - b.logIndex : a.blockNumber < b.blockNumber ? -1 : 1,
      );
    },
    async tokenDecimals(token) {
      const address = getAddress(token);
      const code = await client.getCode({ address });
      if (!code || code === '0x') return undefined;
      try {
        return await client.readContract({ address, abi: DECIMALS, functionName: 'decimals' });
      } catch {
        return undefined;
      }
    },
  };
}
