import { describe, expect, it } from 'vitest';
import {
  base58CheckDecode,
  base58CheckEncode,
  evmAddress,
  isChecksumAddress,
  toChecksumAddress,
  tronAddress,
} from '../../rails';
import { eip681TokenTransfer, trustWalletTronTransfer } from './crypto';

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

describe('EIP-55 checksum addresses', () => {
  // The test vectors of EIP-55 itself (all caps, all lower, normal).
  const vectors = [
    '0x52908400098527886E0F7030069857D2E4169EE7',
    '0x8617E340B3D01FA5F11F306F4090FD50E238070D',
    '0xde709f2102306220921060314715629080e2fb77',
    '0x27b1fdb04752bbc536007a920d24acb045561c26',
    '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
    '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB',
    '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb',
  ];

  it.each(vectors)('turns %s in any case into exactly that form', (address) => {
    expect(toChecksumAddress(address.toLowerCase())).toBe(address);
    expect(toChecksumAddress(address.toUpperCase().replace('0X', '0x'))).toBe(address);
    expect(isChecksumAddress(address)).toBe(true);
  });

  it('detects a mistyped letter case, and gives our deposit addresses in checksum form', () => {
    expect(isChecksumAddress('0x5aaeb6053F3E94C9b9A09f33669435E7Ef1BeAed')).toBe(false);
    const deposit = evmAddress(Buffer.alloc(20, 0xab));
    expect(deposit.toLowerCase()).toBe(`0x${'ab'.repeat(20)}`);
    expect(isChecksumAddress(deposit)).toBe(true);
    expect(deposit).not.toBe(deposit.toLowerCase());
  });
});

describe('payment URIs', () => {
  const to = evmAddress(Buffer.alloc(20, 0xab));

  it('builds an EIP-681 ERC-20 transfer in token units', () => {
    expect(isChecksumAddress(to)).toBe(true);
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
