import 'server-only';
import { METHODS } from '@/lib/methods';
import { toDecimalString } from '@/lib/money';
import { operatorsFor, requireOperatorIn } from '../operator-catalogue';
import { CRYPTO_NETWORKS, type CryptoNetwork } from '../operators/crypto-networks';
import { eip681TokenTransfer, evmAddress, trustWalletTronTransfer, tronAddress } from '../payloads/crypto';
import type { MethodAdapter } from '../port';
import { derivedBytes } from '../support/derived';
import { payerAccount, payerSeed } from '../support/payer-account';
import { VALIDITY_MS } from '../support/validity';

function addressOf(network: CryptoNetwork, seed: readonly string[]): string {
  const accountId = derivedBytes(seed, 20);
  return network.family === 'TRON' ? tronAddress(accountId) : evmAddress(accountId);
}

/**
 * Crypto (USDT, USDC): a deposit address of its own per payin on the chosen network
 * (paymentOperator), so the transfer is matched by address, and a payment URI that fills in token,
 * address and exact amount (EIP-681 on EVM networks, Trust Wallet's link on TRON).
 */
export const cryptoOfflineAdapter: MethodAdapter = {
  code: 'CRYPTO_OFFLINE',
  currencies: METHODS.CRYPTO_OFFLINE.currencies,
  operators: (currency) => operatorsFor('CRYPTO_OFFLINE', currency),
  assignsDefaultOperator: true,
  validityMs: () => VALIDITY_MS.crypto,
  uniqueAmount: false,
  externalReference: undefined,
  completion: () => 'instructions',
  buildResponse: ({ merchant, operator, money, idPayin }) => {
    const network = requireOperatorIn(CRYPTO_NETWORKS[money.currency], operator);
    const depositAddress = addressOf(network, ['deposit', merchant.code, idPayin, network.code]);
    const amount = toDecimalString(money);
    const paymentUri =
      network.chainId === undefined
        ? trustWalletTronTransfer({
            contractAddress: network.contractAddress,
            to: depositAddress,
            amount: money,
          })
        : eip681TokenTransfer({
            contractAddress: network.contractAddress,
            chainId: network.chainId,
            to: depositAddress,
            amount: money,
          });
    return {
      account: { accountName: merchant.channelName, accountNumber: depositAddress },
      cryptoPayment: {
        network: network.code,
        networkName: network.name,
        token: money.currency,
        tokenStandard: network.tokenStandard,
        contractAddress: network.contractAddress,
        ...(network.chainId !== undefined && { chainId: network.chainId }),
        depositAddress,
        amount,
        paymentUri,
        instruction:
          `Send exactly ${amount} ${money.currency} on ${network.name} to ` +
          `${depositAddress}. Tokens sent on another network or another token cannot be credited.`,
      },
    };
  },
  // Blockchains do not tell who sent a transfer: the account is the sending address only.
  processAccount: (payin) => {
    const network = requireOperatorIn(CRYPTO_NETWORKS[payin.money.currency], {
      code: payin.operatorCode ?? '',
      name: '',
    });
    return payerAccount(payin, {
      accountType: 'CRYPTO_WALLET',
      accountNumber: addressOf(network, payerSeed(payin, network.code)),
      accountName: null,
      bank: { name: network.name },
    });
  },
};
