import { toApiMoney, type Money } from '@/lib/money';
import type { MethodCode } from '@/lib/methods';

/** What a payin's row already holds in its own columns, and the response repeats. */
export interface ResponseBaseFields {
  idPayin: string;
  method: MethodCode;
  money: Money;
  requiredMoney: Money | undefined;
  expireAt: Date;
  reference: string;
  returnUrl: string;
}

/**
 * The first fields of a paymentMethodResponse, in the order the API answers them. They are built
 * from the row's columns when it is read and are not stored a second time in `method_response`,
 * which keeps only what the method added (operator, VAT, account, QR, redirect): about 0.3 kB less
 * per create to write, log and keep (docs/decisions/050, second addendum). None of these columns
 * changes after the insert, so the rebuilt fields are the ones the create answered. Rows written
 * before keep the whole response: spread over this base, they read the same.
 */
export function methodResponseBase(fields: ResponseBaseFields): Record<string, unknown> {
  return {
    idPayin: fields.idPayin,
    paymentMethodCode: fields.method,
    money: toApiMoney(fields.money),
    ...(fields.requiredMoney && { moneyRequired: toApiMoney(fields.requiredMoney) }),
    expireAt: fields.expireAt.toISOString(),
    reference: fields.reference,
    returnUrl: fields.returnUrl,
  };
}
