import 'server-only';
import type { PayoutMethodCode } from '@/lib/payouts/methods';
import type { FieldError } from '../../errors';
import { promptPayIdProblem, vpaProblem } from '../../rails';
import { FIELD, given, readAccountName } from './fields';
import type { MethodResolution, PayoutDestinationInput, PayoutMethodRules } from './types';

/**
 * Money to an alias the receiving switch resolves to an account: a PromptPay ID (Thailand: a mobile
 * number, a tax or citizen ID, an e-wallet ID) or a UPI ID (India: name@handle). No operator and no
 * bank code: the switch knows where the alias lives. The alias is kept in its one written form
 * (PromptPay digits only, UPI lowercase).
 */
function aliasRules(
  method: Extract<PayoutMethodCode, 'PROMPTPAY' | 'UPI'>,
  read: (text: string) => { alias: string; problem: string | undefined },
): PayoutMethodRules {
  return {
    operators: () => [],
    resolve(input: PayoutDestinationInput): MethodResolution {
      const errors: FieldError[] = [];
      const text = given(input.account.accountNumber);
      const alias = text === undefined ? undefined : read(text);
      if (alias === undefined)
        errors.push({
          field: FIELD.accountNumber,
          message: `Required: the ${method === 'PROMPTPAY' ? 'PromptPay ID' : 'UPI ID'} to pay.`,
        });
      else if (alias.problem) errors.push({ field: FIELD.accountNumber, message: alias.problem });
      const accountName = readAccountName(input.account.accountName, false, errors);
      if (given(input.paymentOperatorCode) !== undefined)
        errors.push({
          field: FIELD.paymentOperatorCode,
          message: `${method} takes no operator: the switch resolves the ID.`,
        });
      if (given(input.account.bankCode) !== undefined)
        errors.push({
          field: FIELD.bankCode,
          message: `${method} takes no bank code: the ID names the account.`,
        });
      if (errors.length > 0 || alias === undefined) return { ok: false, unknownOperator: false, errors };
      return {
        ok: true,
        destination: {
          method,
          account: { ...(accountName !== undefined && { accountName }), accountNumber: alias.alias },
        },
      };
    },
  };
}

/** A PromptPay ID, written with spaces or dashes as people do (081-234-5678): kept as digits. */
export const promptPayRules = aliasRules('PROMPTPAY', (text) => {
  const alias = text.replace(/[\s-]/g, '');
  return { alias, problem: promptPayIdProblem(alias) };
});

/** A UPI ID: case-insensitive, kept lowercase. */
export const upiRules = aliasRules('UPI', (text) => {
  const alias = text.toLowerCase();
  return { alias, problem: vpaProblem(alias) };
});
