import 'server-only';
import { toDecimalString, type Money } from '@/lib/money';

/**
 * Percent-encodes a UPI parameter value. Spaces become %20 (never "+", which UPI apps show
 * literally); "@" stays readable, as RFC 3986 allows in a query and NPCI's examples show.
 */
function encodeUpiValue(value: string): string {
  return encodeURIComponent(value).replace(/%40/g, '@');
}

/**
 * A UPI payment link (NPCI deep-linking: upi://pay?pa=…&pn=…&am=…&cu=INR&tr=…&tn=…) that opens any
 * UPI app with the payee, exact amount and our reference filled in; the same text is the QR payload.
 */
export function buildUpiLink(input: {
  vpa: string;
  payeeName: string;
  amount: Money;
  transactionReference: string;
  note: string;
}): string {
  if (input.amount.currency !== 'INR') throw new Error('UPI links take INR only.');
  const params: [string, string][] = [
    ['pa', input.vpa],
    ['pn', input.payeeName],
    ['am', toDecimalString(input.amount)],
    ['cu', 'INR'],
    ['tr', input.transactionReference],
    ['tn', input.note],
  ];
  return `upi://pay?${params.map(([key, value]) => `${key}=${encodeUpiValue(value)}`).join('&')}`;
}

/** The same UPI link asking for another amount: `am` replaced, every other parameter as it was. */
export function withUpiAmount(link: string, amount: Money): string {
  if (amount.currency !== 'INR') throw new Error('UPI links take INR only.');
  return link.replace(/([?&])am=[^&]*/, `$1am=${toDecimalString(amount)}`);
}
