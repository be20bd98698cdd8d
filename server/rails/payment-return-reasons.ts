import type { PayoutProcessorStatus } from '@/lib/payouts/methods';

/**
 * ISO 20022 external return and status reason codes (ExternalReturnReason1Code,
 * ExternalStatusReason1Code) that banks put on a rejected or returned credit transfer, by the payout
 * processor status that tells a merchant what to do: correct the account, ask for another one,
 * check the name, split the amount. Any other code is a plain DECLINED.
 */
const REASONS: Readonly<Record<string, PayoutProcessorStatus>> = {
  AC01: 'ACCOUNT_INVALID', // IncorrectAccountNumber
  AC02: 'ACCOUNT_INVALID', // InvalidDebtorAccountNumber
  AC03: 'ACCOUNT_INVALID', // InvalidCreditorAccountNumber
  AC04: 'ACCOUNT_CLOSED', // ClosedAccountNumber
  AC05: 'ACCOUNT_CLOSED', // ClosedDebtorAccountNumber
  AC06: 'DECLINED', // BlockedAccount
  AC13: 'ACCOUNT_INVALID', // InvalidDebtorAccountType
  AC14: 'ACCOUNT_INVALID', // InvalidCreditorAccountType
  BE01: 'NAME_MISMATCH', // InconsistentWithEndCustomer
  BE04: 'NAME_MISMATCH', // MissingCreditorAddress
  RC01: 'ACCOUNT_INVALID', // BankIdentifierIncorrect
  RR01: 'ACCOUNT_INVALID', // MissingDebtorAccountOrIdentification
  MD07: 'ACCOUNT_CLOSED', // EndCustomerDeceased
  AM02: 'LIMIT_EXCEEDED', // NotAllowedAmount
  AM04: 'DECLINED', // InsufficientFunds
  AM14: 'LIMIT_EXCEEDED', // AmountExceedsAgreedLimit
  AM18: 'LIMIT_EXCEEDED', // InvalidNumberOfTransactions
  DUPL: 'CANCELLED', // DuplicatePayment
  CUST: 'CANCELLED', // RequestedByCustomer
};

/** What a bank's reason code for a rejected or returned transfer means for the payout. */
export function payoutStatusForReturnReason(code: string | undefined): PayoutProcessorStatus {
  return (code !== undefined && REASONS[code.toUpperCase()]) || 'DECLINED';
}
