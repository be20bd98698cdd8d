import { fieldRules, PAYER_ACCOUNT_FIELDS } from '../../schemas/customer-fields';
import { defineMethod } from '../descriptor';
import { UTR } from '../references';

/**
 * The two request objects behind P2A_V2: "Phone to Account" (P2AV2Method: the customer pays our
 * UPI ID from any UPI app on their phone) and "India bank transfer (wire variant)"
 * (IndiaTransferMethod: IMPS/NEFT/RTGS to our account at the chosen bank).
 */
export const P2A_V2_VARIANTS = ['phone-to-account', 'bank-transfer'] as const;
export type P2aV2Variant = (typeof P2A_V2_VARIANTS)[number];

/** The P2A_V2 operator of the phone-to-account variant; it is also the default operator. */
export const P2A_V2_UPI_OPERATOR = 'UPI';

/** The P2A_V2 variant a request selects: no operator or UPI is phone-to-account, a bank is the wire. */
export function p2aV2VariantOf(operatorCode: string | undefined): P2aV2Variant {
  return operatorCode === undefined || operatorCode === P2A_V2_UPI_OPERATOR
    ? 'phone-to-account'
    : 'bank-transfer';
}

/**
 * P2A_V2: the customer pays our UPI ID (paymentAddress) from any UPI app, or, in the wire variant,
 * our account at the bank paymentOperatorCode names; either way they then pass the 12-digit UTR,
 * which is required before the payin can succeed.
 */
export const P2A_V2 = defineMethod({
  code: 'P2A_V2',
  name: 'India bank transfer',
  currencies: ['INR'],
  requestObject: 'P2AV2Method',
  requestVariants: [
    {
      requestObject: 'P2AV2Method',
      description:
        'Phone to Account (P2A_V2): the customer pays a UPI ID from any UPI app. No operator, or UPI.',
      selects: (operatorCode) => p2aV2VariantOf(operatorCode) === 'phone-to-account',
    },
    {
      requestObject: 'IndiaTransferMethod',
      description:
        'India bank transfer, wire variant (P2A_V2): IMPS/NEFT to our account at the bank named by paymentOperatorCode.',
      selects: (operatorCode) => p2aV2VariantOf(operatorCode) === 'bank-transfer',
      operatorRequired: true,
    },
  ],
  operatorChosenBy: 'customer',
  assignsDefaultOperator: true,
  validity: 'transfer',
  completion: 'external-reference',
  // The ID-based (UPI ID) variant takes an optional email; the wire variant the payer's account.
  customerFields: (_currency, operatorCode) =>
    p2aV2VariantOf(operatorCode) === 'phone-to-account'
      ? fieldRules({ emailAddress: 'optional', accountName: 'optional' })
      : PAYER_ACCOUNT_FIELDS,
  externalReference: { required: true, rule: UTR },
  collection: {
    by: 'account',
    need: (_currency, operator) =>
      p2aV2VariantOf(operator) === 'phone-to-account' ? { type: 'UPI' } : { type: 'BANK_ACCOUNT', operator },
  },
  response: { required: ['paymentAddress'], optional: ['account'] },
});
