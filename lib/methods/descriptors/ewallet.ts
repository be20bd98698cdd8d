import { fieldRules, PUSH_FIELDS } from '../../schemas/customer-fields';
import { defineMethod } from '../descriptor';

/** EWALLET operators that push an approval request to the wallet app on the customer's phone. */
export const EWALLET_PUSH_OPERATORS = ['OVO'] as const;

export const EWALLET_FLOWS = ['push', 'redirect'] as const;
export type EwalletFlow = (typeof EWALLET_FLOWS)[number];

/** Whether an EWALLET operator pushes an approval to the customer's phone or redirects to the wallet. */
export function ewalletFlowOf(operatorCode: string | undefined): EwalletFlow {
  return (EWALLET_PUSH_OPERATORS as readonly (string | undefined)[]).includes(operatorCode)
    ? 'push'
    : 'redirect';
}

/**
 * E-Wallet (Indonesia): OVO pushes an approval request to the wallet app registered to the
 * customer's phone (which it then needs); the other wallets redirect the customer to the wallet's
 * checkout. Without an operator the customer gets the default redirect wallet.
 */
export const EWALLET = defineMethod({
  code: 'EWALLET',
  name: 'E-Wallet',
  currencies: ['IDR'],
  requestObject: 'EWalletMethod',
  operatorChosenBy: 'customer',
  assignsDefaultOperator: true,
  validity: 'push',
  completion: (_currency, operatorCode) => (ewalletFlowOf(operatorCode) === 'push' ? 'push' : 'redirect'),
  customerFields: (_currency, operatorCode) =>
    ewalletFlowOf(operatorCode) === 'push'
      ? PUSH_FIELDS
      : fieldRules({ phoneNumber: 'optional', accountName: 'optional' }),
  collection: { by: 'connector' },
  response: { required: [], optional: ['redirectTo', 'pushNotification'] },
});
