import 'server-only';
import { p2aV2VariantOf } from '@/lib/methods';
import { operatorsFor, requireOperatorIn } from '../operator-catalogue';
import { P2A_V2_BANKS } from '../operators/banks';
import type { MethodAdapter } from '../port';
import { collectionAccountNumber } from '../support/collection-account';
import { configuredAccount } from '../support/configured-account';
import { bankPayerAccount, payerAccount } from '../support/payer-account';
import { collectionVpa, payerVpa } from '../support/upi-address';
import { VALIDITY_MS } from '../support/validity';
import { UTR_PATTERN } from './qrin.adapter';

/** The PSP handle of our phone-to-account UPI IDs. */
const P2A_UPI_HANDLE = 'icici';

/**
 * P2A_V2, two request objects under one code, selected by paymentOperatorCode (lib/methods/variants.ts):
 * "Phone to Account" (UPI, the default): the customer pays our UPI ID (paymentAddress) from any UPI
 * app; "India bank transfer (wire variant)" (a bank): IMPS/NEFT to our account at that bank, whose
 * IFSC travels in paymentAddress.idAddress as the NPCI account address <account>@<IFSC>.ifsc.npci
 * (account.bankCode and bankName are deprecated here). Either way the customer then passes the
 * 12-digit UTR, which is required before the payin can succeed.
 */
export const p2aV2Adapter: MethodAdapter = {
  code: 'P2A_V2',
  currencies: ['INR'],
  operators: (currency) => operatorsFor('P2A_V2', currency),
  assignsDefaultOperator: true,
  validityMs: () => VALIDITY_MS.transfer,
  uniqueAmount: false,
  externalReference: {
    required: true,
    pattern: UTR_PATTERN,
    description: 'The UTR (bank or UPI transaction reference) is exactly 12 digits.',
  },
  collection: {
    by: 'account',
    need: (_currency, operator) =>
      p2aV2VariantOf(operator) === 'phone-to-account' ? { type: 'UPI' } : { type: 'BANK_ACCOUNT', operator },
  },
  completion: () => 'external-reference',
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
      paymentAddress: { name: accountName, idAddress: `${accountNumber}@${ifsc}.ifsc.npci` },
    };
  },
  processAccount: (payin) =>
    p2aV2VariantOf(payin.operatorCode) === 'phone-to-account'
      ? payerAccount(payin, { accountType: 'UPI', accountNumber: payerVpa(payin) })
      : bankPayerAccount(payin),
};
