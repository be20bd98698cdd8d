import 'server-only';
import { createHash } from 'node:crypto';
import { keccak_256 } from '@noble/hashes/sha3';
import type { CurrencyCode } from '@/lib/money';

// Stablecoin networks and their address forms (TRON Base58Check, EVM with EIP-55), as wallets check them.

/** A blockchain a stablecoin is sent on, with the token's mainnet contract there. */
export interface CryptoNetwork {
  code: string;
  name: string;
  family: 'TRON' | 'EVM';
  tokenStandard: 'TRC-20' | 'ERC-20';
  /** EIP-155 chain ID of EVM networks. */
  chainId?: number;
  contractAddress: string;
}

const TRON = { code: 'TRON', name: 'TRON (TRC-20)', family: 'TRON', tokenStandard: 'TRC-20' } as const;
const ETHEREUM = {
  code: 'ETHEREUM',
  name: 'Ethereum (ERC-20)',
  family: 'EVM',
  tokenStandard: 'ERC-20',
  chainId: 1,
} as const;
const POLYGON = {
  code: 'POLYGON',
  name: 'Polygon PoS (ERC-20)',
  family: 'EVM',
  tokenStandard: 'ERC-20',
  chainId: 137,
} as const;

/**
 * Tether's and Circle's mainnet contracts. USDC is not offered on TRON: Circle ended its TRON
 * support in 2024. Polygon's is Circle's native USDC, not the bridged USDC.e.
 */
export const CRYPTO_NETWORKS: Partial<Record<CurrencyCode, readonly CryptoNetwork[]>> = {
  USDT: [
    { ...TRON, contractAddress: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t' },
    { ...ETHEREUM, contractAddress: '0xdAC17F958D2ee523a2206206994597C13D831ec7' },
  ],
  USDC: [
    { ...ETHEREUM, contractAddress: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48' },
    { ...POLYGON, contractAddress: '0x3c499c542cEF5E3811e1192ce70d8cC03d5c3359' },
  ],
};

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

const TRON_SHAPE = /^T[1-9A-HJ-NP-Za-km-z]{33}$/;
const EVM_SHAPE = /^0x[0-9a-fA-F]{40}$/;

/** Why an address cannot receive on this family of networks, or undefined when it can. */
export function addressProblem(family: CryptoNetwork['family'], address: string): string | undefined {
  if (family === 'TRON') {
    if (EVM_SHAPE.test(address)) return 'This is an EVM (0x…) address; TRON addresses start with T.';
    if (!TRON_SHAPE.test(address)) return 'A TRON address: T followed by 33 base58 characters.';
    // Base58Check of 0x41 (mainnet) and the 20-byte account ID.
    const payload = base58CheckDecode(address);
    if (payload === undefined)
      return 'This TRON address fails its checksum: a character is probably mistyped. Copy it again from the wallet.';
    if (payload.length !== 21 || payload[0] !== 0x41) return 'Not a TRON mainnet account address.';
    return undefined;
  }
  if (TRON_SHAPE.test(address)) return 'This is a TRON address; this network takes an 0x address.';
  if (!EVM_SHAPE.test(address)) return 'An address: 0x followed by 40 hexadecimal digits.';
  if (/^0x0{40}$/.test(address))
    return "The zero address burns what it receives: give the recipient's wallet address.";
  // EIP-55: mixed case carries a checksum; all one case carries none and is accepted as such.
  const hex = address.slice(2);
  const mixedCase = hex !== hex.toLowerCase() && hex !== hex.toUpperCase();
  if (mixedCase && !isChecksumAddress(address))
    return "This address's letter case does not match its EIP-55 checksum: a character is probably mistyped. Copy it again from the wallet.";
  return undefined;
}

/** The token contract an address is, on this network (any of our tokens'), if it is one. */
export function tokenContractAt(network: CryptoNetwork, address: string): CurrencyCode | undefined {
  const same = (a: string, b: string) =>
    network.family === 'EVM' ? a.toLowerCase() === b.toLowerCase() : a === b;
  const entries = Object.entries(CRYPTO_NETWORKS) as [CurrencyCode, readonly CryptoNetwork[]][];
  return entries.find(([, networks]) =>
    networks.some((other) => other.code === network.code && same(other.contractAddress, address)),
  )?.[0];
}
