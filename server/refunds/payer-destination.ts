import 'server-only';
import type { Payin } from '../payins';
import { resolvePayoutDestination, type PayoutDestination } from '../payouts';

/**
 * The payer's own account, when the payin knows it and a payout rail can pay it: the mobile money
 * wallet that approved the payment, the UPI ID that paid, or the bank account the money came from
 * (customerAccountProcess with its bank code). It must pass the payout rules as any destination; otherwise undefined, and
 * the payer is asked through a claim link (docs/decisions/036). Test payins only, so far (decision 042).
 */
export function payerDestination(payin: Payin): PayoutDestination | undefined {
  // No live rail reports the account a payment came from yet: a bank statement's credit names the
  // payer, not their account, and what a live payin shows as customerAccountProcess is the sandbox's
  // simulation. Real money never goes to it: a live payer is asked by claim link (decision 042).
  if (!payin.isTest) return undefined;
  const currency = payin.money.currency;
  const account = payin.customerAccountProcess;
  const accountName = account?.accountName ?? payin.customer.accountName;
  const candidates = [];
  if (payin.method === 'MOBILE_MONEY' && payin.customer.phoneNumber !== undefined)
    candidates.push({
      currency,
      paymentMethodCode: 'MOBILE_MONEY',
      paymentOperatorCode: payin.operatorCode,
      account: { accountName, accountNumber: payin.customer.phoneNumber },
    });
  // A UPI payment names the payer's UPI ID: the refund goes back to it.
  if (account?.accountType === 'UPI' && account.accountNumber !== undefined)
    candidates.push({
      currency,
      paymentMethodCode: 'UPI',
      account: { accountName, accountNumber: account.accountNumber },
    });
  if (account?.accountNumber !== undefined && account.bankCode !== undefined)
    candidates.push({
      currency,
      paymentMethodCode: 'BANK_TRANSFER',
      account: { accountName, accountNumber: account.accountNumber, bankCode: account.bankCode },
    });
  for (const candidate of candidates) {
    const resolved = resolvePayoutDestination(candidate);
    if (resolved.ok) return resolved.destination;
  }
  return undefined;
}
