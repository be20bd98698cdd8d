import 'server-only';
import { toApiMoney } from '@/lib/money';
import { requireAdapter } from '../methods';
import { ACCOUNT_RECORD_FIELDS, outstandingMoney, type CustomerAccount, type Payin } from './payin';

export type AccountRecord = Record<(typeof ACCOUNT_RECORD_FIELDS)[number], string | null>;

/** Every field of the record, null where it is not known (present rather than missing). */
function accountRecord(account: CustomerAccount | undefined): AccountRecord {
  return Object.fromEntries(
    ACCOUNT_RECORD_FIELDS.map((field) => [field, account?.[field] ?? null]),
  ) as AccountRecord;
}

/**
 * `accountCustomer` (Thai QR, Malaysian QR, VA Payment): the account the request named, else the
 * account the money came from once the payin succeeded, else both fields null. docs/decisions/003.
 */
function accountCustomer(payin: Payin): { accountName: string | null; accountNumber: string | null } {
  const given = payin.customer;
  const source =
    given.accountName !== undefined || given.accountNumber !== undefined
      ? given
      : payin.customerAccountProcess;
  return { accountName: source?.accountName ?? null, accountNumber: source?.accountNumber ?? null };
}

/**
 * paymentMethodResponse as stored at creation, plus what is known since (externalReference,
 * accountCustomer) and, once part of the money arrived, the payload asking for the rest (a rescan
 * of the QR must not pay the whole amount again).
 */
export function presentMethodResponse(payin: Payin): Record<string, unknown> {
  const adapter = requireAdapter(payin.method);
  const outstanding = outstandingMoney(payin);
  return {
    ...payin.methodResponse,
    ...(outstanding && adapter.askFor?.(payin.methodResponse, outstanding, payin)),
    ...(adapter.reportsAccountCustomer && { accountCustomer: accountCustomer(payin) }),
    ...(payin.externalReference !== undefined && {
      externalReference: { reference: payin.externalReference },
    }),
  };
}

/** Response of POST /payins/{idPayin}. */
export function presentCreated(payin: Payin) {
  return {
    paymentRequested: { money: toApiMoney(payin.money) },
    paymentMethodResponse: presentMethodResponse(payin),
  };
}

/** Response of GET /payins/{idPayin}: the specification's Payin. */
export function presentPayin(payin: Payin) {
  const outstanding = outstandingMoney(payin);
  return {
    paymentRequested: { money: toApiMoney(payin.money) },
    process: {
      status: payin.status,
      createdAt: payin.createdAt.toISOString(),
      processedAt: payin.processedAt?.toISOString() ?? null,
      isTest: payin.isTest,
      ...(payin.processorStatus !== undefined && { processorStatus: payin.processorStatus }),
      ...(payin.receivedMoney && { moneyReceived: toApiMoney(payin.receivedMoney) }),
      ...(outstanding && { moneyOutstanding: toApiMoney(outstanding) }),
      ...(payin.receivedLateMoney && { moneyReceivedLate: toApiMoney(payin.receivedLateMoney) }),
    },
    fee: toApiMoney(payin.fee),
    paymentMethodResponse: presentMethodResponse(payin),
    ...(payin.paymentLink !== undefined && { paymentLink: { idLink: payin.paymentLink } }),
  };
}

/**
 * Response of GET /payins: each item is GET /payins/{idPayin}'s Payin with idPayin first; nextCursor
 * only when another page follows (docs/decisions/024).
 */
export function presentPayinPage(page: { payins: readonly Payin[]; nextCursor: string | undefined }) {
  return {
    data: page.payins.map((payin) => ({ idPayin: payin.idPayin, ...presentPayin(payin) })),
    ...(page.nextCursor !== undefined && { nextCursor: page.nextCursor }),
  };
}

const PRESENTED_LIMIT = 5000;
const presented = new Map<string, string>();

/**
 * The JSON of GET /payins/{idPayin}, serialised once per version of the row: customers' pages and
 * merchants poll a payin that rarely changes, and its row's updated_at changes with every change.
 */
export function presentPayinJson(payin: Payin): string {
  const key = `${payin.id}:${payin.updatedAt.getTime()}`;
  const known = presented.get(key);
  if (known !== undefined) return known;
  const json = JSON.stringify(presentPayin(payin));
  if (presented.size >= PRESENTED_LIMIT) presented.delete(presented.keys().next().value!);
  presented.set(key, json);
  return json;
}

/** Response of GET /payins/{idPayin}/accounts: both records with every field, null when unknown. */
export function presentAccounts(payin: Payin): {
  customerAccountRequest: AccountRecord;
  customerAccountProcess: AccountRecord;
} {
  const { accountName, accountNumber } = payin.customer;
  return {
    customerAccountRequest: accountRecord({ accountName, accountNumber }),
    customerAccountProcess: accountRecord(payin.customerAccountProcess),
  };
}
