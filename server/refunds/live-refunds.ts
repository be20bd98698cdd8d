import 'server-only';
import type { CurrencyCode } from '@/lib/money';
import { payingAccountsOf, payoutAccountOf, type BankAccountCollection } from '../accounts';
import { AppError } from '../errors';
import type { Merchant } from '../merchants';
import type { PayoutDestination } from '../payouts';

const SETUP = 'the operator adds "payouts": { "format": "pain.001" } to a BANK_ACCOUNT collection account';
const SANDBOX = 'Test payins can be refunded in the sandbox.';

/** Whether any account of the merchant pays out by file: without one, no live refund can leave. */
export function assertLiveRefundsPossible(merchant: Merchant): void {
  if (payingAccountsOf(merchant).length === 0)
    throw new AppError(
      'REFUNDS_NOT_AVAILABLE',
      `Live refunds go out by bank file, through a bank account of the merchant that pays out, and none is ` +
        `configured: ${SETUP}. ${SANDBOX}`,
    );
}

/**
 * How a live refund leaves (docs/decisions/042): by file, through the merchant's bank account paying
 * out its currency, and only to a bank account (a pain.001 credit transfer). A refund still waiting
 * for its payer's claim (no destination yet) is accepted: the claim page asks for a bank account.
 * 422 REFUNDS_NOT_AVAILABLE, saying what is missing, otherwise.
 */
export function liveRefundRail(
  merchant: Merchant,
  currency: CurrencyCode,
  destination: PayoutDestination | undefined,
): { account: BankAccountCollection } {
  const account = payoutAccountOf(merchant, currency);
  if (!account)
    throw new AppError(
      'REFUNDS_NOT_AVAILABLE',
      `Live refunds in ${currency} go out by bank file, through a bank account of the merchant that pays out ` +
        `${currency}, and none is configured: ${SETUP} of this currency. ${SANDBOX}`,
    );
  if (destination && destination.method !== 'BANK_TRANSFER')
    throw new AppError(
      'REFUNDS_NOT_AVAILABLE',
      `Live refunds go out by bank file: to a BANK_TRANSFER destination only, not ${destination.method}. Leave ` +
        'destination out to send the payer a claim link, where they give their bank account.',
    );
  return { account };
}

/** A live refund's claim: only a bank account can be paid by file (the claim page offers no other). */
export function assertClaimableLive(destination: PayoutDestination): void {
  if (destination.method === 'BANK_TRANSFER') return;
  const message =
    'Only a bank account can receive this refund: it is paid by bank transfer (BANK_TRANSFER), not ' +
    `${destination.method}.`;
  throw new AppError('VALIDATION_FAILED', message, {
    errors: [{ field: 'destination.paymentMethodCode', message }],
  });
}
