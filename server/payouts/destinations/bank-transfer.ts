import 'server-only';
import type { FieldError } from '../../errors';
import {
  BANK_RULES,
  BANKS,
  bankPrefix,
  isBankCurrency,
  normaliseBankCode,
  type Bank,
  type BankCurrency,
  type BankRule,
} from '../../rails';
import { FIELD, given, readAccountName, someCodes } from './fields';
import type { MethodResolution, PayoutDestinationInput, PayoutMethodRules } from './types';

/**
 * A domestic bank transfer: the account number and the code of the bank holding it, in each
 * country's own form (bank-rules.ts). paymentOperatorCode may name the bank instead of bankCode
 * where the bank's code is all the rail needs; given both, they must name the same bank.
 */
export const bankTransferRules: PayoutMethodRules = {
  operators: (currency) => (isBankCurrency(currency) ? BANKS[currency] : []),
  resolve: resolveBankTransfer,
};

function resolveBankTransfer(input: PayoutDestinationInput): MethodResolution {
  const { currency } = input;
  if (!isBankCurrency(currency)) throw new Error(`No bank transfer rules for ${currency}.`);
  const rule = BANK_RULES[currency];
  const banks = BANKS[currency];
  const errors: FieldError[] = [];

  const operatorCode = given(input.paymentOperatorCode);
  const operator = operatorCode === undefined ? undefined : banks.find((bank) => bank.code === operatorCode);
  const unknownOperator = operatorCode !== undefined && operator === undefined;
  if (unknownOperator)
    errors.push({
      field: FIELD.paymentOperatorCode,
      message: `Not a bank we pay out to in ${currency}: use one of ${someCodes(banks)}, or give bankCode alone.`,
    });

  const resolved = readBankCode({
    rule,
    banks,
    currency,
    operator,
    unknownOperator,
    text: input.account.bankCode,
    errors,
  });
  const accountNumber = readAccountNumber(rule, input.account.accountNumber, resolved?.bankCode, errors);
  const accountName = readAccountName(input.account.accountName, true, errors);
  if (errors.length > 0 || resolved === undefined || accountNumber === undefined)
    return { ok: false, unknownOperator, errors };
  const { bankCode, bank } = resolved;
  return {
    ok: true,
    destination: {
      method: 'BANK_TRANSFER',
      ...(bank && { operator: { code: bank.code, name: bank.name } }),
      account: { ...(accountName !== undefined && { accountName }), accountNumber, bankCode },
    },
  };
}

/** The bankCode to send, and the catalogue bank it names when it names one. */
function readBankCode(input: {
  rule: BankRule;
  banks: readonly Bank[];
  currency: BankCurrency;
  operator: Bank | undefined;
  unknownOperator: boolean;
  text: string | undefined;
  errors: FieldError[];
}): { bankCode: string; bank: Bank | undefined } | undefined {
  const { rule, banks, currency, operator, errors } = input;
  const text = given(input.text);
  if (text === undefined) {
    if (operator && rule.operatorSuppliesBankCode) return { bankCode: operator.bankCode, bank: operator };
    if (operator)
      errors.push({
        field: FIELD.bankCode,
        message: `Required. ${rule.bankCodeHint} ${operator.code} names the bank but not the branch.`,
      });
    // An unknown operator's error says to fix it or to give bankCode; where the bank would do, no second error.
    else if (!input.unknownOperator || !rule.operatorSuppliesBankCode)
      errors.push({ field: FIELD.bankCode, message: `Required. ${rule.bankCodeHint}` });
    return undefined;
  }

  const bankCode = normaliseBankCode(rule, text);
  if (!rule.bankCodePattern.test(bankCode)) {
    errors.push({ field: FIELD.bankCode, message: rule.bankCodeHint });
    return undefined;
  }
  const prefix = bankPrefix(rule, bankCode);
  const bank = banks.find((candidate) => bankPrefix(rule, candidate.bankCode) === prefix);
  if (operator && bankPrefix(rule, operator.bankCode) !== prefix) {
    const operatorsCodes =
      rule.bankPrefixLength === undefined
        ? `code ${operator.bankCode}`
        : `codes starting ${bankPrefix(rule, operator.bankCode)}`;
    const named = `${operator.name} (${operatorsCodes}), which paymentOperatorCode names`;
    errors.push({
      field: FIELD.bankCode,
      message: `${bank ? `${bankCode} is ${bank.name}'s code, not that of ${named}` : `${bankCode} is not a code of ${named}`}. Send one of the two, or make both name the same bank.`,
    });
    return undefined;
  }
  if (!bank && rule.catalogueOnly) {
    const examples = banks
      .slice(0, 4)
      .map((candidate) => `${candidate.bankCode} (${candidate.name})`)
      .join(', ');
    errors.push({
      field: FIELD.bankCode,
      message: `Not a bank we pay out to in ${currency}. Accepted codes include ${examples}.`,
    });
    return undefined;
  }
  // A bank we pay to, but a branch (or, in India, a bank) its country's registry does not list.
  const unlisted = rule.registryProblem?.(bankCode);
  if (unlisted) {
    errors.push({ field: FIELD.bankCode, message: unlisted });
    return undefined;
  }
  return { bankCode, bank: operator ?? bank };
}

function readAccountNumber(
  rule: BankRule,
  text: string | undefined,
  bankCode: string | undefined,
  errors: FieldError[],
): string | undefined {
  const raw = given(text);
  if (raw === undefined) {
    errors.push({ field: FIELD.accountNumber, message: `Required. ${rule.accountHint}` });
    return undefined;
  }
  // Spaces and dashes group the digits on cards, cheques and passbooks; no rail carries them.
  const accountNumber = raw.replace(/[\s-]/g, '');
  const problem = !rule.accountPattern.test(accountNumber)
    ? rule.accountHint
    : bankCode === undefined
      ? undefined
      : rule.checkAccount?.(accountNumber, bankCode);
  if (problem === undefined) return accountNumber;
  errors.push({ field: FIELD.accountNumber, message: problem });
  return undefined;
}
