import { describe, expect, it } from 'vitest';
import {
  base58CheckDecode,
  base58CheckEncode,
  eip681TokenTransfer,
  evmAddress,
  tronAddress,
  trustWalletTronTransfer,
} from './crypto';

const USDT_TRON = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

describe('TRON addresses', () => {
  it("encodes the USDT contract's hex address to its published base58 form", () => {
    // TRONSCAN lists USDT as 41a614f803b6fd780986a42c78ec9c7f77e6ded13c / TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t.
    expect(base58CheckEncode(Buffer.from('41a614f803b6fd780986a42c78ec9c7f77e6ded13c', 'hex'))).toBe(
      USDT_TRON,
    );
    expect(tronAddress(Buffer.from('a614f803b6fd780986a42c78ec9c7f77e6ded13c', 'hex'))).toBe(USDT_TRON);
  });

  it('round-trips and rejects a mistyped address', () => {
    expect(base58CheckDecode(USDT_TRON)?.toString('hex')).toBe('41a614f803b6fd780986a42c78ec9c7f77e6ded13c');
    expect(base58CheckDecode(USDT_TRON.replace('q8Z', 'q9Z'))).toBeUndefined();
    expect(base58CheckDecode('0OIl')).toBeUndefined();
    expect(base58CheckEncode(Buffer.from([0, 0, 1]))).toMatch(/^11/);
  });
});

describe('payment URIs', () => {
  const to = evmAddress(Buffer.alloc(20, 0xab));

  it('builds an EIP-681 ERC-20 transfer in token units', () => {
    expect(to).toBe(`0x${'ab'.repeat(20)}`);
    expect(
      eip681TokenTransfer({
        contractAddress: '0xdAC17F958D2ee523a2206206994597C13D831ec7',
        chainId: 1,
        to,
        amount: { currency: 'USDT', minor: 150_250_000n },
      }),
    ).toBe(`ethereum:0xdAC17F958D2ee523a2206206994597C13D831ec7@1/transfer?address=${to}&uint256=150250000`);
  });

  it('builds a Trust Wallet TRC-20 send link with the exact amount', () => {
    const link = new URL(
      trustWalletTronTransfer({
        contractAddress: USDT_TRON,
        to: USDT_TRON,
        amount: { currency: 'USDT', minor: 1n },
      }),
    );
    expect(link.origin + link.pathname).toBe('https://link.trustwallet.com/send');
    expect(Object.fromEntries(link.searchParams)).toEqual({
      asset: `c195_t${USDT_TRON}`,
      address: USDT_TRON,
      amount: '0.000001',
    });
  });
});
