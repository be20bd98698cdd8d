import 'server-only';
import { ewalletFlowOf, METHODS } from '@/lib/methods';
import { EWALLETS } from '../../rails';
import { defineAdapter } from '../define-adapter';
import { derivedDigits } from '../support/derived';
import { redirectOf } from '../support/configured-account';
import { perCurrency, requireOperatorIn } from '../support/operators';
import { payerAccount, payerSeed } from '../support/payer-account';
import { pushNotification } from '../support/push-notification';

/**
 * E-Wallet (Indonesia): OVO pushes an approval request to the wallet app registered to the
 * customer's phone; DANA, GoPay, ShopeePay and LinkAja redirect the customer to the wallet's
 * checkout (redirectTo; in the sandbox our simulated institution page). The operator decides
 * (lib/methods/descriptors/ewallet.ts); without one the customer gets the default redirect wallet.
 */
export const ewalletAdapter = defineAdapter(METHODS.EWALLET, {
  operators: perCurrency({ IDR: EWALLETS }),
  buildResponse: (context) => {
    const wallet = requireOperatorIn(EWALLETS, context.operator);
    if (ewalletFlowOf(wallet.code) === 'redirect') return { redirectTo: redirectOf(context) };
    return {
      pushNotification: pushNotification(context, { channel: 'APP', approveIn: wallet.app }),
    };
  },
  // A wallet account is the phone number it is registered to.
  processAccount: (payin) => {
    const wallet = EWALLETS.find((candidate) => candidate.code === payin.operatorCode);
    return payerAccount(payin, {
      accountType: 'E_WALLET',
      accountNumber: payin.customer.phoneNumber ?? `+628${derivedDigits(payerSeed(payin, 'wallet'), 10)}`,
      bank: wallet && { name: wallet.name },
    });
  },
});
