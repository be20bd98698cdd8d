import 'server-only';
import { METHODS, P2A_V2_UPI_OPERATOR, p2aV2VariantOf } from '@/lib/methods';
import { P2A_V2_BANKS } from '../operators/banks';
import { defineAdapter } from '../define-adapter';
import type { PaymentOperator } from '../port';
import { collectionAccountNumber } from '../support/collection-account';
import { configuredAccount } from '../support/configured-account';
import { perCurrency, requireOperatorIn } from '../support/operators';
import { bankPayerAccount, payerAccount } from '../support/payer-account';
import { collectionVpa, payerVpa } from '../support/upi-address';

/** The phone-to-account (UPI ID) variant of P2A_V2; banks after it select the wire variant. */
export const P2A_V2_UPI: PaymentOperator = { code: P2A_V2_UPI_OPERATOR, name: 'UPI (any UPI app)' };

/** The PSP handle of our phone-to-account UPI IDs. */
const P2A_UPI_HANDLE = 'icici';

/**
 * P2A_V2, two request objects under one code, selected by paymentOperatorCode (lib/methods/descriptors/p2a-v2.ts):
 * "Phone to Account" (UPI, the default): the customer pays our UPI ID (paymentAddress) from any UPI
 * app; "India bank transfer (wire variant)" (a bank): IMPS/NEFT to our account at that bank, whose
 * IFSC travels in paymentAddress.idAddress as the NPCI account address <account>@<IFSC>.ifsc.npci
 * and, for a payer typing it into a banking app, in paymentAddress.bankName and .ifsc
 * (account.bankCode and bankName are deprecated here). Either way the customer then passes the
 * 12-digit UTR, which is required before the payin can succeed.
 */
export const p2aV2Adapter = defineAdapter(METHODS.P2A_V2, {
  operators: perCurrency({ INR: [P2A_V2_UPI, ...P2A_V2_BANKS] }),
  buildResponse: (context) => {
    const { merchant, operator } = context;
    if (p2aV2VariantOf(operator?.code) === 'phone-to-account') {
      const upi = configuredAccount(context, 'UPI');
      return {
        paymentAddress: {
          name: upi?.accountName ?? merchant.channelName,
          idAddress: upi?.vpa ?? collectionVpa(merchant, P2A_UPI_HANDLE),
        },
      };
    }
    const bank = requireOperatorIn(P2A_V2_BANKS, operator);
    const configured = configuredAccount(context, 'BANK_ACCOUNT');
    const accountName = configured?.accountName ?? merchant.channelName;
    const accountNumber =
      configured?.accountNumber ?? collectionAccountNumber(merchant.code, bank.code, 'INR');
    const ifsc = configured?.branch?.code.toUpperCase() ?? bank.bankCode;
    return {
      account: { accountName, accountNumber },
      // An IMPS/NEFT payer types bank, IFSC and account into their banking app: each on its own
      // (account.bankCode and bankName are deprecated on this response, so not there).
      paymentAddress: {
        name: accountName,
        idAddress: `${accountNumber}@${ifsc}.ifsc.npci`,
        bankName: bank.name,
        ifsc,
      },
    };
  },
  processAccount: (payin) =>
    p2aV2VariantOf(payin.operatorCode) === 'phone-to-account'
      ? payerAccount(payin, { accountType: 'UPI', accountNumber: payerVpa(payin) })
      : bankPayerAccount(payin),
});
