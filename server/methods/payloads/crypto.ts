import 'server-only';
import { createHash } from 'node:crypto';
import { keccak_256 } from '@noble/hashes/sha3';
import { toDecimalString, type Money } from '@/lib/money';

const BASE58_ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

function sha256(bytes: Uint8Array): Buffer {
  return createHash('sha256').update(bytes).digest();
}

/** Base58Check (Bitcoin alphabet): the payload followed by the first 4 bytes of its double SHA-256. */
export function base58CheckEncode(payload: Uint8Array): string {
  const bytes = Buffer.concat([payload, sha256(sha256(payload)).subarray(0, 4)]);
  let number = BigInt(`0x${bytes.toString('hex') || '0'}`);
  let text = '';
  while (number > 0n) {
    text = BASE58_ALPHABET[Number(number % 58n)]! + text;
    number /= 58n;
  }
  for (const byte of bytes) {
    if (byte !== 0) break;
    text = `1${text}`;
  }
  return text;
}

/** Decodes Base58Check, returning the payload, or undefined when the checksum does not match. */
export function base58CheckDecode(text: string): Buffer | undefined {
  let number = 0n;
  for (const char of text) {
    const digit = BASE58_ALPHABET.indexOf(char);
    if (digit < 0) return undefined;
    number = number * 58n + BigInt(digit);
  }
  const hex = number.toString(16);
  const body = Buffer.from(hex.length % 2 ? `0${hex}` : hex, 'hex');
  const zeros = /^1*/.exec(text)![0].length;
  const bytes = Buffer.concat([Buffer.alloc(zeros), body]);
  const payload = bytes.subarray(0, -4);
  return sha256(sha256(payload)).subarray(0, 4).equals(bytes.subarray(-4)) ? payload : undefined;
}

/** A TRON mainnet address ("T…"): Base58Check of 0x41 followed by the 20-byte account ID. */
export function tronAddress(accountId: Uint8Array): string {
  if (accountId.length !== 20) throw new Error('A TRON account ID has 20 bytes.');
  return base58CheckEncode(Buffer.concat([Buffer.from([0x41]), accountId]));
}

/**
 * EIP-55: the hex address with each letter upper-cased where the matching nibble of the Keccak-256
 * hash of the lowercase address is 8 or more, so wallets detect a mistyped address.
 */
export function toChecksumAddress(address: string): string {
  const hex = address.replace(/^0x/i, '').toLowerCase();
  if (!/^[0-9a-f]{40}$/.test(hex)) throw new Error('An EVM address is 40 hex digits.');
  const hash = Buffer.from(keccak_256(hex)).toString('hex');
  let checksummed = '0x';
  for (let i = 0; i < 40; i++) checksummed += parseInt(hash[i]!, 16) >= 8 ? hex[i]!.toUpperCase() : hex[i]!;
  return checksummed;
}

/** Whether an address is in valid EIP-55 form (mixed case matching its checksum). */
export function isChecksumAddress(address: string): boolean {
  return /^0x[0-9a-fA-F]{40}$/.test(address) && toChecksumAddress(address) === address;
}

/** An EVM (Ethereum, Polygon) address in its EIP-55 checksum form, as wallets and explorers show it. */
export function evmAddress(accountId: Uint8Array): string {
  if (accountId.length !== 20) throw new Error('An EVM address has 20 bytes.');
  return toChecksumAddress(Buffer.from(accountId).toString('hex'));
}

/**
 * An EIP-681 ERC-20 transfer request: ethereum:<token>@<chainId>/transfer?address=<to>&uint256=<units>.
 * The amount is in the token's smallest units (6 decimals for USDT and USDC, our minor units).
 */
export function eip681TokenTransfer(input: {
  contractAddress: string;
  chainId: number;
  to: string;
  amount: Money;
}): string {
  return `ethereum:${input.contractAddress}@${input.chainId}/transfer?address=${input.to}&uint256=${input.amount.minor}`;
}

/**
 * TRON has no URI standard; Trust Wallet's universal send link (SLIP-44 coin 195, "_t" + the TRC-20
 * contract) opens the wallet with token, address and amount filled in.
 */
export function trustWalletTronTransfer(input: {
  contractAddress: string;
  to: string;
  amount: Money;
}): string {
  const params = new URLSearchParams({
    asset: `c195_t${input.contractAddress}`,
    address: input.to,
    amount: toDecimalString(input.amount),
  });
  return `https://link.trustwallet.com/send?${params.toString()}`;
}
