import type { RefundClaim } from '../api/refund-responses';
import type { RefundDestinationRequest } from '../schemas/refund-request';

/** The claim form's fields, in the order they are shown (docs/decisions/036). */
export const CLAIM_FIELDS = ['paymentOperatorCode', 'bankCode', 'accountNumber', 'accountName'] as const;
export type ClaimField = (typeof CLAIM_FIELDS)[number];

export type ClaimOption = RefundClaim['options'][number];

/**
 * Which fields a method's form asks, and whether each is required (the payout rules'): the operator
 * where the method has some (a PromptPay or UPI ID needs none), the branch code where the bank does
 * not imply it, the holder's name for bank accounts and wallets.
 */
export function claimFieldsOf(option: ClaimOption): { field: ClaimField; required: boolean }[] {
  const method = option.paymentMethodCode;
  return [
    ...(option.paymentOperators.length > 0
      ? [{ field: 'paymentOperatorCode' as const, required: true }]
      : []),
    ...(option.needsBankCode ? [{ field: 'bankCode' as const, required: true }] : []),
    { field: 'accountNumber', required: true },
    { field: 'accountName', required: method === 'BANK_TRANSFER' || method === 'MOBILE_MONEY' },
  ];
}

/** The option a query names, else the first: the method choice is a link, so it works without JavaScript. */
export function chosenOption(
  options: readonly ClaimOption[],
  method: string | undefined,
): ClaimOption | undefined {
  return options.find((option) => option.paymentMethodCode === method) ?? options[0];
}

/** A posted claim form as the API's destination; the API checks every rule. */
export function claimDestinationOf(fields: Record<string, string | undefined>): RefundDestinationRequest {
  const value = (name: ClaimField) => {
    const text = fields[name]?.trim();
    return text === undefined || text === '' ? undefined : text.slice(0, 140);
  };
  return {
    paymentMethodCode: (fields.paymentMethodCode ?? '').slice(0, 32),
    ...(value('paymentOperatorCode') && { paymentOperatorCode: value('paymentOperatorCode') }),
    account: {
      accountNumber: value('accountNumber') ?? '',
      ...(value('bankCode') && { bankCode: value('bankCode') }),
      ...(value('accountName') && { accountName: value('accountName') }),
    },
  };
}

/** The form fields an API refusal names (`destination.account.bankCode` → bankCode); others are "other". */
export function refusedFields(errors: readonly { field: string }[] | undefined): (ClaimField | 'other')[] {
  const found = new Set<ClaimField | 'other'>();
  for (const { field } of errors ?? []) {
    const name = field.split('.').pop() ?? '';
    found.add((CLAIM_FIELDS as readonly string[]).includes(name) ? (name as ClaimField) : 'other');
  }
  return found.size > 0 ? [...found] : ['other'];
}
