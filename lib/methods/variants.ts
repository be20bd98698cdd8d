/**
 * Method variants chosen by the payment operator. They live here, not in the server's operator
 * catalogue, because the hosted app's form needs them too (a push wallet needs the customer's phone).
 * docs/decisions/012-payment-methods.md
 */

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
