import 'server-only';
import { METHODS } from '@/lib/methods';
import { toDecimalString, type Money } from '@/lib/money';
import { eip681TokenTransfer, trustWalletTronTransfer } from '../payloads/crypto';
import { CRYPTO_NETWORKS, evmAddress, tronAddress, type CryptoNetwork } from '../../rails';
import { defineAdapter } from '../define-adapter';
import { configuredAccount } from '../support/configured-account';
import { derivedBytes } from '../support/derived';
import { perCurrency, requireOperatorIn } from '../support/operators';
import { payerAccount, payerSeed } from '../support/payer-account';

function addressOf(network: CryptoNetwork, seed: readonly string[]): string {
  const accountId = derivedBytes(seed, 20);
  return network.family === 'TRON' ? tronAddress(accountId) : evmAddress(accountId);
}

/** `cryptoPayment`: token, network and address, and a wallet link that fills in the exact amount. */
function cryptoPayment(network: CryptoNetwork, depositAddress: string, money: Money) {
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
  };
}

/**
 * Crypto (USDT, USDC): a deposit address on the chosen network (paymentOperator) and a payment URI
 * that fills in token, address and exact amount (EIP-681 on EVM networks, Trust Wallet's link on
 * TRON). A configured account hands out its one address with a unique amount to pay, or one address
 * of its list per open payin; the sandbox derives an address of its own per payin.
 */
export const cryptoOfflineAdapter = defineAdapter(METHODS.CRYPTO_OFFLINE, {
  operators: perCurrency(CRYPTO_NETWORKS),
  buildResponse: (context) => {
    const { merchant, operator, idPayin } = context;
    const money = context.requiredMoney ?? context.money;
    const network = requireOperatorIn(CRYPTO_NETWORKS[money.currency], operator);
    const crypto = configuredAccount(context, 'CRYPTO');
    const depositAddress = crypto
      ? (context.collection?.address ?? crypto.addresses[0]!)
      : addressOf(network, ['deposit', merchant.code, idPayin, network.code]);
    return {
      account: { accountName: crypto?.accountName ?? merchant.channelName, accountNumber: depositAddress },
      cryptoPayment: cryptoPayment(network, depositAddress, money),
    };
  },
  // The same address and network, asking for the rest: amount, wallet link and instruction.
  askFor: (response, amount, payin) => {
    const stored = response.cryptoPayment as { depositAddress?: unknown } | undefined;
    if (typeof stored?.depositAddress !== 'string') return {};
    const network = requireOperatorIn(CRYPTO_NETWORKS[amount.currency], {
      code: payin.operatorCode ?? '',
      name: '',
    });
    return { cryptoPayment: cryptoPayment(network, stored.depositAddress, amount) };
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
});
