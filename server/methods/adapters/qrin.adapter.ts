import 'server-only';
import { METHODS } from '@/lib/methods';
import { UPI_PSPS } from '../../rails';
import { emvText } from '../payloads/emvco';
import { buildUpiLink, withUpiAmount } from '../payloads/upi';
import { defineAdapter } from '../define-adapter';
import { configuredAccount } from '../support/configured-account';
import { perCurrency, requireOperatorIn } from '../support/operators';
import { payerAccount } from '../support/payer-account';
import { collectionVpa, payerVpa } from '../support/upi-address';

/**
 * Indian QR: a UPI payment link to our VPA at the PSP (paymentOperator when chosen, else the first),
 * shown as a QR (qrCode) and opened directly on phones (qrInDeepLink, the same link). The customer
 * may pass the UTR of the payment to speed up matching; it is not required.
 */
export const qrinAdapter = defineAdapter(METHODS.QRIN, {
  operators: perCurrency({ INR: UPI_PSPS }),
  buildResponse: (context) => {
    const { merchant, operator, money, reference } = context;
    const upi = configuredAccount(context, 'UPI');
    const psp = operator ? requireOperatorIn(UPI_PSPS, operator) : UPI_PSPS[0]!;
    const link = buildUpiLink({
      vpa: upi?.vpa ?? collectionVpa(merchant, psp.vpaHandle),
      payeeName: emvText(upi?.accountName ?? merchant.channelName, 50),
      amount: money,
      transactionReference: reference,
      note: `Payment ${reference}`,
    });
    return { qrCode: link, qrInDeepLink: link };
  },
  processAccount: (payin) => payerAccount(payin, { accountType: 'UPI', accountNumber: payerVpa(payin) }),
  askFor: (response, amount) => {
    if (typeof response.qrCode !== 'string') return {};
    const link = withUpiAmount(response.qrCode, amount);
    return { qrCode: link, qrInDeepLink: link };
  },
});
