import { describe, expect, it } from 'vitest';
import type { ChainWatchSettings } from '../config';
import { ChainConfigurationError, watchedNetworkOf } from './index';

const settings = (overrides: Partial<ChainWatchSettings>): ChainWatchSettings => ({
  network: 'ETHEREUM',
  rpcUrl: 'https://rpc.example',
  confirmations: undefined,
  chainId: undefined,
  startBlock: undefined,
  tokens: {},
  walletKey: undefined,
  walletKeyFile: undefined,
  gasCeilingGwei: undefined,
  ...overrides,
});

describe('watchedNetworkOf', () => {
  it("watches the catalogue's mainnet contracts of every currency on the network by default", () => {
    const network = watchedNetworkOf(settings({}));
    expect(network).toMatchObject({ code: 'ETHEREUM', chainId: 1, confirmations: 12 });
    expect([...network.tokens]).toEqual([
      ['0xdac17f958d2ee523a2206206994597c13d831ec7', 'USDT'],
      ['0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48', 'USDC'],
    ]);
    expect(watchedNetworkOf(settings({ network: 'POLYGON' }))).toMatchObject({
      chainId: 137,
      confirmations: 32,
    });
  });

  it('on a test chain watches only the contracts named for it', () => {
    const token = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
    const network = watchedNetworkOf(settings({ chainId: 31337, tokens: { USDT: token }, confirmations: 2 }));
    expect([...network.tokens]).toEqual([[token.toLowerCase(), 'USDT']]);
    expect(network.confirmations).toBe(2);
    expect(() => watchedNetworkOf(settings({ chainId: 11155111 }))).toThrow(/name its token contracts/);
  });

  it('refuses networks it cannot watch and tokens the network does not carry, naming the variable', () => {
    expect(() => watchedNetworkOf(settings({ network: 'SOLANA' }))).toThrow(ChainConfigurationError);
    expect(() => watchedNetworkOf(settings({ network: 'TRON' }))).toThrow(
      /CHAIN_RPC_URL_TRON: .*not built yet/,
    );
    expect(() =>
      watchedNetworkOf(settings({ network: 'POLYGON', tokens: { USDT: '0x' + '1'.repeat(40) } })),
    ).toThrow(/CHAIN_TOKEN_USDT_POLYGON/);
  });
});
