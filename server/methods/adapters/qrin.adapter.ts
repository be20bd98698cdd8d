import 'server-only';
import { operatorsFor, requireOperatorIn } from '../operator-catalogue';
import { UPI_PSPS } from '../../rails';
import { emvText } from '../payloads/emvco';
import { buildUpiLink } from '../payloads/upi';
import type { MethodAdapter } from '../port';
import { configuredAccount } from '../support/configured-account';
import { payerAccount } from '../support/payer-account';
import { collectionVpa, payerVpa } from '../support/upi-address';
import { VALIDITY_MS } from '../support/validity';

/** A UPI transaction reference (UTR): 12 digits. */
export const UTR_PATTERN = /^\d{12}$/;

/**
 * Indian QR: a UPI payment link to our VPA at the PSP (paymentOperator when chosen, else the first),
 * shown as a QR (qrCode) and opened directly on phones (qrInDeepLink, the same link). The customer
 * may pass the UTR of the payment to speed up matching; it is not required.
 */
export const qrinAdapter: MethodAdapter = {
  code: 'QRIN',
  currencies: ['INR'],
  operators: (currency) => operatorsFor('QRIN', currency),
  assignsDefaultOperator: false,
  validityMs: () => VALIDITY_MS.qr,
  uniqueAmount: false,
  externalReference: {
    required: false,
    pattern: UTR_PATTERN,
    description: 'The UPI transaction reference (UTR) is exactly 12 digits.',
  },
  collection: { by: 'account', need: (_currency, psp) => ({ type: 'UPI', operator: psp }) },
  completion: () => 'deeplink',
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
};
