import 'server-only';
import type { CurrencyCode } from '@/lib/money';
import type { FieldError } from '../../errors';
import { CRYPTO_NETWORKS, type CryptoNetwork } from '../../methods/operators/crypto-networks';
import { base58CheckDecode, isChecksumAddress } from '../../methods/payloads/crypto';
import { FIELD, given, readAccountName, someCodes } from './fields';
import type { MethodResolution, PayoutDestinationInput, PayoutMethodRules } from './types';

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

function networksOf(currency: CurrencyCode): readonly CryptoNetwork[] {
  return CRYPTO_NETWORKS[currency] ?? [];
}

/**
 * Stablecoins to a wallet address on the network paymentOperatorCode names. A transfer on chain
 * cannot be undone, so the address is checked as wallets check it (TRON Base58Check, EIP-55) and the
 * token contracts themselves, a common paste mistake, are refused. The address is kept as given.
 */
export const cryptoRules: PayoutMethodRules = {
  operators: networksOf,
  resolve: resolveCrypto,
};

function resolveCrypto(input: PayoutDestinationInput): MethodResolution {
  const { currency } = input;
  const networks = networksOf(currency);
  const errors: FieldError[] = [];

  const networkCode = given(input.paymentOperatorCode);
  const network =
    networkCode === undefined ? undefined : networks.find((known) => known.code === networkCode);
  const unknownOperator = networkCode !== undefined && network === undefined;
  if (network === undefined)
    errors.push({
      field: FIELD.paymentOperatorCode,
      message: `${unknownOperator ? `Not a network we send ${currency} on` : 'Required: the network'}; one of ${someCodes(networks)}.`,
    });

  const address = given(input.account.accountNumber);
  if (address === undefined)
    errors.push({
      field: FIELD.accountNumber,
      message: "Required: the recipient's wallet address on the network.",
    });
  else if (network) {
    const contract = tokenContractAt(network, address);
    const problem = contract
      ? `This is the ${contract} token contract on ${network.name}, not a wallet: tokens sent to it are lost. Give the recipient's wallet address.`
      : addressProblem(network.family, address);
    if (problem) errors.push({ field: FIELD.accountNumber, message: problem });
  }
  const accountName = readAccountName(input.account.accountName, false, errors);
  if (given(input.account.bankCode) !== undefined)
    errors.push({
      field: FIELD.bankCode,
      message: 'Crypto payouts take no bank code: the network is paymentOperatorCode.',
    });

  if (errors.length > 0 || network === undefined || address === undefined)
    return { ok: false, unknownOperator, errors };
  return {
    ok: true,
    destination: {
      method: 'CRYPTO',
      operator: { code: network.code, name: network.name },
      account: { ...(accountName !== undefined && { accountName }), accountNumber: address },
    },
  };
}
