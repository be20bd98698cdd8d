import type { MethodCode } from '@/lib/methods';
import { moneyOf, type Money } from '@/lib/money';
import type { PayinStatus } from '@/lib/payins/statuses';
import type { CustomerAccount, CustomerData } from '../methods';

export type { CustomerAccount, CustomerData } from '../methods';

export {
  PAYIN_STATUSES,
  PROCESSOR_STATUSES,
  type PayinStatus,
  type ProcessorStatus,
} from '@/lib/payins/statuses';

/** The customer account record's fields (specification, GET /payins/{idPayin}/accounts). */
export const ACCOUNT_RECORD_FIELDS = [
  'accountName',
  'accountNumber',
  'accountType',
  'bankCode',
  'bankName',
  'bankBranch',
  'bankCity',
  'bankProvince',
] as const satisfies readonly (keyof CustomerAccount)[];

export interface Payin {
  id: bigint;
  merchantCode: string;
  idPayin: string;
  status: PayinStatus;
  processorStatus: string | undefined;
  method: MethodCode;
  operatorCode: string | undefined;
  money: Money;
  /** The amount the customer must pay when it differs from the order (moneyRequired). */
  requiredMoney: Money | undefined;
  fee: Money;
  vat: Money | undefined;
  isTest: boolean;
  callbackUrl: string;
  returnUrl: string;
  reference: string;
  customer: CustomerData;
  /** The method-specific response built at creation (stored, so reads never change it). */
  methodResponse: Record<string, unknown>;
  externalReference: string | undefined;
  /** Money received while the payin was open (it succeeds once this reaches amountToPay). */
  receivedMoney: Money | undefined;
  /** Money received after the payin ended: reported, never changes the status. */
  receivedLateMoney: Money | undefined;
  customerAccountProcess: CustomerAccount | undefined;
  /** The merchant's collection account the payin is payable to (docs/decisions/028); reconciliation matches among its open payins. */
  collectionAccountId: string | undefined;
  /** The address of a rotating crypto collection account handed to this payin. */
  collectionAddress: string | undefined;
  /** The payment link it was made from (docs/decisions/051). */
  paymentLink: string | undefined;
  /** The language the customer reads (their page's, or the create request's Accept-Language): e-mails use it. */
  customerLanguage: string | undefined;
  expireAt: Date;
  createdAt: Date;
  processedAt: Date | undefined;
  /** Changes with every update of the row: a version of what reads present. */
  updatedAt: Date;
}

/** What the customer must pay: moneyRequired when the method set one, else the order amount. */
export function amountToPay(payin: Pick<Payin, 'money' | 'requiredMoney'>): Money {
  return payin.requiredMoney ?? payin.money;
}

/**
 * What an open payin that received part of its money still needs (process.moneyOutstanding): the
 * amount to pay less what arrived. Undefined when nothing arrived yet, or the payin is final.
 */
export function outstandingMoney(
  payin: Pick<Payin, 'status' | 'money' | 'requiredMoney' | 'receivedMoney'>,
): Money | undefined {
  const received = payin.receivedMoney;
  if (payin.status !== 'PENDING' || !received) return undefined;
  const due = amountToPay(payin);
  if (received.currency !== due.currency || received.minor >= due.minor) return undefined;
  return moneyOf(due.currency, due.minor - received.minor);
}
