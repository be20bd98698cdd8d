import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer, type AddressInfo } from 'node:net';
import path from 'node:path';
import {
  createPublicClient,
  createTestClient,
  createWalletClient,
  getAddress,
  http,
  parseAbi,
  type Address,
  type Hash,
  type Hex,
} from 'viem';
import { mnemonicToAccount } from 'viem/accounts';
import { foundry } from 'viem/chains';

/** anvil's development accounts derive from this mnemonic (public: for local nodes only). */
const ANVIL_MNEMONIC = 'test test test test test test test test test test test junk';

/** The private key of anvil's development account `index` (hex, 0x-prefixed). */
export function devAccountKey(index: number): Hex {
  const key = mnemonicToAccount(ANVIL_MNEMONIC, { addressIndex: index }).getHdKey().privateKey;
  if (!key) throw new Error('no key');
  return `0x${Buffer.from(key).toString('hex')}`;
}

/*
 * A real local EVM node for the chain watcher's tests: Foundry's anvil (from npm, the
 * @foundry-rs/anvil platform package), started and stopped by the tests, with a 6-decimal ERC-20
 * compiled from TestStablecoin.sol by solc-js and deployed on it.
 */

const require = createRequire(import.meta.url);

/** anvil's binary: ANVIL_BIN, else the one npm installed for this platform. */
function anvilBinary(): string {
  if (process.env.ANVIL_BIN) return process.env.ANVIL_BIN;
  const arch = process.arch === 'x64' ? 'amd64' : process.arch;
  const manifest = require.resolve(`@foundry-rs/anvil-${process.platform}-${arch}/package.json`);
  return path.join(path.dirname(manifest), 'bin', 'anvil');
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

let compiled: { abi: unknown[]; bytecode: Hex } | undefined;

/** TestStablecoin compiled once per test process (solc-js, a second or two). */
function stablecoinArtifact(): { abi: unknown[]; bytecode: Hex } {
  if (compiled) return compiled;

  const solc = require('solc') as { compile(input: string): string };
  const source = readFileSync(path.join(import.meta.dirname, 'TestStablecoin.sol'), 'utf8');
  const output = JSON.parse(
    solc.compile(
      JSON.stringify({
        language: 'Solidity',
        sources: { 'TestStablecoin.sol': { content: source } },
        settings: {
          optimizer: { enabled: true, runs: 200 },
          outputSelection: { '*': { '*': ['abi', 'evm.bytecode'] } },
        },
      }),
    ),
  ) as {
    errors?: { severity: string; formattedMessage: string }[];
    contracts: Record<string, Record<string, { abi: unknown[]; evm: { bytecode: { object: string } } }>>;
  };
  const errors = (output.errors ?? []).filter((error) => error.severity === 'error');
  if (errors.length > 0) throw new Error(errors.map((error) => error.formattedMessage).join('\n'));
  const contract = output.contracts['TestStablecoin.sol']!.TestStablecoin!;
  compiled = { abi: contract.abi, bytecode: `0x${contract.evm.bytecode.object}` };
  return compiled;
}

export const ERC20_ABI = parseAbi([
  'function transfer(address to, uint256 value) returns (bool)',
  'function approve(address spender, uint256 value) returns (bool)',
  'function transferFrom(address from, address to, uint256 value) returns (bool)',
  'function transferMany(address[] to, uint256[] values) returns (bool)',
  'function balanceOf(address owner) view returns (uint256)',
]);

export interface EvmNode {
  rpcUrl: string;
  chainId: number;
  /** The deployed 6-decimal token. */
  token: Address;
  /** anvil's unlocked accounts; [0] deployed the token and holds its supply. */
  accounts: readonly Address[];
  /** Sends `amount` token base units (6 decimals) from the treasury to `to`; the transaction's hash. */
  pay(to: Address, units: bigint, from?: Address): Promise<Hash>;
  /** Several transfers in one transaction (one block, consecutive log indexes). */
  payMany(payments: readonly { to: Address; units: bigint }[]): Promise<Hash>;
  /** Mines `count` blocks now. */
  mine(count?: number): Promise<void>;
  /** Stops mining a block per transaction; mine() then puts every pending one in one block. */
  setAutomine(on: boolean): Promise<void>;
  /** The token balance of an address, in base units. */
  balanceOf(address: Address): Promise<bigint>;
  /** Lets the treasury move all of `owner`'s tokens (transferFrom). */
  approveTreasury(owner: Address): Promise<Hash>;
  /** The treasury takes `units` of `from`'s tokens, bidding a high tip: first in the next block. */
  takeFrom(from: Address, units: bigint): Promise<Hash>;
  /** Takes a pending transaction out of the node's pool, as a congested network may. */
  dropTransaction(hash: Hash): Promise<void>;
  /** Uses `from`'s nonce `nonce` for a transaction of nothing to itself (a replacement). */
  spendNonce(from: Address, nonce: number): Promise<Hash>;
  snapshot(): Promise<Hex>;
  revert(id: Hex): Promise<void>;
  blockNumber(): Promise<bigint>;
  stop(): Promise<void>;
}

/** Starts anvil on a free loopback port and deploys the token; stop() ends the process. */
export async function startEvmNode(options: { chainId?: number } = {}): Promise<EvmNode> {
  const port = await freePort();
  const chainId = options.chainId ?? 31337;
  const child: ChildProcess = spawn(
    anvilBinary(),
    [
      '--host',
      '127.0.0.1',
      '--port',
      String(port),
      '--chain-id',
      String(chainId),
      '--silent',
      '--accounts',
      '5',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const rpcUrl = `http://127.0.0.1:${port}`;
  const chain = { ...foundry, id: chainId };
  const transport = http(rpcUrl, { retryCount: 0 });
  const publicClient = createPublicClient({ chain, transport });
  const testClient = createTestClient({ chain, transport, mode: 'anvil' });
  const wallet = createWalletClient({ chain, transport });

  const deadline = Date.now() + 15_000;
  for (;;) {
    try {
      await publicClient.getChainId();
      break;
    } catch {
      if (child.exitCode !== null || Date.now() > deadline)
        throw new Error(`anvil did not start: ${stderr || `exit ${child.exitCode}`}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  const accounts = (await wallet.getAddresses()).map((address) => getAddress(address));
  const treasury = accounts[0]!;
  const artifact = stablecoinArtifact();
  const deployHash = await wallet.deployContract({
    abi: artifact.abi,
    bytecode: artifact.bytecode,
    args: ['Test Tether', 'USDT', 10n ** 15n],
    account: treasury,
    chain,
  });
  const receipt = await publicClient.waitForTransactionReceipt({ hash: deployHash, pollingInterval: 20 });
  const token = getAddress(receipt.contractAddress!);
  // With automine on, anvil answers eth_sendTransaction before the block holding it can be read: a
  // loaded machine (CI) let a test scan or read balances in between. A write made while automine is
  // on returns once its receipt is there; with it off the transaction stays pending (mine() includes it).
  let automine = true;
  const included = async (sent: Promise<Hash>): Promise<Hash> => {
    const hash = await sent;
    if (automine)
      await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 20, timeout: 15_000 });
    return hash;
  };

  return {
    rpcUrl,
    chainId,
    token,
    accounts,
    pay: (to, units, from = treasury) =>
      included(
        wallet.writeContract({
          address: token,
          abi: ERC20_ABI,
          functionName: 'transfer',
          args: [to, units],
          account: from,
          chain,
        }),
      ),
    payMany: (payments) =>
      included(
        wallet.writeContract({
          address: token,
          abi: ERC20_ABI,
          functionName: 'transferMany',
          args: [payments.map((p) => p.to), payments.map((p) => p.units)],
          account: treasury,
          chain,
        }),
      ),
    balanceOf: (address) =>
      publicClient.readContract({
        address: token,
        abi: ERC20_ABI,
        functionName: 'balanceOf',
        args: [address],
      }),
    dropTransaction: (hash) => testClient.dropTransaction({ hash }),
    approveTreasury: (owner) =>
      included(
        wallet.writeContract({
          address: token,
          abi: ERC20_ABI,
          functionName: 'approve',
          args: [treasury, 2n ** 256n - 1n],
          account: owner,
          chain,
        }),
      ),
    takeFrom: (from, units) =>
      included(
        wallet.writeContract({
          address: token,
          abi: ERC20_ABI,
          functionName: 'transferFrom',
          args: [from, treasury, units],
          account: treasury,
          chain,
          maxPriorityFeePerGas: 100_000_000_000n,
          maxFeePerGas: 300_000_000_000n,
        }),
      ),
    spendNonce: (from, nonce) => wallet.sendTransaction({ account: from, to: from, value: 0n, nonce, chain }),
    mine: (count = 1) => testClient.mine({ blocks: count }),
    setAutomine: async (on) => {
      await testClient.setAutomine(on);
      automine = on;
    },
    snapshot: () => testClient.snapshot(),
    revert: (id) => testClient.revert({ id }),
    blockNumber: () => publicClient.getBlockNumber({ cacheTime: 0 }),
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
