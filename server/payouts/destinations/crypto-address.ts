import 'server-only';
import type { CurrencyCode } from '@/lib/money';
import type { FieldError } from '../../errors';
import { addressProblem, CRYPTO_NETWORKS, tokenContractAt, type CryptoNetwork } from '../../rails';
import { FIELD, given, readAccountName, someCodes } from './fields';
import type { MethodResolution, PayoutDestinationInput, PayoutMethodRules } from './types';

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
