import { describe, expect, it } from 'vitest';
import { base58CheckEncode, tronAddress } from '../../rails';
import { resolvePayoutDestination, type DestinationResult } from './index';

function crypto(
  currency: 'USDT' | 'USDC',
  paymentOperatorCode: string | undefined,
  accountNumber: string | undefined,
  account: { accountName?: string; bankCode?: string } = {},
): DestinationResult {
  return resolvePayoutDestination({
    currency,
    paymentMethodCode: 'CRYPTO',
    paymentOperatorCode,
    account: { accountNumber, ...account },
  });
}

const addressError = (result: DestinationResult) =>
  result.ok
    ? undefined
    : result.errors.find((error) => error.field === 'paymentMethod.account.accountNumber')?.message;

const WALLET_TRON = tronAddress(Buffer.alloc(20, 0x5c));
// EIP-55's own test vector.
const WALLET_EVM = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';

describe('crypto payouts: TRON', () => {
  it('accepts a mainnet address and keeps it as given', () => {
    const result = crypto('USDT', 'TRON', ` ${WALLET_TRON} `, { accountName: 'Cold wallet' });
    expect(result.ok && result.destination).toEqual({
      method: 'CRYPTO',
      operator: { code: 'TRON', name: 'TRON (TRC-20)' },
      account: { accountName: 'Cold wallet', accountNumber: WALLET_TRON },
    });
  });

  it('refuses a mistyped address (Base58Check) and one of another chain', () => {
    const mistyped = WALLET_TRON.slice(0, 10) + (WALLET_TRON[10] === 'a' ? 'b' : 'a') + WALLET_TRON.slice(11);
    expect(addressError(crypto('USDT', 'TRON', mistyped))).toMatch(/fails its checksum/);
    expect(addressError(crypto('USDT', 'TRON', WALLET_EVM))).toMatch(/EVM/);
    expect(addressError(crypto('USDT', 'TRON', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6'))).toMatch(/33 base58/);
  });

  it('refuses a T-shaped, checksummed payload that is not a 0x41 account', () => {
    const notAccount = base58CheckEncode(Buffer.concat([Buffer.from([0x42]), Buffer.alloc(20)]));
    expect(notAccount).toMatch(/^T.{33}$/);
    expect(addressError(crypto('USDT', 'TRON', notAccount))).toBe('Not a TRON mainnet account address.');
  });

  it('refuses the USDT contract itself', () => {
    expect(addressError(crypto('USDT', 'TRON', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t'))).toMatch(
      /^This is the USDT token contract on TRON \(TRC-20\), not a wallet/,
    );
  });

  it('has no USDC on TRON', () => {
    expect(crypto('USDC', 'TRON', WALLET_TRON)).toMatchObject({
      ok: false,
      code: 'PAYMENT_OPERATOR_UNKNOWN',
    });
  });
});

describe('crypto payouts: EVM networks', () => {
  it.each([WALLET_EVM, WALLET_EVM.toLowerCase(), `0x${WALLET_EVM.slice(2).toUpperCase()}`])(
    'accepts %s (checksummed, or all one case)',
    (address) => {
      const result = crypto('USDC', 'POLYGON', address);
      expect(result.ok && result.destination.account.accountNumber).toBe(address);
    },
  );

  it('refuses a mixed-case address whose case breaks the EIP-55 checksum', () => {
    expect(addressError(crypto('USDT', 'ETHEREUM', '0x5aaeb6053F3E94C9b9A09f33669435E7Ef1BeAed'))).toMatch(
      /EIP-55/,
    );
  });

  it('refuses malformed addresses, a TRON address and the zero address', () => {
    expect(addressError(crypto('USDT', 'ETHEREUM', WALLET_EVM.slice(0, -1)))).toMatch(/40 hexadecimal/);
    expect(addressError(crypto('USDT', 'ETHEREUM', `0X${WALLET_EVM.slice(2)}`))).toMatch(/40 hexadecimal/);
    expect(addressError(crypto('USDT', 'ETHEREUM', WALLET_TRON))).toMatch(/TRON address/);
    expect(addressError(crypto('USDC', 'ETHEREUM', `0x${'0'.repeat(40)}`))).toMatch(/zero address/);
  });

  it('refuses token contracts, in any letter case, whichever token is paid', () => {
    const usdt = '0xdAC17F958D2ee523a2206206994597C13D831ec7';
    expect(addressError(crypto('USDT', 'ETHEREUM', usdt))).toMatch(/USDT token contract on Ethereum/);
    expect(addressError(crypto('USDT', 'ETHEREUM', usdt.toLowerCase()))).toMatch(/USDT token contract/);
    expect(addressError(crypto('USDC', 'ETHEREUM', usdt))).toMatch(/USDT token contract/);
    expect(addressError(crypto('USDC', 'POLYGON', '0x3c499c542cEF5E3811e1192ce70d8cC03d5c3359'))).toMatch(
      /USDC token contract on Polygon/,
    );
  });
});

describe('crypto payouts: other fields', () => {
  it('requires the network and the address; reports both', () => {
    const result = crypto('USDT', undefined, undefined);
    expect(result).toMatchObject({ ok: false, code: 'VALIDATION_FAILED' });
    expect(result.ok ? [] : result.errors.map((error) => error.field)).toEqual([
      'paymentMethod.paymentOperatorCode',
      'paymentMethod.account.accountNumber',
    ]);
  });

  it('takes an optional label, and no bank code', () => {
    const result = crypto('USDT', 'ETHEREUM', WALLET_EVM, { accountName: 'Ops\nwallet', bankCode: 'X' });
    expect(result.ok ? [] : result.errors.map((error) => error.field)).toEqual([
      'paymentMethod.account.accountName',
      'paymentMethod.account.bankCode',
    ]);
    const unlabelled = crypto('USDT', 'ETHEREUM', WALLET_EVM, { accountName: '' });
    expect(unlabelled.ok && unlabelled.destination.account).toEqual({ accountNumber: WALLET_EVM });
  });
});
