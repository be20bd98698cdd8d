import { fieldRules } from '../../schemas/customer-fields';
import { defineMethod } from '../descriptor';

/**
 * Crypto (USDT, USDC): a deposit address on the network the customer sends from (paymentOperator)
 * and a payment URI that fills in token, address and exact amount.
 */
export const CRYPTO_OFFLINE = defineMethod({
  code: 'CRYPTO_OFFLINE',
  name: 'Crypto',
  currencies: ['USDC', 'USDT'],
  requestObject: 'CryptoOfflineMethod',
  operatorChosenBy: 'customer',
  assignsDefaultOperator: true,
  validity: 'crypto',
  completion: 'instructions',
  customerFields: fieldRules({ emailAddress: 'optional' }),
  collection: { by: 'account', need: (_currency, network) => ({ type: 'CRYPTO', operator: network }) },
  response: { required: ['account', 'cryptoPayment'] },
});
