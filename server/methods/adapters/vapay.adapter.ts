import 'server-only';
import { METHODS } from '@/lib/methods';
import { VA_BANKS } from '../operators/banks';
import { defineAdapter } from '../define-adapter';
import { derivedDigits } from '../support/derived';
import { perCurrency, requireOperatorIn } from '../support/operators';
import { payerAccount, payerAccountNumber } from '../support/payer-account';
import { virtualAccountInstructions } from '../support/va-instructions';

/**
 * VA Payment: a virtual account number issued for this payin at the chosen bank (paymentOperator,
 * mandatory); the number identifies the payin, so no unique amount is needed. The account is closed
 * after a day.
 */
export const vapayAdapter = defineAdapter(METHODS.VAPAY, {
  operators: perCurrency(VA_BANKS),
  buildResponse: ({ merchant, operator, money, idPayin, expireAt }) => {
    const bank = requireOperatorIn(VA_BANKS[money.currency], operator);
    const virtualAccountNumber =
      bank.vaPrefix +
      derivedDigits(['va', merchant.code, idPayin, bank.code], bank.vaLength - bank.vaPrefix.length);
    return {
      account: {
        accountName: merchant.channelName,
        accountNumber: virtualAccountNumber,
        bankCode: bank.bankCode,
        bankName: bank.name,
      },
      paymentInstructionList: virtualAccountInstructions({
        bank,
        virtualAccountNumber,
        money,
        merchantName: merchant.channelName,
        expireAt,
      }),
    };
  },
  // The same virtual account, its steps asking for the rest.
  askFor: (response, amount, payin) => {
    const account = response.account as { accountNumber?: unknown; accountName?: unknown } | undefined;
    const bank = VA_BANKS[amount.currency]?.find((candidate) => candidate.code === payin.operatorCode);
    if (!bank || typeof account?.accountNumber !== 'string' || typeof account.accountName !== 'string')
      return {};
    return {
      paymentInstructionList: virtualAccountInstructions({
        bank,
        virtualAccountNumber: account.accountNumber,
        money: amount,
        merchantName: account.accountName,
        expireAt: payin.expireAt,
      }),
    };
  },
  // Most VA payments are made from an account at the issuing bank.
  processAccount: (payin) => {
    const bank = VA_BANKS[payin.money.currency]?.find((candidate) => candidate.code === payin.operatorCode);
    return payerAccount(payin, {
      accountType: 'BANK_ACCOUNT',
      accountNumber: payerAccountNumber(payin),
      bank,
    });
  },
});
